import HealthModel

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which file a path names: its device and inode. Every spelling of one file (`in.xml`,
/// `./in.xml`, `../dir/in.xml`, an absolute path, a symbolic or a hard link) has the same
/// identity, which comparing path text cannot see.
public struct FileIdentity: Hashable, Sendable {
  /// The device holding the file.
  public var device: UInt64
  /// The file's inode number on that device.
  public var inode: UInt64

  /// The file `path` names (symbolic links followed); nil when nothing is there.
  public init?(path: String) {
    guard let st = SystemCalls.fileStatus(path) else { return nil }
    self.init(st)
  }

  /// The directory entry `path` itself (a symbolic link is not followed): what an atomic
  /// write to `path` replaces.
  public init?(entry path: String) {
    var st = stat()
    guard lstat(path, &st) == 0 else { return nil }
    self.init(st)
  }

  private init(_ st: stat) {
    device = UInt64(truncatingIfNeeded: st.st_dev)
    inode = UInt64(truncatingIfNeeded: st.st_ino)
  }
}

/// Refuses to write an output over one of the command's inputs, or two outputs over each
/// other, whatever the spelling: files are compared by `FileIdentity`, never by path text
/// (docs/reliability.md, "Outputs that are inputs"). Every command and `run` check their
/// outputs here before writing anything.
public enum OutputCollision {
  /// Throws when an output names an input (the file itself, or a link to it), or when two
  /// outputs name one directory entry. `code` is 64 for the commands (their arguments
  /// conflict) and 73 for `run`; the message names both paths. Then an output that names
  /// a folder, a device, a FIFO, a socket or a link is exit 73 whatever `code`
  /// (`OutputTarget`).
  public static func check(
    outputs: [String], inputs: [String], code: ExitCode = .usage,
    hint: String = "choose another output path; healthpipe never writes over its inputs"
  ) throws {
    var inputIdentities: [(FileIdentity, String)] = []
    for input in inputs {
      if let identity = FileIdentity(path: input) { inputIdentities.append((identity, input)) }
    }
    var entries: [EntryKey: String] = [:]
    for output in outputs {
      // The entry an atomic write replaces, and the file it leads to now: writing through a
      // link to an input would leave the link pointing at the new file.
      let identities = [FileIdentity(entry: output), FileIdentity(path: output)].compactMap { $0 }
      if let (_, input) = inputIdentities.first(where: { identities.contains($0.0) }) {
        throw HealthError(
          code,
          "the output \(output) is the input \(input) (the same file); writing it would "
            + "destroy the input",
          at: SourceLocation(file: output), hint: hint)
      }
      let key = EntryKey(output)
      if let other = entries[key] {
        throw HealthError(
          code, "the outputs \(other) and \(output) are the same file",
          at: SourceLocation(file: output), hint: hint)
      }
      entries[key] = output
    }
    try OutputTarget.check(outputs)
  }

  /// The directory entry a path names: its folder's identity and its last component (the
  /// path's text, made absolute lexically, when the folder does not exist yet).
  private struct EntryKey: Hashable {
    var folder: FileIdentity?
    var name: String

    init(_ path: String) {
      var trimmed = path
      while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
      let slash = trimmed.lastIndex(of: "/")
      let folderPath = slash.map { String(trimmed[..<$0]) } ?? "."
      let last = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
      if let identity = FileIdentity(path: folderPath.isEmpty ? "/" : folderPath) {
        folder = identity
        name = last
      } else {
        folder = nil
        name = trimmed
      }
    }
  }
}
