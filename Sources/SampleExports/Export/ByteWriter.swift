import HealthModel

/// A fast append-only text buffer that hands full 1 MB pieces to a sink: the writers of every
/// synthetic format build their bytes here, with number and date formatting that never
/// allocates.
final class ByteWriter {
  private let storage: UnsafeMutablePointer<UInt8>
  private let capacity: Int
  private var count = 0
  private let sink: (UnsafeRawBufferPointer) throws -> Void
  /// Bytes appended so far (flushed or not).
  private(set) var total: Int64 = 0

  /// A writer flushing to `sink`.
  init(capacity: Int = 1 << 20, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
    self.capacity = capacity
    storage = .allocate(capacity: capacity)
    self.sink = sink
  }

  deinit { storage.deallocate() }

  /// Hands what is buffered to the sink.
  func flush() throws {
    guard count > 0 else { return }
    try sink(UnsafeRawBufferPointer(start: storage, count: count))
    count = 0
  }

  @inline(__always)
  private func reserve(_ n: Int) throws {
    if count + n > capacity { try flush() }
  }

  /// Appends raw bytes.
  @inline(__always)
  func append(_ bytes: UnsafeRawBufferPointer) throws {
    let n = bytes.count
    total += Int64(n)
    if n > capacity / 2 {
      try flush()
      try sink(bytes)
      return
    }
    try reserve(n)
    if n > 0 {
      (storage + count).update(
        from: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n)
    }
    count += n
  }

