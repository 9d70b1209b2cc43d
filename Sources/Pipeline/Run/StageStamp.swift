import Foundation
import HealthCore
import HealthModel
import HealthSystem

/// What a stage's last successful run saw and made, stored in `<work>/.stamps/<stage>.json`.
/// A stage is skipped (like make) when its settings, inputs and outputs still match.
public struct StageStamp: Sendable, Codable, Equatable {
  /// healthpipe version that ran it (a new version reruns everything).
  public var toolVersion: String
  /// The table file format it wrote and read (`TableFileLayout.version`): a new format
  /// reruns everything, since the tables of the old one are refused (nil in a stamp an
  /// older healthpipe wrote, which then reruns too).
  public var tableFormat: Int?
  /// The settings that influence the stage's result, canonicalised.
  public var settings: [String: String]
  /// Inputs with size, mtime, ctime, inode and CRC-32.
  public var inputs: [FileFingerprint]
  /// Outputs with size, mtime, ctime, inode and CRC-32.
  public var outputs: [FileFingerprint]

  /// Reads a stamp; nil when missing, unreadable, not a regular file or implausibly large
  /// (then the stage runs).
  public static func read(_ path: String) -> StageStamp? {
    guard
      case .bytes(let bytes)? = try? FileReader.readSmallRegularFile(
        path, limit: StageManifest.maxBytes)
    else { return nil }
    return try? JSONDecoder().decode(StageStamp.self, from: Data(bytes))
  }

  /// Writes the stamp atomically.
  public func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let data: Data
    do { data = try encoder.encode(self) } catch {
      throw HealthError.internalError("cannot encode a stage stamp: \(error)")
    }
    try AtomicFileWriter.write(Array(data) + [0x0A], to: path)
  }
}

/// Decides whether files still match their recorded fingerprints, cheaply: size, mtime,
/// ctime and inode first; only when those changed is the content's digest compared (so a
/// `touch` without a content change does not invalidate what was derived from the file's
/// bytes). Size and mtime alone missed an edit followed by `touch -r` (which sets the mtime
/// back); the ctime cannot be set back, and a file replaced under its name has a new inode.
enum FingerprintCheck {
  /// Why a file no longer matches, or nil when it matches. With `byContent` false (the
  /// pipeline's own inputs: make semantics), a new mtime is a change even with the same
  /// bytes; with `byContent` true (files an earlier stage wrote), only the bytes count, so a
  /// rerun that rewrote identical bytes lets later stages skip (early cut-off).
  static func mismatch(_ recorded: FileFingerprint, byContent: Bool) -> String? {
    guard let now = FileFingerprint.statWithChange(recorded.path) else {
      return "\(recorded.path) is missing"
    }
    if recorded.sameStamp(as: now) { return nil }
    guard byContent else { return "\(recorded.path) was modified" }
    // The digest, not the CRC-32: a table file's whole-file CRC-32 is the same for any
    // values of the same length (each block carries its own CRC-32; see ContentDigest).
    guard let digest = recorded.digest, now.size == recorded.size,
      let fresh = try? FileFingerprint.withChecksum(recorded.path), fresh.digest == digest
    else { return "\(recorded.path) changed" }
    return nil
  }

  /// Fingerprints with checksums, ctime and inode for a list of paths. A checksum in
  /// `known` (what a stage computed while it read or wrote the file) is reused when the
  /// file's size and mtime are still those it was taken with; otherwise the file is read
  /// again (reading a 600 MB export a second time costs about half a second).
  static func fingerprints(
    _ paths: [String], known: [String: FileFingerprint] = [:]
  ) throws -> [FileFingerprint] {
    try paths.map { path in
      guard let now = FileFingerprint.statWithChange(path) else {
        throw HealthError.missingInput(path, reason: "no such file")
      }
      var print =
        try known[path].flatMap { $0.checksumHolds(now: now) ? $0 : nil }
        ?? FileFingerprint.withChecksum(path)
      print.changedNanoseconds = now.changedNanoseconds
      print.inode = now.inode
      return print
    }
  }
}
