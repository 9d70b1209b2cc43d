import Testing

@testable import Aggregate

@Suite("Midnight splitting of cumulative samples")
struct MidnightSplitterTests {
  func split(_ start: String, hours: Double, _ value: Double) -> [MidnightSplitter.Part] {
    let (epoch, offset) = S.at(start)
    return MidnightSplitter.split(
      start: epoch, end: epoch + Int64(hours * 3600), utcOffset: offset, value: value)
  }

  @Test("a step sample 23:50-00:10 is split 50/50 between the two days")
  func acrossMidnight() {
    // 10 of its 20 minutes fall on each side of local midnight: 100 steps -> 50 + 50.
    let parts = split("2024-01-15 23:50:00 -0800", hours: 20.0 / 60, 100)
    #expect(
      parts == [
        .init(day: S.day("2024-01-15"), value: 50), .init(day: S.day("2024-01-16"), value: 50),
      ])
  }

  @Test("a 36-hour sample is split 6 h / 24 h / 6 h")
  func threeDays() {
    // 18:00 to 06:00 two days later: 6 h, 24 h, 6 h of 36 h -> 60, 240, 60 of 360.
    let parts = split("2024-01-15 18:00:00 -0800", hours: 36, 360)
    #expect(parts.map(\.day.description) == ["2024-01-15", "2024-01-16", "2024-01-17"])
    #expect(parts.map(\.value) == [60, 240, 60])
  }

  @Test("an interval ending exactly at midnight stays on its day; an instant is one part")
  func edges() {
    let a = split("2024-01-15 23:00:00 -0800", hours: 1, 42)
    #expect(a == [.init(day: S.day("2024-01-15"), value: 42)])
    let b = split("2024-01-15 00:00:00 -0800", hours: 0, 7)
    #expect(b == [.init(day: S.day("2024-01-15"), value: 7)])
  }

  @Test("a whole-day value on the 25-hour fall-back day stays on its day")
  func wholeDayFallBack() {
    // 2024-11-03 00:00 PDT to 2024-11-04 00:00 PST is 25 h. With the start's offset the
    // second midnight would fall after 24 h and move 1/25 to 4 November.
    let parts = split("2024-11-03 00:00:00 -0700", hours: 25, 1000)
    #expect(parts == [.init(day: S.day("2024-11-03"), value: 1000)])
  }

  @Test("a 25-hour sample that does not start at midnight is split by time")
  func notWholeDay() {
    // 01:00 to 02:00 next day at -0700: 23 h on the 3rd, 2 h on the 4th -> 920 + 80.
    let parts = split("2024-11-03 01:00:00 -0700", hours: 25, 1000)
    #expect(parts.map(\.value) == [920, 80])
  }

  @Test("the parts always add up to the value exactly")
  func exactTotal() {
    // 1/3 and 2/3 shares do not add up exactly in binary; the last part takes the rest.
    let parts = split("2024-01-15 23:40:00 -0800", hours: 1, 0.1)
    #expect(parts.count == 2)
    #expect(parts[0].value + parts[1].value == 0.1)
  }
}
