import Foundation
import TestSupport
import Testing

/// The weekly e-mail from the built binary: its `Date:` (the time it is made, fixed by
/// SOURCE_DATE_EPOCH) and the committed example `Reports/sample/weekly.eml` read back with
/// Python's `email` package.
@Suite("Weekly e-mail end to end")
struct WeeklyEmailEndToEndTests {
  static func header(_ name: String, in path: String) throws -> String? {
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
    return head.components(separatedBy: "\r\n").first { $0.hasPrefix(name + ": ") }.map {
      String($0.dropFirst(name.count + 2))
    }
  }

  @Test("Date: SOURCE_DATE_EPOCH when set, else the clock; a malformed value exits 64")
  func date() throws {
    let dir = TemporaryDirectory("weekly-date")
    try ReportEndToEndTests.writeAggregate(dir.path)
    func args(_ out: String) -> [String] {
      ["report", dir.path, "--format", "email", "--out", dir.file(out), "--to", "me@example.org"]
    }
    // 2026-11-16 is day 20,773 after 1970-01-01: × 86,400 s + 7 h = 1,794,812,400.
    let fixed = try Healthpipe.run(args("w.eml"), environment: ["SOURCE_DATE_EPOCH": "1794812400"])
    #expect(fixed.code == 0, "\(fixed.stderr)")
    #expect(try Self.header("Date", in: dir.file("w.eml")) == "Mon, 16 Nov 2026 07:00:00 +0000")
    let manifest = try String(contentsOfFile: dir.file("w.eml.manifest.json"), encoding: .utf8)
    #expect(manifest.contains("Mon, 16 Nov 2026 07:00:00 +0000"))
    let id = try Self.header("Message-ID", in: dir.file("w.eml"))
    #expect(id?.hasPrefix("<healthpipe.2025-W27.") == true)

    let bad = try Healthpipe.run(
      args("bad.eml"), environment: ["SOURCE_DATE_EPOCH": "yesterday"])
    #expect(bad.code == 64)
    #expect(bad.stderr.contains("SOURCE_DATE_EPOCH"))
    #expect(!FileManager.default.fileExists(atPath: dir.file("bad.eml")))

    // Without it (unless the test run itself fixes the clock), the instant of the run:
    // between the clock read before and after.
    guard ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] == nil else { return }
    let before = Int64(Date().timeIntervalSince1970.rounded(.down))
    let now = try Healthpipe.run(args("w.eml"))
    let after = Int64(Date().timeIntervalSince1970.rounded(.up))
    #expect(now.code == 0)
    let date = try #require(try Self.header("Date", in: dir.file("w.eml")))
    let instants = (before...after).map { MessageDateText.rfc5322($0) }
    #expect(instants.contains(date), "\(date) is not between \(before) and \(after)")
    #expect(try Self.header("Message-ID", in: dir.file("w.eml")) == id)
  }

  @Test(
    "Reports/sample/weekly.eml parses: the digest, three charts and the 30-day report attached",
    .enabled(if: Python.path != nil, "needs python3"))
  func sample() throws {
    let root = Healthpipe.repositoryRoot.appendingPathComponent("Reports/sample").path
    let facts = try Python.object(
      """
      import json, sys, email
      from email import policy
      msg = email.message_from_bytes(open(sys.argv[1], "rb").read(), policy=policy.default)
      def tree(p):
          return [p.get_content_type(), [tree(q) for q in p.iter_parts()]] if p.is_multipart() else p.get_content_type()
      plain = [p for p in msg.walk() if p.get_content_type() == "text/plain"][0].get_content()
      att = [p for p in msg.walk() if p.get_content_disposition() == "attachment"][0]
      print(json.dumps({"tree": tree(msg), "date": str(msg["Date"]), "subject": str(msg["Subject"]),
          "plain": plain, "attachment": att.get_filename(),
          "same": att.get_payload(decode=True) == open(sys.argv[2], "rb").read(),
          "defects": [str(d) for p in msg.walk() for d in p.defects]}))
      """, [root + "/weekly.eml", root + "/nightly.html"])
    #expect((facts["defects"] as? [String])?.isEmpty == true)
    let tree = try JSONSerialization.data(withJSONObject: facts["tree"] ?? [])
    #expect(
      String(decoding: tree, as: UTF8.self)
        == #"["multipart\/mixed",[["multipart\/alternative",["text\/plain",["multipart\/related",["text\/html","image\/png","image\/png","image\/png"]]]],"text\/html"]]"#
    )
    // scripts/update-reports.sh fixes the clock at Mon 16 Nov 2026 07:00 UTC.
    #expect(facts["date"] as? String == "Mon, 16 Nov 2026 07:00:00 +0000")
    #expect((facts["subject"] as? String ?? "").hasPrefix("Your health week 9–15 Nov: wellness "))
    #expect(facts["attachment"] as? String == "health-report-2026-11-15.html")
    // The attached report is the committed 30-day nightly.html, byte for byte.
    #expect(facts["same"] as? Bool == true)
    let plain = facts["plain"] as? String ?? ""
    let lines = plain.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 72 })
    #expect(!plain.contains("1 days") && !plain.contains("1 nights"))
  }
}

/// The RFC 5322 date text, computed here independently of the report code.
enum MessageDateText {
  static func rfc5322(_ t: Int64) -> String {
    let date = Date(timeIntervalSince1970: Double(t))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let c = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    func two(_ v: Int?) -> String { v.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "??" }
    return
      "\(weekdays[c.weekday! - 1]), \(two(c.day)) \(months[c.month! - 1]) \(c.year!) \(two(c.hour)):\(two(c.minute)):\(two(c.second)) +0000"
  }
}
