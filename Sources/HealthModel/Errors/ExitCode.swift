/// The process exit codes (README.md, "Exit codes"), following BSD `sysexits.h` where one exists.
public enum ExitCode: Int32, Sendable, CaseIterable, Codable {
  /// Everything succeeded.
  case success = 0
  /// Some inputs failed, the rest were processed.
  case partialSuccess = 1
  /// The command line was wrong.
  case usage = 64
  /// Input data was malformed (bad XML, truncated zip, corrupt table file, ...).
  case dataError = 65
  /// An input file does not exist or cannot be opened.
  case noInput = 66
  /// The mailer program is missing.
  case unavailable = 69
  /// A bug: an invariant did not hold.
  case internalError = 70
  /// An output file or folder cannot be created.
  case cannotCreate = 73
  /// Reading or writing failed part-way (disk full, I/O error).
  case ioError = 74
  /// Try again later: a lock is held or the mailer asked to retry.
  case temporaryFailure = 75
  /// The pipeline file is invalid.
  case configError = 78

  /// A short name for logs and manifests.
  public var name: String {
    switch self {
    case .success: "success"
    case .partialSuccess: "partial-success"
    case .usage: "usage"
    case .dataError: "data-error"
    case .noInput: "no-input"
    case .unavailable: "unavailable"
    case .internalError: "internal-error"
    case .cannotCreate: "cannot-create"
    case .ioError: "io-error"
    case .temporaryFailure: "temporary-failure"
    case .configError: "config-error"
    }
  }
}
