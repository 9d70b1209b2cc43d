import HealthCore

/// The HTML part of the weekly e-mail, written the way mail clients read HTML: one 600 px
/// column of nested `role="presentation"` tables, every style inline, no CSS variables,
/// grid or flex, and nothing that depends on the `<style>` block. That block only holds
/// optional refinements for narrow screens, so a client that strips it (Gmail in some
/// views, Outlook's Word engine, many webmail clients) shows the same layout.
/// Images are `cid:` references with width and height attributes, so the layout holds
/// while images are blocked, and each has an alternative text with its numbers.
public enum DigestHTML {
  /// The page. `images` maps each chart's scene id to its Content-ID.
  public static func render(
    _ d: WeeklyDigest, images: [(contentID: String, chart: WeeklyDigest.Chart)]
  )
    -> String
  {
    var w = MailHTMLWriter()
    w.page(d, images: images)
    return w.out
  }

  /// The refinements in `<style>`: narrower side padding and smaller score numbers under
  /// 480 px. Nothing else; the layout never needs them.
  static let style =
    "@media only screen and (max-width:480px){.hp-pad{padding-left:12px !important;padding-right:12px !important}.hp-big{font-size:24px !important;line-height:28px !important}}"
}

/// The colours and fonts of the e-mail (light; the message asks clients not to darken it).
enum MailStyle {
  static let text = "#1f2328"
  static let muted = "#57606a"
  static let border = "#d0d7de"
  static let panel = "#f6f8fa"
  static let page = "#eef1f4"
  static let accent = "#0072b2"
  static let track = "#d8dee4"
  static let coachingBackground = "#eaf4fb"
  /// Okabe-Ito vermillion: the edge of the box naming inputs that failed.
  static let warning = "#d55e00"
  static let font =
    "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;"
  /// Attributes every layout table carries (Outlook needs the attributes, others the style).
  static let table = "role=\"presentation\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\""
}

/// Builds the digest's HTML text.
struct MailHTMLWriter {
  var out = ""

  init() { out.reserveCapacity(1 << 15) }

  mutating func raw(_ s: String) { out += s }

  /// `<tag style="…">escaped text</tag>`.
  mutating func el(_ tag: String, _ text: String, _ style: String) {
    out += "<\(tag) style=\"\(style)\">" + Markup.escape(text) + "</\(tag)>"
  }

  /// A full-width layout table with an inline style.
  mutating func openTable(_ style: String = "") {
    raw(
      "<table \(MailStyle.table) width=\"100%\" style=\"width:100%;border-collapse:collapse;\(style)\">"
    )
  }

  /// A section: one row of the column, with side padding (narrower on phones).
  mutating func openSection(top: Int = 20) {
    raw(
      "<tr><td class=\"hp-pad\" style=\"padding:\(top)px 24px 0 24px;\(MailStyle.font)color:\(MailStyle.text);\">"
    )
  }

  mutating func closeSection() { raw("</td></tr>\n") }

  /// A section with a heading over a full-width table (closed by the caller).
  mutating func openTableSection(_ title: String) {
    openSection()
    heading(title)
    openTable()
  }

  mutating func heading(_ text: String) {
    el(
      "h2", text,
      "margin:0 0 8px 0;font-size:17px;line-height:22px;font-weight:700;color:\(MailStyle.text);\(MailStyle.font)"
    )
  }

  mutating func page(
    _ d: WeeklyDigest, images: [(contentID: String, chart: WeeklyDigest.Chart)]
  ) {
    let title = DigestWords.subject(d)
    raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
    raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
    raw("<meta name=\"color-scheme\" content=\"light\"/>\n")
    raw("<meta name=\"supported-color-schemes\" content=\"light\"/>\n")
    raw("<title>" + Markup.escape(title) + "</title>\n")
    raw("<style>" + DigestHTML.style + "</style>\n</head>\n")
    raw("<body style=\"margin:0;padding:0;background-color:\(MailStyle.page);\">\n")
    // The preview line inbox lists show after the subject; hidden in the message itself.
    el(
      "div", preview(d),
      "display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;"
    )
    raw("\n")
    raw(
      "<table \(MailStyle.table) width=\"100%\" style=\"width:100%;border-collapse:collapse;background-color:\(MailStyle.page);\">"
    )
    raw("<tr><td align=\"center\" style=\"padding:16px 8px;\">\n")
    raw(
      "<table \(MailStyle.table) width=\"600\" style=\"width:100%;max-width:600px;border-collapse:separate;background-color:#ffffff;border:1px solid \(MailStyle.border);border-radius:8px;\">\n"
    )
    if d.noDataThisWeek {
      noData(d)
    } else {
      header(d)
      calibration(d)
      scores(d)
      coaching(d)
      pinned(d)
      charts(d, images: images)
      goals(d)
      workouts(d)
      footer(d)
    }
    raw("</table>\n</td></tr></table>\n</body>\n</html>\n")
  }

