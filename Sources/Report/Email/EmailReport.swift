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
  /// The recipient's address (for the ledger).
  public var recipient: String
  /// Number of PNG images attached.
  public var imageCount: Int
}

/// Composes the weekly e-mail (RFC 5322 / MIME): `multipart/alternative` with text/plain
/// first, then `multipart/related` holding the HTML and the PNG charts it references by
/// `cid:`. Everything is derived from the model and the settings, so a rerun gives the
/// same bytes: the Date is midnight UTC after the as-of day and the Message-ID comes from
/// the ISO week and the recipient.
public enum EmailReport {
  /// Builds the message.
  public static func compose(_ m: ReportModel, settings: EmailSettings) throws -> EmailMessage {
    let to = try EmailAddress(parsing: settings.to, option: "to")
    let from = try EmailAddress(parsing: settings.from, option: "from")
    let week = m.isoWeek.description
    var crc = CRC32()
    crc.update(Array(to.address.lowercased().utf8))
    let messageID = "<healthpipe.\(week).\(crc.hex)@\(from.domain)>"
    let tag = week.replacingOccurrences(of: "-", with: "")

    // Charts as PNG, each with a Content-ID.
    let scenes = HTMLReport.mainCharts(m)
    var ids: [String: String] = [:]
    var images: [(cid: String, name: String, png: [UInt8])] = []
    for scene in scenes {
      let cid = "\(scene.id).\(week)@healthpipe"
      ids[scene.id] = cid
      images.append((cid, scene.id + ".png", try SceneRasterizer.png(scene)))
    }
    let html = HTMLReport.render(m, charts: .contentIDs(ids))
    let text = PlainTextReport.render(m)

    var subject = "Health summary \(week)"
    if let w = m.hero.wellness { subject += " · wellness \(w) (\(m.hero.status))" }
    let alt = "=_hp_alt_\(tag)"
    let rel = "=_hp_rel_\(tag)"

    var out: [UInt8] = []
    func line(_ s: String) { out += Array(s.utf8) + [0x0D, 0x0A] }
    line("From: " + from.header)
    line("To: " + to.header)
    line("Subject: " + MIMEEncoding.encodedWords(subject))
    line("Date: " + rfc5322Date(m.asOf.adding(days: 1)))
    line("Message-ID: " + messageID)
    line("MIME-Version: 1.0")
    line("Auto-Submitted: auto-generated")
    line("Content-Type: multipart/alternative; boundary=\"\(alt)\"")
    line("")
    line("This is a multi-part message in MIME format.")
    line("")
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
    return EmailMessage(
      bytes: out, week: week, messageID: messageID, recipient: to.address, imageCount: images.count)
  }

  /// `Mon, 07 Jul 2025 00:00:00 +0000` for midnight UTC of a day.
  public static func rfc5322Date(_ day: LocalDay) -> String {
    let (y, mo, d) = day.components
    return
      "\(LocalDay.weekdayNames[day.isoWeekday - 1]), \(LocalDayText.pad2(d)) \(LocalDay.monthNames[mo - 1]) \(y) 00:00:00 +0000"
  }
}
