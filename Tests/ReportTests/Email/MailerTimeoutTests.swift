import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Report

#if canImport(Glibc)
  import Glibc
#endif

/// Round 3, finding 11 (docs/reliability.md): there was no mailer timeout, so a `sendmail`
/// that sleeps, or that exits but leaves a child holding its standard error open, hung the
/// nightly job. The mailer now runs in a process group of its own with a deadline.
@Suite("Regression: the mailer's timeout")
struct MailerTimeoutTests {
  /// A mailer script with `body`, in `dir`.
  static func mailer(_ dir: TemporaryDirectory, _ body: String) throws -> String {
    let path = dir.file("mailer.sh")
    try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o755)
    return path
  }

  /// The process id written in `file`.
  static func pid(_ file: String) -> Int32? {
    (try? String(contentsOfFile: file, encoding: .utf8)).flatMap {
      Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Whether the process with the id written in `file` still runs (a zombie, ended but not
  /// yet reaped by its new parent, does not).
  static func alive(_ file: String) -> Bool {
    guard let pid = pid(file),
      let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return !stat[stat.index(after: close)...].hasPrefix(" Z")
  }

  @Test("a mailer that never finishes is stopped with its children: exit 75 within the timeout")
  func sleeper() throws {
    let dir = TemporaryDirectory("mailer-sleep")
    // It starts a child of its own (which records its id), then waits forever.
    let script = try Self.mailer(dir, "sleep 300 & echo $! > \(dir.file("child"))\nexec sleep 300")
    let started = Date()
    let error = try #require(throws: HealthError.self) {
      try Mailer(command: script, timeout: 1).send(Array("Subject: x\n\nbody\n".utf8))
    }
    #expect(error.code == .temporaryFailure)
    #expect(error.message.contains("did not finish within 1 s"), "\(error.message)")
    // 1 s, then SIGTERM ends both at once (well under the 2 s before SIGKILL).
    #expect(Date().timeIntervalSince(started) < 30)
    usleep(100_000)
    #expect(!Self.alive(dir.file("child")), "the mailer's child survived")
  }

  @Test("a mailer that ignores SIGTERM is killed; one that never reads its input too")
  func stubborn() throws {
    let dir = TemporaryDirectory("mailer-stubborn")
    let script = try Self.mailer(dir, "trap '' TERM\nwhile :; do sleep 1; done")
    // A message far bigger than a pipe holds: the write must not block past the deadline.
    let message = [UInt8](repeating: 0x41, count: 4 << 20)
    let error = try #require(throws: HealthError.self) {
      try Mailer(command: script, timeout: 1).send(message)
    }
    #expect(error.code == .temporaryFailure)
  }

  @Test("a mailer that exits 0 while a child keeps its standard error open is a success")
  func backgroundChild() throws {
    let dir = TemporaryDirectory("mailer-background")
    let script = try Self.mailer(
      dir,
      "echo $$ > \(dir.file("group"))\ncat > \(dir.file("received"))\n"
        + "(sleep 30; echo late >&2) &\necho $! > \(dir.file("child"))\nexit 0")
    let started = Date()
    try Mailer(command: script, timeout: 20).send(Array("Subject: x\n\nbody\n".utf8))
    // Judged by its exit status after a short grace, not after the child's 30 s.
    #expect(Date().timeIntervalSince(started) < 15)
    #expect(
      try String(contentsOfFile: dir.file("received"), encoding: .utf8) == "Subject: x\n\nbody\n")
    // The delivery it left running in the background is not ours to stop.
    #expect(Self.alive(dir.file("child")))
    if let group = Self.pid(dir.file("group")) { kill(-group, SIGKILL) }
  }

  @Test(
    "the timeout is whole seconds from 1 to 3600, from the command line or the pipeline file",
    arguments: [("60", 60.0), (" 5 ", 5), ("3600", 3600)])
  func parse(_ text: String, _ seconds: Double) throws {
    #expect(try MailerTimeout.parse(text) == seconds)
  }

  @Test("other timeouts are usage errors", arguments: ["0", "3601", "1.5", "-3", "soon", ""])
  func parseRefused(_ text: String) {
    #expect(throws: HealthError.self) { try MailerTimeout.parse(text) }
  }
}
