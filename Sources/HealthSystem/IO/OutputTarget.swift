import HealthModel

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an output path may name: nothing yet, or a regular file. Anything else (a folder, a
/// FIFO, a socket, a device such as `/dev/null`, or a symbolic link, such as `/dev/stdout`)
/// is refused with exit 73 before any work: an atomic write renames a new file over the
/// path, which would replace a device with a regular file (as root, `/dev/zero` became a
/// text file) or a link with a file (`--out /dev/stdout` with standard output redirected to
/// a file replaced the machine's `/dev/stdout`), and writing into a folder's place fails
/// only at the end (docs/reliability.md, "Outputs only ever replace regular files").
///
/// `OutputCollision.check`, which every command and `run` call before they work, checks its
/// outputs here, and `AtomicFileWriter` checks its destination again before it creates
/// anything and before it renames.
public enum OutputTarget {
  /// Throws exit 73 for the first path that names something other than a regular file, or
  /// nothing.
  public static func check(_ paths: [String]) throws {
    for path in paths {
      if let error = problem(path) { throw error }
    }
  }

  /// The error for an output path that must not be written, nil when it may be.
  public static func problem(_ path: String) -> HealthError? {
    var entry = stat()
    guard lstat(path, &entry) == 0, var kind = SystemCalls.specialKind(entry.st_mode) else {
      return nil
    }
    if kind == "a symbolic link" {
      var target = stat()
      if stat(path, &target) == 0 {
        kind += " to " + (SystemCalls.specialKind(target.st_mode) ?? "a regular file")
      }
    }
    let message =
      "the output \(path) is \(kind), not a regular file: healthpipe writes an output by "
      + "renaming a new file into its place, which would replace it"
    let hint: String
    switch kind {
    case "a folder":
      hint = "name a file (for example one inside that folder), not the folder itself"
    case _ where kind.hasPrefix("a symbolic link"):
      hint = "name the file itself rather than a link to it, or remove the link"
    default:
      hint =
        "name a regular file; to throw the output away, write it into a temporary folder "
        + "(mktemp -d) and delete that"
    }
    return HealthError(.cannotCreate, message, at: SourceLocation(file: path), hint: hint)
  }
}
