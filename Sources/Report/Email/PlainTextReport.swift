import HealthCore

/// The text/plain part of the weekly e-mail: the digest's facts in the same order as the
/// HTML part, in aligned columns and wrapped prose, no line longer than `lineLimit`
/// characters (so no client has to wrap it and quoted-printable never soft-breaks a word
/// of the decoded text).
public enum PlainTextReport {
  /// The longest line written, in characters.
  public static let lineLimit = 72

  /// The text (LF line ends; the MIME writer turns them into CRLF).
  public static func render(_ d: WeeklyDigest) -> String {
    if d.noDataThisWeek { return DigestWords.noDataLines(d).joined(separator: "\n") + "\n" }
    var w = TextWriter()
    w.line("YOUR HEALTH WEEK")
    w.prose(DigestWords.period(d))
    w.prose(DigestWords.coverage(d))
    if let heading = d.inputProblemsHeading {
      w.line()
      w.prose(heading)
      for p in d.inputProblems { w.prose("- " + p, indent: "  ") }
    }
    if let c = d.calibration, !c.onlyTrends {
      w.line()
      w.prose(c.sentence(year: d.year))
    }
    w.scores(d)
    if let coaching = DigestWords.coaching(d) {
      w.line()
      w.prose(coaching)
    }
    w.pinned(d)
    w.goals(d)
    w.workouts(d)
    if !d.charts.isEmpty {
      w.line()
      w.prose(
        "Charts of " + d.charts.map { $0.metric.presentation.name }.joined(separator: ", ")
          + " are in the HTML part of this message.")
    }
    w.prose(DigestWords.attachment(d))
    w.line("-- ")
    w.prose(DigestWords.footer)
    return w.out.joined(separator: "\n") + "\n"
  }

  /// The lines of the text part, section by section.
  struct TextWriter {
    var out: [String] = []
    mutating func line(_ s: String = "") { out.append(s) }
    mutating func prose(_ s: String, indent: String = "") { out += wrap(s, indent: indent) }

    mutating func scores(_ d: WeeklyDigest) {
      line()
      line("SCORES, THIS WEEK ON AVERAGE")
      var rows = [["", "This week", "Last week", "Change"]]
      for s in d.scores {
        rows.append([
          s.name, s.thisWeek.map { "\($0) \(ScoreStatus.word(for: $0))" } ?? "—",
          s.lastWeek.map { "\($0) \(ScoreStatus.word(for: $0))" } ?? "—",
          DigestWords.scoreChange(s) ?? "—",
        ])
      }
      out += columns(rows, rightAligned: [false, false, false, true])
      for s in d.scores where s.thisWeek == nil && !s.note.isEmpty {
        prose("\(s.name): \(s.note)", indent: "  ")
      }
    }

    mutating func pinned(_ d: WeeklyDigest) {
      guard !d.pinned.isEmpty else { return }
      line()
      line("PINNED METRICS, DAILY AVERAGE")
      var rows = [["", "This week", "Last week", "Change", "Data"]]
      for m in d.pinned {
        rows.append([
          m.presentation.name, DigestWords.value(m, m.thisWeek), DigestWords.value(m, m.lastWeek),
          DigestWords.change(m) ?? "—", DigestWords.shortCoverage(m),
        ])
      }
      out += columns(rows, rightAligned: [false, true, true, true, false])
      if d.pinned.contains(where: { $0.presentation.metric == .hrvLnSDNN }) {
        prose(Words.hrvExplanation, indent: "  ")
      }
    }

    mutating func goals(_ d: WeeklyDigest) {
      guard !d.goals.isEmpty else { return }
      line()
      line("GOALS THIS WEEK")
      for g in d.goals {
        var head = DigestWords.goalTitle(g) + ": " + DigestWords.goalWeek(g)
        if let f = DigestWords.goalFraction(g) { head += "  " + bar(f) }
        prose(head, indent: "  ")
        if !g.description.isEmpty { prose(g.description, indent: "    ") }
        for s in DigestWords.goalStreaks(g, monday: d.monday, asOf: d.asOf) {
          prose(s, indent: "    ")
        }
      }
    }

    mutating func workouts(_ d: WeeklyDigest) {
      line()
      line("WORKOUTS")
      if let total = DigestWords.workoutTotals(d.workouts.thisWeek) {
        prose(total, indent: "  ")
        if let types = DigestWords.workoutTypes(d.workouts) { prose(types, indent: "  ") }
      } else {
        prose("None recorded this week.", indent: "  ")
      }
      prose(DigestWords.workoutsLastWeek(d.workouts), indent: "  ")
    }
  }

  /// `[#####---]`: a ten-step bar for a fraction 0...1.
  static func bar(_ fraction: Double) -> String {
    let n = Int((fraction * 10).rounded())
    return "[" + String(repeating: "#", count: n) + String(repeating: "-", count: 10 - n) + "]"
  }

  /// Rows as aligned columns two spaces apart, indented by two; the first column is cut
  /// with `…` if the line would pass `lineLimit`. Trailing blanks are dropped.
  static func columns(_ rows: [[String]], rightAligned: [Bool]) -> [String] {
    guard let count = rows.first?.count else { return [] }
    var widths = (0..<count).map { c in rows.map { $0[c].count }.max() ?? 0 }
    let total = 2 + widths.reduce(0, +) + 2 * (count - 1)
    if total > lineLimit { widths[0] = max(8, widths[0] - (total - lineLimit)) }
    return rows.map { row in
      var cells: [String] = []
      for (c, text) in row.enumerated() {
        var t = text
        if t.count > widths[c] { t = String(t.prefix(widths[c] - 1)) + "…" }
        let pad = String(repeating: " ", count: widths[c] - t.count)
        cells.append(rightAligned[c] ? pad + t : t + pad)
      }
      return trimTrailing("  " + cells.joined(separator: "  "))
    }
  }

  /// Words wrapped into lines of at most `lineLimit` characters, each starting with
  /// `indent`; a word longer than a line is cut.
  static func wrap(_ text: String, indent: String = "") -> [String] {
    let room = lineLimit - indent.count
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var w = String(word)
      while w.count > room {
        if !current.isEmpty {
          lines.append(current)
          current = ""
        }
        lines.append(String(w.prefix(room)))
        w = String(w.dropFirst(room))
      }
      if current.isEmpty {
        current = w
      } else if current.count + 1 + w.count <= room {
        current += " " + w
      } else {
        lines.append(current)
        current = w
      }
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines.map { trimTrailing(indent + $0) }
  }

  static func trimTrailing(_ s: String) -> String {
    var t = Substring(s)
    while t.last == " " { t = t.dropLast() }
    return String(t)
  }
}
