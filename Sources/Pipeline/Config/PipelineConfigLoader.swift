import Aggregate
import Clean
import HealthModel
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
    try checkSectionsAndKeys(document)
    let pipeline = try pipelineSection(document, checkInputs: checkInputs)
    let priority = try cleanPriority(document)
    let aggregate = try aggregateSection(document)
    let report = try reportSection(document, base: pipeline.base)
    let export = try exportSection(document, base: pipeline.base)
    var config = PipelineConfig(
      path: document.path, name: pipeline.name, inputs: pipeline.inputs,
      workFolder: pipeline.work, asOf: pipeline.asOf, timeZone: pipeline.timeZone,
      priority: priority, aggregate: aggregate, report: report, document: document)
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
