import HealthModel

/// A row of the `scores` table: the day's condition, sleep, body and wellness scores
/// (docs/aggregate.md, "Scores"), each with its status word, or nil with a note saying why.
public struct ScoreRow: Hashable, Sendable, FieldRecord {
  /// The day.
  public var day: LocalDay
  /// Condition score 0-100.
  public var condition: Int64?
  /// z of today's hrvLnSDNN against the reference.
  public var conditionZ: Double?
  /// Resting-HR penalty subtracted (0 when none).
  public var restingHRPenalty: Double?
  /// Which reference was used: `base60`, `base14`, or "".
  public var conditionReference: String
  /// Why there is no condition score (`calibrating 5/7`), or "".
  public var conditionNote: String
  /// The HRV measure the condition score uses: `SDNN`, `RMSSD` (a person with RMSSD and no
  /// SDNN), or "" without HRV data (docs/aggregate.md, "Condition score").
  public var conditionMeasure: String
  /// Sleep score 0-100 for the sleep day.
  public var sleep: Int64?
  /// Duration part 0-1.
  public var sleepDurationPart: Double?
  /// Consistency part 0-1.
  public var sleepConsistencyPart: Double?
  /// Deep-sleep part 0-1.
  public var sleepDeepPart: Double?
  /// Why there is no sleep score, or "".
  public var sleepNote: String
  /// Body score 0-100.
  public var body: Int64?
  /// Change in mean body fat, percentage points, last 7 days vs the 7 before.
  public var bodyFatChange: Double?
  /// |% change| of mean weight, last 7 days vs the 7 before.
  public var weightChangePercent: Double?
  /// Why there is no body score, or "".
  public var bodyNote: String
  /// Wellness score 0-100 from the rounded part scores.
  public var wellness: Int64?
  /// Why there is no wellness score, or "".
  public var wellnessNote: String
  /// The status word of the wellness score (`excellent` ... `warning`), or "".
  public var status: String
  /// The coaching line for the day.
  public var coaching: String
  /// The id of the coaching rule that chose it (see docs), for tests and audits.
  public var coachingRule: String

  /// An empty row for a day.
  public init(day: LocalDay) {
    self.day = day
    conditionReference = ""
    conditionNote = ""
    conditionMeasure = ""
    sleepNote = ""
    bodyNote = ""
    wellnessNote = ""
    status = ""
    coaching = ""
    coachingRule = ""
  }

  /// `scores`.
  public static let tableKind = TableKind.scores
  /// The columns in order, each with the property it holds: the schema, the writer and
  /// the reader (`FieldRecord`).
  public static let fields: [TableField<ScoreRow>] = [
    .day("day", \.day),
    .int("condition", \.condition),
    .double("conditionZ", \.conditionZ),
    .double("restingHRPenalty", \.restingHRPenalty),
    .string("conditionReference", \.conditionReference),
    .string("conditionNote", \.conditionNote),
    .string("conditionMeasure", \.conditionMeasure),
    .int("sleep", \.sleep),
    .double("sleepDurationPart", \.sleepDurationPart),
    .double("sleepConsistencyPart", \.sleepConsistencyPart),
    .double("sleepDeepPart", \.sleepDeepPart),
    .string("sleepNote", \.sleepNote),
    .int("body", \.body),
    .double("bodyFatChange", \.bodyFatChange, unit: "pp"),
    .double("weightChangePercent", \.weightChangePercent, unit: "%"),
    .string("bodyNote", \.bodyNote),
    .int("wellness", \.wellness),
    .string("wellnessNote", \.wellnessNote),
    .string("status", \.status),
    .string("coaching", \.coaching),
    .string("coachingRule", \.coachingRule),
  ]

  /// A row to read into.
  public static var blank: ScoreRow {
    ScoreRow(day: LocalDay(dayNumber: 0))
  }

}

/// Status words for any 0-100 score (docs/aggregate.md, "Scores").
public enum ScoreStatus {
  /// `excellent` (80-100), `good` (60-79), `fair` (40-59), `tired` (20-39), `warning` (0-19).
  public static func word(for score: Int64) -> String {
    switch score {
    case 80...: "excellent"
    case 60..<80: "good"
    case 40..<60: "fair"
    case 20..<40: "tired"
    default: "warning"
    }
  }
}
