import Aggregate
import Clean
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
    "report": ["format", "window", "out", "to", "from", "send", "sendmail", "mailer_timeout"],
    "export": ["sqlite"],
  ]
  static let goalKeys: Set<String> = ["condition", "weekly_target", "description"]
  /// Goals that exist without a section (the default goals of docs/streaks.md).
  static let builtInGoals = GoalDefinition.defaults.map(\.name)

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
    // Paths in the file are relative to its real folder, made absolute: the stamps then
    // name the same files however the pipeline was invoked (docs: Pipelines/README.md).
    let real = PathUtilities.canonicalPath(document.path)
    let base = PathUtilities.directory(of: real)
    for (name, location) in document.sections {
      guard keys[name] != nil || isGoalSection(name) || isHabitSection(name) else {
        throw configError(
          "unknown section [\(name)]", at: location,
          hint:
            "sections are [pipeline], [clean], [aggregate], [goal.NAME], [habit.NAME], "
            + "[report] and [export]")
      }
    }
    for entry in document.entries {
      let allowed =
        isGoalSection(entry.section)
        ? goalKeys : isHabitSection(entry.section) ? habitKeys : (keys[entry.section] ?? [])
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

    // The default name (and so the default work folder) is the real file's, not a link's.
    let name = value("pipeline", "name")?.value ?? fileStem(real)
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
    var asOf = AsOfDate.Word.yesterday
    if let e = value("pipeline", "as_of") {
      asOf = try AsOfDate.Word.parse(e.value, origin: "as_of", code: .configError, at: e.location)
    }
    var timeZone: String?
    if let e = value("pipeline", "timezone") {
      guard TimeZoneName.isKnown(e.value) else {
        throw TimeZoneName.unknown(e.value, code: .configError, at: e.location)
      }
      timeZone = e.value
    }
    var priority = SourcePriority.standard
    if let e = value("clean", "priority") {
      // The one parser of the list (also `--priority`'s): an empty list, an empty entry or
      // an entry given twice is refused here, with the line, not when clean runs.
      do {
        priority = try SourcePriority(parsing: e.value)
      } catch let error as HealthError {
        throw configError("priority: " + error.message, at: e.location, hint: error.hint)
      }
    }
    var goalNames = ["active", "steps", "sleep"]
    if let e = value("aggregate", "goals") {
      goalNames = list(e.value)
      var seen = Set<String>()
      for g in goalNames where !seen.insert(g).inserted {
        throw configError("goal '\(g)' is listed twice", at: e.location)
      }
    }
    var goals: [String: GoalSection] = [:]
    for (section, location) in document.sections where isGoalSection(section) {
      let goalName = String(section.dropFirst(5))
      goals[goalName] = try goal(goalName, document: document, location: location)
    }
    for g in goalNames where goals[g] == nil && !builtInGoals.contains(g) {
      throw configError(
        "goal '\(g)' has no [goal.\(g)] section", at: value("aggregate", "goals")?.location,
        hint: "define it, e.g. [goal.\(g)] with condition = steps >= 10000")
    }
    for (section, location) in document.sections where isGoalSection(section) {
      let goalName = String(section.dropFirst(5))
      guard goalNames.contains(goalName) else {
        throw configError(
          "[goal.\(goalName)] is not used: '\(goalName)' is not in [aggregate] goals",
          at: location,
          hint: "add it to goals = \(goalNames.joined(separator: ", ")), or remove the section")
      }
    }
    let habits = try habits(document)
    var pinned: [String]?
    if let e = value("aggregate", "pinned") {
      let names = list(e.value)
      for name in names where PinnedMetrics.metric(named: name) == nil {
        throw configError(
          "pinned metric '\(name)' is not known", at: e.location,
          hint: PinnedMetrics.suggestion(for: name))
      }
      pinned = names
    }
    var weekStart = Weekday.monday
    if let e = value("aggregate", "week_start") {
      guard let day = Weekday(name: e.value) else {
        throw configError("week_start must be a weekday name, not '\(e.value)'", at: e.location)
      }
      weekStart = day
    }
    var weeklyActive = 5
    if let e = value("aggregate", "weekly_active_target") {
      weeklyActive = try integer(e, in: 1...7)
      guard goalNames.contains("active") else {
        throw configError(
          "weekly_active_target is the weekly target of the goal 'active', which is not in "
            + "[aggregate] goals", at: e.location,
          hint: "add active to goals, or give the goal you mean its own weekly_target in "
            + "[goal.NAME]")
      }
    }
    var backfillDays: Int?
    if let e = value("aggregate", "backfill_days") {
      backfillDays = try integer(e, in: 7...730)
    }
    var report = ReportConfig()
    if let e = value("report", "format") {
      guard let format = ReportFormat(rawValue: e.value) else {
        throw configError(
          "format must be html, markdown or email, not '\(e.value)'", at: e.location)
      }
      report.format = format
    }
    if let e = value("report", "window") {
      guard let w = ReportWindow.parse(e.value) else {
        throw configError(
          "window must be \(ReportWindow.accepted), not '\(e.value)'", at: e.location)
      }
      report.window = w
    }
    report.out = value("report", "out").map { PathUtilities.resolve($0.value, relativeTo: base) }
    report.to = try address(value("report", "to"))
    report.from = try address(value("report", "from"))
    if let e = value("report", "send") { report.send = try boolean(e) }
    if let e = value("report", "sendmail") {
      guard let program = Mailer.words(e.value).first, !program.isEmpty else {
        throw configError(
          "sendmail is empty", at: e.location,
          hint: "give a command such as sendmail -t -i, or remove the line for the default")
      }
      report.sendmail = e.value
    }
    if let e = value("report", "mailer_timeout") {
      do {
        report.mailerTimeout = try MailerTimeout.parse(e.value)
      } catch let error as HealthError {
        throw configError(error.message, at: e.location, hint: error.hint)
      }
    }
    if report.format == .email, report.send, report.to == nil {
      throw configError(
        "send = true needs a recipient", at: value("report", "send")?.location,
        hint: "add 'to = you@example.com' to [report]")
    }
    if report.format == .email, report.to == nil {
      // The e-mail names its recipient even when it is only written, not sent.
      throw configError(
        "format = email needs a recipient",
        at: value("report", "format")?.location,
        hint: "add 'to = you@example.com' to [report]")
    }
    var export = ExportConfig()
    if let e = value("export", "sqlite") {
      guard !e.value.isEmpty else {
        throw configError(
          "sqlite is empty", at: e.location,
          hint: "give the database file, e.g. sqlite = ../Reports/latest/health.sqlite")
      }
      export.sqlite = PathUtilities.resolve(e.value, relativeTo: base)
    }
    let aggregate = AggregateSettings(
      goals: goalNames.map { goalDefinition($0, section: goals[$0], weeklyActive: weeklyActive) },
      pinned: pinned ?? PinnedMetrics.defaultNames, weekStart: weekStart,
      backfillDays: backfillDays, habits: habits)
    var config = PipelineConfig(
      path: document.path, name: name, inputs: inputs, workFolder: work, asOf: asOf,
      timeZone: timeZone, priority: priority, aggregate: aggregate, report: report,
      document: document)
    config.export = export
    return config
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

  /// The allowed key closest to a misspelt one.
  static func closest(_ key: String, in allowed: Set<String>) -> String? {
    NameSuggestions.closest(to: key, in: allowed.sorted(), limit: 1).first
  }
}
