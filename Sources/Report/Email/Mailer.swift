import Foundation
import HealthCore

/// Pipes a message to a sendmail-compatible command (`sendmail -t -i`, `msmtp -t`, ...).
///
/// Exit codes: the command cannot be found or started → 69 (EX_UNAVAILABLE); it exits 75
/// (EX_TEMPFAIL, "try again later") → 75; any other failure → 69 as well, since
/// `sysexits.h` makes EX_UNAVAILABLE the catch-all for a failing subsystem. The message
/// names the command, its exit status and what it printed on stderr (every line, up to
/// 1,000 characters).
public struct Mailer: Sendable {
  /// The command line as given.
  public var command: String

  /// Creates a mailer for a command line.
  public init(command: String) { self.command = command }

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

  /// Sends the message; returns when the mailer exited 0.
  public func send(_ message: [UInt8]) throws {
    let argv = Self.words(command)
    let path = try executablePath()
    let program = argv[0]
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = Array(argv.dropFirst())
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw HealthError(
        .unavailable, "the mailer '\(path)' could not be started: \(error)",
        at: SourceLocation(file: path),
        hint: "check that it is executable, or pass another --sendmail command")
    }
    nonisolated(unsafe) var errorData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errorData = errors.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    var writeFailure: String?
    do {
      try input.fileHandleForWriting.write(contentsOf: Data(message))
    } catch {
      writeFailure = "\(error)"
    }
    try? input.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    let status = process.terminationStatus
    let said = Self.stderrSummary(errorData)
    let detail = said.isEmpty ? "" : "; it said: \(said)"
    if process.terminationReason == .uncaughtSignal {
      throw HealthError(
        .unavailable, "the mailer '\(program)' was killed by signal \(status)\(detail)",
        at: SourceLocation(file: path), hint: "nothing was recorded as sent; run again to retry")
    }
    switch status {
    case 0:
      if let writeFailure {
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
    default:
      throw HealthError(
        .unavailable, "the mailer '\(program)' failed with exit status \(status)\(detail)",
        at: SourceLocation(file: path),
        hint: "nothing was recorded as sent; fix the mailer setup and run again")
    }
  }
}
