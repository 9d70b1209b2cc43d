import Foundation
import HealthModel
import HealthSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A vendor's export zip read in place: a Garmin Connect data export (`DI_CONNECT/…`, its
/// FIT files in a zip inside the zip) or a Google Takeout of Fitbit data. Every entry is
/// looked into, and what it is decided by its content (`VendorEntryKind`), never by its
/// name: FIT files, Garmin Connect JSON, Fitbit JSON and CSV are read by their readers;
/// zips inside are opened (one level deep); everything else is counted and named in the
/// manifest as not read (docs/ingest-garmin.md and docs/ingest-fitbit.md, "Export zips").
///
/// FIT entries are read first, so that a day whose steps the export's monitoring files
/// count keeps those and not Garmin Connect's daily total of the same steps. Record numbers
/// run on from entry to entry; reject reasons name the entry.
struct VendorArchive {
  let sink: IngestSink
  let options: ReaderOptions
  let progress: ProgressMeter
  var recordBase: Int64 = 0
  var notRead: [String] = []
  let fit: GarminFITMapper

  /// Bytes looked at in each entry to tell what it is.
  static let headBytes = 16 << 10
  /// The largest entry read into memory (a day of Fitbit heart rate is a few MB).
  static let maxEntryBytes: Int64 = 2 << 30

  init(sink: IngestSink, options: ReaderOptions, progress: ProgressMeter) throws {
    self.sink = sink
    self.options = options
    self.progress = progress
    fit = GarminFITMapper(sink: sink, zone: try InstantTimeZone(options: options))
  }

  /// Reads the zip at `path`.
  static func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    var archive = try VendorArchive(sink: sink, options: options, progress: progress)
    let zip = try ZipReader(path: path)
    progress.begin(stage: "ingest \(path)", totalBytes: zip.size)
    defer { progress.end() }
    let entries = try archive.classify(zip, prefix: "")
    try archive.readAll(entries, nested: true)
    try archive.fit.finish()
    archive.report()
  }

  /// The entries of `zip` with what they hold (unknown ones counted as not read).
  mutating func classify(_ zip: ZipReader, prefix: String) throws -> [VendorEntry] {
    var out: [VendorEntry] = []
    sink.extra["zip.entries", default: 0] += Int64(zip.entries.count)
    for entry in zip.entries where !Self.isSkipped(entry) {
      let head = try ZipEntryByteSource.head(of: entry, in: zip, count: Self.headBytes)
      let name = prefix + entry.name
      if let kind = VendorEntryKind.detect(head) {
        out.append(VendorEntry(zip: zip, entry: entry, kind: kind, name: name))
      } else {
        notRead.append(name)
      }
    }
    return out
  }

  /// Folders, macOS resource forks and empty entries hold nothing.
  static func isSkipped(_ entry: ZipEntry) -> Bool {
    let lower = entry.name.lowercased()
    return entry.isDirectory || entry.uncompressedSize == 0 || lower.hasPrefix("__macosx/")
      || lower.contains("/__macosx/") || entry.fileName.hasPrefix("._")
  }

  mutating func readAll(_ entries: [VendorEntry], nested: Bool) throws {
    // FIT first (their monitoring steps decide which daily totals are left out), then the
    // zips inside (their FIT files), then the JSON and CSV files.
    let order: [VendorEntryKind] = [.fit, .zip, .garminJSON, .fitbitJSON, .fitbitCSV]
    let repeated = try FitbitRepeats.entries(entries)
    for e in repeated {
      sink.extra["zip.entriesRepeatingFitbitJSON", default: 0] += 1
      notRead.append(e.name + " (repeats the Global Export Data)")
    }
    let names = Set(repeated.map(\.name))
    for kind in order {
      for e in entries where e.kind == kind && !names.contains(e.name) {
        if kind == .zip {
          if nested { try readNested(e) } else { notRead.append(e.name) }
        } else {
          try read(e)
        }
      }
    }
  }

  private mutating func read(_ e: VendorEntry) throws {
    sink.extra["zip.entriesRead", default: 0] += 1
    switch e.kind {
    case .fit:
      let decoder = FITDecoder(source: try ZipEntryByteSource(zip: e.zip, entry: e.entry))
      fit.recordBase = recordBase
      fit.entryName = e.name
      try decoder.run(fit)
      GarminFITReader.record(decoder.counts, in: sink)
      recordBase += decoder.counts.dataMessages
    case .garminJSON:
      recordBase += try GarminConnectJSONReader().read(
        source: try memory(e), into: sink, options: options, progress: .silent,
        recordBase: recordBase, entryName: e.name, stepsCovered: fit.steps.days)
    case .fitbitJSON:
      recordBase += try FitbitJSONReader().read(
        source: try memory(e), into: sink, options: options, progress: .silent,
        recordBase: recordBase, entryName: e.name)
    case .fitbitCSV:
      recordBase += try FitbitCSVReader().read(
        source: try memory(e), into: sink, options: options, progress: .silent,
        recordBase: recordBase, entryName: e.name)
    case .zip:
      break
    }
    progress.update(bytes: 0, records: recordBase)
  }

  /// The entry inflated into memory (the JSON reader seeks back to its start).
  private func memory(_ e: VendorEntry) throws -> MemoryByteSource {
    guard e.entry.uncompressedSize <= Self.maxEntryBytes else {
      throw HealthError.malformed(
        "entry \(e.name) is \(e.entry.uncompressedSize) bytes; healthpipe reads export "
          + "entries of up to \(Self.maxEntryBytes) bytes", at: SourceLocation(file: e.zip.path),
        hint: "unzip the export and pass that file on its own")
    }
    let source = try ZipEntryByteSource(zip: e.zip, entry: e.entry)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(e.entry.uncompressedSize))
    var chunk = [UInt8](repeating: 0, count: 1 << 18)
    while true {
      let n = try chunk.withUnsafeMutableBytes { try source.read(into: $0) }
      if n == 0 { break }
      bytes.append(contentsOf: chunk[0..<n])
    }
    return MemoryByteSource(bytes, path: e.zip.path + ":" + e.entry.name)
  }

  /// A zip inside the zip (Garmin's `UploadedFiles_0-_Part1.zip`): inflated to a temporary
  /// file, read the same way, one level deep only.
  private mutating func readNested(_ e: VendorEntry) throws {
    let temp = try NestedZipFile(e)
    defer { temp.remove() }
    let inner = try ZipReader(path: temp.path)
    let entries = try classify(inner, prefix: e.name + "/")
    try readAll(entries, nested: false)
  }

  /// The manifest's account of what was not read; each entry's readers noted the zone they
  /// assumed, the same note for every entry: it is kept once.
  func report() {
    var seen: Set<String> = []
    sink.notes = sink.notes.filter { seen.insert($0).inserted }
    guard !notRead.isEmpty else { return }
    sink.extra["zip.entriesNotRead", default: 0] += Int64(notRead.count)
    var names = notRead.prefix(20).joined(separator: ", ")
    if notRead.count > 20 { names += " and \(notRead.count - 20) more" }
    sink.notes.append(
      "\(notRead.count) zip entries are not a format healthpipe reads and were not read: "
        + names)
  }
}

