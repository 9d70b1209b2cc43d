/// A stretch of time in epoch seconds, `start` inclusive, `end` exclusive.
struct Span: Sendable, Hashable {
  var start: Int64
  var end: Int64
  /// Length in seconds.
  var length: Int64 { end - start }
  /// Whether an instant lies inside.
  @inline(__always) func contains(_ t: Int64) -> Bool { t >= start && t < end }
  /// Whether two spans share time.
  @inline(__always) func overlaps(_ o: Span) -> Bool { start < o.end && o.start < end }
}

/// Sleep stages as the watch and phone record them.
enum SleepStageKind: UInt8, Sendable {
  case inBed, asleepUnspecified, core, deep, rem, awake

  /// Whether the stage counts as asleep.
  var isAsleep: Bool {
    self == .asleepUnspecified || self == .core || self == .deep || self == .rem
  }
}

/// One sleep segment.
struct SleepSegment: Sendable {
  var span: Span
  var stage: SleepStageKind
}

/// When the person went to bed and got up (the night ending on a plan's morning).
struct SleepTiming: Sendable {
  /// In bed (the phone's bedtime) to out of bed.
  var inBed: Span
  /// First asleep to final wake.
  var sleep: Span
}

/// What the watch recorded for a night (or a nap).
struct NightRecord: Sendable {
  /// The watch's segments (stages after the cutover, `Asleep` before), in time order.
  var segments: [SleepSegment]
  /// The phone's in-bed intervals (empty for naps).
  var inBed: [Span]
}

/// Kinds of movement that make steps.
enum BoutKind: UInt8, Sendable {
  case house, office, commute, walk, errand, workout, sightseeing
}

/// A stretch of walking or running.
struct Bout: Sendable {
  var span: Span
  /// Steps per minute.
  var cadence: Double
  var kind: BoutKind
  /// Whether the phone is in a pocket (false: on the desk, or left at home).
  var phoneCarried: Bool
  /// Stride in metres (distance = steps × stride).
  var stride: Double
}

/// Workout activity types.
enum WorkoutKind: UInt8, Sendable, CaseIterable {
  case running, walking, cycling, strength, hiit, yoga

  /// Apple's activity type name.
  var appleName: String {
    switch self {
    case .running: "HKWorkoutActivityTypeRunning"
    case .walking: "HKWorkoutActivityTypeWalking"
    case .cycling: "HKWorkoutActivityTypeCycling"
    case .strength: "HKWorkoutActivityTypeTraditionalStrengthTraining"
    case .hiit: "HKWorkoutActivityTypeHighIntensityIntervalTraining"
    case .yoga: "HKWorkoutActivityTypeYoga"
    }
  }

  /// Health Auto Export's name.
  var autoExportName: String {
    switch self {
    case .running: "Running"
    case .walking: "Walking"
    case .cycling: "Cycling"
    case .strength: "Traditional Strength Training"
    case .hiit: "High Intensity Interval Training"
    case .yoga: "Yoga"
    }
  }

  /// Whether it covers distance (and so has a route when outdoors).
  var hasDistance: Bool { self == .running || self == .walking || self == .cycling }
}

/// A planned workout.
struct WorkoutPlan: Sendable {
  var kind: WorkoutKind
  /// Start to end, pauses included.
  var span: Span
  /// Pauses inside the span.
  var pauses: [Span]
  /// Seconds of activity (span minus pauses): the `duration` Apple writes.
  var activeSeconds: Int64
  /// Active energy per active minute, kcal.
  var kcalPerMinute: Double
  /// Speed over ground, m/s (0 for indoor strength etc.).
  var speed: Double
  /// Steps per minute while active.
  var cadence: Double
  /// Average and maximum heart rate.
  var heartRateAverage: Double
  var heartRateMaximum: Double
  var indoor: Bool
  var phoneCarried: Bool
  /// Hard sessions lower the next morning's HRV.
  var hard: Bool
  /// Weather (outdoor only).
  var temperatureF: Double
  var humidityPercent: Double
  /// Active spans (span minus pauses).
  var activeSpans: [Span] {
    var spans: [Span] = []
    var t = span.start
    for p in pauses {
      spans.append(Span(start: t, end: p.start))
      t = p.end
    }
    spans.append(Span(start: t, end: span.end))
    return spans
  }
  /// Distance in metres.
  var distanceMetres: Double { kind.hasDistance ? speed * Double(activeSeconds) : 0 }
  /// Active energy, kcal.
  var activeKcal: Double { kcalPerMinute * Double(activeSeconds) / 60 }
}

