import HealthCore
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

  @Test("no rule text uses diagnostic words; ids are unique")
  func wording() {
    let forbidden = [
      "sick", "ill", "illness", "disease", "infection", "fever", "diagnos", "disorder",
      "apnea", "insomnia", "symptom", "overtrain", "covid", "flu", "doctor",
    ]
    for r in CoachingRules.rules {
      let words = r.text.lowercased().split { !$0.isLetter }.map(String.init)
      for f in forbidden {
        #expect(!words.contains { $0.hasPrefix(f) }, "\(r.id): \(r.text)")
      }
      #expect(r.text.count <= 100)
    }
    #expect(Set(CoachingRules.rules.map(\.id)).count == CoachingRules.rules.count)
  }
}
