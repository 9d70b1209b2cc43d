import Foundation
import TestSupport
import Testing

/// The vendors' generated exports through the binary (docs/ingest-oura.md,
/// ingest-whoop.md, ingest-withings.md): `healthpipe sample --formats oura,whoop,withings`,
/// then ingest of all nine files: every row read, the only rejects Withings' nights written
/// twice; then clean and aggregate with the default priority: each night Oura's where the
/// ring saw it, as an independent reading of the Oura file says.
@Suite(.enabled(if: Python.available, "python3 absent: skipped"))
struct VendorSampleEndToEndTests {
  static let ouraNights = """
    import csv, glob, json, sys
    path = glob.glob(sys.argv[1] + '/oura_*_trends.csv')[0]
    out = {}
    for r in csv.DictReader(open(path, newline='', encoding='utf-8')):
        if r['Bedtime Start']:
            out[r['date']] = sum(int(r[k]) for k in ('Light Sleep Duration', 'Deep Sleep Duration', 'REM Sleep Duration')) / 60
    print(json.dumps(out))
    """

  @Test("generated Oura, WHOOP and Withings files ingest whole and give Oura's nights")
  func generatedVendors() throws {
    let dir = TemporaryDirectory()
    let data = dir.path + "/data"
    var r = try Healthpipe.run([
      "sample", "--days", "60", "--seed", "11", "--out", data, "--formats", "oura,whoop,withings",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: data).sorted().map {
      data + "/" + $0
    }
    #expect(files.count == 9)
    r = try Healthpipe.run(
      ["ingest"] + files + ["--out", dir.path + "/samples.hpt", "--timezone", "America/New_York"])
    #expect(r.code == 0, "\(r.stderr)")
    let rejects = try Healthpipe.run(["export", dir.path + "/rejects-ingest.hpt"]).stdout
    let rows = rejects.split(separator: "\r\n").dropFirst()
    #expect(
      rows.allSatisfy {
        $0.hasPrefix("ingest,duplicate,") && $0.contains("Withings wrote the night twice")
      })
    r = try Healthpipe.run([
      "clean", dir.path + "/samples.hpt", "--out", dir.path + "/clean.hpt", "--quiet",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    r = try Healthpipe.run([
      "aggregate", dir.path + "/clean.hpt", "--out", dir.path + "/agg", "--as-of", "2026-11-15",
      "--quiet",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let expected = try Python.json(Self.ouraNights, [data]) as? [String: Double] ?? [:]
    #expect(expected.count > 50)
    let daily = try Healthpipe.run(["export", dir.path + "/agg/daily.hpt", "--exact"]).stdout
    var seen = 0
    for line in daily.split(separator: "\r\n").dropFirst() {
      let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard f[1] == "sleepAsleep", let minutes = expected[f[0]] else { continue }
      #expect(f[8] == "Oura", "\(f[0])")
      #expect(abs(Double(f[3])! - minutes) < 1e-6, "\(f[0])")
      seen += 1
    }
    #expect(seen == expected.count)
  }
}
