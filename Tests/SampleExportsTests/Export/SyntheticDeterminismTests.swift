import Foundation
import TestSupport
import Testing

@testable import SampleExports

@Suite("Synthetic generator: determinism")
struct SyntheticDeterminismTests {
  static let options = SyntheticOptions(days: 30, seed: 11, density: .sample)

  static func contents(_ dir: SyntheticScratch) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for name in try SyntheticTestSupport.files(dir.path) {
      result[name] = try SyntheticTestSupport.bytes(dir.file(name))
    }
    return result
  }

  @Test("the same options give the same bytes in every file, the truth included")
  func same() throws {
    let a = try Self.contents(try SyntheticTestSupport.generate(Self.options))
    let b = try Self.contents(try SyntheticTestSupport.generate(Self.options))
    #expect(a.count == 7)  // xml, zip, json, 2 HAE CSVs, ring CSV, truth
    #expect(a.keys.sorted() == b.keys.sorted())
    for (name, data) in a { #expect(data == b[name], "\(name) differs between two runs") }
  }

  @Test("another seed gives other bytes")
  func otherSeed() throws {
    var options = Self.options
    options.seed = 12
    let a = try Self.contents(try SyntheticTestSupport.generate(Self.options))
    let b = try Self.contents(try SyntheticTestSupport.generate(options))
    for name in a.keys { #expect(a[name] != b[name], "\(name) did not change with the seed") }
  }

  @Test("a format's bytes do not depend on which other formats are written")
  func independent() throws {
    let all = try Self.contents(try SyntheticTestSupport.generate(Self.options))
    let alone = try Self.contents(
      try SyntheticTestSupport.generate(Self.options, formats: [.appleXML]))
    #expect(alone["export.xml"] == all["export.xml"])
    #expect(alone["truth.csv"] == all["truth.csv"])
    // Without a truth file only the needed periods are planned: still the same bytes.
    for format in [SyntheticFormat.autoExportJSON, .autoExportCSV, .longCSV] {
      let dir = SyntheticScratch()
      let files = try SyntheticExport.write(Self.options, formats: [format], to: dir.path)
      for f in files {
        let name = String(f.path.split(separator: "/").last!)
        #expect(try SyntheticTestSupport.bytes(f.path) == all[name], "\(name)")
      }
    }
  }

  @Test("full density is deterministic too, and much denser than the sample")
  func full() throws {
    var options = Self.options
    options.days = 4
    options.density = .full
    let a = try Self.contents(try SyntheticTestSupport.generate(options, formats: [.appleXML]))
    let b = try Self.contents(try SyntheticTestSupport.generate(options, formats: [.appleXML]))
    #expect(a["export.xml"] == b["export.xml"])
    options.density = .sample
    let thin = try Self.contents(try SyntheticTestSupport.generate(options, formats: [.appleXML]))
    #expect(a["export.xml"]!.count > 8 * thin["export.xml"]!.count)
  }

  @Test("writeAtLeast reaches the size asked for")
  func atLeast() throws {
    let dir = SyntheticScratch()
    let file = try SyntheticExport.writeAtLeast(
      bytes: 3_000_000, format: .appleXML, seed: 1, density: .sample, to: dir.path)
    #expect(file.bytes >= 3_000_000)
    let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as! Int
    #expect(Int64(size) == file.bytes)
  }
}