/// The body's state on a day, the mean that the day's readings scatter around.
struct Physiology: Sendable {
  /// Resting heart rate, bpm.
  var restingHeartRate: Double
  /// HRV SDNN, ms (the day's typical reading).
  var hrvSDNN: Double
  /// HRV RMSSD as the ring sees it, ms.
  var hrvRMSSD: Double
  /// Blood oxygen, fraction.
  var spo2: Double
  /// Breaths per minute asleep.
  var respiratoryRate: Double
  /// Sleeping wrist temperature, °C.
  var wristTemperatureC: Double
  /// VO2 max, mL/(kg·min).
  var vo2Max: Double
  /// Body mass, kg.
  var weightKg: Double
  /// Body fat, fraction.
  var bodyFat: Double
}

/// Rare events injected on purpose, as real exports have them.
struct DefectPlan: Sendable {
  /// A record of this type written `copies` times (exact duplicates).
  var duplicateType: SyntheticRecordType?
  /// Which record of the day gets duplicated (taken modulo the day's count).
  var duplicatePick: Int = 0
  /// Total copies (2 or more).
  var copies: Int = 2
  /// An extra record of this type with an impossible value.
  var outOfRangeType: SyntheticRecordType?
  /// An extra record of this type dated after the export.
  var futureType: SyntheticRecordType?
}

/// Everything the person did on one local day: the night ending that morning, the waking
/// hours until the next bedtime, and what the devices were doing. Channels turn a plan into
/// records; plans never depend on the output format.
struct DayPlan: Sendable {
  /// The local day.
  var day: LocalDayNumber
  /// Local midnight and the next one (a DST day is 23 or 25 hours; travel days 21 or 27).
  var midnight: Int64
  var nextMidnight: Int64
  /// ISO weekday, 1 = Monday.
  var weekday: Int
  var travel: Bool
  var sick: Bool
  var low: Bool
  /// Before the software cutover (old workout shape, unstaged sleep).
  var preCutover: Bool
  var body: Physiology
  /// The night ending this morning.
  var sleep: SleepTiming
  /// What the watch and phone recorded of that night; nil when the night is not recorded
  /// (the watch charged overnight and the phone was unset, or a period boundary).
  var night: NightRecord?
  /// An afternoon nap recorded by the watch.
  var nap: NightRecord?
  /// The plan owns [windowStart, windowEnd): from this night's bedtime to the next one.
  var windowStart: Int64
  var windowEnd: Int64
  /// Times the watch is off the wrist (charging), including the night when it charged.
  var watchOff: [Span]
  /// Movement, in time order, not overlapping.
  var bouts: [Bout]
  var workouts: [WorkoutPlan]
  /// Morning scale weigh-in.
  var weighIn: Int64?
  /// A weight typed into the Health app.
  var manualWeighIn: Int64?
  /// A blood pressure reading (cuff app).
  var bloodPressure: Int64?
  /// A Breathe session.
  var mindful: Span?
  /// When the watch estimated VO2 max.
  var vo2Reading: Int64?
  var defects: DefectPlan

  /// Whether the watch is on the wrist at an instant.
  @inline(__always)
  func watchWorn(at t: Int64) -> Bool {
    for off in watchOff where off.contains(t) { return false }
    return true
  }

  /// Whether the person is asleep (per the night's segments) at an instant.
  func asleep(at t: Int64) -> Bool { sleep.sleep.contains(t) }
}
