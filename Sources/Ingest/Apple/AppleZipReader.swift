import HealthModel
import HealthSystem

/// Reads an Apple Health `export.zip` in place: the export XML is found by content (its
/// name follows the phone's language: `export.xml`, `exportar.xml`, `eksport.xml`, …),
/// `__MACOSX/` entries and the CDA document are skipped, and the entry is inflated
/// straight into the XML scanner, its CRC-32 and sizes checked at the end.
public struct AppleZipReader: InputReader {
  /// `apple-zip`.
  public static let format = InputFormat.appleZip
  /// The reader of the export inside: its buffer, threads and pieces are this reader's.
  private var xml: AppleXMLReader

  /// Size of the XML scanner's buffer in bytes.
  public var bufferSize: Int {
    get { xml.bufferSize }
    set { xml.bufferSize = newValue }
  }
  /// Threads that parse pieces of the entry at the same time (`AppleChunkedRead`); 1 reads
  /// in one piece.
  public var parsingThreads: Int {
    get { xml.parsingThreads }
    set { xml.parsingThreads = newValue }
  }
  /// The size of those pieces; entries under two pieces are read in one.
  public var chunkBytes: Int {
    get { xml.chunkBytes }
    set { xml.chunkBytes = newValue }
  }

  /// A reader whose XML scanner uses a buffer of `bufferSize` bytes, parsing the entry on
  /// `parsingThreads` threads (nil: one per core) in pieces of `chunkBytes`.
  public init(
    bufferSize: Int = 256 << 10, parsingThreads: Int? = nil,
    chunkBytes: Int = 1 << 20
  ) {
    xml = AppleXMLReader(
      bufferSize: bufferSize, parsingThreads: parsingThreads, chunkBytes: chunkBytes)
  }

  public func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    let zip = try ZipReader(path: path)
    let entry = try Self.exportEntry(in: zip, sink: sink)
    if xml.readsInPieces(entry.uncompressedSize) {
      // Inflated on one thread, parsed in pieces on every core.
      progress.begin(
        stage: "ingest \(AppleXMLReader.displayName(path)):\(entry.fileName)",
        totalBytes: entry.uncompressedSize)
      defer { progress.end() }
      var chunked = xml.chunkedRead(path: path, options: options)
      chunked.zipEntry = AppleChunkedRead.ZipSource(zip: zip, entry: entry)
      try chunked.read(into: sink, progress: progress)
      sink.notes.append("read the export from zip entry \(entry.name)")
      return
    }
    // The inflate and the entry's checks run on the read-ahead thread, beside the parser.
    let source = ReadAheadByteSource(try ZipEntryByteSource(zip: zip, entry: entry))
    progress.begin(
      stage: "ingest \(AppleXMLReader.displayName(path)):\(entry.fileName)",
      totalBytes: entry.compressedSize)
    defer { progress.end() }
    try xml.read(
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

  /// Bytes looked at in each candidate entry.
  static let headBytes = 4096
  /// Candidate entries looked into at most: with `headBytes` each, finding the export
  /// inflates at most 16 MB however many entries the zip lists (an Apple export has one
  /// candidate besides the CDA document).
  static let maxCandidates = 4096

  /// The entry holding the export: the first candidate whose first 4 KB have
  /// `<HealthData` or `<!DOCTYPE HealthData`.
  static func exportEntry(in zip: ZipReader, sink: IngestSink) throws -> ZipEntry {
    var looked: [String] = []
    var found: [ZipEntry] = []
    var candidates = 0
    for entry in zip.entries where isCandidate(entry) {
      candidates += 1
      guard candidates <= maxCandidates else { continue }
      looked.append(entry.name)
      let head = try ZipEntryByteSource.head(of: entry, in: zip, count: headBytes)
      let text = String(decoding: head, as: UTF8.self)
      if text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData") {
        found.append(entry)
      }
    }
    if candidates > maxCandidates {
      sink.notes.append(
        "the zip has \(candidates) .xml entries; only the first \(maxCandidates) were looked into")
    }
    sink.extra["zip.entries", default: 0] += Int64(zip.entries.count)
    guard let first = found.first else {
      var names =
        looked.isEmpty
        ? "no .xml entries" : "looked at " + looked.prefix(10).joined(separator: ", ")
      if looked.count > 10 { names += " and \(looked.count - 10) more" }
      throw HealthError.malformed(
        "no Apple Health export XML inside the zip (\(names))",
        at: SourceLocation(file: zip.path),
        hint: "pass the export.zip written by the Health app (Profile → Export All Health Data)")
    }
    // Two exports in one zip: reading one and not the other would be a silent guess
    // (docs/reliability.md, "Duplicates and mixed shapes").
    if found.count > 1 {
      throw HealthError.malformed(
        "the zip holds \(found.count) Apple Health exports (\(found.prefix(3).map(\.name).joined(separator: ", "))"
          + "\(found.count > 3 ? ", …" : "")): which one to read cannot be told",
        at: SourceLocation(file: zip.path, path: found[1].name),
        hint: "unzip it and pass each export.xml as an input of its own")
    }
    return first
  }
}
