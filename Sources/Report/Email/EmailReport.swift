import Foundation
import HealthCore

/// A composed e-mail and the facts needed to send it once.
public struct EmailMessage: Sendable {
  /// The whole message, CRLF line ends.
  public var bytes: [UInt8]
  /// ISO week (`2025-W27`).
  public var week: String
  /// `<…>` Message-ID.
  public var messageID: String
  /// The `Date:` header's value.
  public var date: String
  /// The recipient's address (for the ledger).
  public var recipient: String
  /// Number of PNG charts in the HTML part.
  public var imageCount: Int
  /// File name of the attached full report.
  public var attachmentName: String
}

/// Composes the weekly e-mail (RFC 5322 / MIME):
///
/// ```
/// multipart/mixed
/// ├── multipart/alternative
/// │   ├── text/plain                 the digest as text (quoted-printable)
/// │   └── multipart/related          type="text/html"
/// │       ├── text/html              the digest (quoted-printable)
/// │       └── image/png …            two or three charts, by Content-ID (base64)
/// └── text/html                      the full report, Content-Disposition: attachment
/// ```
///
/// The attachment sits beside the alternative in `multipart/mixed`, the one place every
/// major client (Gmail, Outlook, Apple Mail, Thunderbird, iOS and Android mail) lists
/// attachments; inside the alternative a client would show either it or the digest, and
/// inside the related part it would count as an unreferenced inline resource, which some
/// clients hide. It is base64, so the saved file is byte for byte the `.html` report.
///
/// `Date` is the time the message is made (`MessageDate`); the Message-ID comes from the
/// ISO week and the recipient, so a rerun of the same week is recognisably the same message.
public enum EmailReport {
  /// Builds the message. `date` is the `Date:` instant in epoch seconds.
  public static func compose(
    _ d: WeeklyDigest, fullReport: [UInt8], settings: EmailSettings, date: Int64
  ) throws -> EmailMessage {
    let to = try EmailAddress(parsing: settings.to, option: "to")
    let from = try EmailAddress(parsing: settings.from, option: "from")
    let week = d.isoWeek.description
    var crc = CRC32()
    crc.update(Array(to.address.lowercased().utf8))
    let messageID = "<healthpipe.\(week).\(crc.hex)@\(from.domain)>"
    let tag = week.replacingOccurrences(of: "-", with: "")

    // A week without data is three lines: no charts, no attachment of an old report.
    let noData = d.noDataThisWeek
    let images = noData ? [] : try charts(d, week: week)
    let html = DigestHTML.render(d, images: images.map { ($0.cid, $0.chart) })
    let text = PlainTextReport.render(d)
    let dateText = MessageDate.rfc5322(date)

    let mixed = "=_hp_mix_\(tag)"
    let alt = "=_hp_alt_\(tag)"
    let rel = "=_hp_rel_\(tag)"
    var out: [UInt8] = []
    func line(_ s: String) { out += Array(s.utf8) + [0x0D, 0x0A] }
    line("From: " + from.header)
    line("To: " + to.header)
    line("Subject: " + MIMEEncoding.encodedWords(DigestWords.subject(d)))
    line("Date: " + dateText)
    line("Message-ID: " + messageID)
    line("MIME-Version: 1.0")
    line("Auto-Submitted: auto-generated")
    line(
      "Content-Type: multipart/\(noData ? "alternative" : "mixed"); boundary=\"\(noData ? alt : mixed)\""
    )
    line("")
    line("This is a multi-part message in MIME format.")
    line("")
    if !noData {
      line("--" + mixed)
      line("Content-Type: multipart/alternative; boundary=\"\(alt)\"")
      line("")
    }
    line("--" + alt)
    line("Content-Type: text/plain; charset=utf-8")
    line("Content-Transfer-Encoding: quoted-printable")
    line("")
    out += MIMEEncoding.quotedPrintable(text)
    line("--" + alt)
    line("Content-Type: multipart/related; boundary=\"\(rel)\"; type=\"text/html\"")
    line("")
    line("--" + rel)
    line("Content-Type: text/html; charset=utf-8")
    line("Content-Transfer-Encoding: quoted-printable")
    line("")
    out += MIMEEncoding.quotedPrintable(html)
    for image in images {
      line("--" + rel)
      line("Content-Type: image/png; name=\"\(image.name)\"")
      line("Content-Transfer-Encoding: base64")
      line("Content-ID: <\(image.cid)>")
      line("Content-Disposition: inline; filename=\"\(image.name)\"")
      line("")
      out += MIMEEncoding.base64Lines(image.png)
    }
    line("--" + rel + "--")
    line("--" + alt + "--")
    guard !noData else {
      return EmailMessage(
        bytes: out, week: week, messageID: messageID, date: dateText, recipient: to.address,
        imageCount: 0, attachmentName: "")
    }
    line("--" + mixed)
    line("Content-Type: text/html; charset=utf-8; name=\"\(d.attachmentName)\"")
    line("Content-Transfer-Encoding: base64")
    line("Content-Disposition: attachment; filename=\"\(d.attachmentName)\"")
    line("")
    out += MIMEEncoding.base64Lines(fullReport)
    line("--" + mixed + "--")
    return EmailMessage(
      bytes: out, week: week, messageID: messageID, date: dateText, recipient: to.address,
      imageCount: images.count, attachmentName: d.attachmentName)
  }

  /// The charts as PNG with their Content-IDs and file names: transparent, so a mail app in
  /// dark mode shows them on its own background.
  static func charts(_ d: WeeklyDigest, week: String) throws
    -> [(cid: String, name: String, png: [UInt8], chart: WeeklyDigest.Chart)]
  {
    try d.charts.map { chart in
      let id = "week-" + Markup.slug(chart.metric.presentation.metric.rawValue)
      let png = try SceneRasterizer.png(
        WeekChart.scene(chart, id: id), palette: { WeekChart.palette($0) }, background: nil)
      return ("\(id).\(week)@healthpipe", id + ".png", png, chart)
    }
  }
}
