/// The three MIME boundaries of the weekly e-mail, made from its ISO week.
struct MIMEBoundaries {
  /// `multipart/mixed`: the digest beside the attached report.
  var mixed: String
  /// `multipart/alternative`: the digest as text and as HTML.
  var alt: String
  /// `multipart/related`: the HTML digest and its charts.
  var rel: String

  /// The boundaries for the week's `tag` (`2025W27`).
  init(tag: String) {
    mixed = "=_hp_mix_\(tag)"
    alt = "=_hp_alt_\(tag)"
    rel = "=_hp_rel_\(tag)"
  }
}

/// The weekly e-mail's bytes, written part by part in the order of `EmailReport`'s tree,
/// every line ending in CRLF.
struct MIMEBuilder {
  /// The message so far.
  var bytes: [UInt8] = []

  /// Appends one line and its CRLF.
  mutating func line(_ s: String) { bytes += Array(s.utf8) + [0x0D, 0x0A] }

  /// The message headers and the preamble; a week without data is only the alternative.
  mutating func headers(
    from: EmailAddress, to: EmailAddress, subject: String, date: String, messageID: String,
    noData: Bool, boundaries b: MIMEBoundaries
  ) {
    line("From: " + from.header)
    line("To: " + to.header)
    line("Subject: " + MIMEEncoding.encodedWords(subject))
    line("Date: " + date)
    line("Message-ID: " + messageID)
    line("MIME-Version: 1.0")
    line("Auto-Submitted: auto-generated")
    line(
      "Content-Type: multipart/\(noData ? "alternative" : "mixed"); boundary=\"\(noData ? b.alt : b.mixed)\""
    )
    line("")
    line("This is a multi-part message in MIME format.")
    line("")
    if !noData {
      line("--" + b.mixed)
      line("Content-Type: multipart/alternative; boundary=\"\(b.alt)\"")
      line("")
    }
  }

  /// The digest: plain text, then the HTML with its charts in a related part.
  mutating func digest(
    text: String, html: String,
    images: [(cid: String, name: String, png: [UInt8], chart: WeeklyDigest.Chart)],
    boundaries b: MIMEBoundaries
  ) {
    line("--" + b.alt)
    line("Content-Type: text/plain; charset=utf-8")
    line("Content-Transfer-Encoding: quoted-printable")
    line("")
    bytes += MIMEEncoding.quotedPrintable(text)
    line("--" + b.alt)
    line("Content-Type: multipart/related; boundary=\"\(b.rel)\"; type=\"text/html\"")
    line("")
    line("--" + b.rel)
    line("Content-Type: text/html; charset=utf-8")
    line("Content-Transfer-Encoding: quoted-printable")
    line("")
    bytes += MIMEEncoding.quotedPrintable(html)
    for image in images {
      line("--" + b.rel)
      line("Content-Type: image/png; name=\"\(image.name)\"")
      line("Content-Transfer-Encoding: base64")
      line("Content-ID: <\(image.cid)>")
      line("Content-Disposition: inline; filename=\"\(image.name)\"")
      line("")
      bytes += MIMEEncoding.base64Lines(image.png)
    }
    line("--" + b.rel + "--")
    line("--" + b.alt + "--")
  }

  /// The full report attached beside the digest, and the closing boundary.
  mutating func attachment(_ report: [UInt8], name: String, boundaries b: MIMEBoundaries) {
    line("--" + b.mixed)
    line("Content-Type: text/html; charset=utf-8; name=\"\(name)\"")
    line("Content-Transfer-Encoding: base64")
    line("Content-Disposition: attachment; filename=\"\(name)\"")
    line("")
    bytes += MIMEEncoding.base64Lines(report)
    line("--" + b.mixed + "--")
  }
}
