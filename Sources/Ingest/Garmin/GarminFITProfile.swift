/// The FIT Profile's message and field numbers healthpipe reads, each from Garmin's FIT SDK
/// Profile (`Profile.xlsx`, "Messages" sheet, release 21.205; the same table Garmin
/// publishes in its SDKs, e.g. `garmin_fit_sdk/profile.py` of garmin/fit-python-sdk).
/// Scales are the Profile's: a stored value is divided by the scale. The table with units
/// and what each becomes is in docs/ingest-garmin.md, "Messages and fields read".
enum GarminFIT {
  /// Global message numbers (Profile type `mesg_num`).
  enum Message {
    /// `file_id`: what the file is and which device wrote it.
    static let fileID: UInt16 = 0
    /// `user_profile` (not read; counted).
    static let userProfile: UInt16 = 3
    /// `session`: one workout (or one part of a multisport one).
    static let session: UInt16 = 18
    /// `lap`.
    static let lap: UInt16 = 19
    /// `record`: one point of an activity's track.
    static let record: UInt16 = 20
    /// `event` (timer start/stop; not read: `total_timer_time` already excludes pauses).
    static let event: UInt16 = 21
    /// `device_info` (not read; counted).
    static let deviceInfo: UInt16 = 23
    /// `weight_scale`.
    static let weightScale: UInt16 = 30
    /// `activity`: the activity's summary with its local time.
    static let activity: UInt16 = 34
    /// `monitoring`: all-day steps and heart rate.
    static let monitoring: UInt16 = 55
    /// `hrv`: beat-to-beat (RR) intervals.
    static let hrv: UInt16 = 78
    /// `monitoring_info`: a monitoring file's local time.
    static let monitoringInfo: UInt16 = 103
    /// `monitoring_hr_data`: resting heart rate.
    static let monitoringHeartRate: UInt16 = 211
    /// `stress_level`: Garmin's stress score.
    static let stressLevel: UInt16 = 227
    /// `spo2_data`.
    static let spo2: UInt16 = 269
    /// `sleep_level`: sleep stage changes.
    static let sleepLevel: UInt16 = 275
    /// `respiration_rate`.
    static let respirationRate: UInt16 = 297
    /// `hrv_status_summary` (not read: its nightly average repeats `hrv_value`).
    static let hrvStatusSummary: UInt16 = 370
    /// `hrv_value`: a 5-minute RMSSD during sleep.
    static let hrvValue: UInt16 = 371
  }

  /// Field numbers, by message.
  enum Field {
    /// `timestamp` (every message; `date_time`: seconds since 1989-12-31T00:00:00Z).
    static let timestamp: UInt8 = 253
    // file_id
    static let fileType: UInt8 = 0  // `type` (enum `file`: 4 activity, 15/32 monitoring, ...)
    static let manufacturer: UInt8 = 1  // `manufacturer` (uint16)
    static let product: UInt8 = 2  // `product` (uint16; `garmin_product` for Garmin)
    static let serialNumber: UInt8 = 3  // `serial_number` (uint32z)
    static let productName: UInt8 = 8  // `product_name` (string)
    // activity
    static let activityLocalTimestamp: UInt8 = 5  // `local_timestamp` (local_date_time)
    // session and lap (lap numbers in parentheses where they differ)
    static let startTime: UInt8 = 2  // `start_time` (date_time)
    static let totalElapsedTime: UInt8 = 7  // s, scale 1000
    static let totalTimerTime: UInt8 = 8  // s, scale 1000 (pauses excluded)
    static let totalDistance: UInt8 = 9  // m, scale 100
    static let totalCalories: UInt8 = 11  // kcal
    static let sessionSport: UInt8 = 5  // `sport` (enum `sport`); lap: 25
    static let lapSport: UInt8 = 25
    static let sessionAverageHeartRate: UInt8 = 16  // bpm; lap: 15
    static let sessionMaximumHeartRate: UInt8 = 17  // bpm; lap: 16
    static let sessionMinimumHeartRate: UInt8 = 64  // bpm
    static let lapAverageHeartRate: UInt8 = 15
    static let lapMaximumHeartRate: UInt8 = 16
    // record
    static let recordHeartRate: UInt8 = 3  // bpm
    // hrv
    static let hrvTime: UInt8 = 0  // RR intervals, s, scale 1000, array
    // monitoring_info
    static let monitoringInfoLocalTimestamp: UInt8 = 0  // `local_timestamp`
    // monitoring
    static let cycles: UInt8 = 3  // `cycles`; subfield `steps` (scale 1) for walking/running
    static let monitoringActivityType: UInt8 = 5  // `activity_type` (enum `activity_type`)
    static let monitoringLocalTimestamp: UInt8 = 11  // `local_timestamp`
    static let currentActivityTypeIntensity: UInt8 = 24  // bits 0-4: activity type
    static let timestamp16: UInt8 = 26  // `timestamp_16`: low 16 bits of the time
    static let monitoringHeartRate: UInt8 = 27  // bpm
    // monitoring_hr_data
    static let currentDayRestingHeartRate: UInt8 = 1  // bpm, "RHR for today only"
    // stress_level
    static let stressLevelValue: UInt8 = 0  // sint16: 0-100, negative = no reading
    static let stressLevelTime: UInt8 = 1  // date_time
    // spo2_data
    static let readingSpO2: UInt8 = 0  // percent
    // sleep_level
    static let sleepLevel: UInt8 = 0  // enum `sleep_level`
    // respiration_rate
    static let respirationRate: UInt8 = 0  // breaths/min, sint16, scale 100
    // hrv_value
    static let hrvValue: UInt8 = 0  // ms, uint16, scale 128 (5-minute RMSSD)
    // weight_scale
    static let weight: UInt8 = 0  // kg, scale 100
    static let percentFat: UInt8 = 1  // %, scale 100
    static let bmi: UInt8 = 13  // kg/m², scale 10
  }

  /// FIT `date_time` epoch: 1989-12-31T00:00:00Z is 631,065,600 s after 1970.
  static let epochOffset: Int64 = 631_065_600
  /// `date_time` values below this are seconds since the device powered on, not dates
  /// (Profile type `date_time`, `min`: 0x10000000).
  static let minimumDateTime: UInt64 = 0x1000_0000

  /// `activity_type` values whose monitoring `cycles` are steps (Profile: subfield `steps`
  /// of `cycles` applies when `activity_type` is running (1) or walking (6)).
  static let stepActivityTypes: Set<UInt64> = [1, 6]
}