  func preview(_ d: WeeklyDigest) -> String {
    var parts: [String] = []
    if let w = d.scores.first, let v = w.thisWeek {
      parts.append("Wellness \(v) (\(ScoreStatus.word(for: v)))")
    }
    for m in d.pinned where m.thisWeek != nil {
      parts.append("\(m.presentation.name) \(DigestWords.value(m, m.thisWeek))")
    }
    return parts.joined(separator: " · ")
  }

  mutating func header(_ d: WeeklyDigest) {
    openSection(top: 22)
    el(
      "p", DigestWords.period(d),
      "margin:0;font-size:13px;line-height:18px;color:\(MailStyle.muted);\(MailStyle.font)")
    el(
      "h1", "Your health week",
      "margin:2px 0 0 0;font-size:24px;line-height:30px;font-weight:700;color:\(MailStyle.text);\(MailStyle.font)"
    )
    el(
      "p", DigestWords.coverage(d),
      "margin:2px 0 0 0;font-size:14px;line-height:20px;color:\(MailStyle.muted);\(MailStyle.font)")
    closeSection()
    inputProblems(d)
  }

  /// The inputs that failed or kept nothing, in a bordered box under the header.
  mutating func inputProblems(_ d: WeeklyDigest) {
    guard let heading = d.inputProblemsHeading else { return }
    openSection(top: 12)
    openTable("border:1px solid \(MailStyle.border);border-left:4px solid \(MailStyle.warning);")
    raw("<tr><td style=\"padding:10px 14px;\(MailStyle.font)\">")
    el(
      "p", heading,
      "margin:0;font-size:14px;line-height:20px;font-weight:700;color:\(MailStyle.text);")
    for p in d.inputProblems {
      el("p", p, "margin:4px 0 0 0;font-size:13px;line-height:18px;color:\(MailStyle.text);")
    }
    raw("</td></tr></table>")
    closeSection()
  }

  mutating func scores(_ d: WeeklyDigest) {
    openSection(top: 16)
    heading("Scores, this week on average")
    openTable()
    raw("<tr>")
    for (i, s) in d.scores.enumerated() {
      let pad = i == 0 ? "0 4px 0 0" : (i == d.scores.count - 1 ? "0 0 0 4px" : "0 4px")
      raw("<td width=\"25%\" valign=\"top\" style=\"width:25%;padding:\(pad);\">")
      openTable(
        "border-collapse:separate;background-color:\(MailStyle.panel);border:1px solid \(MailStyle.border);border-radius:8px;"
      )
      raw(
        "<tr><td align=\"center\" style=\"padding:10px 6px;text-align:center;\(MailStyle.font)\">")
      el("p", s.name, "margin:0;font-size:13px;line-height:18px;color:\(MailStyle.muted);")
      if let v = s.thisWeek {
        raw(
          "<p class=\"hp-big\" style=\"margin:2px 0 0 0;font-size:30px;line-height:34px;font-weight:700;color:\(MailStyle.text);\">\(v)</p>"
        )
        el(
          "p", ScoreStatus.word(for: v),
          "margin:0;font-size:13px;line-height:18px;color:\(MailStyle.text);")
      } else {
        raw(
          "<p class=\"hp-big\" style=\"margin:2px 0 0 0;font-size:30px;line-height:34px;font-weight:700;color:\(MailStyle.muted);\">&#8212;</p>"
        )
        el("p", s.note, "margin:0;font-size:12px;line-height:16px;color:\(MailStyle.muted);")
      }
      var compare = DigestWords.scoreLastWeek(s)
      if let change = DigestWords.scoreChange(s) { compare += " (\(change))" }
      el("p", compare, "margin:4px 0 0 0;font-size:12px;line-height:16px;color:\(MailStyle.muted);")
      raw("</td></tr></table></td>")
    }
    raw("</tr></table>")
    closeSection()
  }

