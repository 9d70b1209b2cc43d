import Testing

@testable import Ingest

/// Where the splitter may end a piece (`XMLCutFinder`): before a top-level start tag of any
/// indentation, preferring the indentation of the document's first one. Offsets are counted
/// by hand in the strings below.
@Suite("Cuts before top-level elements")
struct XMLCutFinderTests {
  static func cut(_ text: String, finder: inout XMLCutFinder) -> Int? {
    let bytes = Array(text.utf8)
    return finder.lastCut(in: bytes, count: bytes.count)
  }

  static func cut(_ text: String) -> Int? {
    var finder = XMLCutFinder()
    return cut(text, finder: &finder)
  }

  @Test("the last record start whatever its children; never before a child element")
  func childrenNeverCut() {
    // Apple's layout: the record's child is indented two spaces, the record one.
    let text =
      "<HealthData>\n <Record a=\"1\"/>\n <Record a=\"2\">\n  <MetadataEntry k=\"v\"/>\n"
      + "  <HeartRateVariabilityMetadataList>\n   <InstantaneousBeatsPerMinute bpm=\"60\"/>\n"
    // "<HealthData>\n" is 13 bytes, " <Record a=\"1\"/>\n" 17: the second record's `<` is at
    // 13 + 17 + 1 = 31.
    #expect(Self.cut(text) == 31)
    // Every element at the start of its line, children too: still the record, not the
    // metadata entry after it.
    let flat = "<HealthData>\n<Record a=\"1\"/>\n<Record a=\"2\">\n<MetadataEntry k=\"v\"/>\n"
    // 13 + 16 = 29.
    #expect(Self.cut(flat) == 29)
    // No line breaks at all: the tag after the end of the first record.
    let oneLine = "<HealthData><Record a=\"1\"><MetadataEntry/></Record><Workout b=\"2\">"
    // "<HealthData>" 12, "<Record a=\"1\">" 14, "<MetadataEntry/>" 16, "</Record>" 9: 51.
    #expect(Self.cut(oneLine) == 51)
  }

  @Test("names must end where a top-level name ends; the first byte is never a cut")
  func names() {
    #expect(Self.cut("<HealthData>\n <Recording/>\n <WorkoutEvent/>\n <Records/>\n") == nil)
    #expect(Self.cut("<Record a=\"1\"/>") == nil)
    #expect(Self.cut("x\n<Workout\n a=\"1\">") == 2)
    #expect(Self.cut("x\t<ActivitySummary/>") == 2)
    #expect(Self.cut("x<Correlation>") == 1)
    // A name cut off by the end of the bytes is no candidate yet.
    #expect(Self.cut("<HealthData>\n <Record a=\"1\"/>\n <Reco") == 14)
  }

  @Test("a record inside a correlation is passed over for the correlation's own start")
  func correlations() {
    let text =
      "<HealthData>\n <Record a=\"1\"/>\n <Correlation t=\"bp\">\n  <Record a=\"2\"/>\n"
      + "  <Record a=\"3\"/>\n"
    // The first top-level tag (" <Record") teaches the one-space indentation; the deeper
    // records are not preferred, the correlation at 13 + 17 + 1 = 31 is.
    #expect(Self.cut(text) == 31)
    // Where nothing with that indentation lies in the window, the last candidate is taken
    // (the reader checks it).
    var finder = XMLCutFinder()
    _ = Self.cut("<HealthData>\n <Record a=\"0\"/>\n", finder: &finder)
    #expect(finder.indentation == Array("\n ".utf8))
    let deep = "  <Record a=\"1\"/>\n" + String(repeating: "  <Record a=\"2\"/>\n", count: 20_000)
    let bytes = Array(deep.utf8)
    #expect(finder.lastCut(in: bytes, count: bytes.count) == bytes.count - 16)
  }

  @Test("the indentation is learned once, from the first top-level tag")
  func learning() {
    var finder = XMLCutFinder()
    #expect(
      Self.cut("<?xml?>\n<!DOCTYPE HealthData [\n<!ELEMENT Record EMPTY>\n", finder: &finder) == nil
    )
    #expect(!finder.learned)
    _ = Self.cut("<HealthData>\n\t\t<Record a=\"1\"/>\n", finder: &finder)
    #expect(finder.learned)
    #expect(finder.indentation == Array("\n\t\t".utf8))
    // Later pieces keep it: a one-space record is passed over for the two-tab one.
    let later = "x\n\t\t<Record a=\"1\"/>\n <Record a=\"2\"/>\n"
    #expect(Self.cut(later, finder: &finder) == 4)
    var inline = XMLCutFinder()
    _ = Self.cut("<HealthData><Record/>", finder: &inline)
    #expect(inline.learned && inline.indentation == nil)
  }
}
