import Testing

@testable import Ingest

/// `JSONRootArray.find`, which format detection runs a dozen times per file: the first
/// occurrence of the needle's bytes, checked against a plain scan worked out here.
@Suite struct JSONRootArrayFindTests {
  /// The first position where `needle` starts in `bytes`, by comparing at every position.
  static func naive(_ needle: [UInt8], _ bytes: ArraySlice<UInt8>) -> Int? {
    guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
    for start in bytes.startIndex...(bytes.endIndex - needle.count)
    where bytes[start..<(start + needle.count)].elementsEqual(needle) {
      return start
    }
    return nil
  }

  @Test func findsTheFirstOccurrence() {
    let text = Array(#"[{"value" : "13", "dateTime":"x","value":1, "v":"valu"}]"#.utf8)
    #expect(JSONRootArray.find("\"value\"", in: text[...]) == 2)
    #expect(JSONRootArray.find("\"dateTime\"", in: text[...]) == 18)
    #expect(JSONRootArray.find("\"bpm\"", in: text[...]) == nil)
    // At the very start and at the very end; a one-byte needle; a needle longer than the text.
    #expect(JSONRootArray.find("[{", in: text[...]) == 0)
    #expect(JSONRootArray.find("}]", in: text[...]) == text.count - 2)
    #expect(JSONRootArray.find("]", in: text[...]) == text.count - 1)
    #expect(JSONRootArray.find(String(repeating: "a", count: 100), in: text[...]) == nil)
    // A slice that does not start at 0: positions are the slice's own indices.
    #expect(JSONRootArray.find("\"value\"", in: text[3...]) == 33)
  }

  @Test func agreesWithAPlainScanOnEveryCutOfADocument() {
    let text = Array(
      #"[{"calendarDate":"2024-01-02","totalSteps":8000,"deepSleepSeconds":null,"c":"ca"}]"#
        .utf8)
    let needles = [
      "\"calendarDate\"", "\"totalSteps\"", "\"deepSleepSeconds\"", "\"c\"", "\"ca\"", "a\"",
      "\"", "0,", "\"metrics\"",
    ]
    for needle in needles {
      for from in 0...text.count {
        for to in from...text.count {
          let slice = text[from..<to]
          #expect(
            JSONRootArray.find(needle, in: slice) == Self.naive(Array(needle.utf8), slice),
            "\(needle) in \(from)..<\(to)")
        }
      }
    }
  }
}
