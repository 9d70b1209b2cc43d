import HealthModel

/// One `sleep_level` message: the stage that starts at its time.
struct GarminSleepLevel {
  var start: Int64
  var level: UInt64
  var record: Int64
}

/// Sleep files: `sleep_level` messages mark where a stage starts; it lasts until the next
/// one (docs/ingest-garmin.md, "Sleep").
extension GarminFITMapper {
  /// Profile enum `sleep_level`: 0 unmeasurable, 1 awake, 2 light, 3 deep, 4 REM.
  static func stage(ofLevel level: UInt64) -> SleepStage? {
    switch level {
    case 1: .awake
    case 2: .asleepCore
    case 3: .asleepDeep
    case 4: .asleepREM
    default: nil
    }
  }

  func readSleepLevel(_ m: FITMessage) throws {
    guard let level = m.uint(GarminFIT.Field.sleepLevel) else {
      return notKept(m.globalNumber, .noValue)
    }
    guard let t = m.timestamp.flatMap({ Self.epoch(UInt64($0)) }) else {
      return try reject(
        type: "sleep_level", .badDate, "a sleep level has no timestamp", metric: .sleep,
        record: m.record, value: String(level))
    }
    sleepLevels.append(GarminSleepLevel(start: t, level: level, record: m.record))
  }

  /// Turns the file's levels into segments: each from its time to the next level's. The
  /// last level has no end (a watch closes the night with an awake level at the wake time)
  /// and is counted, not kept; so are `unmeasurable` (0) stretches. An unknown level is a
  /// reject.
  func flushSleepLevels() throws {
    guard !sleepLevels.isEmpty else { return }
    let levels = sleepLevels.sorted { ($0.start, $0.record) < ($1.start, $1.record) }
    sleepLevels.removeAll()
    for (i, level) in levels.enumerated() {
      guard i + 1 < levels.count else {
        notKept(GarminFIT.Message.sleepLevel, .lastWithoutEnd)
        continue
      }
      let end = levels[i + 1].start
      guard end > level.start else {
        notKept(GarminFIT.Message.sleepLevel, .empty)
        continue
      }
      guard level.level != 0 else {
        notKept(GarminFIT.Message.sleepLevel, .unmeasurable)
        continue
      }
      guard let stage = Self.stage(ofLevel: level.level) else {
        try reject(
          type: "sleep_level", .unknownCategory,
          "sleep level \(level.level) is not one of the Profile's 0-4", metric: .sleep,
          record: level.record, value: String(level.level))
        continue
      }
      hold(
        .sleep, type: "sleep_level", start: level.start, end: end,
        value: Double(end - level.start) / 60, unit: "min", category: stage.rawValue,
        record: level.record)
    }
  }
}
