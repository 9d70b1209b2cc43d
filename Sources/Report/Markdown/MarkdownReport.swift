import HealthModel
import HealthSystem

/// Writes a `ReportModel` as GitHub-flavoured Markdown. GitHub strips inline SVG, so every
/// chart is a sibling `.svg` file (standalone, with its own light/dark style) linked by a
/// relative path, followed by the same data tables as the HTML report.
public enum MarkdownReport {
  /// A rendered Markdown report.
  public struct Output: Sendable {
    /// The Markdown text.
    public var markdown: String
    /// SVG files to write beside it.
    public var svgFiles: [(path: String, text: String)]
  }

  /// Renders the Markdown and its SVG files; `markdownPath` decides the SVG names
  /// (`<folder>/<stem>-<chart id>.svg`). Chart ids are unique in a report
  /// (`ReportCharts`); a repeated one would still get its own file (`-2`, `-3`, ...), so a
  /// chart never overwrites another.
  public static func render(_ m: ReportModel, markdownPath: String) -> Output {
    let (folder, stem) = chartNaming(markdownPath: markdownPath)
    var w = MarkdownWriter(folder: folder, stem: stem, year: m.reportYear)
    w.header(m)
    w.hero(m)
    w.habits(m)
    w.cards(m)
    w.thisWeek(m)
    w.longRun(m)
    w.trends(m)
    w.sleep(m)
    w.measurements(m)
    w.workouts(m)
    w.streaks(m)
    w.quality(m)
    w.line("---")
    w.line(
      "Made by \(ToolInfo.name) \(ToolInfo.version). Scores and baselines describe your own history; they are not medical advice."
    )
    return Output(markdown: w.out, svgFiles: w.files)
  }

  static func workoutRow(_ t: WorkoutSummary.Totals) -> String {
    func c(_ v: Double?, _ text: (Double) -> String) -> String { v.map(text) ?? "—" }
    return
      "| \(Markup.escapeMarkdown(t.label)) | \(c(t.count) { Numbers.fixed($0, 0) }) | \(c(t.minutes) { Numbers.duration(minutes: $0) }) | \(c(t.energy) { Numbers.grouped($0, 0) + " kcal" }) | \(c(t.distance) { Numbers.fixed($0, 1) + " km" }) |"
  }

  /// The numbers under a chart, newest first, folded away: the same columns as the HTML
  /// table (the middle half of a week's or month's days for long views).
  static func seriesTable(_ s: MetricSeries, into out: inout String) {
    let p = s.presentation
    func c(_ v: Double?) -> String { v.map(p.format).map(Markup.escapeMarkdown) ?? "—" }
    let unit = p.style == .hoursMinutes || p.unit.isEmpty ? "" : " (\(p.unit))"
    let spread = s.spreadLow.contains { $0 != nil }
    let first = s.grouping == .day ? "Date" : (s.grouping == .week ? "Week of" : "Month")
    out +=
      "<details><summary>\(Markup.escape(p.name)) by \(s.grouping == .day ? "day" : (s.grouping == .week ? "week" : "month"))</summary>\n\n"
    out +=
      "| \(first) | \(Markup.escapeMarkdown(p.name + unit)) |"
      + (spread ? " Middle half |" : "") + " 7-day avg | Usual low | Usual high |\n"
    out += "|---|---:|" + (spread ? "---:|" : "") + "---:|---:|---:|\n"
    for i in stride(from: s.days.count - 1, through: 0, by: -1) {
      let label =
        s.grouping == .month
        ? LocalDayText.monthYear(s.days[i]) : LocalDayText.short(s.days[i], year: s.reportYear)
      var row = "| \(label) | \(c(s.values[i])) |"
      if spread {
        let mid = s.spreadLow[i].flatMap { lo in
          s.spreadHigh[i].map { "\(p.format(lo))–\(p.format($0))" }
        }
        row += " \(mid.map(Markup.escapeMarkdown) ?? "—") |"
      }
      out += row + " \(c(s.average[i])) | \(c(s.rangeLow[i])) | \(c(s.rangeHigh[i])) |\n"
    }
    out += "\n</details>\n\n"
  }

  /// The folder (with its slash, or empty) and the name stem of the chart files beside the
  /// Markdown at `markdownPath`: `<folder><stem>-<chart id>.svg`.
  static func chartNaming(markdownPath: String) -> (folder: String, stem: String) {
    let slash = markdownPath.lastIndex(of: "/")
    let folder = slash.map { String(markdownPath[...$0]) } ?? ""
    var name = slash.map { String(markdownPath[markdownPath.index(after: $0)...]) } ?? markdownPath
    if name.hasSuffix(".md") { name.removeLast(3) }
    return (folder, name.isEmpty ? "report" : name)
  }

  /// Whether `path` could be one of the chart files written beside the Markdown at
  /// `markdownPath` (same folder by identity, `<stem>-….svg`), for refusing a report that
  /// would write over an input.
  public static func mayBeChart(_ path: String, of markdownPath: String) -> Bool {
    let (folder, stem) = chartNaming(markdownPath: markdownPath)
    let slash = path.lastIndex(of: "/")
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard name.hasPrefix(stem + "-"), name.hasSuffix(".svg") else { return false }
    let pathFolder = slash.map { String(path[...$0]) } ?? ""
    guard let inputFolder = FileIdentity(path: pathFolder.isEmpty ? "." : pathFolder),
      let chartFolder = FileIdentity(path: folder.isEmpty ? "." : folder)
    else { return false }
    return inputFolder == chartFolder
  }
}
