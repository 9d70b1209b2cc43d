import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Report

/// The two parts of the weekly e-mail, read as a mail client would: the HTML parsed with
/// `html.parser` for what clients drop (CSS variables, grid, flex, layout in `<style>`),
/// the text part for line length, alignment and plurals.
@Suite("Weekly e-mail parts: inline-styled tables and an aligned text digest")
struct DigestPartsTests {
  static func digest(
    _ f: ReportFixture = WeeklyDigestTests.fixtureWithScores(), asOf: LocalDay? = nil
  )
    throws -> WeeklyDigest
  {
    try WeeklyDigestBuilder.build(
      Fixtures.inputs(f), asOf: asOf ?? ReportFixture.asOf, attachmentWindow: 30)
  }

  static func html(_ d: WeeklyDigest) -> String {
    DigestHTML.render(d, images: d.charts.enumerated().map { ("c\($0.offset)@test", $0.element) })
  }

  struct Tag {
    var name: String
    var attrs: [String: String]
  }

  static func parse(_ html: String) throws -> (tags: [Tag], styles: [String], text: String) {
    let dir = TemporaryDirectory()
    let path = try Fixtures.write(html, "digest.html", in: dir)
    let json = try Python.json(MailProbe.htmlTags, [path]) as? [String: Any] ?? [:]
    let tags = (json["tags"] as? [[String: Any]] ?? []).map {
      Tag(name: $0["tag"] as? String ?? "", attrs: $0["attrs"] as? [String: String] ?? [:])
    }
    return (tags, json["styles"] as? [String] ?? [], json["text"] as? String ?? "")
  }

  @Test(
    "no CSS variables, grid or flex; every layout table presentational with inline styles",
    .enabled(if: Python.available))
  func inlineTables() throws {
    let html = Self.html(try Self.digest())
    let (tags, styles, _) = try Self.parse(html)
    for banned in ["var(", "grid", "flex", "position:", "float:", "calc("] {
      #expect(!html.contains(banned), "the HTML part uses \(banned)")
    }
    let tables = tags.filter { $0.name == "table" }
    #expect(tables.count >= 10)
    for t in tables {
      #expect(t.attrs["role"] == "presentation")
      #expect(t.attrs["cellpadding"] == "0" && t.attrs["cellspacing"] == "0")
      #expect(t.attrs["border"] == "0")
      #expect(t.attrs["width"] != nil)
      let style = t.attrs["style"] ?? ""
      #expect(style.contains("width:") && style.contains("border-collapse:"), "\(style)")
    }
    // Every element that lays out or shows text carries its own style.
    for t in tags
    where ["td", "th", "p", "h1", "h2", "span", "img", "div", "body"].contains(t.name) {
      #expect(!(t.attrs["style"] ?? "").isEmpty, "<\(t.name)> without an inline style")
    }
    // Classes only name the narrow-screen refinements, and the one <style> block holds
    // nothing but that media query.
    let classes = Set(tags.compactMap { $0.attrs["class"] })
    #expect(classes.isSubset(of: ["hp-pad", "hp-big"]), "\(classes)")
    #expect(styles.count == 1)
    #expect(styles.first?.hasPrefix("@media only screen and (max-width:480px){") == true)
    #expect(styles.first?.hasSuffix("}}") == true)
  }

