/// The one error type of healthpipe: an exit code, what went wrong, where, and what to do.
///
/// Every stage throws only `HealthError`; the command-line program prints
/// `healthpipe: <location>: <message>` and `hint: <hint>` on stderr and exits with `code`.
public struct HealthError: Error, Sendable, CustomStringConvertible {
  /// The documented exit code this error maps to.
  public var code: ExitCode
  /// What went wrong, in one sentence.
  public var message: String
  /// Where, if the error is about a place in a file.
  public var location: SourceLocation?
  /// What the user can do about it.
  public var hint: String?
  /// Whether this is standard output closed by its reader (`healthpipe export | head`):
  /// not a failure to report, the command ends quietly as `cat` does.
  public var isBrokenPipe = false

  /// Creates an error.
  public init(
    _ code: ExitCode, _ message: String, at location: SourceLocation? = nil, hint: String? = nil
  ) {
    self.code = code
    self.message = message
    self.location = location
    self.hint = hint
  }

  /// `location: message` (the form compilers use), plus the hint on its own line.
  public var description: String {
    var text = location.map { "\($0): \(message)" } ?? message
    if let hint { text += "\nhint: \(hint)" }
    return text
  }

  /// A malformed-input error (exit 65).
  public static func malformed(_ message: String, at location: SourceLocation?, hint: String? = nil)
    -> HealthError
  {
    HealthError(.dataError, message, at: location, hint: hint)
  }

  /// A usage error (exit 64).
  public static func usage(_ message: String, hint: String? = nil) -> HealthError {
    HealthError(.usage, message, hint: hint ?? "run `healthpipe help` for the commands and options")
  }

  /// An input that does not exist or cannot be opened (exit 66).
  public static func missingInput(_ path: String, reason: String) -> HealthError {
    HealthError(
      .noInput, "cannot open input: \(reason)", at: SourceLocation(file: path),
      hint: "check the path and its permissions")
  }

  /// The reader of a pipe we write to has gone (EPIPE). The command line ends quietly, by
  /// SIGPIPE like `cat`, instead of reporting an I/O error.
  public static func brokenPipe() -> HealthError {
    var error = HealthError(.ioError, "the reader of the output closed the pipe")
    error.isBrokenPipe = true
    return error
  }

  /// An internal invariant that did not hold (exit 70).
  public static func internalError(_ message: String) -> HealthError {
    HealthError(
      .internalError, message,
      hint: "this is a bug in healthpipe; please report it with the command you ran")
  }
}
