import HealthCore
import HealthModel
import HealthSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The database file of a Health Connect input: the input itself when it is the bare
/// `.db`, or a private copy of the zip's `.db` entry (SQLite needs a file), made in
/// `$TMPDIR` (or `/tmp`), readable by this user only and removed when the read ends, on
/// error too, or on a polite stop (`TemporaryFiles`). Nothing is ever written beside the
/// input (docs/ingest-health-connect.md, "Reading the file").
///
/// Before SQLite opens it, the file's 100-byte header is checked: the magic, a length that
/// matches the page count the header declares (a truncated file is refused with its
/// numbers, not read as fewer rows), and WAL mode with a `-wal` file beside the input
/// (changes SQLite would not see when it reads the file alone: refused).
struct HealthConnectFile {
  /// The file SQLite opens.
  let databasePath: String
  /// The zip entry it came from, or nil for a bare database.
  let entryName: String?
  /// Whether `databasePath` is a private copy to remove.
  private let isCopy: Bool
  /// Notes for the manifest.
  var notes: [String] = []
  /// The CRC-32 of the input, when it was computed on the way (the bare database's).
  var contentCRC32: UInt32?

  /// The database file of the input at `path`; a zip's entry is copied into
  /// `temporaryFolder` (nil: `$TMPDIR`, else `/tmp`).
  init(path: String, temporaryFolder: String? = nil) throws {
    let reader = try FileReader(path: path)
    let head = try reader.read(at: 0, count: 100)
    if HealthConnectHeader.isSQLite(head) {
      databasePath = path
      entryName = nil
      isCopy = false
      try HealthConnectHeader.check(head, size: reader.size, name: path, path: path)
      if let note = try Self.checkWAL(head, path: path) { notes.append(note) }
      return
    }
    let zip = try ZipReader(path: path)
    let entry = try Self.databaseEntry(in: zip, notes: &notes)
    entryName = entry.name
    isCopy = true
    databasePath = try Self.extract(
      entry, from: zip, folder: temporaryFolder ?? Self.temporaryFolder())
    do {
      let copy = try FileReader(path: databasePath)
      let copyHead = try copy.read(at: 0, count: 100)
      guard HealthConnectHeader.isSQLite(copyHead) else {
        throw HealthError.malformed(
          "zip entry \(entry.name) is not a SQLite database (it starts with "
            + "\(ByteText.preview(copyHead)))", at: SourceLocation(file: path),
          hint: "pass the Health Connect.zip written by Settings → Health Connect → Export data")
      }
      try HealthConnectHeader.check(
        copyHead, size: copy.size, name: "zip entry \(entry.name)", path: path)
    } catch {
      remove()
      throw error
    }
    notes.append("read the database from zip entry \(entry.name)")
  }

  /// Removes the private copy, if any.
  func remove() {
    guard isCopy else { return }
    unlink(databasePath)
    TemporaryFiles.unregister(databasePath)
  }

  /// The `.db` entry of a Health Connect zip: `health_connect_export.db` when present, else
  /// the only `.db` entry; several others are a note, none is an error (exit 65).
  static func databaseEntry(in zip: ZipReader, notes: inout [String]) throws -> ZipEntry {
    let candidates = zip.entries.filter { entry in
      let lower = entry.name.lowercased()
      return !entry.isDirectory && !lower.hasPrefix("__macosx/")
        && !entry.fileName.hasPrefix("._") && lower.hasSuffix(".db")
    }
    guard
      let chosen = candidates.first(where: { $0.fileName == "health_connect_export.db" })
        ?? candidates.first
    else {
      throw HealthError.malformed(
        "no .db entry in the zip (entries: "
          + zip.entries.prefix(8).map(\.name).joined(separator: ", ") + ")",
        at: SourceLocation(file: zip.path),
        hint: "pass the Health Connect.zip written by Settings → Health Connect → Export data")
    }
    for other in candidates where other.name != chosen.name {
      notes.append("zip entry \(other.name) was not read; only \(chosen.name) was")
    }
    return chosen
  }

