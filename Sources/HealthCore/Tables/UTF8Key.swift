#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `String` as a dictionary key that hashes and compares its UTF-8 bytes.
///
/// `String`'s own `hash(into:)` and `==` follow Unicode canonical equivalence, so a string
/// with any non-ASCII character (`Jane’s Apple Watch`, U+2019) takes Swift's normalisation
/// path on every hash and comparison. Table strings are copied byte for byte from and to the
/// table files, so comparing bytes is exact there, and faster. Two strings that are canonically equivalent but spelt with different bytes
/// (a precomposed and a decomposed `é`) are different keys, as they are different bytes in
/// the table.
public struct UTF8Key: Hashable, Sendable {
  /// The string.
  public let text: String

  /// The key of `text`.
  public init(_ text: String) { self.text = text }

  public func hash(into hasher: inout Hasher) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
    }
    if done == nil {
      for byte in text.utf8 { hasher.combine(byte) }
    }
    // Ends the byte run, so ("ab", "c") and ("a", "bc") hash apart when keys are combined.
    hasher.combine(0xFF as UInt8)
  }

  public static func == (a: UTF8Key, b: UTF8Key) -> Bool {
    sameRepresentation(a.text, b.text)
      || (a.text.utf8.count == b.text.utf8.count && sameBytes(a.text, b.text))
  }

  /// Whether two strings are the same value bit for bit: the same storage, or the same
  /// small string held inline (up to 15 UTF-8 bytes, which are most units and metric
  /// names). Identical bits are identical bytes; different bits say nothing. A reader
  /// hands the same interned string row after row, so this one compare settles most rows.
  @inline(__always)
  private static func sameRepresentation(_ a: String, _ b: String) -> Bool {
    withUnsafeBytes(of: a) { x in
      withUnsafeBytes(of: b) { y in
        guard x.count == 16 else { return x.elementsEqual(y) }
        return x.loadUnaligned(as: UInt64.self) == y.loadUnaligned(as: UInt64.self)
          && x.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            == y.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
      }
    }
  }

  /// Whether two strings have the same UTF-8 bytes (their lengths are known to be equal).
  private static func sameBytes(_ a: String, _ b: String) -> Bool {
    let fast: Bool? =
      a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y in
          // Rows of one table block share their strings' storage: same address, same bytes.
          x.count == y.count
            && (x.count == 0 || x.baseAddress == y.baseAddress
              || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
        }
      } ?? nil
    return fast ?? a.utf8.elementsEqual(b.utf8)
  }
}
