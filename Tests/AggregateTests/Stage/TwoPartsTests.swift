import Foundation
import HealthModel
import HealthSystem
import TestSupport
import Testing

@testable import Aggregate

@Suite("Aggregate's two writes at once and its fingerprint thread")
struct TwoPartsTests {
  /// Collects what each part did, from either thread.
  final class Log: Sendable {
    let items = BoundedHandoff<String>(capacity: 16)
    func all() -> [String] {
      items.close()
      var out: [String] = []
      while let item = items.take() { out.append(item) }
      return out.sorted()
    }
  }

  @Test("both parts run to the end; the first part's error wins even when it fails last")
  func firstErrorWins() {
    let log = Log()
    var message = ""
    do {
      try TwoParts.run(
        {
          usleep(30_000)  // fails after the second part has failed
          log.items.put("first")
          throw HealthError.internalError("first part")
        },
        {
          log.items.put("second")
          throw HealthError.internalError("second part")
        })
    } catch let error as HealthError {
      message = error.message
    } catch {
      message = "\(error)"
    }
    #expect(message.hasSuffix("first part"), "\(message)")
    #expect(log.all() == ["first", "second"])
  }

  @Test("the second part's error when only it fails; nothing when both succeed")
  func secondError() throws {
    #expect(throws: HealthError.self) {
      try TwoParts.run({}, { throw HealthError.internalError("second part") })
    }
    let log = Log()
    try TwoParts.run({ log.items.put("a") }, { log.items.put("b") })
    #expect(log.all() == ["a", "b"])
  }

  @Test("fingerprints come back in the order of the paths, with each file's size and CRC-32")
  func fingerprints() throws {
    let dir = TemporaryDirectory()
    let a = dir.file("a.bin")
    let b = dir.file("b.bin")
    // CRC-32 of "123456789" is cbf43926 (the standard check value); of nothing, 00000000.
    try Data("123456789".utf8).write(to: URL(fileURLWithPath: a))
    try Data().write(to: URL(fileURLWithPath: b))
    let prints = InputFingerprints(paths: [a, b])
    defer { prints.join() }
    let got = try prints.get()
    #expect(got.map(\.path) == [a, b])
    #expect(got.map(\.size) == [9, 0])
    #expect(got.map { $0.crc32 ?? "" } == ["cbf43926", "00000000"])
  }

  @Test("a missing file is the error `get` throws, and joining after it does not hang")
  func missingFile() {
    let dir = TemporaryDirectory()
    let prints = InputFingerprints(paths: [dir.file("missing.hpt")])
    #expect(throws: HealthError.self) { try prints.get() }
    prints.join()
  }
}
