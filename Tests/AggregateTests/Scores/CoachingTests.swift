import Testing

@testable import Aggregate

@Suite("Coaching line")
struct CoachingTests {
  func context(
    days: Int = 7, since: Int? = 0, score: Int64? = 70, reference: String = "base60",
    penalty: Double = 0, note: String = "", asleep: Double? = 450, consistency: Double? = 1,
    weekly: CoachingContext.WeeklyProgress? = nil
  ) -> CoachingContext {
    CoachingContext(
      keyDataDays: days, daysSinceData: since,
      condition: ConditionScore(
        score: score, z: 0, penalty: score == nil ? nil : penalty, reference: reference,
        note: note),
      sleep: SleepScore(
        score: 80, durationPart: 1, consistencyPart: consistency, deepPart: nil, note: ""),
      asleepMinutes: asleep, weekly: weekly)
  }

  func rule(_ c: CoachingContext) -> String { CoachingRules.choose(c).id }

  @Test("data coverage comes first: stale, then thin, then calibrating")
  func coverage() {
    #expect(rule(context(since: 4, score: 20, penalty: 10)) == "no-recent-data")
    #expect(rule(context(since: nil)) == "no-recent-data")
    #expect(rule(context(days: 3, score: 20, penalty: 10, asleep: 200)) == "thin-data")
    #expect(
      rule(context(score: nil, reference: "", note: "calibrating 5/7", asleep: 200))
        == "calibrating")
  }

  @Test("condition-driven rules need the 60-day reference")
  func conditionRules() {
    #expect(rule(context(score: 35, penalty: 6)) == "recovery")
    #expect(rule(context(score: 35, penalty: 0)) == "low-condition")
    #expect(rule(context(score: 55)) == "low-condition")
    #expect(rule(context(score: 85)) == "ready")
    #expect(rule(context(score: 35, reference: "base14", penalty: 6)) == "early-baseline")
    #expect(rule(context(score: 85, reference: "base14")) == "early-baseline")
    #expect(rule(context(score: 70)) == "steady")
  }

  @Test("sleep rules: short sleep before irregular bedtimes")
  func sleepRules() {
    #expect(rule(context(asleep: 359)) == "short-sleep")
    #expect(rule(context(asleep: 360)) == "steady")
    #expect(rule(context(consistency: 0.4)) == "irregular-bedtime")
    #expect(rule(context(score: 85, asleep: 300)) == "short-sleep")
  }

  @Test("weekly goal: only when (almost) every open day is needed")
  func weekly() {
    func w(_ met: Int, _ open: Int) -> CoachingContext {
      context(weekly: .init(met: met, target: 5, daysOpen: open))
    }
    #expect(rule(w(2, 3)) == "weekly-goal")  // needs 3 of 3
    #expect(rule(w(2, 4)) == "weekly-goal")  // needs 3 of 4
    #expect(rule(w(2, 5)) == "steady")  // needs 3 of 5: still relaxed
    #expect(rule(w(1, 3)) == "steady")  // needs 4 of 3: out of reach, no nagging
    #expect(rule(w(5, 3)) == "steady")  // met
  }

  @Test("lines carry the context's numbers: days without data, the sleep goal")
  func renderedLines() {
    let stale = context(since: 19)
    #expect(
      CoachingRules.choose(stale).line(for: stale)
        == "No new data for 19 days: sync your watch and phone to keep your trends current.")
    let none = context(since: nil)
    #expect(
      CoachingRules.choose(none).line(for: none)
        == "No data yet: sync your watch and phone to start your trends.")
    var short = context(asleep: 300)
    #expect(
      CoachingRules.choose(short).line(for: short)
        == "Aim for at least 7 hours of sleep tonight: start winding down 30 minutes earlier.")
    short.sleepGoalMinutes = 450
    #expect(
      CoachingRules.choose(short).line(for: short)
        == "Aim for at least 7 hours 30 minutes of sleep tonight: start winding down 30 minutes "
        + "earlier.")
    // Lines without numbers are their text.
    let steady = context()
    #expect(CoachingRules.choose(steady).line(for: steady) == CoachingRules.choose(steady).text)
  }

  @Test("no rule text uses diagnostic words; ids are unique")
  func wording() {
    let forbidden = [
      "sick", "ill", "illness", "disease", "infection", "fever", "diagnos", "disorder",
      "apnea", "insomnia", "symptom", "overtrain", "covid", "flu", "doctor",
    ]
    let samples = [context(since: 400), context(since: nil), context(asleep: 100)]
    for r in CoachingRules.rules {
      let lines = [r.text] + samples.map { r.line(for: $0) }
      let words = lines.joined(separator: " ").lowercased().split { !$0.isLetter }.map(String.init)
      for f in forbidden {
        #expect(!words.contains { $0.hasPrefix(f) }, "\(r.id): \(r.text)")
      }
      #expect(lines.allSatisfy { $0.count <= 100 }, "\(lines)")
    }
    #expect(Set(CoachingRules.rules.map(\.id)).count == CoachingRules.rules.count)
  }
}
