import Foundation
import HealthModel

/// Averages, positions against the usual range, changes, the first weeks, words and dates.
extension ReportInvariants {
  /// The key metrics' names as the report writes them.
  static let metrics = [
    "HRV (SDNN)", "Resting heart rate", "Sleep", "Steps", "Active energy", "Weight",
    "Respiratory rate", "Blood oxygen",
  ]

  // MARK: 7-day averages

  /// Each chart's "7-day average X [to D]": D is its last day with a value, 4 of the 7 days
  /// to D have one, X is their mean (within the rounding of the printed values), and the
  /// table shows it on D; no average and no band after the last day with a value, in the
  /// table or in the drawing; no 7-day average for a metric whose readings are too far
  /// apart for one.
  mutating func averages() {
    for metric in Self.metrics {
      guard let section = trendSection(metric) else { continue }
      let texts = section.compactMap { b -> String? in if case .text(let t) = b { t } else { nil } }
      let table = numbers(of: metric)
      let lastValue = table.filter { $0.value.value != nil }.keys.max()
      if let last = lastValue {
        for (day, row) in table where day > last && (row.average != nil) {
          fail("\(metric): a 7-day average on \(day), after the last value on \(last)")
        }
      }
      if texts.contains(where: { $0.contains("too far apart for a 7-day average") }),
        let s = texts.first(where: { $0.contains("7-day average") && !$0.contains("too far") })
      {
        fail("\(metric): a 7-day average for readings too far apart for one: \(s)")
      }
      guard let summary = texts.first(where: { $0.hasPrefix("7-day average") }),
        let stated = ReportWords.value(String(summary.dropFirst("7-day average ".count)))
      else { continue }
      let day =
        summary.range(of: " to ").flatMap {
          ReportWords.firstDay(String(summary[$0.upperBound...]), near: asOf)
        } ?? asOf
      if let last = lastValue, day != last {
        fail("\(metric): '\(summary)' is not the average of the last day with a value (\(last))")
      }
      let week = (0..<7).compactMap { table[day.adding(days: -$0)]?.value }
      if week.count < 4 {
        fail("\(metric): '\(summary)' from \(week.count) days with data (needs 4)")
      } else {
        let mean =
          metric == "HRV (SDNN)"
          ? exp(week.map { log($0) }.reduce(0, +) / Double(week.count))
          : week.reduce(0, +) / Double(week.count)
        let tolerance = max(ReportWords.margin(unit: stated.unit), 0.1)
        if abs(mean - stated.number) > tolerance + 1e-9 {
          fail("\(metric): '\(summary)' but the 7 days to \(day) average \(mean)")
        }
      }
      if let shown = table[day]?.average, abs(shown - stated.number) > 1e-9 {
        fail("\(metric): '\(summary)' but the table shows \(shown) on \(day)")
      }
    }
    drawnLines()
  }

