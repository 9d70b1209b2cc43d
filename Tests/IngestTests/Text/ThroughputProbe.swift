import Foundation
import HealthCore
import Ingest
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Throughput of the text readers on generated files of `HEALTHPIPE_THROUGHPUT_MB` megabytes
/// each (a measurement, not a test: it asserts nothing about time and runs only when the
/// variable is set). Run it in a release build:
///
///     HEALTHPIPE_THROUGHPUT_MB=60 swift test -c release -Xswiftc -enable-testing \
///       --filter ThroughputProbe
///
/// (`-enable-testing` because other test files of the package use `@testable import`.)
/// It prints MB/s, records/s and the process's peak RSS after each read. With
/// `HEALTHPIPE_THROUGHPUT_DIR` set, the generated files are kept there and reused.
@Suite(
  .enabled(
    if: ProcessInfo.processInfo.environment["HEALTHPIPE_THROUGHPUT_MB"] != nil,
    "set HEALTHPIPE_THROUGHPUT_MB to measure reader throughput"))
struct ThroughputProbe {
  static var megabytes: Int {
    Int(ProcessInfo.processInfo.environment["HEALTHPIPE_THROUGHPUT_MB"] ?? "") ?? 60
  }

  static func peakRSSMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  }

  /// User + system CPU seconds of this process so far.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  }

  static func measure(
    _ label: String, path: String, read: (String, IngestSink) throws -> Void
  ) throws {
    var kept: Int64 = 0
    var rejected: Int64 = 0
    let sink = IngestSink(
      inputIndex: 0, path: path, onSample: { _ in kept += 1 }, onReject: { _ in rejected += 1 })
    let size = Double(try FileReader(path: path).size) / 1_000_000
    let clock = ContinuousClock()
    let cpuBefore = cpuSeconds()
    let elapsed = try clock.measure { try read(path, sink) }
    let cpu = cpuSeconds() - cpuBefore
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      "\(label): \(String(format: "%.1f", size)) MB in \(String(format: "%.3f", seconds)) s = "
        + "\(String(format: "%.0f", size / seconds)) MB/s, "
        + "\(String(format: "%.2f", Double(kept + rejected) / seconds / 1e6)) M records/s "
        + "(\(kept) kept, \(rejected) rejected); CPU \(String(format: "%.3f", cpu)) s = "
        + "\(String(format: "%.0f", size / cpu)) MB per CPU second; "
        + "peak RSS \(String(format: "%.1f", peakRSSMegabytes())) MB"
    )
    #expect(rejected == 0)
    #expect(sink.totals.read == kept + rejected)
  }

  @Test func measure() throws {
    let keep = ProcessInfo.processInfo.environment["HEALTHPIPE_THROUGHPUT_DIR"]
    let dir = keep ?? NSTemporaryDirectory() + "/healthpipe-throughput-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { if keep == nil { try? FileManager.default.removeItem(atPath: dir) } }
    let bytes = Self.megabytes * 1_000_000
    let json = dir + "/export-\(Self.megabytes)MB.json"
    let daily = dir + "/days-\(Self.megabytes)MB.csv"
    let long = dir + "/long-\(Self.megabytes)MB.csv"
    let exists = { (p: String) in FileManager.default.fileExists(atPath: p) }
    if !exists(json) { try SyntheticAutoExport.writeJSON(path: json, bytes: bytes) }
    if !exists(daily) { try SyntheticAutoExport.writeDailyCSV(path: daily, bytes: bytes) }
    if !exists(long) { try SyntheticAutoExport.writeLongCSV(path: long, bytes: bytes) }
    print("peak RSS after generating: \(String(format: "%.1f", Self.peakRSSMegabytes())) MB")
    let options = ReaderOptions(timeZone: "America/New_York", timeZoneOrigin: "pipeline setting")
    // HEALTHPIPE_THROUGHPUT_ONLY=json|daily|long measures one reader (for profiling).
    let only = ProcessInfo.processInfo.environment["HEALTHPIPE_THROUGHPUT_ONLY"]
    if only == nil || only == "json" {
      try Self.measure("HAE JSON", path: json) {
        try AutoExportJSONReader().read(path: $0, into: $1, options: options, progress: .silent)
      }
    }
    if only == nil || only == "daily" {
      try Self.measure("HAE daily CSV", path: daily) {
        try AutoExportCSVReader().read(path: $0, into: $1, options: options, progress: .silent)
      }
    }
    if only == nil || only == "long" {
      try Self.measure("long CSV", path: long) {
        try LongCSVReader().read(path: $0, into: $1, options: options, progress: .silent)
      }
    }
  }
}
