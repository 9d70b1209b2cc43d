/// Ids of the daily series the aggregate stage derives (beyond the catalog's own ids,
/// which it uses for plain daily sums, means and last values).
extension MetricID {
  /// Mean of ln(SDNN in ms) over the day's valid HRV readings.
  public static let hrvLnSDNN: MetricID = "hrvLnSDNN"
  /// Mean of ln(RMSSD in ms) over the day's RMSSD readings (Health Connect, Oura, WHOOP,
  /// Fitbit, Garmin): never mixed with `hrvLnSDNN` (docs/aggregate.md, "Condition score").
  public static let hrvLnRMSSD: MetricID = "hrvLnRMSSD"
  /// Asleep minutes of a sleep day's night (union of the chosen source's asleep intervals;
  /// naps are `napMinutes`).
  public static let sleepAsleep: MetricID = "sleepAsleep"
  /// In-bed minutes of a sleep day.
  public static let sleepInBed: MetricID = "sleepInBed"
  /// Core sleep minutes.
  public static let sleepCore: MetricID = "sleepCore"
  /// Deep sleep minutes.
  public static let sleepDeep: MetricID = "sleepDeep"
  /// REM sleep minutes.
  public static let sleepREM: MetricID = "sleepREM"
  /// Awake minutes during the night.
  public static let sleepAwake: MetricID = "sleepAwake"
  /// Bedtime (first asleep start): minutes after 18:00 local on the evening before the
  /// sleep day (so 23:30 is 330 and 00:30 is 390; midnight never wraps).
  public static let sleepBedtime: MetricID = "sleepBedtime"
  /// Wake time (last asleep end): minutes after local midnight of the sleep day.
  public static let sleepWake: MetricID = "sleepWake"
  /// Minutes napped on the local date the naps started: asleep minutes of the sleep
  /// sessions outside the night's window (in-bed minutes for a nap recorded only in bed).
  public static let napMinutes: MetricID = "napMinutes"
  /// Number of naps started that day.
  public static let napCount: MetricID = "napCount"
  /// Number of workouts started that day (category: activity type, or "" for all).
  public static let workoutCount: MetricID = "workoutCount"
  /// Workout minutes (the `duration`, excluding pauses).
  public static let workoutMinutes: MetricID = "workoutMinutes"
  /// Whether a goal was met that day: 1 met, 0 missed (category: the goal name).
  public static let goalMet: MetricID = "goalMet"
}

extension MetricID {
  /// The daily series the aggregate stage derives that goals and reports may name (every
  /// id above but `goalMet`, which is a goal's own outcome).
  public static let derivedSeries: [MetricID] = [
    .hrvLnSDNN, .hrvLnRMSSD, .sleepAsleep, .sleepInBed, .sleepCore, .sleepDeep, .sleepREM,
    .sleepAwake, .sleepBedtime, .sleepWake, .napMinutes, .napCount, .workoutCount,
    .workoutMinutes,
  ]
}
