import Foundation
import Ingest
import Testing

/// `--threads` reaches the Apple readers; without it they use one thread per core.
@Suite("InputReaders")
struct InputReadersTests {
  @Test("the Apple readers parse on the threads asked for, else one per core")
  func threads() throws {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let xml = try #require(
      InputReaders.reader(for: .appleXML, parsingThreads: 1) as? AppleXMLReader)
    #expect(xml.parsingThreads == 1)
    let zip = try #require(
      InputReaders.reader(for: .appleZip, parsingThreads: 3) as? AppleZipReader)
    #expect(zip.parsingThreads == 3)
    let plain = try #require(InputReaders.reader(for: .appleXML) as? AppleXMLReader)
    #expect(plain.parsingThreads == cores)
  }
}
