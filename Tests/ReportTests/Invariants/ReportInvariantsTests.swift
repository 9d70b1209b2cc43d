import Foundation
import HealthModel
import TestSupport
import Testing

/// The invariant check itself (`ReportInvariants`, run on every generated report by
/// `TrustInvariantsEndToEndTests`): each rule fires on a small page that breaks it, written
/// by hand after the contradictions issue 24 found, and stays quiet on the same page put
/// right. A check that cannot fail would prove nothing about the reports it passes.
@Suite("Invariant check of rendered reports")
struct ReportInvariantsTests {
  static let asOf = LocalDay(year: 2026, month: 11, day: 15)!

  static func problems(_ body: String, asOf: LocalDay = asOf) -> [String] {
    ReportInvariants.check(RenderedText(html: "<html><body>\(body)</body></html>"), asOf: asOf)
  }

  static func sleepTable(_ asleep: String) -> String {
    "<table><tr><th>Night</th><th>Bedtime</th><th>Wake</th><th>Asleep</th></tr>"
      + "<tr><td>Sun 15 Nov</td><td>00:10</td><td>06:00</td><td>\(asleep)</td></tr></table>"
  }

  static func parts(sleep: String) -> String {
    "<ul class=\"parts\"><li><span class=\"name\">Sleep</span><span class=\"value\">"
      + sleep.split(separator: " ")[0]
      + "</span><span class=\"note\"> \(sleep.split(separator: " ")[1])</span></li></ul>"
  }

  @Test("excellent sleep below the sleep goal, and better than fair under 6 h")
  func sleepStatus() {
    let bad = Self.problems(Self.parts(sleep: "85 excellent") + Self.sleepTable("5h 49m"))
    #expect(bad.contains { $0.contains("excellent for a night of 349 min") })
    #expect(bad.contains { $0.contains("(under 6 h)") })
    #expect(Self.problems(Self.parts(sleep: "85 excellent") + Self.sleepTable("7h 22m")).isEmpty)
    // A status word that is not the score's band.
    #expect(!Self.problems(Self.parts(sleep: "85 good")).isEmpty)
    // The coaching line asks for more sleep under a good sleep score.
    let coached = Self.problems(
      Self.parts(sleep: "72 good") + "<p>Aim for at least 7 hours of sleep tonight.</p>")
    #expect(coached.contains { $0.contains("coaching asks for more sleep") })
  }

