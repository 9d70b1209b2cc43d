import Foundation
import HealthModel
import HealthSystem

/// The files of a Loop Habit Tracker "Export as CSV": the zip the app writes (`Loop Habits
/// CSV 2026-11-15.zip`), or the folder it unpacks to, named by its `Habits.csv`. Names are
/// relative to the export's root (`Habits.csv`, `001 Meditate/Checkmarks.csv`).
struct LoopExportFiles {
  /// The input as given (the zip, or the folder's `Habits.csv`).
  let path: String
  /// Every file, in the zip's order (a folder's: sorted by name).
  let names: [String]
  private let zip: ZipReader?
  private let zipEntries: [String: [ZipEntry]]
  private let folder: String?

  /// The largest file read whole: Loop's files are a few kilobytes (one line a day).
  static let maxFileBytes = 64 << 20

  /// The files of the zip at `path`.
  init(zipAt path: String) throws {
    self.path = path
    let zip = try ZipReader(path: path)
    self.zip = zip
    folder = nil
    var byName: [String: [ZipEntry]] = [:]
    var names: [String] = []
    for entry in zip.entries where !entry.isDirectory {
      if byName[entry.name] == nil { names.append(entry.name) }
      byName[entry.name, default: []].append(entry)
    }
    zipEntries = byName
    self.names = names
  }

  /// The files of the unpacked export whose `Habits.csv` is at `path`: the files beside it
  /// and one level down (the per-habit folders).
  init(habitsCSVAt path: String) throws {
    self.path = path
    zip = nil
    zipEntries = [:]
    let root = (path as NSString).deletingLastPathComponent
    let base = root.isEmpty ? "." : root
    folder = base
    var names = ["Habits.csv"]
    let manager = FileManager.default
    let top = ((try? manager.contentsOfDirectory(atPath: base)) ?? []).sorted()
    for entry in top where !entry.hasPrefix(".") {
      let full = base + "/" + entry
      if SystemCalls.isDirectory(full) {
        let inner = ((try? manager.contentsOfDirectory(atPath: full)) ?? []).sorted()
        for file in inner where file.hasSuffix(".csv") { names.append(entry + "/" + file) }
      } else if entry != "Habits.csv", entry.hasSuffix(".csv") {
        names.append(entry)
      }
    }
    self.names = names
  }

  /// How many entries of the zip are named `name` (a damaged or hand-made zip may repeat
  /// one); 1 for a folder's file.
  func copies(of name: String) -> Int { zip == nil ? 1 : zipEntries[name]?.count ?? 0 }

  /// The content of copy `copy` of file `name` (exit 65 when it is damaged or too large).
  func bytes(_ name: String, copy: Int = 0) throws -> [UInt8] {
    if let zip, let entry = zipEntries[name]?[copy] {
      guard entry.uncompressedSize <= Int64(Self.maxFileBytes) else {
        throw tooLarge(name, entry.uncompressedSize)
      }
      let source = try ZipEntryByteSource(zip: zip, entry: entry)
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 64 << 10)
      while true {
        let n = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
        if n == 0 { break }
        bytes += buffer[0..<n]
        if bytes.count > Self.maxFileBytes { throw tooLarge(name, Int64(bytes.count)) }
      }
      return bytes
    }
    let full = (folder ?? ".") + "/" + name
    switch try FileReader.readSmallRegularFile(full, limit: Self.maxFileBytes) {
    case .bytes(let bytes): return bytes
    case .notRegular(let what):
      throw HealthError.malformed(
        "\(name) is \(what), not a file", at: SourceLocation(file: full),
        hint: "point the input at the Habits.csv of an unpacked Loop export")
    case .tooLarge(let size): throw tooLarge(name, size)
    }
  }

  /// The location of line `line` of file `name`, for messages.
  func location(_ name: String, line: Int? = nil) -> SourceLocation {
    zip == nil
      ? SourceLocation(file: (folder ?? ".") + "/" + name, line: line)
      : SourceLocation(file: path, line: line, path: name)
  }

  private func tooLarge(_ name: String, _ size: Int64) -> HealthError {
    HealthError.malformed(
      "\(name) holds \(size) bytes; a Loop export's files are far smaller",
      at: location(name), hint: "check that this is a Loop Habit Tracker export")
  }
}
