import HealthModel
import HealthSystem

/// The record of weekly e-mails already sent: one line per message,
/// `ISO-week TAB recipient TAB message-id`. A week is written only after the mailer exited 0,
/// and the file is replaced atomically, so a rerun never sends the same week twice.
public struct SentLedger: Sendable {
  /// The ledger file.
  public var path: String

  /// Creates a ledger at a path.
  public init(path: String) { self.path = path }

  /// `sent-weeks.ledger` in the folder of `output`.
  public static func defaultPath(besides output: String) -> String {
    let slash = output.lastIndex(of: "/")
    let folder = slash.map { String(output[...$0]) } ?? ""
    return folder + "sent-weeks.ledger"
  }

  /// The largest ledger read: a line is about 80 bytes, one a week per recipient
  /// (docs/reliability.md, "Limits"). A sparse or foreign file of gigabytes was read whole.
  public static let maxBytes = 4 << 20

  /// The ledger's lines (empty when the file does not exist yet). Only a regular file of at
  /// most `maxBytes` is read: exit 65 when larger, 73 when it is a device, FIFO or folder.
  public func lines() throws -> [String] {
    guard SystemCalls.fileStatus(path) != nil else { return [] }
    let bytes: [UInt8]
    switch try FileReader.readSmallRegularFile(path, limit: Self.maxBytes) {
    case .bytes(let read): bytes = read
    case .notRegular(let kind):
      throw HealthError(
        .cannotCreate, "the sent ledger is \(kind), not a regular file",
        at: SourceLocation(file: path), hint: "pass --ledger FILE naming a regular file")
    case .tooLarge(let size):
      throw HealthError.malformed(
        "the sent ledger is \(size) bytes; a ledger is at most \(Self.maxBytes) bytes "
          + "(one line of about 80 bytes per e-mail sent)", at: SourceLocation(file: path),
        hint: "check --ledger: this does not look like a sent-weeks ledger")
    }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Whether the week was already sent to the recipient.
  public func contains(week: String, recipient: String) throws -> Bool {
    let who = recipient.lowercased()
    return try lines().contains { line in
      let f = line.split(separator: "\t", omittingEmptySubsequences: false)
      return f.count >= 2 && f[0] == week && f[1].lowercased() == who
    }
  }

  /// Adds a sent week (atomically replacing the file).
  public func record(week: String, recipient: String, messageID: String) throws {
    var text = try lines().joined(separator: "\n")
    if !text.isEmpty { text += "\n" }
    text += "\(week)\t\(recipient)\t\(messageID)\n"
    try AtomicFileWriter.write(text, to: path)
  }
}
