import HealthCore

/// libFuzzer target: the typed table file reader, export (CSV and NDJSON) and inspection.
///
/// Table files carry a CRC-32 on the header, on every block and on the footer, so random
/// bytes would almost always stop at the first checksum. Before writing the scratch file the
/// target recomputes every CRC it can find, so the fuzzer reaches the header JSON, the block
/// decoder and the value printers (what a disk with a valid-looking but wrong block would
/// feed them). The checksum paths themselves are covered by the corpus tests.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTableFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  TableCRCFixer.fix(&bytes)
  let path = bytes.withUnsafeBytes { Fuzz.scratchFile("table.hpt", $0) }
  do {
    let reader = try TableFileReader(path: path)
    switch reader.header.kind {
    case .samples: try TableFile.stream(Sample.self, from: path) { _ in }
    case .rejects: try TableFile.stream(Reject.self, from: path) { _ in }
    case .daily: try TableFile.stream(DailyValue.self, from: path) { _ in }
    case .baselines: try TableFile.stream(BaselineRow.self, from: path) { _ in }
    case .scores: try TableFile.stream(ScoreRow.self, from: path) { _ in }
    case .streaks: try TableFile.stream(StreakRow.self, from: path) { _ in }
    case .weekly: try TableFile.stream(WeeklyRow.self, from: path) { _ in }
    }
  } catch {
    Fuzz.check(error)
  }
  for format in TableExporter.Format.allCases {
    do {
      _ = try TableExporter.export(path: path, format: format, to: MemorySink())
    } catch {
      Fuzz.check(error)
    }
  }
  do {
    let inspection = try TableInspection.inspect(path: path)
    _ = inspection.text()
    _ = try inspection.json()
  } catch {
    Fuzz.check(error)
  }
  return 0
}

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
