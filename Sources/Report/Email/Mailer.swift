import Foundation
import HealthModel

/// Pipes a message to a sendmail-compatible command (`sendmail -t -i`, `msmtp -t`, ...).
///
/// Exit codes: the command cannot be found or started → 69 (EX_UNAVAILABLE); it exits 75
/// (EX_TEMPFAIL, "try again later") → 75; it does not finish within `timeout` seconds → 75
/// (its process group is stopped; the next run tries again); any other failure → 69 as
/// well, since `sysexits.h` makes EX_UNAVAILABLE the catch-all for a failing subsystem. The
/// message names the command, its exit status and what it printed on stderr (every line, up
/// to 1,000 characters).
public struct Mailer: Sendable {
  /// The command line as given.
  public var command: String
  /// Seconds the mailer may take, from start to exit (`MailerTimeout`).
  public var timeout: Double

  /// Creates a mailer for a command line.
  public init(command: String, timeout: Double = MailerTimeout.defaultSeconds) {
    self.command = command
    self.timeout = timeout
  }

  /// The command split into words (single and double quotes group words).
  public static func words(_ command: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var inWord = false
    for ch in command {
      if let q = quote {
        if ch == q { quote = nil } else { current.append(ch) }
      } else if ch == "\"" || ch == "'" {
        quote = ch
        inWord = true
      } else if ch == " " || ch == "\t" {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(ch)
        inWord = true
      }
    }
    if inWord { words.append(current) }
    return words
  }

  /// Finds a program: a path with `/` as it is, else the first executable of that name in
  /// `PATH`, `/usr/sbin` or `/usr/lib` (where sendmail usually lives).
  public static func resolve(_ program: String, environment: [String: String]) -> String? {
    let fm = FileManager.default
    if program.contains("/") { return fm.isExecutableFile(atPath: program) ? program : nil }
    var dirs = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    dirs += ["/usr/sbin", "/usr/lib", "/sbin"]
    for d in dirs where !d.isEmpty {
      let p = d + "/" + program
      if fm.isExecutableFile(atPath: p) { return p }
    }
    return nil
  }

  /// What the mailer printed on stderr, for the error message: its non-blank lines joined
  /// by ` | `, at most `stderrLimit` characters (the end cut, with `…`).
  static func stderrSummary(_ data: Data) -> String {
    let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    let text = lines.joined(separator: " | ")
    return text.count > stderrLimit ? String(text.prefix(stderrLimit)) + "…" : text
  }

  /// The most of a mailer's stderr an error message repeats.
  static let stderrLimit = 1_000

  /// The mailer program's path: a usage error (64) for an empty command, 69 when the
  /// program cannot be found. `run --plan` calls it too, so it refuses what a run would.
  public func executablePath() throws -> String {
    guard let program = Self.words(command).first, !program.isEmpty else {
      throw HealthError.usage(
        "--sendmail is empty", hint: "give a command such as \"sendmail -t -i\"")
    }
    guard let path = Self.resolve(program, environment: ProcessInfo.processInfo.environment)
    else {
      throw HealthError(
        .unavailable, "the mailer '\(program)' was not found", at: SourceLocation(file: program),
        hint:
          "install a sendmail-compatible mailer (msmtp-mta, postfix, exim4) or pass --sendmail \"COMMAND\"; the .eml file was written and nothing was recorded as sent"
      )
    }
    return path
  }

  /// Sends the message; returns when the mailer exited 0 within the timeout.
  public func send(_ message: [UInt8]) throws {
    let argv = Self.words(command)
    let path = try executablePath()
    let program = argv[0]
    // A mailer that stops reading must not end this process (EPIPE instead).
    signal(SIGPIPE, SIG_IGN)
    let outcome = try MailerProcess.run(
      path: path, arguments: [path] + argv.dropFirst(), input: message, timeout: timeout)
    let said = Self.stderrSummary(Data(outcome.stderr))
    let detail = said.isEmpty ? "" : "; it said: \(said)"
    if outcome.timedOut {
      throw HealthError(
        .temporaryFailure,
        "the mailer '\(program)' did not finish within \(MailerTimeout.text(timeout)); it and "
          + "the processes it started were stopped\(detail)",
        at: SourceLocation(file: path),
        hint: "nothing was recorded as sent; the next run will try again (a slow mailer: "
          + "raise --mailer-timeout or [report] mailer_timeout)")
    }
    if let signal = outcome.signal {
      throw HealthError(
        .unavailable, "the mailer '\(program)' was killed by signal \(signal)\(detail)",
        at: SourceLocation(file: path), hint: "nothing was recorded as sent; run again to retry")
    }
    switch outcome.exitStatus ?? 0 {
    case 0:
      if let writeFailure = outcome.writeFailure {
        throw HealthError(
          .unavailable,
          "the mailer '\(program)' exited 0 without reading the whole message (\(writeFailure))",
          at: SourceLocation(file: path),
          hint: "nothing was recorded as sent; check the --sendmail command")
      }
    case 75:
      throw HealthError(
        .temporaryFailure, "the mailer '\(program)' asked to try again later (exit 75)\(detail)",
        at: SourceLocation(file: path),
        hint: "nothing was recorded as sent; the next run will try again")
    case let status:
      throw HealthError(
        .unavailable, "the mailer '\(program)' failed with exit status \(status)\(detail)",
        at: SourceLocation(file: path),
        hint: "nothing was recorded as sent; fix the mailer setup and run again")
    }
  }
}

/// How long the mailer may take: `--mailer-timeout SECONDS` and `[report] mailer_timeout`,
/// one parser for both (whole seconds, 1 to 3600; default 60).
public enum MailerTimeout {
  /// The default, in seconds.
  public static let defaultSeconds: Double = 60
  /// The longest accepted, in seconds.
  public static let maxSeconds = 3600

  /// The seconds `text` gives, or a usage error (64; a pipeline file adds its line, 78).
  public static func parse(_ text: String) throws -> Double {
    guard let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 1,
      seconds <= maxSeconds
    else {
      throw HealthError.usage(
        "the mailer timeout must be a whole number of seconds from 1 to \(maxSeconds), not '\(text)'",
        hint: "e.g. 60 (the default)")
    }
    return Double(seconds)
  }

  /// `60 s`.
  static func text(_ seconds: Double) -> String { "\(NumberFormatting.shortest(seconds)) s" }
}
