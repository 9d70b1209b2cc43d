import HealthModel

/// The Health Connect tables the reader turns into samples, with the metric, value
/// column and unit of each (docs/ingest-health-connect.md, "Tables and metrics"). Names,
/// columns and units are AOSP's (`service/java/com/android/server/healthconnect/storage/
/// datatypehelpers/*RecordHelper.java`; units from `framework/.../internal/datatypes/
/// *RecordInternal.java`: energy in calories, mass in grams, length in metres, volume in
/// litres, percentages 0-100). Clean converts the units as for every format.
struct HealthConnectTable: Sendable {
  /// How a table's rows become samples.
  enum Kind: Sendable {
    /// One value column, one sample per row.
    case quantity(value: String)
    /// `systolic` and `diastolic`: two samples per row.
    case bloodPressure
    /// A parent table whose child rows (`parent_key`) are the readings (heart rate,
    /// skin temperature deltas).
    case series(child: String, value: String, time: String)
    /// Sleep sessions and their stages.
    case sleep
    /// Exercise sessions: workouts.
    case exercise
    /// A session whose length is the value (mindfulness: minutes).
    case duration
  }

  /// The table's name.
  let name: String
  /// AOSP's record type id (`RecordTypeIdentifier`), the first factor of an origin's
  /// record number (docs/ingest-health-connect.md, "Origins").
  let code: Int64
  /// The metric its samples belong to.
  let metric: MetricID
  /// The unit of the value column as stored.
  let unit: String
  /// Interval (`start_time`, `end_time`, both offsets) or instant (`time`, `zone_offset`).
  let isInterval: Bool
  let kind: Kind
  /// The first schema version that has the table (older databases lack it).
  var since = 7

  /// Whether clean merges this table's records with Android's priority rule, so the
  /// reader numbers them in Android's tie-break order and puts their end on the start's
  /// offset (docs/clean.md, "Health Connect: Android's merge").
  var isMerged: Bool { HealthConnectCategory.mergedMetrics.contains(metric) }

  /// The sample type name its records are counted under in the manifest.
  var typeName: String { name }

  /// Every table the reader reads, in reading order.
  static let all: [HealthConnectTable] = [
    interval("steps_record_table", 1, .steps, "count", "count"),
    interval("active_calories_burned_record_table", 2, .activeEnergy, "energy", "cal"),
    interval("hydration_record_table", 3, .dietaryWater, "volume", "L"),
    interval("elevation_gained_record_table", 4, .elevationGained, "elevation", "m"),
    interval("floors_climbed_record_table", 5, .flightsClimbed, "floors", "count"),
    interval("wheelchair_pushes_record_table", 6, .wheelchairPushes, "count", "count"),
    interval("distance_record_table", 7, .distance, "distance", "m"),
    interval("nutrition_record_table", 8, .dietaryEnergy, "energy", "cal"),
    interval("total_calories_burned_record_table", 9, .totalEnergy, "energy", "cal"),
    HealthConnectTable(
      name: "heart_rate_record_table", code: 11, metric: .heartRate, unit: "count/min",
      isInterval: true,
      kind: .series(
        child: "heart_rate_record_series_table", value: "beats_per_minute", time: "epoch_millis")
    ),
    instant("body_fat_record_table", 17, .bodyFat, "percentage", "%"),
    instant(
      "vo2_max_record_table", 18, .vo2Max, "vo2_milliliters_per_minute_kilogram", "mL/(kg·min)"),
    instant(
      "basal_body_temperature_record_table", 20, .basalBodyTemperature, "temperature", "degC"),
    instant("oxygen_saturation_record_table", 22, .spo2, "percentage", "%"),
    HealthConnectTable(
      name: "blood_pressure_record_table", code: 23, metric: .bloodPressureSystolic,
      unit: "mmHg", isInterval: false, kind: .bloodPressure),
    instant("height_record_table", 24, .height, "height", "m"),
    instant("blood_glucose_record_table", 25, .bloodGlucose, "level", "mmol/L"),
    instant("weight_record_table", 26, .bodyMass, "weight", "g"),
    instant("lean_body_mass_record_table", 27, .leanBodyMass, "mass", "g"),
    instant("body_temperature_record_table", 29, .bodyTemperature, "temperature", "degC"),
    instant("respiratory_rate_record_table", 31, .respiratoryRate, "rate", "count/min"),
    instant("bone_mass_record_table", 32, .boneMass, "mass", "g"),
    instant(
      "resting_heart_rate_record_table", 33, .restingHeartRate, "beats_per_minute", "count/min"),
    instant("body_water_mass_record_table", 34, .bodyWaterMass, "body_water_mass", "g"),
    instant(
      "heart_rate_variability_rmssd_record_table", 35, .hrvRMSSD, "heart_rate_variability_millis",
      "ms"),
    HealthConnectTable(
      name: "exercise_session_record_table", code: 37, metric: .workout, unit: "min",
      isInterval: true, kind: .exercise),
    HealthConnectTable(
      name: "sleep_session_record_table", code: 38, metric: .sleep, unit: "min",
      isInterval: true, kind: .sleep),
    HealthConnectTable(
      name: "skin_temperature_record_table", code: 39, metric: .skinTemperatureDeviation,
      unit: "degC", isInterval: true,
      kind: .series(child: "skin_temperature_delta_table", value: "delta", time: "epoch_millis"),
      since: 11),
    HealthConnectTable(
      name: "mindfulness_session_record_table", code: 41, metric: .mindfulMinutes, unit: "min",
      isInterval: true, kind: .duration, since: 14),
  ]

  /// The child tables the reader reads with their parents (`series` children and
  /// `sleep_stages_table`).
  static let children: [String: String] = [
    "heart_rate_record_series_table": "heart_rate_record_table",
    "skin_temperature_delta_table": "skin_temperature_record_table",
    "sleep_stages_table": "sleep_session_record_table",
  ]

  /// Tables the reader uses but that hold no health records: apps, devices, priorities.
  static let metadata: Set<String> = [
    "application_info_table", "device_info_table", "health_data_category_priority_table",
  ]

  /// An origin's record number: `code` × 10¹² + the row's number (its `row_id`, or for
  /// merged tables its place in Android's tie-break order; child rows: 100 + code).
  static let recordFactor: Int64 = 1_000_000_000_000

  private static func interval(
    _ name: String, _ code: Int64, _ metric: MetricID, _ value: String, _ unit: String
  ) -> HealthConnectTable {
    HealthConnectTable(
      name: name, code: code, metric: metric, unit: unit, isInterval: true,
      kind: .quantity(value: value))
  }

  private static func instant(
    _ name: String, _ code: Int64, _ metric: MetricID, _ value: String, _ unit: String
  ) -> HealthConnectTable {
    HealthConnectTable(
      name: name, code: code, metric: metric, unit: unit, isInterval: false,
      kind: .quantity(value: value))
  }
}
