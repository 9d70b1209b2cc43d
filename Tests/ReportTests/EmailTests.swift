import Foundation
import HealthCore
import Testing

@testable import Report

@Suite(
  "E-mail message and PNG charts, parsed with Python's email and zlib",
  .enabled(if: PythonProbe.available))
struct EmailTests {
  let model = try! ReportModelBuilder.build(Fixtures.inputs(ReportFixture()), asOf: nil, window: 30)
  let settings = EmailSettings(
    to: "José Müller <jose@example.org>", from: "Health Bot <bot@example.com>")

  func parse(_ message: EmailMessage, _ dir: TemporaryDirectory) throws -> [String: Any] {
    let path = try Fixtures.write(message.bytes, "week.eml", in: dir)
    return try PythonProbe.run(PythonProbe.emailParse, [path, dir.path]) as? [String: Any] ?? [:]
  }

  @Test("multipart/alternative: text/plain first, then related HTML + PNGs; every cid resolves")
  func structure() throws {
    let message = try EmailReport.compose(model, settings: settings)
    let dir = TemporaryDirectory()
    let e = try parse(message, dir)
    #expect((e["defects"] as? [String])?.isEmpty == true, "\(e["defects"] ?? "")")
    let tree = try #require(e["tree"] as? [String: Any])
    #expect(tree["type"] as? String == "multipart/alternative")
    let parts = tree["parts"] as? [[String: Any]] ?? []
    #expect(parts.map { $0["type"] as? String } == ["text/plain", "multipart/related"])
    let related = parts.last?["parts"] as? [[String: Any]] ?? []
    #expect(related.first?["type"] as? String == "text/html")
    // 8 key metrics with data + the sleep stage chart.
    let pngs = related.dropFirst().filter { $0["type"] as? String == "image/png" }
    #expect(pngs.count == 9)
    #expect(message.imageCount == 9)
    let cids = Set(e["cids"] as? [String] ?? [])
    #expect(cids.count == 9)
    #expect(cids == Set(e["images"] as? [String] ?? []))
    #expect(e["bareLF"] as? Bool == false)
    #expect(e["bareCR"] as? Bool == false)
    #expect((e["longest"] as? Int ?? 999) <= 78)
    let html = e["html"] as? String ?? ""
    #expect(!html.contains("<svg"))
    #expect(!html.contains("<script"))
    let plain = e["plain"] as? String ?? ""
    #expect(plain.contains("Data through Sun 6 Jul · 6 of 7 nights"))
    #expect(plain.contains("Weekly goal: 3/5 active days"))
  }

  @Test("headers: encoded-words decode, Date from as-of, Message-ID from week and recipient")
  func headers() throws {
    let message = try EmailReport.compose(model, settings: settings)
    let dir = TemporaryDirectory()
    let e = try parse(message, dir)
    #expect(e["subject"] as? String == "Health summary 2025-W27 · wellness 74 (good)")
    #expect(e["to"] as? String == "José Müller <jose@example.org>")
    #expect(e["from"] as? String == "Health Bot <bot@example.com>")
    // As-of Sun 6 Jul 2025 → midnight UTC that ends it.
    #expect(e["date"] as? String == "Mon, 07 Jul 2025 00:00:00 +0000")
    #expect(e["mime"] as? String == "1.0")
    let id = e["messageID"] as? String ?? ""
    #expect(id.hasPrefix("<healthpipe.2025-W27.") && id.hasSuffix("@example.com>"))
    let again = try EmailReport.compose(model, settings: settings)
    #expect(again.bytes == message.bytes)
    var other = settings
    other.to = "someone@example.org"
    #expect(try EmailReport.compose(model, settings: other).messageID != message.messageID)
    #expect(throws: HealthError.self) {
      try EmailReport.compose(model, settings: EmailSettings(to: "x@y.org\r\nBcc: evil@z.org"))
    }
  }

  @Test("PNG charts decode: signature, CRCs, IHDR 2x the chart, IDAT inflates to every row")
  func pngs() throws {
    let message = try EmailReport.compose(model, settings: settings)
    let dir = TemporaryDirectory()
    let e = try parse(message, dir)
    let files = e["pngFiles"] as? [String] ?? []
    #expect(files.count == 9)
    let decoded =
      try PythonProbe.run(PythonProbe.pngDecode, Array(files.prefix(2))) as? [[String: Any]] ?? []
    for d in decoded {
      #expect(d["chunks"] as? [String] == ["IHDR", "IDAT", "IEND"])
      #expect(d["depth"] as? Int == 8)
      #expect(d["colorType"] as? Int == 2)
      #expect(d["corner"] as? [Int] == [255, 255, 255])
    }
  }

  @Test("a dot-line PNG is 800x440 with the series in Okabe-Ito blue and the latest in orange")
  func rasterColours() throws {
    let series = model.series.first { $0.presentation.metric == .steps }!
    let png = try SceneRasterizer.png(DotLineChart.scene(series, id: "chart-steps"))
    let dir = TemporaryDirectory()
    let path = try Fixtures.write(png, "steps.png", in: dir)
    let d = (try PythonProbe.run(PythonProbe.pngDecode, [path]) as? [[String: Any]])?.first ?? [:]
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
    let decoded = try PythonProbe.run(script, [path]) as? String
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