  /// The three lines of a week without data, and nothing else.
  mutating func noData(_ d: WeeklyDigest) {
    let lines = DigestWords.noDataLines(d)
    openSection(top: 22)
    el(
      "h1", lines[0],
      "margin:0 0 8px 0;font-size:20px;line-height:26px;font-weight:700;color:\(MailStyle.text);\(MailStyle.font)"
    )
    for l in lines.dropFirst() {
      el(
        "p", l,
        "margin:0 0 8px 0;font-size:15px;line-height:21px;color:\(MailStyle.text);\(MailStyle.font)"
      )
    }
    raw("<div style=\"height:14px;line-height:14px;font-size:0;\">&#8203;</div>")
    closeSection()
  }

  /// The calibration note of a new user, under the header.
  mutating func calibration(_ d: WeeklyDigest) {
    guard let c = d.calibration, !c.onlyTrends else { return }
    openSection(top: 12)
    el(
      "p", c.sentence(year: d.year),
      "margin:0;font-size:14px;line-height:20px;color:\(MailStyle.text);\(MailStyle.font)")
    closeSection()
  }

  mutating func coaching(_ d: WeeklyDigest) {
    guard let line = DigestWords.coaching(d) else { return }
    openSection(top: 16)
    openTable(
      "background-color:\(MailStyle.coachingBackground);border-left:4px solid \(MailStyle.accent);")
    raw("<tr><td style=\"padding:10px 14px;\(MailStyle.font)\">")
    el("p", line, "margin:0;font-size:15px;line-height:21px;color:\(MailStyle.text);")
    raw("</td></tr></table>")
    closeSection()
  }

  mutating func pinned(_ d: WeeklyDigest) {
    guard !d.pinned.isEmpty else { return }
    openTableSection("Pinned metrics, daily average")
    let head =
      "padding:0 0 6px 0;font-size:12px;line-height:16px;font-weight:400;color:\(MailStyle.muted);border-bottom:1px solid \(MailStyle.border);\(MailStyle.font)"
    raw("<tr>")
    el("th", "Metric", head + "text-align:left;")
    el("th", "This week", head + "text-align:right;")
    el("th", "Last week", head + "text-align:right;")
    el("th", "Change", head + "text-align:right;")
    raw("</tr>")
    let cell =
      "padding:7px 0 7px 8px;font-size:15px;line-height:20px;text-align:right;white-space:nowrap;border-bottom:1px solid \(MailStyle.border);\(MailStyle.font)"
    for m in d.pinned {
      raw("<tr>")
      raw(
        "<td style=\"padding:7px 0;text-align:left;border-bottom:1px solid \(MailStyle.border);\(MailStyle.font)\">"
      )
      el("span", m.presentation.name, "font-size:15px;line-height:20px;color:\(MailStyle.text);")
      raw("<br/>")
      el(
        "span", DigestWords.coverage(m), "font-size:12px;line-height:16px;color:\(MailStyle.muted);"
      )
      raw("</td>")
      el("td", DigestWords.value(m, m.thisWeek), cell + "font-weight:700;color:\(MailStyle.text);")
      el("td", DigestWords.value(m, m.lastWeek), cell + "color:\(MailStyle.muted);")
      el("td", DigestWords.change(m) ?? "—", cell + "color:\(MailStyle.text);")
      raw("</tr>")
    }
    raw("</table>")
    if d.pinned.contains(where: { $0.presentation.metric == .hrvLnSDNN }) {
      el(
        "p", Words.hrvExplanation,
        "margin:6px 0 0 0;font-size:12px;line-height:16px;color:\(MailStyle.muted);\(MailStyle.font)"
      )
    }
    closeSection()
  }

