import Foundation
import HealthSystem

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

    let boundaries = MIMEBoundaries(tag: tag)
    var out = MIMEBuilder()
    out.headers(
      from: from, to: to, subject: DigestWords.subject(d), date: dateText, messageID: messageID,
      noData: noData, boundaries: boundaries)
    out.digest(text: text, html: html, images: images, boundaries: boundaries)
    guard !noData else {
      return EmailMessage(
        bytes: out.bytes, week: week, messageID: messageID, date: dateText,
        recipient: to.address, imageCount: 0, attachmentName: "")
    }
    out.attachment(fullReport, name: d.attachmentName, boundaries: boundaries)
    return EmailMessage(
      bytes: out.bytes, week: week, messageID: messageID, date: dateText, recipient: to.address,
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
