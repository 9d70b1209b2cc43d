import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Report

/// The weekly e-mail as Python's `email` package reads it, for the fixture (as-of Sun 6 Jul
/// 2025, pinned HRV, resting heart rate and sleep).
@Suite(
  "E-mail message and PNG charts, parsed with Python's email and zlib",
  .enabled(if: Python.available))
struct EmailTests {
  let inputs = Fixtures.inputs(WeeklyDigestTests.fixtureWithScores())
  /// Mon 7 Jul 2025 06:30:00 UTC: 20,276 days after 1970-01-01 × 86,400 s + 6.5 h.
  static let monday0630: Int64 = 20_276 * 86_400 + 6 * 3_600 + 30 * 60
  let settings = EmailSettings(
    to: "José Müller <jose@example.org>", from: "Health Bot <bot@example.com>",
    date: EmailTests.monday0630)

  func options(_ settings: EmailSettings, window: ReportWindow = .month) -> ReportOptions {
    ReportOptions(
      inputDirectory: "unused", format: .email, output: "week.eml", window: window, email: settings)
  }

  func message(_ settings: EmailSettings) throws -> EmailMessage {
    try #require(try ReportStage.render(inputs, options(settings)).message)
  }

  func parse(_ message: EmailMessage, _ dir: TemporaryDirectory) throws -> [String: Any] {
    let path = try Fixtures.write(message.bytes, "week.eml", in: dir)
    return try Python.json(PythonProbe.emailParse, [path, dir.path]) as? [String: Any] ?? [:]
  }

  @Test(
    "mixed: alternative (text/plain, then related HTML + PNGs), then the full report attached")
  func structure() throws {
    let message = try message(settings)
    let dir = TemporaryDirectory()
    let e = try parse(message, dir)
    #expect((e["defects"] as? [String])?.isEmpty == true, "\(e["defects"] ?? "")")
    let tree = try #require(e["tree"] as? [String: Any])
    #expect(tree["type"] as? String == "multipart/mixed")
    let top = tree["parts"] as? [[String: Any]] ?? []
    #expect(top.map { $0["type"] as? String } == ["multipart/alternative", "text/html"])
    let alternatives = top.first?["parts"] as? [[String: Any]] ?? []
    #expect(alternatives.map { $0["type"] as? String } == ["text/plain", "multipart/related"])
    let related = alternatives.last?["parts"] as? [[String: Any]] ?? []
    #expect(related.first?["type"] as? String == "text/html")
    // One PNG per pinned metric: HRV, resting heart rate, sleep.
    let pngs = related.dropFirst().filter { $0["type"] as? String == "image/png" }
    #expect(pngs.count == 3)
    #expect(related.count == 4)
    #expect(message.imageCount == 3)
    #expect(pngs.allSatisfy { $0["disposition"] as? String == "inline" })
    let cids = Set(e["cids"] as? [String] ?? [])
    #expect(cids.count == 3)
    #expect(cids == Set(e["images"] as? [String] ?? []))
    // The attachment: Content-Disposition attachment, named by the as-of date, and byte for
    // byte what the same options render as `--format html`.
    let attachment = try #require((e["attachments"] as? [[String: Any]])?.first)
    #expect(top.last?["disposition"] as? String == "attachment")
    #expect(attachment["filename"] as? String == "health-report-2025-07-06.html")
    #expect(message.attachmentName == "health-report-2025-07-06.html")
    var html = options(settings)
    html.format = .html
    let expected = try ReportStage.render(inputs, html).files[0].bytes
    let saved = try Data(contentsOf: URL(fileURLWithPath: attachment["path"] as? String ?? ""))
    #expect([UInt8](saved) == expected)
    #expect(String(decoding: saved, as: UTF8.self).contains("Last 30 days"))
    #expect(e["bareLF"] as? Bool == false)
    #expect(e["bareCR"] as? Bool == false)
    #expect((e["longest"] as? Int ?? 999) <= 78)
    let page = e["html"] as? String ?? ""
    #expect(!page.contains("<svg"))
    #expect(!page.contains("<script"))
    #expect(page.contains("Your health week"))
    let plain = e["plain"] as? String ?? ""
    #expect(plain.contains("Data through Sun 6 Jul · sleep on 6 of 7 nights"))
    #expect(plain.contains("Active: 3 of 5 days, target missed"))
  }

