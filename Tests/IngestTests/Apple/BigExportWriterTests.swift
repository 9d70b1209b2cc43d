import Foundation
import Testing

/// Not a test of behaviour: writes a large synthetic export for measuring ingest speed and
/// memory, only when asked. Usage:
///
///     HEALTHPIPE_BIG_EXPORT=/tmp/big.xml:800 swift test --filter BigExportWriter
///
/// (path and number of days; about 0.5 MB per day). Then, in a release build:
///
///     /usr/bin/time -v .build/release/healthpipe ingest /tmp/big.xml --out /tmp/x.hpt
@Suite("Big export writer (measurement helper)")
struct BigExportWriterTests {
  static let request = ProcessInfo.processInfo.environment["HEALTHPIPE_BIG_EXPORT"]

  @Test("writes the requested synthetic export", .enabled(if: request != nil))
  func writeBigExport() throws {
    let parts = try #require(Self.request).split(separator: ":")
    let days = try #require(Int(parts.last ?? ""))
    let path = String(parts.first!)
    try SyntheticAppleExport.write(to: path, days: days)
    #expect(FileManager.default.fileExists(atPath: path))
  }
}