  /// In every daily metric chart, the line ends at or before the last dot (plus the short
  /// dash that draws a lone average).
  mutating func drawnLines() {
    for (id, svg) in page.charts where id.hasPrefix("chart-") {
      let dots = svg.matches(of: /<circle class="(?:dot|latest)" cx="([\d.]+)"/).compactMap {
        Double($0.1)
      }
      let lines = svg.matches(of: /<polyline class="line" points="([^"]+)"/).flatMap {
        $0.1.split(separator: " ").compactMap { Double($0.split(separator: ",")[0]) }
      }
      guard let lastDot = dots.max(), let lastLine = lines.max() else { continue }
      if lastLine > lastDot + 8.5 {
        fail("\(id): the line runs to x=\(lastLine), past the last dot at x=\(lastDot)")
      }
    }
  }

  // MARK: Usual range

  /// "is below it" / "is above it" only beyond the metric's minimum change from the edge
  /// of the range stated with it; "inside it" only within that margin.
  mutating func positions() {
    for t in page.texts where t.contains("The shaded band is your usual range") {
      guard let now = t.firstMatch(of: /\(now ([^–]+)–([^)]+)\)/),
        let lo = ReportWords.value(String(now.1)), let hi = ReportWords.value(String(now.2)),
        let said = t.firstMatch(
          of: /average(?: \(to [^)]*\))?, ([^,]+), is (inside|below|above) it/),
        let v = ReportWords.value(String(said.1))
      else { continue }
      let margin = ReportWords.margin(unit: hi.unit)
      switch said.2 {
      case "below" where !(lo.number - v.number >= margin - 1e-9):
        fail("'\(said.0)' within \(margin) \(hi.unit) of the range \(now.0)")
      case "above" where !(v.number - hi.number >= margin - 1e-9):
        fail("'\(said.0)' within \(margin) \(hi.unit) of the range \(now.0)")
      case "inside"
      where v.number < lo.number - margin - 1e-9 || v.number > hi.number + margin + 1e-9:
        fail("'\(said.0)' but the range is \(now.0)")
      default: break
      }
    }
  }

  // MARK: Changes

  /// A change written as a number is at least the metric's minimum change (below it the
  /// report says "about the same"): the cards, the week table and the trend sentences.
  mutating func changes() {
    for t in page.texts where t.hasPrefix("vs ") {
      guard let colon = t.firstIndex(of: ":") else { continue }
      checkChange(String(t[t.index(colon, offsetBy: 2)...]), in: t)
    }
    for case .table(_, let rows) in page.blocks {
      guard let header = rows.first, header.first == "Metric",
        let k = header.firstIndex(of: "Change")
      else { continue }
      for r in rows.dropFirst() where r.count > k {
        checkChange(r[k], in: r.joined(separator: " | "))
      }
    }
    for t in page.texts where t.contains(" been ") && t.contains(" vs ") {
      guard
        let m = t.firstMatch(
          of: /: ([^ ]+(?: [^ ]+m)?) vs (.+?) (?:a day |a night )?in the 40 weeks/),
        let a = ReportWords.value(String(m.1)), let b = ReportWords.value(String(m.2))
      else { continue }
      let margin = ReportWords.margin(unit: b.unit)
      if abs(a.number - b.number) < margin - 1e-9 {
        fail("a trend sentence on a difference under \(margin) \(b.unit): \(t)")
      }
    }
  }

  mutating func checkChange(_ text: String, in context: String) {
    guard text.hasPrefix("+") || text.hasPrefix("-") || text.hasPrefix("0"),
      let v = ReportWords.value(text)
    else { return }
    let margin = ReportWords.margin(unit: v.unit)
    if abs(v.number) < margin - 1e-9 { fail("a change under \(margin) \(v.unit): \(context)") }
  }

  // MARK: First weeks

  /// While the calibration note says a comparison is still to come, nothing shows it: no
  /// trend sentence before long-run trends, no "vs usual" position before the usual
  /// ranges; no "No clear change" without metrics compared.
  mutating func firstWeeks() {
    let note = text(containing: "Getting to know you") ?? text(containing: "Long-run trends start")
    if note?.lowercased().contains("long-run trends") == true,
      let s = page.texts.first(where: { $0.contains("over the last 12 weeks:") })
    {
      fail("a trend sentence while trends are still to come: \(s)")
    }
    if page.texts.contains(where: { $0.hasPrefix("No clear change") }),
      !page.texts.contains(where: { $0.hasPrefix("Compared:") })
    {
      fail("'No clear change' with no metric compared")
    }
    if note?.contains("your usual ranges from") == true {
      for case .table(_, let rows) in page.blocks {
        guard let header = rows.first, header.first == "Metric",
          let k = header.firstIndex(of: "Usual range")
        else { continue }
        for r in rows.dropFirst() where r.count > k && r[k] != "—" {
          fail("a usual-range position before the usual ranges arrive: \(r)")
        }
      }
    }
  }

  // MARK: Words

  /// No "ISO week", no "calibrating n/7", SDNN explained exactly once when it appears,
  /// reject reasons in words, sources without `|`.
  mutating func words() {
    let all = page.allText
    for t in all where t.contains("ISO week") { fail("'ISO week': \(t)") }
    for t in all where t.contains("calibrating") { fail("'calibrating': \(t)") }
    // Joined, so a sentence wrapped over lines of a text part still counts once.
    let joined = all.joined(separator: " ")
    if joined.contains("SDNN") {
      let n =
        joined.components(separatedBy: "standard deviation of the time between heartbeats (SDNN)")
        .count - 1
      if n != 1 { fail("SDNN explained \(n) times") }
    }
    for case .table(_, let rows) in page.blocks {
      guard rows.first?.first == "Reason" else { continue }
      for r in rows.dropFirst() where r.first?.firstMatch(of: /^[a-z]+(-[a-z]+)+$/) != nil {
        fail("a reject reason as a code: \(r[0])")
      }
    }
    for t in all where t.contains("|") && (t.contains("Apple Watch") || t.contains("iPhone")) {
      fail("sources joined by '|': \(t)")
    }
  }

  // MARK: Dates

  /// Every `Sun 15 Nov` outside the report's year carries its year, and every written
  /// year has the right weekday.
  mutating func dates() {
    for t in page.allText {
      for d in ReportWords.dayMentions(t) {
        if let y = d.year {
          if ReportWords.resolve(d, near: asOf) == nil { fail("'\(d.text)' is not a \(y) date") }
          continue
        }
        guard let day = LocalDay(year: year, month: d.month, day: d.day),
          day.isoWeekday == d.weekday
        else {
          fail("'\(d.text)' without its year is not in \(year): \(t)")
          continue
        }
      }
    }
  }
}