  /// Inflates `entry` into a new private file in the temporary folder; the entry's size
  /// and CRC-32 are checked at its end (a truncated or damaged zip is exit 65).
  private static func extract(_ entry: ZipEntry, from zip: ZipReader, folder: String) throws
    -> String
  {
    let made = try TemporaryFiles.create {
      try SystemCalls.createHiddenFile(
        beside: folder + "/healthpipe-health-connect.db", tag: "hc", mode: 0o600,
        doing: "copying the Health Connect database out of the zip")
    }
    var failed = true
    defer {
      close(made.descriptor)
      if failed {
        unlink(made.path)
        TemporaryFiles.unregister(made.path)
      }
    }
    let source = try ZipEntryByteSource(zip: zip, entry: entry)
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
      if n == 0 { break }
      try buffer.withUnsafeBytes { raw in
        var written = 0
        while written < n {
          let w = write(made.descriptor, raw.baseAddress! + written, n - written)
          if w < 0 {
            if errno == EINTR { continue }
            throw SystemCalls.writeError(
              errno, path: made.path, doing: "copying the Health Connect database out of the zip")
          }
          written += w
        }
      }
    }
    failed = false
    return made.path
  }

  /// `$TMPDIR` without a trailing slash, or `/tmp`.
  static func temporaryFolder() -> String {
    var folder = getenv("TMPDIR").map { String(cString: $0) } ?? ""
    while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
    return folder.isEmpty ? "/tmp" : folder
  }

  /// A WAL-mode database (header bytes 18-19 = 2) with a non-empty `-wal` file beside it
  /// holds changes an immutable read does not see: refused (exit 65). Without one, the file
  /// holds every committed change; the note says so.
  private static func checkWAL(_ head: [UInt8], path: String) throws -> String? {
    guard head.count >= 20, head[18] == 2 || head[19] == 2 else { return nil }
    let wal = path + "-wal"
    if let status = FileFingerprint.stat(wal), status.size > 0 {
      throw HealthError.malformed(
        "the database is in WAL mode and its write-ahead log \(wal) (\(status.size) bytes) holds "
          + "changes that are not in the file yet; healthpipe reads the file alone, read-only, "
          + "and would miss them", at: SourceLocation(file: path),
        hint: "use the Health Connect.zip from Settings → Health Connect → Export data, or "
          + "checkpoint a copy first (sqlite3 COPY.db 'PRAGMA wal_checkpoint(TRUNCATE)')")
    }
    return "the database is in WAL mode; no write-ahead log is beside it, so the file holds "
      + "every committed change"
  }
}

/// The 100-byte header of a SQLite database file (sqlite.org/fileformat.html, 1.3).
enum HealthConnectHeader {
  /// `SQLite format 3\0`.
  static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]

  /// Whether `head` starts with the SQLite magic.
  static func isSQLite(_ head: [UInt8]) -> Bool { head.starts(with: magic) }

  /// Refuses (exit 65) a header that is cut short, or a file shorter than its header's
  /// page count says, or whose length is not a whole number of pages.
  static func check(_ head: [UInt8], size: Int64, name: String, path: String) throws {
    let hint =
      "the export was cut short (an interrupted copy or download); copy it from the phone "
      + "again, or export again (Settings → Health Connect → Export data)"
    guard head.count >= 100 else {
      throw HealthError.malformed(
        "\(name) is truncated: \(size) bytes, shorter than a SQLite header",
        at: SourceLocation(file: path, byteOffset: size), hint: hint)
    }
    let raw = Int64(head[16]) << 8 | Int64(head[17])
    let pageSize = raw == 1 ? 65_536 : raw
    let pages =
      Int64(head[28]) << 24 | Int64(head[29]) << 16 | Int64(head[30]) << 8
      | Int64(head[31])
    let counterValid = head[24..<28].elementsEqual(head[92..<96])
    guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else {
      throw HealthError.malformed(
        "\(name) is not a valid SQLite database: page size \(raw) in its header",
        at: SourceLocation(file: path, byteOffset: 16), hint: hint)
    }
    if counterValid && pages > 0 && size < pages * pageSize {
      throw HealthError.malformed(
        "\(name) is truncated: its header says \(pages) pages of \(pageSize) bytes "
          + "(\(pages * pageSize) bytes), the file has \(size)",
        at: SourceLocation(file: path, byteOffset: size), hint: hint)
    }
    if size % pageSize != 0 {
      throw HealthError.malformed(
        "\(name) is truncated: \(size) bytes is not a whole number of \(pageSize)-byte pages",
        at: SourceLocation(file: path, byteOffset: size), hint: hint)
    }
  }
}
