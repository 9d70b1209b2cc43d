import HealthCore
import HealthModel
import HealthSystem

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Expands the `inputs` patterns of a pipeline file (`*`, `?`, `[...]` as in the shell),
/// relative to the pipeline file's folder, sorted, without duplicates. Folders a pattern
/// matches are left out; anything else that is not a regular file (a FIFO would block the
/// run, a device never ends) is refused at the `inputs` line, named with its kind, as is a
/// list of more than `IngestLimits.inputs` files (docs/reliability.md, "Limits").
public enum GlobExpander {
  /// Expands patterns; a pattern that matches nothing is an error at its line (exit 78).
  public static func expand(
    _ patterns: [String], relativeTo base: String, at location: SourceLocation
  )
    throws -> [String]
  {
    var result: [String] = []
    var seen = Set<String>()
    for pattern in patterns {
      let full = PathUtilities.resolve(pattern, relativeTo: base)
      let matches = try matchesOf(full, pattern: pattern, at: location)
      for m in matches where seen.insert(m).inserted { result.append(m) }
      guard result.count <= IngestLimits.inputs else {
        throw HealthError(
          .configError,
          "the inputs name more than \(IngestLimits.inputs) files (the most one pipeline reads)",
          at: location,
          hint: "narrow the patterns, or combine the files first (e.g. one long CSV)")
      }
    }
    for path in result {
      if let st = SystemCalls.fileStatus(path), let kind = SystemCalls.specialKind(st.st_mode) {
        throw HealthError(
          .configError, "input \(path) is \(kind), not a regular file", at: location,
          hint: "name export files only; a FIFO or a device would block or never end")
      }
    }
    return result
  }

  private static func matchesOf(_ full: String, pattern: String, at location: SourceLocation) throws
    -> [String]
  {
    let hasWildcard = pattern.contains { "*?[".contains($0) }
    if !hasWildcard {
      guard SystemCalls.fileStatus(full) != nil else {
        throw HealthError(
          .configError, "input '\(pattern)' does not exist (looked for \(full))", at: location,
          hint: "paths in a pipeline file are relative to the file's own folder")
      }
      if SystemCalls.isDirectory(full) {
        throw HealthError(
          .configError, "input '\(pattern)' is a folder", at: location,
          hint: "name the files, e.g. '\(pattern)/*.zip'")
      }
      return [full]
    }
    var g = glob_t()
    defer { globfree(&g) }
    let status = glob(full, 0, nil, &g)
    if status == GLOB_NOMATCH || (status == 0 && g.gl_pathc == 0) {
      throw HealthError(
        .configError, "input pattern '\(pattern)' matches no file (looked in \(full))",
        at: location, hint: "check the pattern; paths are relative to the pipeline file's folder")
    }
    guard status == 0 else {
      throw HealthError(
        .configError, "input pattern '\(pattern)' cannot be expanded (glob error \(status))",
        at: location)
    }
    var out: [String] = []
    for i in 0..<Int(g.gl_pathc) {
      if let p = g.gl_pathv[i] {
        let path = String(cString: p)
        if !SystemCalls.isDirectory(path) { out.append(path) }
      }
    }
    return out.sorted()
  }
}
