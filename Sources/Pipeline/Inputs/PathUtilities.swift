import Foundation

/// Path helpers: paths in a pipeline file are relative to the file's own folder.
public enum PathUtilities {
  /// The folder part of a path (`.` for a bare name).
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let dir = String(path[..<slash])
    return dir.isEmpty ? "/" : dir
  }

  /// `path` absolute with symbolic links resolved (realpath(3)); made absolute against the
  /// working directory when it cannot be resolved. Paths in a pipeline file resolve against
  /// the folder of its canonical path, so a pipeline named by a relative path, an absolute
  /// path, through a symbolic link or from another working directory gives the same
  /// strings, and its stages' stamps match.
  public static func canonicalPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return absolute(path) }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `path` made absolute against the working directory, normalised.
  public static func absolute(_ path: String) -> String {
    resolve(path, relativeTo: FileManager.default.currentDirectoryPath)
  }

  /// `path` if absolute, else `base/path`, normalised.
  public static func resolve(_ path: String, relativeTo base: String) -> String {
    if path.hasPrefix("/") { return normalise(path) }
    if path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
      return normalise(home + String(path.dropFirst()))
    }
    return normalise(base + "/" + path)
  }

  /// Removes `.` and `x/..` components and repeated slashes (purely textual).
  public static func normalise(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      if part == "..", absolute { continue }
      parts.append(part)
    }
    let joined = parts.joined(separator: "/")
    if absolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }
}