  @Test("size budget: 2-3 charts, small parts, far below Gmail's 102 KB clipping of HTML")
  func sizeBudget() throws {
    let message = try message(settings)
    let dir = TemporaryDirectory()
    let e = try parse(message, dir)
    func leaves(_ node: [String: Any]) -> [[String: Any]] {
      guard let parts = node["parts"] as? [[String: Any]] else { return [node] }
      return parts.flatMap(leaves)
    }
    let parts = leaves(try #require(e["tree"] as? [String: Any]))
    let inline = parts.filter { $0["disposition"] as? String != "attachment" }
    let sizes = inline.map { ($0["type"] as? String ?? "", $0["size"] as? Int ?? 0) }
    let images = sizes.filter { $0.0 == "image/png" }
    #expect((2...3).contains(images.count))
    #expect(images.allSatisfy { $0.1 <= 40_000 }, "\(images)")
    let plain = sizes.first { $0.0 == "text/plain" }?.1 ?? 0
    let html = sizes.first { $0.0 == "text/html" }?.1 ?? 0
    #expect(plain > 500 && plain <= 4_000, "\(plain)")
    #expect(html > 5_000 && html <= 30_000, "\(html)")
    // Everything but the attachment, encoded, under 150 KB.
    let attachment = (e["attachments"] as? [[String: Any]])?.first?["size"] as? Int ?? 0
    let raw = e["size"] as? Int ?? 0
    #expect(raw - attachment * 4 / 3 < 150_000, "\(raw) bytes, attachment \(attachment)")
  }

  @Test("headers: encoded-words decode, Date is the given instant, Message-ID from the week")
  func headers() throws {
    let message = try message(settings)
    let dir = TemporaryDirectory()
    let e = try parse(message, dir)
    #expect(e["subject"] as? String == "Your health week 30 Jun – 6 Jul: wellness 73 (good)")
    #expect(e["to"] as? String == "José Müller <jose@example.org>")
    #expect(e["from"] as? String == "Health Bot <bot@example.com>")
    #expect(e["date"] as? String == "Mon, 07 Jul 2025 06:30:00 +0000")
    #expect(message.date == "Mon, 07 Jul 2025 06:30:00 +0000")
    #expect(e["mime"] as? String == "1.0")
    let id = e["messageID"] as? String ?? ""
    #expect(id.hasPrefix("<healthpipe.2025-W27.") && id.hasSuffix("@example.com>"))
    // The same instant gives the same bytes; a later run of the same week keeps its
    // Message-ID and only the Date changes.
    #expect(try self.message(settings).bytes == message.bytes)
    var later = settings
    later.date = Self.monday0630 + 86_400 + 3_600
    let rerun = try self.message(later)
    #expect(rerun.messageID == message.messageID)
    #expect(rerun.date == "Tue, 08 Jul 2025 07:30:00 +0000")
    var other = settings
    other.to = "someone@example.org"
    #expect(try self.message(other).messageID != message.messageID)
    #expect(throws: HealthError.self) {
      try self.message(EmailSettings(to: "x@y.org\r\nBcc: evil@z.org", date: 0))
    }
  }

