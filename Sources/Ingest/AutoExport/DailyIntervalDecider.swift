import HealthModel

/// Decides, per metric, whether Health Auto Export points stamped at local midnight are daily
/// values (interval = the whole local day) or ordinary readings that happen to fall at 00:00.
///
/// A "days" export stamps every point at midnight; an hourly or minute export stamps only
/// some. So a metric is daily when all its points are at midnight: such points wait here
/// until the first point of the metric not at midnight (then they are readings, kept with
/// end = start) or the metric's end (then they are days). At most `maxPending` wait (over 50
/// years of days); past that the metric is taken as daily. A date without a time is always a
/// day. Points not at midnight are instantaneous (end = start): the export gives no length.
struct DailyIntervalDecider {
  private enum Mode {
    case undecided
    case daily
    case readings
  }

  private var mode = Mode.undecided
  /// Samples waiting for the decision, in file order; `alwaysDaily` for date-only points.
  private var pending: [(sample: Sample, alwaysDaily: Bool)] = []
  static let maxPending = 20_000

  /// Takes one sample whose start is `time`; emits it now or later.
  mutating func submit(
    _ sample: Sample, time: ResolvedTime, emit: (Sample) throws -> Void
  ) throws {
    if !time.hasTime {
      // A day whatever the mode; it waits only to keep file order.
      if mode == .undecided && !pending.isEmpty {
        pending.append((sample, true))
        return
      }
      return try emit(Self.daily(sample))
    }
    if !time.isLocalMidnight {
      if mode != .readings {
        mode = .readings
        try flush(daily: false, emit: emit)
      }
      return try emit(sample)
    }
    switch mode {
    case .readings: try emit(sample)
    case .daily: try emit(Self.daily(sample))
    case .undecided:
      pending.append((sample, false))
      if pending.count >= Self.maxPending {
        mode = .daily
        try flush(daily: true, emit: emit)
      }
    }
  }

  /// Emits what still waits (as days) at the end of a metric and starts over.
  mutating func finish(emit: (Sample) throws -> Void) throws {
    try flush(daily: true, emit: emit)
    mode = .undecided
  }

  private mutating func flush(daily: Bool, emit: (Sample) throws -> Void) throws {
    for p in pending { try emit(daily || p.alwaysDaily ? Self.daily(p.sample) : p.sample) }
    pending.removeAll(keepingCapacity: true)
  }

  private static func daily(_ sample: Sample) -> Sample {
    var s = sample
    s.end = s.start + DayInterval.daySeconds
    return s
  }
}