  @Test("the banner's days, the headline's last day and the coaching line's days agree")
  func stale() {
    let asOf = LocalDay(year: 2024, month: 1, day: 21)!
    let banner = "<p>No new data since Mon 1 Jan (20 days): export again.</p>"
    #expect(Self.problems(banner, asOf: asOf).isEmpty)
    #expect(
      !Self.problems("<p>No new data since Mon 1 Jan (19 days): export.</p>", asOf: asOf).isEmpty)
    let coaching = "<p>No new data for a few days: sync your watch.</p>"
    #expect(
      Self.problems(banner + coaching, asOf: asOf).contains { $0.contains("coaching line says") })
    #expect(
      Self.problems(banner + "<p>No new data for 20 days: sync.</p>", asOf: asOf).isEmpty)
    #expect(
      !Self.problems(
        "<p>As of Sun 21 Jan · data through Tue 2 Jan · 0 of 7 nights</p>" + banner, asOf: asOf
      ).isEmpty)
  }

  @Test("a current streak never exceeds the longest, nor differs from a longest ending today")
  func streaks() {
    #expect(!Self.problems("<p>Current streak: 5 days · longest: 4 days</p>").isEmpty)
    let sameRun = Self.problems(
      "<p>Current streak: 90 days · longest: 400 days (to Sun 15 Nov)</p>")
    #expect(sameRun.contains { $0.contains("not the current streak") })
    #expect(
      Self.problems("<p>Current streak: 4 days · longest: 22 days (to Sun 3 May)</p>").isEmpty)
  }

  /// A calendar of the active goal for the as-of week: Mon–Thu met, Fri kept by a rest day,
  /// Sat missed, Sun met.
  static let calendar: String = {
    let states = [
      "goal met", "goal met", "goal met", "goal met", "kept by a rest day", "missed", "goal met",
    ]
    var svg =
      "<svg class=\"hp-chart\" aria-labelledby=\"strip-active-daily-title strip-active-daily-desc\">"
    svg += "<title id=\"strip-active-daily-title\">Active</title>"
    for (i, s) in states.enumerated() {
      let day = LocalDay(year: 2026, month: 11, day: 9 + i)!
      svg += "<rect class=\"strip-goal\" x=\"0\"><title>\(day.shortLabel): \(s)</title></rect>"
    }
    return svg + "</svg>"
  }()

  @Test("the streak and the week's goal days agree with the goal calendar")
  func calendar() {
    let page = { (current: Int, week: Int) in
      "<h3>Active — daily streak</h3><p>Current streak: \(current) days · longest: 9 days</p>"
        + Self.calendar
        + "<p class=\"goal\"><strong>\(week) of 5 active days this week</strong></p>"
    }
    // The run ending today: Sun, then Sat missed → 1 goal day.
    #expect(Self.problems(page(1, 5)).isEmpty)
    #expect(Self.problems(page(5, 5)).contains { $0.contains("calendar shows a run of 1") })
    #expect(Self.problems(page(1, 4)).contains { $0.contains("shows 5 goal days this week") })
  }

  static func trends(summary: String, rows: [(String, String, String)], caption: String = "")
    -> String
  {
    var t = "<h2>Trends, last 30 days</h2><h3>Sleep</h3><p class=\"summary\">\(summary)</p>"
    t += "<p>\(caption)</p><table><tr><th>Date</th><th>Value</th><th>7-day avg</th></tr>"
    for r in rows { t += "<tr><td>\(r.0)</td><td>\(r.1)</td><td>\(r.2)</td></tr>" }
    return t + "</table>"
  }

  @Test("a 7-day average needs 4 days with data, is their mean, and never follows the last day")
  func averages() {
    let days = ["Sun 15 Nov", "Sat 14 Nov", "Fri 13 Nov", "Thu 12 Nov", "Wed 11 Nov"]
    let full = Self.trends(
      summary: "7-day average 7h 00m · 4 of 7 nights with data",
      rows: [
        (days[0], "7h 10m", "7h 00m"), (days[1], "6h 50m", "—"), (days[2], "7h 00m", "—"),
        (days[3], "7h 00m", "—"),
      ])
    #expect(Self.problems(full).isEmpty)
    // The issue's stale week: an average with no data behind it.
    let empty = Self.trends(
      summary: "7-day average 4h 09m · 0 of 30 nights with data",
      rows: [(days[0], "—", "4h 09m"), (days[4], "6h 00m", "—")])
    let p = Self.problems(empty)
    #expect(p.contains { $0.contains("after the last value") })
    #expect(p.contains { $0.contains("not the average of the last day") })
    // A mean the days do not give.
    let wrong = Self.trends(
      summary: "7-day average 8h 00m",
      rows: [
        (days[0], "7h 10m", "8h 00m"), (days[1], "6h 50m", "—"), (days[2], "7h 00m", "—"),
        (days[3], "7h 00m", "—"),
      ])
    #expect(Self.problems(wrong).contains { $0.contains("average") })
  }

  @Test("below and above only beyond the minimum change; changes under it are words")
  func minimumChange() {
    let caption =
      "<p>The shaded band is your usual range for the 7-day average, from your last 60 days (now 96.1–96.9 %); the dashed line is your 60-day average. The 7-day average, 96.0 %, is below it.</p>"
    #expect(!Self.problems(caption).isEmpty)
    #expect(
      Self.problems(caption.replacingOccurrences(of: "is below it", with: "is inside it")).isEmpty)
    let week = { (change: String) in
      "<table><tr><th>Metric</th><th>This week</th><th>Last week</th><th>Change</th></tr>"
        + "<tr><td>Blood oxygen</td><td>95.4 %</td><td>95.5 %</td><td>\(change)</td></tr></table>"
    }
    #expect(!Self.problems(week("-0.1 %")).isEmpty)
    #expect(Self.problems(week("about the same")).isEmpty)
    #expect(!Self.problems("<dl><dt>vs yesterday</dt><dd>+0 bpm</dd></dl>").isEmpty)
    let trend =
      "<li>Blood oxygen has been lower over the last 12 weeks: 95.4 vs 95.5 % in the 40 weeks before.</li>"
    #expect(!Self.problems(trend).isEmpty)
  }

  @Test("dates outside the report's year carry it; words are plain")
  func wordsAndDates() {
    // Tue 16 Dec is 2025 from a report of 2026.
    #expect(!Self.problems("<p>longest: 19 days (to Tue 16 Dec)</p>").isEmpty)
    #expect(Self.problems("<p>longest: 19 days (to Tue 16 Dec 2025)</p>").isEmpty)
    #expect(!Self.problems("<p>Last 30 days · ISO week 2026-W46</p>").isEmpty)
    #expect(!Self.problems("<p>Condition calibrating 4/7</p>").isEmpty)
    #expect(!Self.problems("<h3>HRV (SDNN)</h3>").isEmpty)
    let reasons = { (r: String) in
      "<table><tr><th>Reason</th><th>Records</th></tr><tr><td>\(r)</td><td>7</td></tr></table>"
    }
    #expect(!Self.problems(reasons("future-date")).isEmpty)
    #expect(Self.problems(reasons("Dated after the export was made")).isEmpty)
    #expect(!Self.problems("<ol><li>Sam’s Apple Watch|Sam’s iPhone</li></ol>").isEmpty)
  }

  @Test("a line drawn past the last dot")
  func drawnLine() {
    let svg = { (end: Int) in
      "<svg class=\"hp-chart\" aria-labelledby=\"chart-steps-title chart-steps-desc\"><circle class=\"dot\" cx=\"100\" cy=\"5\" r=\"3\"/><polyline class=\"line\" points=\"50,5 \(end),5\"/></svg>"
    }
    #expect(Self.problems(svg(100)).isEmpty)
    #expect(!Self.problems(svg(150)).isEmpty)
  }

  static func mail(subject: String, text: String, html: String = "<p>x</p>") -> MailMessage {
    let eml =
      "Subject: \(subject)\nContent-Type: multipart/alternative; boundary=\"b\"\n\n--b\n"
      + "Content-Type: text/plain; charset=utf-8\n\n\(text)\n--b\nContent-Type: text/html\n\n\(html)\n--b--\n"
    return MailMessage(Array(eml.utf8))
  }

  @Test("the weekly e-mail: no today, days left, target missed, the no-data message")
  func email() {
    let asOf = Self.asOf
    let ok = Self.mail(
      subject: "Your health week 9–15 Nov",
      text:
        "Week 46 · 9–15 Nov 2026 (5 days so far)\nActive: 3 of 5 days; 2 more in the 2 days left")
    #expect(ReportInvariants.checkEmail(ok, asOf: asOf).isEmpty)
    let left = Self.mail(
      subject: "x", text: "Week 46 (6 days so far)\nActive: 0 of 5 days; 5 more in the 5 days left")
    #expect(!ReportInvariants.checkEmail(left, asOf: asOf).isEmpty)
    let today = Self.mail(subject: "x", text: "Condition: no HRV reading today")
    #expect(!ReportInvariants.checkEmail(today, asOf: asOf).isEmpty)
    let first = Self.mail(
      subject: "x",
      text: "Getting to know you: 5 days of data so far.\nActive: 4 of 5 days, target missed")
    #expect(!ReportInvariants.checkEmail(first, asOf: asOf).isEmpty)
    let best = Self.mail(subject: "x", text: "No weekly streak right now (best 0 weeks in a row)")
    #expect(!ReportInvariants.checkEmail(best, asOf: asOf).isEmpty)
    let line = "No data since Mon 1 Jan — export again or check the automation"
    let stale = Self.mail(
      subject: line, text: "\(line).\nThe last day with data is Mon 1 Jan 2024.\nIt returns.",
      html: "<p>\(line).</p><p>The last day with data is Mon 1 Jan 2024.</p><p>It returns.</p>")
    #expect(
      ReportInvariants.checkEmail(stale, asOf: LocalDay(year: 2024, month: 1, day: 21)!).isEmpty)
    let ordinary = Self.mail(
      subject: "Your health week 15–21 Jan", text: stale.text, html: stale.html)
    #expect(
      !ReportInvariants.checkEmail(ordinary, asOf: LocalDay(year: 2024, month: 1, day: 21)!).isEmpty
    )
  }
}
