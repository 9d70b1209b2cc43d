import Foundation
import HealthModel
import HealthSystem

/// Generated inputs cached under `<work>/inputs/<spec key>/`: a folder whose `inputs.json`
/// matches the spec, the tool version and the generator's fingerprint, and whose files have
/// their recorded sizes, is reused; anything else is generated again in a child process.
struct InputCache {
  /// `<work>/inputs`.
  let root: String
  /// This program, started again as `__generate` for each generation.
  let benchBinary: String
  /// Where generation logs go.
  let logs: String
  /// `GeneratorFingerprint` of this build's generator.
  let generator: String

  /// The inputs of `spec`, generated when missing or stale.
  func inputs(_ spec: InputSpec) throws -> GeneratedInputs {
    let folder = root + "/" + spec.key
    if let cached = cached(spec, folder) {
      Console.status("using cached \(spec.key) (\(describe(cached)))")
      return cached
    }
    Console.status("generating \(spec.key) ...")
    let json = String(decoding: try JSONEncoder().encode(spec), as: UTF8.self)
    let log = logs + "/generate-\(spec.key).log"
    let usage = try ChildProcess.run(
      benchBinary, [InputGenerator.command, json, folder, generator], log: log)
    guard usage.exitStatus == 0, let made = cached(spec, folder) else {
      throw HealthError(
        .internalError, "generating \(spec.key) failed (exit \(usage.exitStatus))",
        at: SourceLocation(file: log), hint: "see the log for the generator's message")
    }
    Console.status(
      "generated \(spec.key) in \(Format.seconds(usage.wallSeconds)) (\(describe(made)))")
    return made
  }

  private func cached(_ spec: InputSpec, _ folder: String) -> GeneratedInputs? {
    guard let data = FileManager.default.contents(atPath: folder + "/inputs.json"),
      var record = try? JSONDecoder().decode(GeneratedInputs.self, from: data),
      record.spec == spec, record.toolVersion == ToolInfo.version,
      record.generator == generator, !record.files.isEmpty
    else { return nil }
    for f in record.files {
      guard let st = SystemCalls.fileStatus(folder + "/" + f.name), Int64(st.st_size) == f.bytes
      else { return nil }
    }
    record.folder = folder
    return record
  }

  private func describe(_ g: GeneratedInputs) -> String {
    // A vendor export's hundreds of files are summed, not listed.
    var parts =
      g.files.count > 4
      ? ["\(g.files.count) files, \(Format.megabytes(g.files.reduce(0) { $0 + $1.bytes })) MB"]
      : g.files.map { "\($0.name) \(Format.megabytes($0.bytes)) MB" }
    if let days = g.days { parts.append("\(days) days") }
    return parts.joined(separator: ", ")
  }
}