/// One entry to read.
struct VendorEntry {
  var zip: ZipReader
  var entry: ZipEntry
  var kind: VendorEntryKind
  /// `DI_CONNECT/…/UploadedFiles_0-_Part1.zip/123_ACTIVITY.fit` for an entry of a zip inside.
  var name: String
}

/// What an entry of a vendor export holds, by its first bytes.
enum VendorEntryKind: Equatable {
  case fit, zip, garminJSON, fitbitJSON, fitbitCSV

  static func detect(_ head: [UInt8]) -> VendorEntryKind? {
    if FITFileHeader.matches(prefix: head) { return .fit }
    if head.count >= 4, head[0] == 0x50, head[1] == 0x4B, head[2] == 0x03, head[3] == 0x04 {
      return .zip
    }
    if GarminJSONKind.detect(prefix: head) != nil { return .garminJSON }
    if FitbitJSONKind.detect(prefix: head) != nil { return .fitbitJSON }
    if FitbitCSVReader.matches(prefix: head) { return .fitbitCSV }
    return nil
  }
}

/// A zip entry inflated into a temporary file of its own (registered, so a stop removes it).
struct NestedZipFile {
  let path: String

  init(_ e: VendorEntry) throws {
    let folder =
      ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let made = try TemporaryFiles.create { () throws -> (descriptor: Int32, path: String) in
      var template = Array((folder + "/healthpipe-nested-XXXXXX").utf8CString)
      let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard fd >= 0 else {
        throw HealthError(
          .ioError, "cannot create a temporary file in \(folder) for \(e.name)",
          hint: "check TMPDIR and the free space")
      }
      let bytes = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      return (fd, String(decoding: bytes, as: UTF8.self))
    }
    path = made.path
    defer { close(made.descriptor) }
    let source = try ZipEntryByteSource(zip: e.zip, entry: e.entry)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = try chunk.withUnsafeMutableBytes { try source.read(into: $0) }
      if n == 0 { break }
      var written = 0
      while written < n {
        let w = chunk.withUnsafeBytes {
          write(made.descriptor, $0.baseAddress! + written, n - written)
        }
        guard w > 0 else {
          remove()
          throw HealthError(
            .ioError, "cannot write the temporary copy of \(e.name) in \(folder)",
            hint: "check TMPDIR and the free space")
        }
        written += w
      }
    }
  }

  func remove() {
    unlink(path)
    TemporaryFiles.unregister(path)
  }
}
