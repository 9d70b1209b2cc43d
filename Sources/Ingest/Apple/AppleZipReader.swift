import HealthCore

/// Reads an Apple Health `export.zip` in place: the export XML is found by content (its
/// name follows the phone's language: `export.xml`, `exportar.xml`, `eksport.xml`, …),
/// `__MACOSX/` entries and the CDA document are skipped, and the entry is inflated
/// straight into the XML scanner, its CRC-32 and sizes checked at the end.
public struct AppleZipReader: InputReader {
  /// `apple-zip`.
  public static let format = InputFormat.appleZip
  /// Size of the XML scanner's buffer in bytes.
  public var bufferSize: Int

  /// A reader whose XML scanner uses a buffer of `bufferSize` bytes.
  public init(bufferSize: Int = 256 << 10) { self.bufferSize = bufferSize }

  public func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    let zip = try ZipReader(path: path)
    let entry = try Self.exportEntry(in: zip, sink: sink)
    // The inflate and the entry's checks run on the read-ahead thread, beside the parser.
    let source = ReadAheadByteSource(try ZipEntryByteSource(zip: zip, entry: entry))
    progress.begin(
      stage: "ingest \(AppleXMLReader.displayName(path)):\(entry.fileName)",
      totalBytes: entry.compressedSize)
    defer { progress.end() }
    try AppleXMLReader(bufferSize: bufferSize).read(
      source: source, name: path, entryName: entry.name, into: sink, options: options,
      progress: progress)
    sink.notes.append("read the export from zip entry \(entry.name)")
  }

  /// Whether an entry is worth looking into: not a folder, not Apple's resource forks, not
  /// the CDA document, and named `.xml`.
  static func isCandidate(_ entry: ZipEntry) -> Bool {
    let lower = entry.name.lowercased()
    if entry.isDirectory || lower.hasPrefix("__macosx/") || lower.contains("/__macosx/") {
      return false
    }
    let file = entry.fileName.lowercased()
    if file.hasPrefix("._") || file.hasSuffix("_cda.xml") { return false }
    return file.hasSuffix(".xml")
  }

  /// The entry holding the export: the first candidate whose first kilobyte has
  /// `<HealthData` or `<!DOCTYPE HealthData`.
  static func exportEntry(in zip: ZipReader, sink: IngestSink) throws -> ZipEntry {
    var looked: [String] = []
    var found: [ZipEntry] = []
    for entry in zip.entries where isCandidate(entry) {
      looked.append(entry.name)
      let source = try ZipEntryByteSource(zip: zip, entry: entry)
      var head = [UInt8](repeating: 0, count: 4096)
      var filled = 0
      while filled < head.count {
        let n = try head.withUnsafeMutableBytes {
          try source.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
        }
        if n == 0 { break }
        filled += n
      }
      let text = String(decoding: head[0..<filled], as: UTF8.self)
      if text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData") {
        found.append(entry)
      }
    }
    sink.extra["zip.entries", default: 0] += Int64(zip.entries.count)
    guard let first = found.first else {
      let names = looked.isEmpty ? "no .xml entries" : "looked at " + looked.joined(separator: ", ")
      throw HealthError.malformed(
        "no Apple Health export XML inside the zip (\(names))",
        at: SourceLocation(file: zip.path),
        hint: "pass the export.zip written by the Health app (Profile → Export All Health Data)")
    }
    for other in found.dropFirst() {
      sink.notes.append(
        "zip entry \(other.name) also looks like an export; only \(first.name) was read")
    }
    return first
  }
}