  @Test(
    "images: cid sources with width, height and an alternative text that has the numbers",
    .enabled(if: Python.available))
  func images() throws {
    let d = try Self.digest()
    let (tags, _, _) = try Self.parse(Self.html(d))
    let imgs = tags.filter { $0.name == "img" }
    #expect(imgs.map { $0.attrs["src"] } == ["cid:c0@test", "cid:c1@test", "cid:c2@test"])
    for img in imgs {
      // 340 × 164 units: at most 340 CSS px wide, so 14-unit text is ≥ 13 px on a phone.
      #expect(img.attrs["width"] == "340")
      #expect(img.attrs["height"] == "164")
      #expect((img.attrs["style"] ?? "").contains("max-width:340px"))
      #expect((img.attrs["style"] ?? "").contains("height:auto"))
    }
    // RHR: the weekly means of the fixture, rounded as the table shows them.
    let rhr = d.pinned[1]
    let alt = imgs[1].attrs["alt"] ?? ""
    #expect(
      alt
        == "Resting heart rate, daily: last week average \(rhr.presentation.formatWithUnit(rhr.lastWeek!)), this week \(rhr.presentation.formatWithUnit(rhr.thisWeek!))."
    )
  }

  @Test("both parts carry the same facts", .enabled(if: Python.available))
  func sameFacts() throws {
    let d = try Self.digest()
    let (_, _, html) = try Self.parse(Self.html(d))
    let text = PlainTextReport.render(d)
    let facts =
      [
        "Week 27 · 30 Jun – 6 Jul 2025", "Data through Sun 6 Jul · sleep on 6 of 7 nights",
        "73", "53", "+20", "Keep your bedtime steady <tonight> & aim for 7½ h.",
        "needs 2 weigh-ins a week", "3 of 5 days, target missed",
        "Streak: 12 days in a row, next milestone 14 days; longest 19 days",
        "4 weeks in a row at 3 days a week (longest 6 weeks)",
        "3 workouts · 1h 49m · 840 kcal · 10.4 km",
        "Running 2, Traditional strength training 1", "Last week: 4 workouts · 2h 30m",
        "health-report-2025-07-06.html",
      ]
      + d.pinned.flatMap { m in
        [m.presentation.name, DigestWords.value(m, m.thisWeek), DigestWords.value(m, m.lastWeek)]
      }
    for fact in facts {
      #expect(html.contains(fact), "HTML part lacks '\(fact)'")
      #expect(
        text.replacingOccurrences(of: "\n    ", with: " ").replacingOccurrences(
          of: "\n  ", with: " "
        ).replacingOccurrences(of: "\n", with: " ").contains(fact), "text part lacks '\(fact)'")
    }
  }

  @Test("text part: lines of at most 72 characters, columns aligned")
  func textLayout() throws {
    let text = PlainTextReport.render(try Self.digest())
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines.allSatisfy { $0.count <= PlainTextReport.lineLimit },
      "\(lines.max { $0.count < $1.count } ?? "")")
    #expect(lines.allSatisfy { $0 == "-- " || !$0.hasSuffix(" ") })
    #expect(lines.contains("-- "))
    // The scores table: every row's change column ends at the same column.
    let header = try #require(lines.firstIndex { $0.hasPrefix("SCORES") })
    let rows = lines[(header + 1)...(header + 5)]
    let ends = Set(rows.map(\.count))
    #expect(ends.count == 1, "\(Array(rows))")
    #expect(
      rows.dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" } == [
        "Wellness", "Condition", "Sleep", "Body",
      ])
    // Pinned: the value columns are right-aligned (each "This week" value ends at one column).
    let pinned = try #require(lines.firstIndex { $0.hasPrefix("PINNED") })
    let thisWeekEnds = Set(
      lines[(pinned + 1)...(pinned + 4)].map { line in
        line.range(of: "This week").map { line.distance(from: line.startIndex, to: $0.upperBound) }
          ?? 0
      }.filter { $0 > 0 })
    #expect(thisWeekEnds.count == 1)
    for m in try Self.digest().pinned {
      let row = try #require(lines[pinned...].first { $0.hasPrefix("  " + m.presentation.name) })
      let value = DigestWords.value(m, m.thisWeek)
      let end = row.range(of: value).map { row.distance(from: row.startIndex, to: $0.upperBound) }
      #expect(end == thisWeekEnds.first, "\(row)")
    }
  }

  @Test("text wrapping keeps words whole and cuts only words longer than a line")
  func wrapping() {
    let words = PlainTextReport.wrap(
      String(repeating: "steady ", count: 20) + String(repeating: "x", count: 80), indent: "  ")
    #expect(words.allSatisfy { $0.count <= 72 && $0.hasPrefix("  ") })
    #expect(words[0] == "  " + Array(repeating: "steady", count: 10).joined(separator: " "))
    #expect(words.last == "  " + String(repeating: "x", count: 10))
  }

  @Test(
    "plurals in both parts: no '1 days', '1 nights', '1 weeks' or '2 day' anywhere",
    .enabled(if: Python.available))
  func plurals() throws {
    // Singular counts everywhere: a Monday as-of (1 day so far, no sleep that night in the
    // fixture: 0 of 1 night; HRV on 1 of 1 day), streaks of one day and one week, one workout.
    var f = WeeklyDigestTests.fixtureWithScores()
    f.streaks[0].current = 1
    f.streaks[0].nextMilestone = 3
    f.streaks[0].freezeAvailable = true
    f.streaks[1].current = 1
    f.streaks[1].target = 1
    f.streaks[1].longest = 1
    let monday = LocalDay(year: 2025, month: 6, day: 30)!
    for i in f.weekly.indices
    where f.weekly[i].metric == .workoutCount && f.weekly[i].category.isEmpty {
      f.weekly[i].value = 1
      f.weekly[i].previousValue = 1
    }
    let d = try Self.digest(f, asOf: monday)
    let text = PlainTextReport.render(d)
    let (_, _, html) = try Self.parse(Self.html(d))
    let wrong = try Regex(
      #"(^|[^\d.,])1 (days|nights|weeks|workouts)\b|(^|[^\d.,])([02-9]|[1-9]\d+) (day|night|week|workout)(?![s\w])"#
    )
    for (name, part) in [("text", text), ("HTML", html)] {
      let flat = part.replacingOccurrences(of: "\n", with: " ")
      let hits = flat.matches(of: wrong).map { String(flat[$0.range]) }
      #expect(hits.isEmpty, "\(name) part: \(hits)")
    }
    for phrase in [
      "(1 day so far)", "sleep on 0 of 1 night", "Streak: 1 day in a row",
      "1 rest day in hand",
      "1 week in a row at 1 day a week (longest 1 week)", "1 workout ·", "Last week: 1 workout",
    ] {
      #expect(
        text.replacingOccurrences(of: "\n    ", with: " ").contains(phrase), "text: \(phrase)")
      #expect(html.contains(phrase), "HTML: \(phrase)")
    }
    // Coverage: "1 of 1 day" in the HTML table, "1/1 day" in the text part's narrow column.
    #expect(html.contains("1 of 1 day"))
    #expect(text.contains("1/1 day"))
  }
}
