import Aggregate
import HealthCore
import Report

/// Turns a parsed pipeline file into a `PipelineConfig`, checking every section, key and value
/// (exit 78 with `file:line` for anything wrong).
public enum PipelineConfigLoader {
  /// Keys allowed per section (goal sections share `goalKeys`).
  static let keys: [String: Set<String>] = [
    "pipeline": ["name", "inputs", "work", "as_of", "timezone"],
    "clean": ["priority"],
    "aggregate": ["goals", "pinned", "week_start", "weekly_active_target", "backfill_days"],
    "report": ["format", "window", "out", "to", "from", "send", "sendmail"],
  ]
  static let goalKeys: Set<String> = ["condition", "weekly_target", "description"]
  /// Goals that exist without a section (design defaults).
  static let builtInGoals = ["active", "steps", "sleep"]
  static let weekdays = [
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
  ]

  /// Parses and validates the pipeline file at `path`.
  /// With `checkInputs` false the input patterns are not expanded (for commands such as
  /// `aggregate --pipeline` that only need the settings).
  public static func load(path: String, checkInputs: Bool = true) throws -> PipelineConfig {
    try load(PipelineFileParser.parse(path: path), checkInputs: checkInputs)
  }

  /// Validates a parsed document.
  public static func load(_ document: PipelineDocument, checkInputs: Bool = true) throws
    -> PipelineConfig
  {
    let base = PathUtilities.directory(of: document.path)
    for (name, location) in document.sections {
      guard keys[name] != nil || isGoalSection(name) else {
        throw configError(
          "unknown section [\(name)]", at: location,
          hint: "sections are [pipeline], [clean], [aggregate], [goal.NAME] and [report]")
      }
    }
    for entry in document.entries {
      let allowed = isGoalSection(entry.section) ? goalKeys : (keys[entry.section] ?? [])
      guard allowed.contains(entry.key) else {
        let suggestion = closest(entry.key, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
        throw configError(
          "unknown key '\(entry.key)' in [\(entry.section)]\(suggestion)", at: entry.location,
          hint: "keys of [\(entry.section)]: " + allowed.sorted().joined(separator: ", "))
      }
    }
    guard document.sections.contains(where: { $0.name == "pipeline" }) else {
      throw configError(
        "no [pipeline] section", at: SourceLocation(file: document.path, line: 1),
        hint: "a pipeline file needs [pipeline] with at least 'inputs = ...'")
    }
    func value(_ s: String, _ k: String) -> PipelineEntry? { document.entry(s, k) }

    let name = value("pipeline", "name")?.value ?? fileStem(document.path)
    guard let inputsEntry = value("pipeline", "inputs"), !inputsEntry.value.isEmpty else {
      throw configError(
        "[pipeline] has no 'inputs'",
        at: document.sections.first { $0.name == "pipeline" }?.location,
        hint: "list the export files or patterns, e.g. inputs = exports/*.zip")
    }
    let inputs =
      checkInputs
      ? try GlobExpander.expand(
        list(inputsEntry.value), relativeTo: base, at: inputsEntry.location) : []
    let work =
      value("pipeline", "work").map { PathUtilities.resolve($0.value, relativeTo: base) }
      ?? PathUtilities.resolve(".healthpipe/\(name)", relativeTo: base)
    var asOf = "yesterday"
    if let e = value("pipeline", "as_of") {
      guard e.value == "today" || e.value == "yesterday" || LocalDay(iso: e.value) != nil else {
        throw configError(
          "as_of must be today, yesterday or a date yyyy-MM-dd, not '\(e.value)'", at: e.location)
      }
      asOf = e.value
    }
    var timeZone: String?
    if let e = value("pipeline", "timezone") {
      var zones = ZoneOffsetResolver()
      guard zones.isKnown(e.value) else {
        throw configError(
          "unknown time zone '\(e.value)'", at: e.location,
          hint: "use an IANA zone name such as Europe/Berlin or America/New_York")
      }
      timeZone = e.value
    }
    var priority: [String]?
    if let e = value("clean", "priority") {
      let items = list(e.value)
      guard !items.isEmpty else {
        throw configError(
          "priority is empty", at: e.location, hint: "e.g. manual, Apple Watch, iPhone, *")
      }
      priority = items
    }
    var goalNames = ["active", "steps", "sleep"]
    if let e = value("aggregate", "goals") {
      goalNames = list(e.value)
      var seen = Set<String>()
      for g in goalNames where !seen.insert(g).inserted {
        throw configError("goal '\(g)' is listed twice", at: e.location)
      }
    }
    var goals: [String: GoalConfig] = [:]
    for (section, location) in document.sections where isGoalSection(section) {
      let goalName = String(section.dropFirst(5))
      goals[goalName] = try goal(goalName, document: document, location: location)
    }
    for g in goalNames where goals[g] == nil && !builtInGoals.contains(g) {
      throw configError(
        "goal '\(g)' has no [goal.\(g)] section", at: value("aggregate", "goals")?.location,
        hint: "define it, e.g. [goal.\(g)] with condition = steps >= 10000")
    }
    var pinned: [String]?
    if let e = value("aggregate", "pinned") { pinned = list(e.value) }
    var weekStart = 1
    if let e = value("aggregate", "week_start") {
      guard let index = weekdays.firstIndex(of: e.value.lowercased()) else {
        throw configError("week_start must be a weekday name, not '\(e.value)'", at: e.location)
      }
      weekStart = index + 1
    }
    var weeklyActive = 5
    if let e = value("aggregate", "weekly_active_target") {
      weeklyActive = try integer(e, in: 1...7)
    }
    var backfillDays = 90
    if let e = value("aggregate", "backfill_days") {
      backfillDays = try integer(e, in: 7...730)
    }
    var report = ReportConfig()
    if let e = value("report", "format") {
      guard ["html", "markdown", "email"].contains(e.value) else {
        throw configError(
          "format must be html, markdown or email, not '\(e.value)'", at: e.location)
      }
      report.format = e.value
    }
    if let e = value("report", "window") {
      let w = try integer(e, in: 7...90)
      guard [7, 30, 90].contains(w) else {
        throw configError("window must be 7, 30 or 90, not \(w)", at: e.location)
      }
      report.window = w
    }
    report.out = value("report", "out").map { PathUtilities.resolve($0.value, relativeTo: base) }
    report.to = try address(value("report", "to"))
    report.from = try address(value("report", "from"))
    if let e = value("report", "send") { report.send = try boolean(e) }
    report.sendmail = value("report", "sendmail")?.value
    if report.format == "email", report.send, report.to == nil {
      throw configError(
        "send = true needs a recipient", at: value("report", "send")?.location,
        hint: "add 'to = you@example.com' to [report]")
    }
    return PipelineConfig(
      path: document.path, name: name, inputs: inputs, workFolder: work, asOf: asOf,
      timeZone: timeZone, priority: priority, goalNames: goalNames, goals: goals, pinned: pinned,
      weekStart: weekStart, weeklyActiveTarget: weeklyActive, backfillDays: backfillDays,
      report: report, document: document)
  }

  private static func goal(_ name: String, document: PipelineDocument, location: SourceLocation)
    throws -> GoalConfig
  {
    var g = GoalConfig(name: name, location: location)
    let section = "goal." + name
    for e in document.entries(in: section) {
      switch e.key {
      case "condition":
        do {
          _ = try GoalDefinition(name: name, parsing: e.value)
        } catch let error as HealthError {
          throw configError(error.message, at: e.location, hint: error.hint)
        }
        g.condition = e.value
      case "weekly_target": g.weeklyTarget = try integer(e, in: 1...7)
      case "description": g.description = e.value
      default: break
      }
    }
    if g.condition == nil && !builtInGoals.contains(name) {
      throw configError(
        "[goal.\(name)] has no 'condition'", at: location,
        hint: "e.g. condition = steps >= 10000 (a daily metric, a comparison and a number)")
    }
    return g
  }

  static func isGoalSection(_ name: String) -> Bool {
    name.hasPrefix("goal.") && name.count > 5
  }

  /// Splits a comma-separated list, trimming blanks and dropping empty items.
  static func list(_ value: String) -> [String] {
    value.split(separator: ",").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
  }

  static func number(_ e: PipelineEntry) throws -> Double {
    guard let v = Double(e.value), v.isFinite else {
      throw configError("'\(e.key)' must be a number, not '\(e.value)'", at: e.location)
    }
    return v
  }

  static func integer(_ e: PipelineEntry, in range: ClosedRange<Int>) throws -> Int {
    guard let v = Int(e.value), range.contains(v) else {
      throw configError(
        "'\(e.key)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(e.value)'",
        at: e.location)
    }
    return v
  }

  /// An e-mail address setting, checked as the report stage will check it (so a bad
  /// address is 78 at its line, by `--plan` too, not 64 after three stages ran).
  static func address(_ e: PipelineEntry?) throws -> String? {
    guard let e else { return nil }
    do {
      _ = try EmailAddress(parsing: e.value, option: e.key)
    } catch let error as HealthError {
      throw configError(
        "'\(e.key)' is not an e-mail address: '\(e.value)'", at: e.location, hint: error.hint)
    }
    return e.value
  }

  static func boolean(_ e: PipelineEntry) throws -> Bool {
    switch e.value.lowercased() {
    case "true", "yes", "on", "1": return true
    case "false", "no", "off", "0": return false
    default:
      throw configError("'\(e.key)' must be true or false, not '\(e.value)'", at: e.location)
    }
  }

  static func configError(_ message: String, at location: SourceLocation?, hint: String? = nil)
    -> HealthError
  {
    HealthError(.configError, message, at: location, hint: hint)
  }

  static func fileStem(_ path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasSuffix(".pipeline") ? String(name.dropLast(9)) : name
  }

  /// The allowed key closest to a misspelt one (edit distance ≤ 2).
  static func closest(_ key: String, in allowed: Set<String>) -> String? {
    var best: (String, Int)?
    for candidate in allowed.sorted() {
      let d = editDistance(Array(key), Array(candidate))
      if d <= 2 && d < (best?.1 ?? Int.max) { best = (candidate, d) }
    }
    return best?.0
  }

  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
