import HealthSystem

/// Encodes 8-bit RGB or RGBA pixels as PNG: signature, IHDR, one IDAT (zlib through
/// `HealthCore.Deflater`), IEND, each chunk with its CRC-32.
public enum PNGEncoder {
  /// The eight signature bytes.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// PNG bytes of `width`×`height` RGB pixels (row-major, 3 bytes per pixel).
  public static func encode(width: Int, height: Int, rgb: [UInt8]) throws -> [UInt8] {
    try encode(width: width, height: height, pixels: rgb, channels: 3)
  }

  /// PNG bytes of `width`×`height` RGBA pixels (row-major, 4 bytes per pixel, straight
  /// alpha).
  public static func encode(width: Int, height: Int, rgba: [UInt8]) throws -> [UInt8] {
    try encode(width: width, height: height, pixels: rgba, channels: 4)
  }

  static func encode(width: Int, height: Int, pixels rgb: [UInt8], channels: Int) throws
    -> [UInt8]
  {
    precondition(rgb.count == width * height * channels, "pixel buffer size does not match")
    var out = signature
    var ihdr: [UInt8] = []
    be32(UInt32(width), &ihdr)
    be32(UInt32(height), &ihdr)
    // Bit depth 8, colour type 2 (RGB) or 6 (RGBA), deflate, filter 0, no interlace.
    ihdr += [8, channels == 4 ? 6 : 2, 0, 0, 0]
    chunk("IHDR", ihdr, &out)
    // Each scanline: filter byte, then the row. Filter 2 (Up) suits flat chart areas;
    // level 3 deflates these images almost as small as level 6 in half the time.
    let stride = width * channels
    var raw = [UInt8](repeating: 0, count: height * (stride + 1))
    rgb.withUnsafeBufferPointer { src in
      raw.withUnsafeMutableBufferPointer { dst in
        guard let s = src.baseAddress, let d = dst.baseAddress else { return }
        for y in 0..<height {
          let out = d + y * (stride + 1)
          let row = s + y * stride
          if y == 0 {
            out[0] = 0
            (out + 1).update(from: row, count: stride)
          } else {
            out[0] = 2
            let above = row - stride
            for i in 0..<stride { out[1 + i] = row[i] &- above[i] }
          }
        }
      }
    }
    chunk("IDAT", try Deflater.compress(raw, wrapping: .zlib, level: 3), &out)
    chunk("IEND", [], &out)
    return out
  }

  static func be32(_ v: UInt32, _ out: inout [UInt8]) {
    out += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
  }

  static func chunk(_ type: String, _ data: [UInt8], _ out: inout [UInt8]) {
    be32(UInt32(data.count), &out)
    let body = Array(type.utf8) + data
    out += body
    be32(CRC32.checksum(body), &out)
  }
}
