import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Report

/// Sending through stand-in mailers (shell scripts): the week is recorded only after exit 0
/// and a rerun does not send again; exit codes as README.md documents them.
@Suite("Sending and the sent ledger")
struct SendingTests {
  /// A fixture folder plus a mailer script that appends stdin to `received` and counts calls.
  func setUp(mailerBody: String) throws -> (TemporaryDirectory, ReportOptions) {
    let dir = TemporaryDirectory()
    try ReportFixture().write(to: dir.path)
    let script = dir.file("mailer.sh")
    try Data("#!/bin/sh\necho call >> \"\(dir.file("calls"))\"\n\(mailerBody)\n".utf8).write(
      to: URL(fileURLWithPath: script))
    chmod(script, 0o755)
    var o = ReportOptions(
      inputDirectory: dir.path, format: .email, output: dir.file("week.eml"), window: .week)
    o.email = EmailSettings(to: "me@example.org", send: true, sendmailCommand: "\(script) -t -i")
    return (dir, o)
  }

  func calls(_ dir: TemporaryDirectory) -> Int {
    ((try? String(contentsOfFile: dir.file("calls"), encoding: .utf8)) ?? "").split(separator: "\n")
      .count
  }

  @Test("exit 0 records the week; a rerun prints already sent and does not call the mailer")
  func sendsOnce() throws {
    let (dir, o) = try setUp(mailerBody: "cat > \"$(dirname \"$0\")/received\"; exit 0")
    let first = try ReportStage.run(o, progress: .silent)
    #expect(first.email == .sent(week: "2025-W27"))
    #expect(first.manifest.settings["email.status"] == "sent")
    let received = try Data(contentsOf: URL(fileURLWithPath: dir.file("received")))
    let written = try Data(contentsOf: URL(fileURLWithPath: o.output))
    #expect(received == written)
    let ledger = try String(contentsOfFile: dir.file("sent-weeks.ledger"), encoding: .utf8)
    #expect(ledger.hasPrefix("2025-W27\tme@example.org\t<healthpipe.2025-W27."))
    let second = try ReportStage.run(o, progress: .silent)
    #expect(second.email == .alreadySent(week: "2025-W27"))
    #expect(second.manifest.settings["email.status"] == "already-sent")
    #expect(calls(dir) == 1)
  }

  @Test("a missing mailer exits 69 and records nothing")
  func missingMailer() throws {
    var (dir, o) = try setUp(mailerBody: "exit 0")
    o.email.sendmailCommand = "/nonexistent/sendmail -t -i"
    let error = try #require(throws: HealthError.self) { try ReportStage.run(o, progress: .silent) }
    #expect(error.code == .unavailable)
    #expect(!FileManager.default.fileExists(atPath: dir.file("sent-weeks.ledger")))
    #expect(FileManager.default.fileExists(atPath: o.output))
  }

  @Test("EX_TEMPFAIL (75) from the mailer exits 75 and records nothing; a later success sends")
  func tempfail() throws {
    var (dir, o) = try setUp(mailerBody: "cat > /dev/null; exit 75")
    let error = try #require(throws: HealthError.self) { try ReportStage.run(o, progress: .silent) }
    #expect(error.code == .temporaryFailure)
    #expect(!FileManager.default.fileExists(atPath: dir.file("sent-weeks.ledger")))
    let ok = dir.file("ok.sh")
    try Data("#!/bin/sh\ncat > /dev/null\nexit 0\n".utf8).write(to: URL(fileURLWithPath: ok))
    chmod(ok, 0o755)
    o.email.sendmailCommand = ok
    #expect(try ReportStage.run(o, progress: .silent).email == .sent(week: "2025-W27"))
  }

  @Test("another failure exits 69 with the mailer's own words")
  func failure() throws {
    let (dir, o) = try setUp(
      mailerBody: "cat > /dev/null; echo 'msmtp: authentication failed' >&2; exit 77")
    let error = try #require(throws: HealthError.self) { try ReportStage.run(o, progress: .silent) }
    #expect(error.code == .unavailable)
    #expect(error.message.contains("exit status 77"))
    #expect(error.message.contains("authentication failed"))
    #expect(!FileManager.default.fileExists(atPath: dir.file("sent-weeks.ledger")))
  }

  @Test("a failing mailer's whole stderr is in the message, with its exit status")
  func failureWithSeveralLines() throws {
    let (dir, o) = try setUp(
      mailerBody: "cat > /dev/null; echo 'msmtp: cannot connect to smtp.example.com' >&2; "
        + "echo '' >&2; echo 'msmtp: could not send mail (account default)' >&2; exit 1")
    let error = try #require(throws: HealthError.self) { try ReportStage.run(o, progress: .silent) }
    #expect(error.code == .unavailable)
    #expect(
      error.message.hasSuffix(
        "failed with exit status 1; it said: msmtp: cannot connect to smtp.example.com | "
          + "msmtp: could not send mail (account default)"))
    #expect(!FileManager.default.fileExists(atPath: dir.file("sent-weeks.ledger")))
  }

  @Test("mailer command lines split into words with quotes")
  func words() {
    #expect(Mailer.words("msmtp -t --from='a b'") == ["msmtp", "-t", "--from=a b"])
    #expect(Mailer.words("  sendmail   -t -i ") == ["sendmail", "-t", "-i"])
  }
}
