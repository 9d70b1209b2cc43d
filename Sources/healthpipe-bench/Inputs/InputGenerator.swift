import Foundation
import HealthModel
import HealthSystem
import SampleExports

/// Writes a spec's files with the project's generator (`SyntheticExport`). It runs in a
/// child process (`healthpipe-bench __generate`), so the generator's memory never shows in
/// the bench's own RSS and hence never in a measured child's peak.
enum InputGenerator {
  /// XML bytes per generated day at full density (a 5-year export: about 600 MB in
  /// 1,826 days), for the first guess of the day count.
  static let appleBytesPerDay: Int64 = 330_000

  /// The hidden command's name.
  static let command = "__generate"

  /// Generates `spec` into `folder` (emptied first) and writes `inputs.json` last.
  static func generate(_ spec: InputSpec, into folder: String, generator: String) throws {
    let started = SystemCalls.monotonicSeconds()
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var record = GeneratedInputs(
      spec: spec, toolVersion: ToolInfo.version, generator: generator, days: nil, files: [],
      seconds: 0)
    switch spec.kind {
    case .apple:
      let (days, files) = try apple(spec, folder)
      record.days = days
      record.files = files
    case .garminFIT, .garminJSON, .fitbitJSON, .fitbitCSV:
      let files = try SyntheticExport.writeVendorAtLeast(
        bytes: spec.minBytes ?? BenchSizes.mb, format: spec.kind.vendorFormat!, seed: spec.seed,
        to: folder)
      record.files = files.map { describe($0, under: folder) }
    case .healthConnect:
      record.days = spec.days
      record.files = try HealthConnectBench.generate(spec, into: folder)
    case .autoExportJSON, .autoExportCSV, .longCSV:
      let format: SyntheticFormat =
        switch spec.kind {
        case .autoExportJSON: .autoExportJSON
        case .autoExportCSV: .autoExportCSV
        default: .longCSV
        }
      let file = try SyntheticExport.writeAtLeast(
        bytes: spec.minBytes ?? BenchSizes.mb, format: format, seed: spec.seed, to: folder)
      record.files = [describe(file)]
    case .oura, .whoop, .withings:
      let format: SyntheticFormat =
        spec.kind == .oura ? .oura : spec.kind == .whoop ? .whoop : .withings
      let files = try SyntheticExport.writeAllAtLeast(
        bytes: spec.minBytes ?? BenchSizes.mb, format: format, seed: spec.seed, to: folder)
      record.files = files.map(describe)
    }
    record.seconds = SystemCalls.monotonicSeconds() - started
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try AtomicFileWriter.write(Array(try encoder.encode(record)), to: folder + "/inputs.json")
  }

  /// The Apple export: XML with enough days (grown from a guess until big enough), then
  /// the zip of exactly those days.
  private static func apple(_ spec: InputSpec, _ folder: String) throws -> (Int, [GeneratedFile]) {
    let maximum = SyntheticOptions.maximumDays
    var days = spec.days ?? Int(min(Int64(maximum), (spec.minBytes ?? 0) / appleBytesPerDay + 1))
    var xml: SyntheticFile
    while true {
      var options = SyntheticOptions(days: max(1, days), seed: spec.seed)
      options.heavyWatch = spec.heavyWatch ?? false
      options.appleShape = spec.shape ?? AppleShape()
      xml = try SyntheticExport.write(options, formats: [.appleXML], to: folder)[0]
      guard spec.days == nil, let target = spec.minBytes, xml.bytes < target, days < maximum
      else { break }
      days = min(maximum, Int(Double(days) * Double(target) / Double(xml.bytes) * 1.02) + 1)
    }
    var files = [describe(xml)]
    if spec.zip {
      var options = SyntheticOptions(days: max(1, days), seed: spec.seed)
      options.heavyWatch = spec.heavyWatch ?? false
      options.appleShape = spec.shape ?? AppleShape()
      files += try SyntheticExport.write(options, formats: [.appleZip], to: folder).map(describe)
    }
    return (days, files)
  }

  /// A file by its path under `folder` (vendor formats write folders of files).
  private static func describe(_ f: SyntheticFile, under folder: String) -> GeneratedFile {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    let name = f.path.hasPrefix(prefix) ? String(f.path.dropFirst(prefix.count)) : f.path
    return GeneratedFile(name: name, bytes: f.bytes, items: f.items)
  }

  private static func describe(_ f: SyntheticFile) -> GeneratedFile {
    GeneratedFile(
      name: String(f.path.split(separator: "/").last ?? Substring(f.path)), bytes: f.bytes,
      items: f.items)
  }

  /// Entry of the hidden command: `__generate SPEC-JSON FOLDER GENERATOR-FINGERPRINT`.
  static func main(_ arguments: [String]) throws {
    guard arguments.count == 3, let data = arguments[0].data(using: .utf8) else {
      throw HealthError.usage("__generate needs a spec (JSON), a folder and a fingerprint")
    }
    let spec = try JSONDecoder().decode(InputSpec.self, from: data)
    try generate(spec, into: arguments[1], generator: arguments[2])
  }
}
