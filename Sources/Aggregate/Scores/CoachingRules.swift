/// The coaching line: one short suggestion of an action, chosen by fixed rules in a fixed
/// order, first match wins (docs/coaching.md). Rules that act on the condition score need
/// the 60-day reference; with thinner data only the data-coverage rules and gentle routine
/// lines apply. No line uses diagnostic words.
public enum CoachingRules {
  /// One rule: its id (written to `coachingRule`), its text, and when it applies.
  public struct Rule: Sendable {
    /// Stable id.
    public var id: String
    /// The line shown to the person.
    public var text: String
    /// Whether it applies.
    public var applies: @Sendable (CoachingContext) -> Bool
    /// The line for a context, when it carries a number of the context (`text` otherwise).
    public var render: (@Sendable (CoachingContext) -> String)? = nil

    /// The line shown for `context`.
    public func line(for context: CoachingContext) -> String { render?(context) ?? text }
  }

  /// `7 hours`, `7 hours 30 minutes`, `1 hour`.
  static func hours(_ minutes: Double) -> String {
    let total = Int(minutes.rounded())
    let (h, m) = (total / 60, total % 60)
    var text = h == 1 ? "1 hour" : "\(h) hours"
    if m > 0 { text += m == 1 ? " 1 minute" : " \(m) minutes" }
    return text
  }

  /// The rules in the order they are tried; the last always applies.
  public static let rules: [Rule] = [
    Rule(
      id: "no-recent-data",
      text: "No new data for a few days: sync your watch and phone to keep your trends current.",
      applies: { ($0.daysSinceData ?? Int.max) > WindowRules.staleAfterDays },
      render: { c in
        guard let days = c.daysSinceData else {
          return "No data yet: sync your watch and phone to start your trends."
        }
        return "No new data for \(days) days: sync your watch and phone to keep your trends "
          + "current."
      }),
    Rule(
      id: "thin-data",
      text: "Wear your watch day and night this week so your trends have enough data.",
      applies: { $0.keyDataDays < WindowRules.avg7MinDays }),
    Rule(
      id: "calibrating",
      text: "Keep wearing your watch overnight: your personal baseline is still being set up.",
      applies: { $0.condition.reference.isEmpty && $0.condition.note.hasPrefix("calibrating") }),
    Rule(
      id: "recovery",
      text: "Keep today light and aim for an early night: your recovery signals are below usual.",
      applies: {
        $0.condition.reference == "base60" && ($0.condition.score ?? 100) < 40
          && ($0.condition.penalty ?? 0) > 0
      }),
    Rule(
      id: "short-sleep",
      text: "Aim for at least 7 hours of sleep tonight: start winding down 30 minutes earlier.",
      applies: { ($0.asleepMinutes ?? 420) < 360 },
      render: { c in
        "Aim for at least \(hours(c.sleepGoalMinutes)) of sleep tonight: start winding down "
          + "30 minutes earlier."
      }),
    Rule(
      id: "irregular-bedtime",
      text: "Try going to bed at about the same time each night this week.",
      applies: { ($0.sleep.consistencyPart ?? 1) < 0.5 }),
    Rule(
      id: "low-condition",
      text: "Choose lighter activity today, such as an easy walk, and give yourself time to rest.",
      applies: { $0.condition.reference == "base60" && ($0.condition.score ?? 100) < 60 }),
    Rule(
      id: "weekly-goal",
      text: "Fit in a 20-minute workout today to keep your weekly activity goal in reach.",
      applies: {
        guard let w = $0.weekly else { return false }
        let needed = w.target - w.met
        return needed > 0 && needed <= w.daysOpen && needed >= w.daysOpen - 1
      }),
    Rule(
      id: "ready",
      text: "You look well recovered: a good day for a harder workout if you feel like it.",
      applies: {
        $0.condition.reference == "base60" && ($0.condition.score ?? 0) >= 80
          && ($0.sleep.score ?? 100) >= 60
      }),
    Rule(
      id: "early-baseline",
      text: "Keep a steady routine this week while your 60-day baseline builds up.",
      applies: { $0.condition.reference == "base14" }),
    Rule(
      id: "steady",
      text: "Keep your routine: regular sleep and daily movement support your trends.",
      applies: { _ in true }),
  ]

  /// The first rule that applies.
  public static func choose(_ context: CoachingContext) -> Rule {
    rules.first { $0.applies(context) }!
  }
}
