import HealthCore
import HealthSystem

/// Recomputes the header, block and footer CRC-32s of a table file image in place, as far
/// as its length fields can be followed.
enum TableCRCFixer {
  static func fix(_ b: inout [UInt8]) {
    guard b.count >= 16 else { return }
    let headerLength = Int(u32(b, 12))
    guard headerLength <= b.count, 16 + headerLength + 4 <= b.count else { return }
    put(CRC32.checksum(Array(b[16..<(16 + headerLength)])), &b, 16 + headerLength)
    var p = 16 + headerLength + 4
    while p < b.count {
      if b[p] == TableFileLayout.blockTag, p + 9 <= b.count {
        let length = Int(u32(b, p + 5))
        guard length <= b.count, p + 9 + length + 4 <= b.count else { return }
        var crc = CRC32()
        crc.update(Array(b[(p + 1)..<(p + 5)]))
        crc.update(Array(b[(p + 9)..<(p + 9 + length)]))
        put(crc.value, &b, p + 9 + length)
        p += 9 + length + 4
      } else if b[p] == TableFileLayout.footerTag, p + 17 <= b.count {
        put(CRC32.checksum(Array(b[(p + 1)..<(p + 13)])), &b, p + 13)
        return
      } else {
        return
      }
    }
  }

  static func u32(_ b: [UInt8], _ i: Int) -> UInt32 {
    UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
  }

  static func put(_ v: UInt32, _ b: inout [UInt8], _ i: Int) {
    for k in 0..<4 { b[i + k] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(k))) }
  }
}
