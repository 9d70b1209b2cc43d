/// The apps of a synthetic Health Connect export, each with its row in
/// `application_info_table`, its device and what it writes (docs/ingest-health-connect.md,
/// "The generator"):
///
/// - Samsung Health on a Galaxy Watch: steps, distance and energy in 1-5 minute pieces,
///   heart rate every minute (one record an hour), sleep with stages, naps, workouts,
///   mindfulness, resting heart rate.
/// - Fit on a Pixel phone: steps, distance and energy while the phone is carried, in 5-15
///   minute pieces, with a re-synced hour of its own on some days (a later
///   `last_modified_time` over its own records), and a short record across every change of
///   UTC offset (reversed on the local timeline after a fall-back or a westward flight).
/// - Oura on a ring: hourly steps and energy, a few instantaneous step corrections, sleep
///   (sometimes without stages), nightly HRV (RMSSD), SpO2, breathing rate, resting heart
///   rate and skin temperature.
/// - Withings on a scale: weight and body fat.
/// - Health Connect itself: what the person typed in (`recording_method` 3): weights,
///   blood pressure, now and then a walk's steps.
/// - Fitbit on the phone: hourly steps on some days, and not in the person's Activity
///   order, so Android (and healthpipe) leave them out.
enum HealthConnectSyntheticApp: Int64, CaseIterable, Sendable {
  case healthConnect = 1
  case fit = 2
  case samsungHealth = 3
  case oura = 4
  case withings = 5
  case fitbit = 6

  /// The package name.
  var package: String {
    switch self {
    case .healthConnect: "com.google.android.apps.healthdata"
    case .fit: "com.google.android.apps.fitness"
    case .samsungHealth: "com.sec.android.app.shealth"
    case .oura: "com.ouraring.oura"
    case .withings: "com.withings.wiscale2"
    case .fitbit: "com.fitbit.FitbitMobile"
    }
  }

  /// The display name (`app_name`).
  var name: String {
    switch self {
    case .healthConnect: "Health Connect"
    case .fit: "Fit"
    case .samsungHealth: "Samsung Health"
    case .oura: "Oura"
    case .withings: "Withings"
    case .fitbit: "Fitbit"
    }
  }

  /// Its row in `device_info_table` (row 1 is AOSP's empty device).
  var deviceRow: Int64 {
    switch self {
    case .healthConnect: 1
    case .fit, .fitbit: 2
    case .samsungHealth: 3
    case .oura: 4
    case .withings: 5
    }
  }

  /// The rows of `device_info_table`: row id, manufacturer, model, device type.
  static let devices: [(row: Int64, manufacturer: String?, model: String?, type: Int64)] = [
    (1, nil, nil, 0), (2, "Google", "Pixel 8", 2), (3, "Samsung", "Galaxy Watch6", 1),
    (4, "Oura", "Oura Ring 4", 4), (5, "Withings", "Body+", 3),
  ]

  /// The person's order per category (`health_data_category_priority_table`): category,
  /// app ids highest first. Fitbit is in no list.
  static let priorities: [(category: Int64, apps: [HealthConnectSyntheticApp])] = [
    (1, [.samsungHealth, .fit, .oura, .healthConnect]),
    (2, [.withings, .healthConnect]),
    (5, [.oura, .samsungHealth]),
    (6, [.samsungHealth, .oura, .healthConnect]),
    (7, [.samsungHealth]),
  ]
}