  mutating func charts(
    _ d: WeeklyDigest, images: [(contentID: String, chart: WeeklyDigest.Chart)]
  ) {
    guard !images.isEmpty else { return }
    openSection()
    heading("Last week and this week")
    el(
      "p",
      "Dots: days (last week hollow, this week blue, \(LocalDayText.short(d.asOf, year: d.year)) orange). Lines: week averages.",
      "margin:0 0 4px 0;font-size:13px;line-height:18px;color:\(MailStyle.muted);")
    for (cid, chart) in images {
      el(
        "p", DigestWords.chartTitle(chart),
        "margin:6px 0 2px 0;font-size:14px;line-height:20px;font-weight:700;color:\(MailStyle.text);"
      )
      raw(
        "<img src=\"cid:\(Markup.escape(cid))\" width=\"\(Int(WeekChart.width))\" height=\"\(Int(WeekChart.height))\" alt=\"\(Markup.escape(DigestWords.chartAlt(chart)))\" style=\"display:block;width:100%;max-width:\(Int(WeekChart.width))px;height:auto;margin:0 auto;border:0;outline:none;text-decoration:none;\"/>"
      )
    }
    closeSection()
  }

  mutating func goals(_ d: WeeklyDigest) {
    guard !d.goals.isEmpty else { return }
    openTableSection("Goals this week")
    for (i, g) in d.goals.enumerated() {
      let rule = i == 0 ? "" : "border-top:1px solid \(MailStyle.border);"
      raw("<tr><td valign=\"top\" style=\"padding:8px 8px 8px 0;\(rule)\(MailStyle.font)\">")
      el(
        "p", DigestWords.goalTitle(g),
        "margin:0;font-size:15px;line-height:20px;font-weight:700;color:\(MailStyle.text);")
      if !g.description.isEmpty {
        el("p", g.description, "margin:0;font-size:12px;line-height:16px;color:\(MailStyle.muted);")
      }
      raw("</td>")
      raw(
        "<td width=\"200\" valign=\"top\" style=\"width:200px;padding:8px 0;\(rule)\(MailStyle.font)\">"
      )
      el(
        "p", DigestWords.goalWeek(g),
        "margin:0 0 5px 0;font-size:14px;line-height:20px;color:\(MailStyle.text);")
      if let f = DigestWords.goalFraction(g) { bar(f) }
      raw("</td></tr>")
      let streaks = DigestWords.goalStreaks(g, monday: d.monday, asOf: d.asOf)
      if !streaks.isEmpty {
        raw(
          "<tr><td colspan=\"2\" style=\"padding:0 0 8px 0;font-size:13px;line-height:18px;color:\(MailStyle.muted);\(MailStyle.font)\">"
        )
        raw(streaks.map(Markup.escape).joined(separator: "<br/>"))
        raw("</td></tr>")
      }
    }
    raw("</table>")
    closeSection()
  }

  /// A progress bar as two table cells (no CSS widths on spans, which clients drop).
  mutating func bar(_ fraction: Double) {
    let done = Int((fraction * 100).rounded())
    openTable("background-color:\(MailStyle.track);")
    raw("<tr>")
    let cell = "height:8px;font-size:0;line-height:0;"
    if done > 0 {
      raw(
        "<td width=\"\(done)%\" height=\"8\" style=\"width:\(done)%;background-color:\(MailStyle.accent);\(cell)\">&#8203;</td>"
      )
    }
    if done < 100 {
      raw(
        "<td height=\"8\" style=\"background-color:\(MailStyle.track);\(cell)\">&#8203;</td>")
    }
    raw("</tr></table>")
  }

  mutating func workouts(_ d: WeeklyDigest) {
    openSection()
    heading("Workouts")
    let para = "margin:0;font-size:15px;line-height:21px;color:\(MailStyle.text);"
    if let total = DigestWords.workoutTotals(d.workouts.thisWeek) {
      el("p", total, para)
      if let types = DigestWords.workoutTypes(d.workouts) {
        el("p", types, "margin:0;font-size:13px;line-height:18px;color:\(MailStyle.muted);")
      }
    } else {
      el("p", "None recorded this week.", para)
    }
    el(
      "p", DigestWords.workoutsLastWeek(d.workouts),
      "margin:0;font-size:13px;line-height:18px;color:\(MailStyle.muted);")
    closeSection()
  }

  mutating func footer(_ d: WeeklyDigest) {
    openSection()
    openTable("border-top:1px solid \(MailStyle.border);")
    raw("<tr><td style=\"padding:12px 0 20px 0;\(MailStyle.font)\">")
    el(
      "p", DigestWords.attachment(d),
      "margin:0;font-size:14px;line-height:20px;color:\(MailStyle.text);")
    el(
      "p", DigestWords.footer,
      "margin:6px 0 0 0;font-size:12px;line-height:16px;color:\(MailStyle.muted);")
    raw("</td></tr></table>")
    closeSection()
  }
}
