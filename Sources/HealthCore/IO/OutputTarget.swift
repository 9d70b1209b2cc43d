#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an output path may name: nothing yet, a regular file, or a symbolic link to either
/// (an atomic write renames a new file over the path, replacing the link, never what it
/// points to). Anything else (a folder, a FIFO, a socket, a device such as `/dev/null`, or a
/// link to one of those such as `/dev/stdout`) is refused with exit 73 before any work:
/// renaming over a device would replace it with a regular file (as root, `/dev/null` became
/// a text file), and writing into a folder's place fails only at the end
/// (docs/reliability.md, "Outputs only ever replace regular files").
///
/// `OutputCollision.check`, which every command and `run` call before they work, checks its
/// outputs here, and `AtomicFileWriter` checks its destination again before it creates
/// anything.
public enum OutputTarget {
  /// Throws exit 73 for the first path that names something other than a regular file
  /// (or a link to one), or nothing.
  public static func check(_ paths: [String]) throws {
    for path in paths {
      if let error = problem(path) { throw error }
    }
  }

  /// The error for an output path that must not be written, nil when it may be.
  public static func problem(_ path: String) -> HealthError? {
    var entry = stat()
    guard lstat(path, &entry) == 0 else { return nil }
    var kind = SystemCalls.specialKind(entry.st_mode)
    var via = ""
    if kind == "a symbolic link" {
      // The rename replaces the link; but a link into /dev (`/dev/stdout`) means the
      // user meant the thing it leads to, which is no file.
      var target = stat()
      guard stat(path, &target) == 0 else { return nil }
      kind = SystemCalls.specialKind(target.st_mode)
      via = " (through a symbolic link)"
    }
    guard let kind else { return nil }
    let message =
      "the output \(path) is \(kind)\(via), not a regular file: healthpipe writes an output "
      + "by renaming a new file into its place, which would replace it"
    let hint =
      kind == "a folder"
      ? "name a file (for example one inside that folder), not the folder itself"
      : "name a regular file; to throw the output away, write it into a temporary folder "
        + "(mktemp -d) and delete that"
    return HealthError(.cannotCreate, message, at: SourceLocation(file: path), hint: hint)
  }
}
