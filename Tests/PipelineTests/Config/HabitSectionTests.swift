import Aggregate
import Foundation
import HealthModel
import TestSupport
import Testing

@testable import Pipeline

/// `[habit.NAME]` sections (Pipelines/README.md, docs/habits.md "Definitions"): parsed and
/// checked like goals, exit 78 at `file:line` with the closest names.
@Suite struct HabitSectionTests {
  let dir = TemporaryDirectory("habit-sections")

  func load(_ body: String) throws -> PipelineConfig {
    try "x".write(toFile: dir.file("in.csv"), atomically: true, encoding: .utf8)
    let path = dir.file("p.pipeline")
    try ("[pipeline]\ninputs = in.csv\n" + body).write(
      toFile: path, atomically: true, encoding: .utf8)
    return try PipelineConfigLoader.load(path: path)
  }

  func failure(_ body: String) -> HealthError? {
    do {
      _ = try load(body)
      return nil
    } catch let e as HealthError {
      return e
    } catch {
      return nil
    }
  }

  @Test func theIssuesFiveHabitsParse() throws {
    let config = try load(
      """
      [habit.meditate]
      type = check
      frequency = daily

      [habit.read]
      type = duration
      goal = 30 min
      frequency = 5 per week

      [habit.water]
      type = count
      goal = 8
      unit = glasses
      frequency = daily

      [habit.run]
      type = duration
      goal = 20 min
      frequency = 3 per week
      auto = workoutMinutes[Running]

      [habit.alcohol]
      type = count
      goal = 0
      target = at most
      frequency = daily
      archived = yes
      order = 9
      since = 2026-11-11
      name = No alcohol
      """)
    let h = config.aggregate.habits
    #expect(h.map(\.key) == ["meditate", "read", "water", "run", "alcohol"])
    #expect(h[0].kind == .check && h[0].frequency == .daily && h[0].goal == nil)
    #expect(h[1].kind == .duration && h[1].goal == 30 && h[1].frequency == .perWeek(5))
    #expect(h[2].goal == 8 && h[2].unit == "glasses" && h[2].unitWord == "glasses")
    #expect(h[3].auto == HabitAutoLink(metric: "workoutMinutes", category: "Running"))
    #expect(h[4].target == .atMost && h[4].goal == 0 && h[4].archived && h[4].order == 9)
    #expect(h[4].since == LocalDay(year: 2026, month: 11, day: 11) && h[4].name == "No alcohol")
    #expect(h[2].goalText == "8 glasses" && h[4].goalText == "at most 0")
    // Goals in other spellings: 1.5 h and 0:45 are minutes; 8 glasses names the unit.
    let other = try load(
      "[habit.a]\ntype = duration\ngoal = 1.5 h\n[habit.b]\ntype = duration\ngoal = 0:45\n"
        + "[habit.c]\ntype = count\ngoal = 8 glasses\nfrequency = 3 times a week\n")
    #expect(other.aggregate.habits.map(\.goal) == [90, 45, 8])
    #expect(other.aggregate.habits[2].unit == "glasses")
    #expect(other.aggregate.habits[2].frequency == .perWeek(3))
  }

  @Test func mistakesAreRefusedAtTheirLineWithTheClosestName() {
    // Line numbers count the two [pipeline] lines first.
    let cases: [(String, Int, String)] = [
      ("[habit.a]\ntpye = check\n", 4, "unknown key 'tpye' in [habit.a] (did you mean 'type'?)"),
      (
        "[habit.a]\ntype = chek\n", 4,
        "type must be check, duration or count, not 'chek' (did you mean 'check'?)"
      ),
      ("[habit.a]\ngoal = 3\n", 3, "[habit.a] has no 'type'"),
      ("[habit.a]\ntype = check\ngoal = 3\n", 5, "a check habit has no goal"),
      ("[habit.a]\ntype = count\ngoal = lots\n", 5, "goal must be a number of 0 or more"),
      ("[habit.a]\ntype = duration\ngoal = -5\n", 5, "goal must be minutes"),
      (
        "[habit.a]\ntype = count\nfrequency = 8 per week\n", 5,
        "frequency must be daily, N per week"
      ),
      ("[habit.a]\ntype = count\nfrequency = twice a week\n", 5, "frequency must be"),
      ("[habit.a]\ntype = count\ntarget = at most\n", 5, "target = at most needs a goal"),
      (
        "[habit.a]\ntype = count\ngoal = 2\ntarget = below\n", 6,
        "target must be 'at least' or 'at most'"
      ),
      (
        "[habit.a]\ntype = duration\nauto = workoutMinuts[Running]\n", 5,
        "auto: unknown metric 'workoutMinuts' (did you mean workoutMinutes"
      ),
      ("[habit.a]\ntype = check\nsince = 15/11/2026\n", 5, "since must be a date yyyy-MM-dd"),
      ("[habit.a]\ntype = check\narchived = maybe\n", 5, "'archived' must be true or false"),
      ("[habit.a]\ntype = duration\nunit = hours\n", 5, "a duration habit is kept in minutes"),
      (
        "[habit.a]\ntype = count\ngoal = 8 cups\nunit = glasses\n", 5,
        "goal is in 'cups' but unit = glasses"
      ),
      (
        "[habit.read_more]\ntype = check\n[habit.Read-More]\ntype = check\n", 5,
        "is the same habit as"
      ),
      ("[habits.a]\ntype = check\n", 3, "unknown section [habits.a]"),
    ]
    for (body, line, message) in cases {
      guard let e = failure(body) else {
        Issue.record("accepted: \(body)")
        continue
      }
      #expect(e.code == .configError, "\(body)")
      #expect(e.location?.line == line, "\(body): \(e)")
      #expect(e.message.contains(message), "\(body): \(e.message)")
    }
  }

  @Test func habitsChangeTheCacheKeysOfIngestAndAggregate() throws {
    let plain = try load("")
    let one = try load("[habit.read]\ntype = duration\n")
    let goal = try load("[habit.read]\ntype = duration\ngoal = 30\n")
    func keys(_ c: PipelineConfig) -> (ingest: [String: String], aggregate: [String: String]) {
      let stages = PipelineStages.make(
        config: c, asOf: .day(LocalDay(year: 2026, month: 11, day: 15)!))
      return (stages[0].settings, stages[2].settings)
    }
    #expect(keys(plain).ingest["habits"] == nil)
    #expect(keys(one).ingest["habits"] == "read:duration:")
    // A goal does not change what ingest reads, only what aggregate computes.
    #expect(keys(one).ingest == keys(goal).ingest)
    #expect(keys(one).aggregate != keys(goal).aggregate)
  }
}
