import HealthCore

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

  /// The ledger's lines (empty when the file does not exist yet).
  public func lines() throws -> [String] {
    guard SystemCalls.fileStatus(path) != nil else { return [] }
    let bytes = try FileReader.readAll(path)
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
