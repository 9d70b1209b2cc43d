/// The Fitbit JSON files healthpipe reads (`Fitbit/Global Export Data/*.json` of a Google
/// Takeout), told apart by their content (docs/ingest-fitbit.md, "Files read"):
enum FitbitJSONKind: String, Sendable {
  /// `heart_rate-YYYY-MM-DD.json`: `{dateTime, value: {bpm, confidence}}`.
  case heartRate = "heart_rate"
  /// `resting_heart_rate-YYYY-MM-DD.json`: `{dateTime, value: {date, value, error}}`.
  case restingHeartRate = "resting_heart_rate"
  /// `sleep-YYYY-MM-DD.json`: sleep logs (`logId`, `dateOfSleep`, `levels`, ...).
  case sleep = "sleep"
  /// `weight-YYYY-MM-DD.json`: `{logId, weight, bmi, [fat], date, time}`.
  case weight = "weight"
  /// `{dateTime, value: "13"}`: a minute series whose metric only the file name says
  /// (`steps-…`, `calories-…`, `distance-…`, `altitude-…`).
  case series = "series"

  /// The kind of a file starting with `prefix`, nil when it is none of these.
  static func detect(prefix: [UInt8]) -> FitbitJSONKind? {
    let m = { (keys: [String]) in JSONRootArray.matches(prefix: prefix, keys: keys) }
    if m(["logId", "dateOfSleep"]) { return .sleep }
    if m(["logId", "weight", "bmi"]) { return .weight }
    guard m(["dateTime", "value"]) else { return nil }
    if m(["bpm", "confidence"]) { return .heartRate }
    if m(["date", "error"]) { return .restingHeartRate }
    return isSeries(prefix) ? .series : nil
  }

  /// Whether the first element's `value` is a string (`"value" : "13"`).
  private static func isSeries(_ prefix: [UInt8]) -> Bool {
    let text = prefix.prefix(4096)
    guard let key = JSONRootArray.find("\"value\"", in: text) else { return false }
    let rest = text[(key + 7)...].drop { $0 == 0x20 || $0 == 0x3A || $0 == 0x09 }
    return rest.first == 0x22
  }
}
