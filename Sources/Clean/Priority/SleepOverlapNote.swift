import HealthModel

/// Why the sleep rule displaced a sleep row, kept beside the row until its reject reason is
/// written (`SleepArbitration.reason`). A plain value of fixed size, so it travels inside a
/// `RejectRecord` through the partitioned stage's scratch file.
struct SleepOverlapNote: Sendable, BitwiseCopyable, Hashable {
  /// What the row lost.
  enum Kind: UInt8, Sendable, BitwiseCopyable {
    /// The night (asleep, stages, awake) went to another source.
    case night
    /// The night's in-bed time went to another source.
    case inBed
    /// In-bed of the in-bed source that falls outside the night's window.
    case inBedOutsideWindow
    /// An overlapping nap of another source was kept.
    case nap
  }

  /// Why the other source won.
  enum Why: UInt8, Sendable, BitwiseCopyable {
    /// It ranks higher.
    case higherPriority
    /// Same rank; its name sorts first.
    case sameRank
    /// This row's source holds under half the main sleep's asleep minutes.
    case underHalf
    /// In-bed comes from the night's own source.
    case nightSource
  }

  /// The sleep day (night, in-bed) or the nap's start date, as a day number.
  var dayNumber: Int32
  var kind: Kind
  var why: Why
  /// For `underHalf`: asleep minutes this row's source holds in the window (a `Float`
  /// keeps the record small; the reason shows tenths).
  var held: Float = 0
  /// For `underHalf`: the main sleep's asleep minutes.
  var reference: Float = 0

  init(day: LocalDay, kind: Kind, why: Why) {
    dayNumber = day.dayNumber
    self.kind = kind
    self.why = why
  }

  /// The sleep day or the nap's date.
  var day: LocalDay { LocalDay(dayNumber: dayNumber) }
}
