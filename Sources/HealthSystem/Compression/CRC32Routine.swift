import CZlib
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where CRC-32 bytes are computed: libdeflate's `libdeflate_crc32` when the system has
/// libdeflate (Debian's `libdeflate0`, which libtiff and so most desktops and many servers
/// already carry), otherwise zlib's `crc32`. Both compute the same CRC-32 (IEEE 802.3, as
/// zip and gzip), starting from 0 and continuing from any running value, so every
/// checksum, manifest and table is the same byte for byte either way; libdeflate's uses
/// the processor's carry-less multiply and runs 2.5-3× faster (7.9 against 2.9 GB/s
/// here), where zlib 1.2.13's has no such path and was 8-14 % of ingest's and clean's
/// instructions (docs/reliability.md, "CRC-32 through libdeflate").
///
/// libdeflate is looked up at run time (`dlopen`), not linked: a machine without it runs
/// as before, and no build needs its headers. `HEALTHPIPE_CRC32=zlib` in the environment
/// keeps zlib's (for comparing the two).
enum CRC32Routine {
  /// `uint32_t libdeflate_crc32(uint32_t crc, const void *buffer, size_t len)`.
  typealias Function = @convention(c) (UInt32, UnsafeRawPointer?, Int) -> UInt32

  /// libdeflate's routine, if the system has it and the environment allows it.
  static let libdeflate: UncheckedSendable<Function?> = UncheckedSendable(load())

  /// Which routine is in use: `libdeflate` or `zlib` (for the bench and `--version`-like
  /// reports).
  static var name: String { libdeflate.value == nil ? "zlib" : "libdeflate" }

  private static func load() -> Function? {
    if ProcessInfo.processInfo.environment["HEALTHPIPE_CRC32"] == "zlib" { return nil }
    #if os(Linux)
      guard let handle = dlopen("libdeflate.so.0", RTLD_NOW | RTLD_LOCAL),
        let symbol = dlsym(handle, "libdeflate_crc32")
      else { return nil }
      return unsafeBitCast(symbol, to: Function.self)
    #else
      return nil
    #endif
  }

  /// `crc` continued over `bytes`.
  @inline(__always)
  static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return crc }
    if let fast = libdeflate.value { return fast(crc, base, bytes.count) }
    return zlibUpdate(crc, bytes)
  }

  /// `crc` continued over `bytes` by zlib's routine, whatever the system has.
  static func zlibUpdate(_ value: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return value }
    var crc = uLong(value)
    var pointer = base.assumingMemoryBound(to: Bytef.self)
    var remaining = bytes.count
    while remaining > 0 {
      let chunk = min(remaining, Int(UInt32.max))
      crc = crc32(crc, pointer, uInt(chunk))
      pointer += chunk
      remaining -= chunk
    }
    return UInt32(truncatingIfNeeded: crc)
  }
}
