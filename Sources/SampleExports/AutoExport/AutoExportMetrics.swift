/// The Health Auto Export metrics the synthetic person's app exports: JSON name, CSV
/// column, units as a US user's settings write them, and where the value comes from.
struct AutoExportMetric: Sendable {
  /// JSON `name`.
  var name: String
  /// JSON `units` (and the CSV header's unit).
  var units: String
  /// CSV column names (without the unit) and how to read each value from a bucket, in
  /// the file's units.
  var columns: [(String, @Sendable (AutoExportBucket) -> Double?)]
  /// JSON data point fields for a bucket (nil: no point that day), without `date`.
  var fields: @Sendable (AutoExportBucket) -> [(String, AppleJSON)]?

  static let joined = PersonProfile.autoExportJoinedSources

  /// A `qty` metric, with a `source` key when `source` is given.
  static func quantity(
    _ name: String, _ units: String, _ column: String, source: String?,
    _ value: @escaping @Sendable (AutoExportBucket) -> Double?
  ) -> AutoExportMetric {
    AutoExportMetric(
      name: name, units: units, columns: [(column, value)],
      fields: { b in
        guard let v = value(b) else { return nil }
        var pairs: [(String, AppleJSON)] = [("qty", .number(v))]
        if let source { pairs.append(("source", .string(source))) }
        return pairs
      })
  }

  /// The exported metrics, in the order the CSV lists their columns.
  static let all: [AutoExportMetric] = [
    quantity("active_energy", "kcal", "Active Energy", source: joined) { $0.activeEnergy },
    quantity("apple_exercise_time", "min", "Apple Exercise Time", source: PersonProfile.watchName) {
      $0.exerciseMinutes
    },
    quantity(
      "apple_sleeping_wrist_temperature", "degF", "Apple Sleeping Wrist Temperature", source: nil
    ) { $0.wristTemperature.map { $0 * 9 / 5 + 32 } },
    quantity("basal_energy_burned", "kcal", "Basal Energy Burned", source: PersonProfile.watchName)
    {
      $0.basalEnergy
    },
    quantity("blood_oxygen_saturation", "%", "Blood Oxygen Saturation", source: nil) {
      $0.spo2.map { $0 * 100 }
    },
    quantity("body_fat_percentage", "%", "Body Fat Percentage", source: PersonProfile.scaleName) {
      $0.bodyFat.map { $0 * 100 }
    },
    quantity("body_mass_index", "count", "Body Mass Index", source: PersonProfile.scaleName) {
      $0.bmi
    },
    quantity("flights_climbed", "count", "Flights Climbed", source: PersonProfile.phoneName) {
      $0.flights
    },
    AutoExportMetric(
      name: "heart_rate", units: "count/min",
      columns: [
        ("Heart Rate [Min]", { $0.heartRate?.min }), ("Heart Rate [Max]", { $0.heartRate?.max }),
        ("Heart Rate [Avg]", { $0.heartRate?.avg }),
      ],
      fields: { b in
        guard let hr = b.heartRate else { return nil }
        return [
          ("Min", .number(hr.min)), ("Avg", .number(hr.avg)), ("Max", .number(hr.max)),
          ("source", .string(PersonProfile.watchName)),
        ]
      }),
    quantity("heart_rate_variability", "ms", "Heart Rate Variability", source: nil) { $0.hrv },
    quantity("respiratory_rate", "count/min", "Respiratory Rate", source: PersonProfile.watchName) {
      $0.respiratoryRate
    },
    quantity("resting_heart_rate", "count/min", "Resting Heart Rate", source: nil) {
      $0.restingHeartRate
    },
    quantity("step_count", "count", "Step Count", source: joined) { $0.steps.map { $0.rounded() } },
    quantity("vo2_max", "ml/(kg\u{00B7}min)", "VO2 Max", source: PersonProfile.watchName) {
      $0.vo2Max
    },
    quantity("walking_running_distance", "mi", "Walking + Running Distance", source: joined) {
      $0.distance.map { $0 / 1.609_344 }
    },
    quantity("walking_speed", "mi/hr", "Walking Speed", source: PersonProfile.phoneName) {
      $0.walkingSpeed.map { $0 / 1.609_344 }
    },
    quantity("weight_body_mass", "lb", "Weight & Body Mass", source: nil) {
      $0.weight.map { $0 / 0.453_592_37 }
    },
  ]
}
