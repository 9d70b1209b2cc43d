/// Where `XMLChunkSplitter` may end a piece of an Apple Health export: just before the start
/// tag of an element Apple writes at the top level (`<Record`, `<Workout`,
/// `<ActivitySummary`, `<Correlation`, `<ClinicalRecord`, `<Audiogram`,
/// `<VisionPrescription`, the name followed by a blank, `/` or `>`), whatever the lines'
/// indentation and whatever children the records have (`MetadataEntry`, beat lists,
/// workout events are never top-level names, so a cut never falls before them).
///
/// Only a `Record` inside a `Correlation` (or any of these names inside a comment or CDATA)
/// looks the same and is not top level. The first such tag of the document is top level
/// (Apple writes records before correlations), so the whitespace between it and the line
/// break before it is learned as the document's indentation of top-level elements, and cuts
/// with that indentation are preferred: in Apple's layout a correlation's records are
/// indented one space deeper. When no tag with the learned indentation lies in the last
/// 256 KB (a document without line structure, or with every element at the same
/// indentation), the last candidate of any indentation is taken; the reader checks every
/// cut and reads on through a piece whose cut was wrong.
struct XMLCutFinder {
  /// The line break and blanks before the first top-level tag (e.g. `\n ` in Apple's
  /// layout); nil when that tag did not start a line, or until it is found.
  private(set) var indentation: [UInt8]?
  /// Whether the first top-level tag was found.
  private(set) var learned = false

  /// How far back from a piece's end a cut with the learned indentation is looked for.
  static let preferredWindow = 256 << 10

  /// The names of top-level elements a cut may precede.
  private static let names: [[UInt8]] = [
    "Record", "Workout", "ActivitySummary", "Correlation", "ClinicalRecord", "Audiogram",
    "VisionPrescription",
  ].map { Array($0.utf8) }

  /// The offset of the `<` of the best cut in the first `count` bytes (never 0, so a piece
  /// is never empty), nil if no top-level start tag lies there.
  mutating func lastCut(in bytes: [UInt8], count: Int) -> Int? {
    bytes.withUnsafeBufferPointer { b in
      if !learned { learn(b, count: count) }
      var any: Int?
      var i = count - 1
      let floor = count - Self.preferredWindow
      while i >= 1 {
        if b[i] == 0x3C, Self.isTopLevelStart(b, at: i, count: count) {
          if any == nil { any = i }
          guard let indentation else { return i }
          if Self.follows(indentation, b, at: i) { return i }
          if i < floor { return any }
        }
        i -= 1
      }
      return any
    }
  }

  /// Finds the first top-level start tag and keeps its indentation.
  private mutating func learn(_ b: UnsafeBufferPointer<UInt8>, count: Int) {
    var i = 0
    while i < count {
      if b[i] == 0x3C, Self.isTopLevelStart(b, at: i, count: count) {
        var j = i
        while j > 0 && (b[j - 1] == 0x20 || b[j - 1] == 0x09) { j -= 1 }
        indentation = j > 0 && b[j - 1] == 0x0A ? Array(b[(j - 1)..<i]) : nil
        learned = true
        return
      }
      i += 1
    }
  }

  /// Whether the bytes just before `i` are `prefix`.
  private static func follows(_ prefix: [UInt8], _ b: UnsafeBufferPointer<UInt8>, at i: Int)
    -> Bool
  {
    guard i >= prefix.count else { return false }
    var k = 0
    while k < prefix.count {
      if b[i - prefix.count + k] != prefix[k] { return false }
      k += 1
    }
    return true
  }

  /// Whether a top-level element's name (and a blank, `/` or `>`) follows the `<` at `i`,
  /// all within `count`.
  private static func isTopLevelStart(_ b: UnsafeBufferPointer<UInt8>, at i: Int, count: Int)
    -> Bool
  {
    guard i + 2 < count else { return false }
    let first = b[i + 1]
    // R, W, A, C, V: the only first letters of the names (a quick filter).
    guard first == 0x52 || first == 0x57 || first == 0x41 || first == 0x43 || first == 0x56
    else { return false }
    for name in names where name[0] == first {
      let after = i + 1 + name.count
      guard after < count else { continue }
      var k = 1
      while k < name.count && b[i + 1 + k] == name[k] { k += 1 }
      guard k == name.count else { continue }
      let c = b[after]
      if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x2F || c == 0x3E { return true }
    }
    return false
  }
}
