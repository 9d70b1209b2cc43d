import HealthCore
import HealthModel

/// One workout as the goals see it: its local day (of its start), activity type and
/// minutes (the `duration`, which excludes pauses).
public struct WorkoutEntry: Sendable, Hashable {
  /// Local day of the start.
  public var day: LocalDay
  /// Activity type (`Running`).
  public var activity: String
  /// Minutes, excluding pauses.
  public var minutes: Double
}

/// A day's workout totals for one activity type, or for all ("").
struct WorkoutTotals {
  var count: Int64 = 0
  var minutes = 0.0
  var energy = 0.0
  var energyRows: Int64 = 0
  var distance = 0.0
  var distanceRows: Int64 = 0

  mutating func add(_ other: WorkoutTotals) {
    count += other.count
    minutes += other.minutes
    energy += other.energy
    energyRows += other.energyRows
    distance += other.distance
    distanceRows += other.distanceRows
  }

  /// Daily rows: workoutCount and workoutMinutes when the day has workouts; workoutEnergy
  /// and workoutDistance when it has such rows.
  func dailyValues(day: LocalDay, category: String) -> [DailyValue] {
    var rows: [DailyValue] = []
    if count > 0 {
      rows.append(
        DailyValue(
          day: day, metric: .workoutCount, category: category, value: Double(count),
          count: count, unit: "count"))
      rows.append(
        DailyValue(
          day: day, metric: .workoutMinutes, category: category, value: minutes, count: count,
          unit: "min"))
    }
    if energyRows > 0 {
      rows.append(
        DailyValue(
          day: day, metric: .workoutEnergy, category: category, value: energy,
          count: energyRows, unit: "kcal"))
    }
    if distanceRows > 0 {
      rows.append(
        DailyValue(
          day: day, metric: .workoutDistance, category: category, value: distance,
          count: distanceRows, unit: "km"))
    }
    return rows
  }
}
