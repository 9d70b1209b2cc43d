import Foundation
import HealthModel
import SampleExports
import TestSupport
import Testing

@testable import Ingest

/// Generated Health Connect exports and independent counts of their rows, for the reader's
/// tests.
enum HealthConnectTestSupport {
  /// Writes a generated export of `version` into a new folder (the bare database, or the
  /// zip) and returns the folder and the file's path.
  static func generate(
    version: Int, days: Int = 20, seed: UInt64 = 11, bare: Bool = true,
    end: LocalDay = SyntheticOptions.defaultEnd, zone: String = SyntheticOptions.defaultTimeZone
  ) throws -> (folder: TemporaryDirectory, path: String) {
    let folder = TemporaryDirectory("hc")
    var options = SyntheticOptions(days: days, seed: seed, end: end, timeZone: zone)
    options.healthConnectSchema = version
    options.healthConnectBareDatabase = bare
    let files = try SyntheticExport.write(options, formats: [.healthConnect], to: folder.path)
    return (folder, files[0].path)
  }

  /// Row counts of every table, by Python's `sqlite3` (read-only, immutable), plus the
  /// derived counts the reader's types use: `sleep_session_record_table.asleep` (sessions
  /// without stages) and `blood_pressure_record_table.systolic` / `.diastolic`.
  static func pythonCounts(_ path: String) throws -> [String: Int] {
    let script = """
      import sqlite3, sys, json
      db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro&immutable=1', uri=True)
      out = {}
      for (name,) in db.execute("select name from sqlite_master where type='table'"):
          out[name] = db.execute('select count(*) from "%s"' % name).fetchone()[0]
      if 'sleep_session_record_table' in out:
          out['sleep_session_record_table.asleep'] = db.execute(
              'select count(*) from sleep_session_record_table where row_id not in '
              '(select parent_key from sleep_stages_table)').fetchone()[0]
      if 'blood_pressure_record_table' in out:
          out['blood_pressure_record_table.systolic'] = out['blood_pressure_record_table']
          out['blood_pressure_record_table.diastolic'] = out['blood_pressure_record_table']
      print(json.dumps(out))
      """
    let value = try Python.json(script, [path])
    return (value as? [String: Int]) ?? [:]
  }

  /// A copy of `path` in `folder` named `name`.
  static func copy(_ path: String, to folder: TemporaryDirectory, as name: String) throws -> String
  {
    let target = folder.file(name)
    try? FileManager.default.removeItem(atPath: target)
    try FileManager.default.copyItem(atPath: path, toPath: target)
    return target
  }

  /// The names in a folder, sorted.
  static func listing(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }
}
