import Foundation

/// The time-zone setting (`--timezone` of any command, a pipeline file's `timezone`): an IANA
/// zone name, checked in this one place with one message, so the command line and pipeline
/// files say the same thing about the same mistake (docs/architecture.md, "Settings").
public enum TimeZoneName {
  /// The hint every unknown-zone error carries.
  public static let hint = "use an IANA zone name such as Europe/Berlin or America/New_York"

  /// Whether the system's zone database knows `name`.
  public static func isKnown(_ name: String) -> Bool { TimeZone(identifier: name) != nil }

  /// The error for the unknown zone `name`: exit `code` (64 on the command line, 78 in a
  /// pipeline file) at `location`, with `origin` (`--timezone`) when there is no location.
  public static func unknown(
    _ name: String, code: ExitCode = .usage, origin: String? = nil,
    at location: SourceLocation? = nil
  ) -> HealthError {
    let what = origin.map { " (\($0))" } ?? ""
    return HealthError(code, "unknown time zone '\(name)'\(what)", at: location, hint: hint)
  }

  /// `text` trimmed when it names a known zone; else the usage error (exit 64) of `origin`.
  public static func parse(_ text: String, origin: String = "--timezone") throws -> String {
    let name = text.trimmingCharacters(in: .whitespaces)
    guard isKnown(name) else { throw unknown(name, origin: origin) }
    return name
  }
}
