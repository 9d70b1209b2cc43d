import HealthModel

extension WorkoutPlanner {
  /// What a workout of one kind draws: its length, pauses, effort and conditions.
  struct KindDraw {
    /// Minutes of activity, before the extra seconds.
    var activeMinutes: Double
    /// Pauses to try to place.
    var pauseCount = 0
    /// Active energy per minute, kcal.
    var kcal: Double
    /// Speed, m/s (0 when it has none).
    var speed = 0.0
    /// Steps (or strokes, reps) per minute (0 when it has none).
    var cadence = 0.0
    /// Average heart rate.
    var hr: Double
    /// Indoors.
    var indoor = true
    /// The phone went along.
    var phone = true
    /// Hard enough to tire the next day.
    var hard = false

    /// Draws the kind's values, in the order each kind draws them.
    init(_ kind: WorkoutKind, long: Bool, rng: inout SeededRandom) {
      switch kind {
      case .running:
        activeMinutes = long ? rng.uniform(60, 95) : rng.uniform(28, 55)
        pauseCount = rng.int(0...2)
        kcal = rng.uniform(11, 12.5)
        speed = rng.uniform(2.7, 3.1)
        cadence = rng.uniform(162, 170)
        hr = rng.uniform(148, 158)
        indoor = rng.chance(0.1)
        phone = rng.chance(0.5)
        hard = activeMinutes >= 45 || speed > 3.0
      case .walking:
        activeMinutes = rng.uniform(30, 70)
        pauseCount = rng.int(0...1)
        kcal = rng.uniform(4.3, 5.3)
        speed = rng.uniform(1.4, 1.6)
        cadence = rng.uniform(108, 118)
        hr = rng.uniform(100, 112)
        indoor = false
        phone = rng.chance(0.85)
      case .cycling:
        activeMinutes = rng.uniform(40, 100)
        pauseCount = rng.int(0...2)
        kcal = rng.uniform(8, 10)
        indoor = rng.chance(0.25)
        speed = indoor ? 0 : rng.uniform(5.5, 7)
        hr = rng.uniform(128, 142)
        phone = rng.chance(0.6)
        hard = activeMinutes >= 70
      case .strength:
        activeMinutes = rng.uniform(30, 55)
        kcal = rng.uniform(5.5, 7)
        cadence = 15
        hr = rng.uniform(112, 128)
        phone = rng.chance(0.8)
        hard = rng.chance(0.3)
      case .hiit:
        activeMinutes = rng.uniform(16, 30)
        pauseCount = rng.int(0...1)
        kcal = rng.uniform(10.5, 12.5)
        cadence = 60
        hr = rng.uniform(150, 162)
        hard = true
      case .yoga:
        activeMinutes = rng.uniform(20, 45)
        kcal = rng.uniform(2.8, 3.6)
        hr = rng.uniform(88, 98)
      }
    }
  }

  /// Up to `count` pauses at random points of the activity (none within 2 minutes of the
  /// one before), each shifting the rest of the workout; returns them and the total shift.
  static func pauses(count: Int, activeSeconds: Int64, start: Int64, rng: inout SeededRandom)
    -> ([Span], shift: Int64)
  {
    var pauseOffsets: [Int64] = []
    for _ in 0..<count {
      pauseOffsets.append(Int64(rng.uniform(0.15, 0.85) * Double(activeSeconds)))
    }
    pauseOffsets.sort()
    var pauses: [Span] = []
    var shift: Int64 = 0
    var lastOffset: Int64 = -1
    for offset in pauseOffsets where offset > lastOffset + 120 {
      let length = Int64(rng.uniform(30, 240))
      let pauseStart = start + offset + shift
      pauses.append(Span(start: pauseStart, end: pauseStart + length))
      shift += length
      lastOffset = offset
    }
    return (pauses, shift)
  }
}