  @Test("PNG charts decode: signature, CRCs, RGBA twice the 340x164 chart, transparent corner")
  func pngs() throws {
    let message = try message(settings)
    let dir = TemporaryDirectory()
    let e = try parse(message, dir)
    let files = e["pngFiles"] as? [String] ?? []
    #expect(files.count == 3)
    let decoded = try Python.json(PythonProbe.pngDecode, files) as? [[String: Any]] ?? []
    #expect(decoded.count == 3)
    // Files in Content-ID order: HRV, resting heart rate, sleep. The fixture has no resting
    // heart rate on the as-of day (day index 149, and 149 % 13 == 6 is a gap), so that
    // chart has no orange as-of dot.
    let fixture = ReportFixture()
    let metrics: [MetricID] = [.hrvLnSDNN, .restingHeartRate, .sleepAsleep]
    for (d, metric) in zip(decoded, metrics) {
      #expect(d["chunks"] as? [String] == ["IHDR", "IDAT", "IEND"])
      #expect(d["width"] as? Int == 680)
      #expect(d["height"] as? Int == 328)
      #expect(d["depth"] as? Int == 8)
      // RGBA: nothing is painted in the top-right corner, so dark mail shows through.
      #expect(d["colorType"] as? Int == 6)
      #expect(d["corner"] as? [Int] == [0, 0, 0, 0])
      // This week's dots and mean line in the mail's blue, the as-of day in orange.
      #expect((d["mailBlue"] as? Int ?? 0) > 500)
      let hasToday = fixture.value(metric, on: ReportFixture.asOf) != nil
      #expect(hasToday == (metric != .restingHeartRate))
      #expect(((d["orange"] as? Int ?? 0) > 50) == hasToday, "\(metric): \(d)")
    }
  }

  @Test("a dot-line PNG is 800x440 with the series in Okabe-Ito blue and the latest in orange")
  func rasterColours() throws {
    let model = try ReportModelBuilder.build(inputs, asOf: nil, window: 30)
    let series = model.series.first { $0.presentation.metric == .steps }!
    let png = try SceneRasterizer.png(DotLineChart.scene(series, id: "chart-steps"))
    // On the default white background: colour type 6 with every pixel opaque.
    let dir = TemporaryDirectory()
    let path = try Fixtures.write(png, "steps.png", in: dir)
    let d = (try Python.json(PythonProbe.pngDecode, [path]) as? [[String: Any]])?.first ?? [:]
    // The chart is 400 x 220 units (phone-first charts), drawn at 2 pixels per unit.
    #expect(d["width"] as? Int == 800)
    #expect(d["height"] as? Int == 440)
    #expect((d["blue"] as? Int ?? 0) > 200)
    #expect((d["orange"] as? Int ?? 0) > 20)
  }

  @Test("quoted-printable and base64 lines are at most 76 characters and decode back")
  func encodings() throws {
    let text = String(repeating: "Grüße = 7½ h · ", count: 20) + "\n.dot\nFrom here\ntrailing  \n"
    let qp = MIMEEncoding.quotedPrintable(text)
    let lines = String(decoding: qp, as: UTF8.self).components(separatedBy: "\r\n")
    #expect(lines.allSatisfy { $0.count <= 76 })
    let dir = TemporaryDirectory()
    let path = try Fixtures.write(qp, "qp.txt", in: dir)
    let script =
      "import json,sys,quopri; print(json.dumps(quopri.decodestring(open(sys.argv[1],'rb').read()).decode('utf-8')))"
    let decoded = try Python.json(script, [path]) as? String
    #expect(decoded == text.replacingOccurrences(of: "\n", with: "\r\n"))
    let b64 = MIMEEncoding.base64Lines(Array(0...255) + Array(0...100))
    let b64Lines = String(decoding: b64, as: UTF8.self).components(separatedBy: "\r\n").dropLast()
    #expect(b64Lines.allSatisfy { $0.count <= 76 })
    // RFC 4648 test vectors.
    #expect(String(decoding: MIMEEncoding.base64(Array("foob".utf8)), as: UTF8.self) == "Zm9vYg==")
    #expect(String(decoding: MIMEEncoding.base64(Array("fooba".utf8)), as: UTF8.self) == "Zm9vYmE=")
    #expect(
      String(decoding: MIMEEncoding.base64(Array("foobar".utf8)), as: UTF8.self) == "Zm9vYmFy")
  }
}
