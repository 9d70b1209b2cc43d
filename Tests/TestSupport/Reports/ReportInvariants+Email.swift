import Foundation
import HealthModel

/// The weekly e-mail's invariants, and those between the formats of one report.
extension ReportInvariants {
  /// Checks a weekly message as of `asOf`: a week without data is the three-line message
  /// with that line as its subject; a weekly message never says "today" or "tonight";
  /// "N days left" counts the days really left; "target missed" only for a whole week in
  /// the history; streaks are never longer than their longest and no "longest 0"; changes
  /// under the minimum change read "about the same"; dates outside the report's year carry
  /// it. The HTML part says what the text part says.
  public static func checkEmail(_ mail: MailMessage, asOf: LocalDay) -> [String] {
    let html = RenderedText(html: mail.html)
    var c = ReportInvariants(page: html, asOf: asOf)
    let lines = mail.text.split(separator: "\n").map(String.init)
    if let first = lines.first, first.hasPrefix("No data") {
      if mail.subject + "." != first { c.fail("subject '\(mail.subject)' for '\(first)'") }
      if lines.count != 3 { c.fail("a week without data in \(lines.count) lines, not 3") }
      if !mail.images.isEmpty || !mail.attachments.isEmpty {
        c.fail("a week without data with charts or an attachment")
      }
      for l in lines where !html.allText.contains(where: { $0.contains(l) }) {
        c.fail("the HTML part lacks '\(l)'")
      }
      return c.problems
    }
    let text = RenderedText(plainText: mail.text)
    for t in text.allText + html.allText {
      if t.firstMatch(of: /(?i)\b(today|tonight)\b/) != nil {
        c.fail("'today' in a weekly mail: \(t)")
      }
      if t.firstMatch(of: /\b(best|longest) 0\b/) != nil { c.fail("a longest of 0: \(t)") }
    }
    c.emailGoals(text)
    c.changes()
    var onText = ReportInvariants(page: text, asOf: asOf)
    onText.changes()
    onText.dates()
    onText.words()
    c.problems += onText.problems
    c.dates()
    return c.problems
  }

  /// Goals: "N of T days; K more in the D days left", "out of reach", "target missed".
  mutating func emailGoals(_ text: RenderedText) {
    let all = text.allText
    let period = all.first { $0.hasPrefix("Week ") } ?? ""
    let soFar = ReportWords.int(after: "(", in: period) ?? 7
    let history = all.lazy.compactMap { ReportWords.int(after: "Getting to know you:", in: $0) }
      .first
    for t in all {
      if let m = t.firstMatch(of: /(\d+) of (\d+) days; (\d+) more in the (\d+) days? left/) {
        let (met, target, more, left) = (Int(m.1)!, Int(m.2)!, Int(m.3)!, Int(m.4)!)
        if left != 7 - soFar { fail("\(left) days left with \(soFar) days of the week gone: \(t)") }
        if more != target - met || more > left { fail("goal arithmetic: \(t)") }
      }
      if let m = t.firstMatch(of: /(\d+) of (\d+) days; (\d+) days? left, out of reach/) {
        let (met, target, left) = (Int(m.1)!, Int(m.2)!, Int(m.3)!)
        if left != 7 - soFar || target - met <= left { fail("out of reach: \(t)") }
      }
      if t.contains("target missed") {
        if soFar < 7 { fail("target missed before the week is over: \(t)") }
        if let h = history, h < 7 { fail("target missed in a week the history began in: \(t)") }
      }
      if let m = t.firstMatch(of: /Streak: (\d+) days? in a row.*longest (\d+) days?/),
        Int(m.1)! > Int(m.2)!
      {
        fail("streak longer than its longest: \(t)")
      }
      if let m = t.firstMatch(of: /(\d+) weeks? in a row at .* \(longest (\d+) weeks?\)/),
        Int(m.1)! > Int(m.2)!
      {
        fail("weekly streak longer than its longest: \(t)")
      }
    }
  }

  /// Statements the HTML page, the Markdown file and the e-mail of one report (same
  /// aggregate folder, as-of and window) must make alike: the headline, the part scores,
  /// the week table, the streak facts, and the week's goal days and pinned means in the
  /// e-mail.
  public static func agree(html: RenderedText, markdown: RenderedText, email: MailMessage?)
    -> [String]
  {
    var problems: [String] = []
    func first(_ page: RenderedText, _ prefix: String) -> String? {
      page.texts.first { $0.hasPrefix(prefix) }
    }
    for prefix in ["Data through", "As of", "No new data since", "Getting to know you"] {
      if first(html, prefix) != first(markdown, prefix) {
        problems.append(
          "HTML '\(first(html, prefix) ?? "—")' vs Markdown '\(first(markdown, prefix) ?? "—")'")
      }
    }
    let facts = { (p: RenderedText) in p.texts.filter { $0.hasPrefix("Current streak:") } }
    if facts(html) != facts(markdown) {
      problems.append("streak facts differ: \(facts(html)) vs \(facts(markdown))")
    }
    let week = { (p: RenderedText) -> [[String]] in
      for case .table(_, let rows) in p.blocks where rows.first?.first == "Metric" {
        return rows.dropFirst().map { Array($0.prefix(5)) }
      }
      return []
    }
    if week(html) != week(markdown) {
      problems.append("week tables differ: \(week(html)) vs \(week(markdown))")
    }
    guard let email, !email.text.hasPrefix("No data") else { return problems }
    let text = RenderedText(plainText: email.text)
    // The week's pinned means: the e-mail's "This week" equals the page's week table.
    for row in week(html) where row.count > 1 && row[1] != "—" {
      // The pinned row (`Sleep 7h 01m 7h 25m -24m 7/7 nights`), not the score's.
      if let line = text.allText.first(where: {
        $0.hasPrefix(row[0] + " ") && $0.firstMatch(of: /\d+\/\d+ (days?|nights?)$/) != nil
      }),
        !line.contains(" " + row[1] + " ")
      {
        problems.append("e-mail '\(line)' vs page week table \(row)")
      }
    }
    if let goal = html.allText.first(where: { $0.contains("active days this week") }),
      let m = goal.firstMatch(of: /(\d+) of (\d+) active days? this week/),
      let line = text.allText.first(where: { $0.hasPrefix("Active: ") }),
      !line.hasPrefix("Active: \(m.1) of \(m.2) days")
    {
      problems.append("page '\(goal)' vs e-mail '\(line)'")
    }
    return problems
  }
}

extension RenderedText {
  /// Reads the e-mail's text part: every line a paragraph, aligned columns as tables of
  /// cells split on two or more spaces.
  public init(plainText: String) {
    var blocks: [Block] = []
    for line in plainText.split(separator: "\n") {
      let t = line.trimmingCharacters(in: .whitespaces)
      guard !t.isEmpty else { continue }
      blocks.append(
        .text(t.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")))
    }
    self.init(blocks: blocks)
  }
}
