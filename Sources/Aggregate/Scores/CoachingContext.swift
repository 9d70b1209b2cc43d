/// What the coaching rules look at for one day.
public struct CoachingContext: Sendable, Hashable {
  /// Days in [d−6, d] with data for at least one key metric.
  public var keyDataDays: Int
  /// Days since the last day with any recorded data on or before the day (nil: none
  /// ever): for the as-of day, the facts' `daysSinceData` (docs/coaching.md).
  public var daysSinceData: Int?
  /// The condition score of the day.
  public var condition: ConditionScore
  /// The sleep score of the day's sleep day.
  public var sleep: SleepScore
  /// Asleep minutes of the day's sleep day.
  public var asleepMinutes: Double?
  /// Goal days so far in the current week of the weekly goal, the target, and the days
  /// still open (the day itself when not yet met, plus the rest of the week); nil without a
  /// weekly goal.
  public var weekly: WeeklyProgress?
  /// The sleep goal in minutes asleep (the `short-sleep` line names it).
  public var sleepGoalMinutes: Double = 420

  /// Progress toward a weekly target.
  public struct WeeklyProgress: Sendable, Hashable {
    /// Goal days so far this week (the day included when already met).
    public var met: Int
    /// Goal days needed per week.
    public var target: Int
    /// Days still open this week.
    public var daysOpen: Int

    /// Creates progress.
    public init(met: Int, target: Int, daysOpen: Int) {
      self.met = met
      self.target = target
      self.daysOpen = daysOpen
    }
  }

  /// Creates a context.
  public init(
    keyDataDays: Int, daysSinceData: Int?, condition: ConditionScore, sleep: SleepScore,
    asleepMinutes: Double?, weekly: WeeklyProgress?
  ) {
    self.keyDataDays = keyDataDays
    self.daysSinceData = daysSinceData
    self.condition = condition
    self.sleep = sleep
    self.asleepMinutes = asleepMinutes
    self.weekly = weekly
  }
}
