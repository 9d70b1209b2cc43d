import Foundation

/// Path helpers: paths in a pipeline file are relative to the file's own folder.
public enum PathUtilities {
  /// The folder part of a path (`.` for a bare name).
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let dir = String(path[..<slash])
    return dir.isEmpty ? "/" : dir
  }

  /// The folder of the file at `path`, absolute and with symbolic links resolved
  /// (realpath(3)), so that a pipeline file named by a relative path, an absolute path,
  /// through a symbolic link or from another working directory resolves its relative paths
  /// to the same strings, and its stages' stamps match. When the file cannot be resolved
  /// (it does not exist: a document parsed from text), its folder made absolute against
  /// the working directory.
  public static func canonicalDirectory(of path: String) -> String {
    if let resolved = realpath(path, nil) {
      defer { free(resolved) }
      return directory(of: String(cString: resolved))
    }
    return directory(of: absolute(path))
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