  /// Appends a byte array.
  @inline(__always)
  func append(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try append($0) }
  }

  /// Appends a literal.
  @inline(__always)
  func append(_ text: StaticString) throws {
    try append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Appends a string's UTF-8.
  func append(string text: String) throws {
    var copy = text
    try copy.withUTF8 { try append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends one byte.
  @inline(__always)
  func append(byte: UInt8) throws {
    try reserve(1)
    storage[count] = byte
    count += 1
    total += 1
  }

  /// Appends a non-negative integer in decimal.
  @inline(__always)
  func append(int value: Int64) throws {
    try reserve(21)
    var v = value
    if v < 0 {
      storage[count] = UInt8(ascii: "-")
      count += 1
      total += 1
      v = -v
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var n = 0
    withUnsafeMutableBytes(of: &digits) { raw in
      let p = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
      repeat {
        p[n] = UInt8(truncatingIfNeeded: v % 10) &+ 48
        v /= 10
        n += 1
      } while v > 0
      for i in 0..<n { storage[count + i] = p[n - 1 - i] }
    }
    count += n
    total += Int64(n)
  }

  /// Appends exactly two digits (00-99).
  @inline(__always)
  func append(twoDigits value: Int) throws {
    try reserve(2)
    storage[count] = UInt8(truncatingIfNeeded: value / 10) &+ 48
    storage[count + 1] = UInt8(truncatingIfNeeded: value % 10) &+ 48
    count += 2
    total += 2
  }

  private static let powers: [Double] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]

  /// Appends a number with at most `decimals` places, trailing zeros dropped (`72`,
  /// `0.96`, `41.3405`). The value should already be rounded to those places.
  @inline(__always)
  func append(number value: Double, decimals: Int) throws {
    try append(number: value, decimals: decimals, trim: true)
  }

  /// Appends a number with exactly `decimals` places (`4.076904`, `90.000000`).
  @inline(__always)
  func append(fixed value: Double, decimals: Int) throws {
    try append(number: value, decimals: decimals, trim: false)
  }

  @inline(__always)
  private func append(number value: Double, decimals: Int, trim: Bool) throws {
    var v = value
    if v < 0 {
      try append(byte: UInt8(ascii: "-"))
      v = -v
    }
    let scale = Self.powers[decimals]
    let scaled = Int64((v * scale).rounded())
    let unit = Int64(scale)
    try append(int: scaled / unit)
    var frac = scaled % unit
    guard frac > 0 || (!trim && decimals > 0) else { return }
    var places = decimals
    while trim && frac % 10 == 0 {
      frac /= 10
      places -= 1
    }
    try reserve(places + 1)
    storage[count] = UInt8(ascii: ".")
    var p = places
    while p > 0 {
      storage[count + p] = UInt8(truncatingIfNeeded: frac % 10) &+ 48
      frac /= 10
      p -= 1
    }
    count += places + 1
    total += Int64(places + 1)
  }

  /// Appends `value` as `digits` lower-case hex digits.
  func append(hex value: UInt64, digits: Int) throws {
    try reserve(digits)
    let table: StaticString = "0123456789abcdef"
    var v = value
    var i = digits - 1
    while i >= 0 {
      storage[count + i] = table.utf8Start[Int(v & 15)]
      v >>= 4
      i -= 1
    }
    count += digits
    total += Int64(digits)
  }

  private var cachedDay = Int.min
  private var cachedDayBytes: (UInt64, UInt64) = (0, 0)

  /// Appends `yyyy-MM-dd HH:mm:ss ±HHMM` (Apple's form) for an instant and offset.
  @inline(__always)
  func append(appleDate epoch: Int64, offset: Int32) throws {
    try append(localDate: epoch, offset: offset)
    try reserve(6)
    try appendOffset(offset, colon: false)
  }

  /// Appends `yyyy-MM-dd HH:mm:ss` (local wall clock, no offset).
  @inline(__always)
  func append(localDate epoch: Int64, offset: Int32) throws {
    try reserve(32)  // the whole date lands in this buffer (ISO dates patch it afterwards)
    let local = epoch + Int64(offset)
    let day = CivilFloor.div(local, 86_400)
    let secs = Int(local - Int64(day) * 86_400)
    try append(day: day)
    try append(byte: 0x20)
    try append(twoDigits: secs / 3600)
    try append(byte: 0x3A)
    try append(twoDigits: secs / 60 % 60)
    try append(byte: 0x3A)
    try append(twoDigits: secs % 60)
  }

  /// Appends `yyyy-MM-dd` of a day number.
  @inline(__always)
  func append(day: Int) throws {
    if day != cachedDay {
      let (y, m, d) = CivilDate.civilFromDays(day)
      var bytes: (UInt64, UInt64) = (0, 0)
      withUnsafeMutableBytes(of: &bytes) { raw in
        let p = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
        p[0] = UInt8(y / 1000 % 10) + 48
        p[1] = UInt8(y / 100 % 10) + 48
        p[2] = UInt8(y / 10 % 10) + 48
        p[3] = UInt8(y % 10) + 48
        p[4] = 0x2D
        p[5] = UInt8(m / 10) + 48
        p[6] = UInt8(m % 10) + 48
        p[7] = 0x2D
        p[8] = UInt8(d / 10) + 48
        p[9] = UInt8(d % 10) + 48
      }
      cachedDay = day
      cachedDayBytes = bytes
    }
    try withUnsafeBytes(of: &cachedDayBytes) {
      try append(UnsafeRawBufferPointer(rebasing: $0[0..<10]))
    }
  }

  /// Appends ` ±HHMM` (Apple) or `±HH:MM` (ISO, `colon`; no leading space).
  @inline(__always)
  func appendOffset(_ offset: Int32, colon: Bool) throws {
    if !colon { try append(byte: 0x20) }
    try append(byte: offset < 0 ? 0x2D : 0x2B)
    let o = Int(abs(offset))
    try append(twoDigits: o / 3600)
    if colon { try append(byte: 0x3A) }
    try append(twoDigits: o / 60 % 60)
  }

  /// Appends `yyyy-MM-ddTHH:mm:ssZ` (UTC).
  func append(utcDate epoch: Int64) throws {
    try append(localDate: epoch, offset: 0)
    storage[count - 9] = UInt8(ascii: "T")
    try append(byte: UInt8(ascii: "Z"))
  }

  /// Appends `yyyy-MM-ddTHH:mm:ss±HH:MM` (ISO 8601 with offset).
  func append(isoDate epoch: Int64, offset: Int32) throws {
    try append(localDate: epoch, offset: offset)
    // Replace the space written between date and time with `T`.
    storage[count - 9] = UInt8(ascii: "T")
    try appendOffset(offset, colon: true)
  }
}
