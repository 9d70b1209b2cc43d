import HealthModel

/// The columns every Health Connect record has, read from the first nine result columns
/// of the reader's queries (`HealthConnectRow.selectList`): identity, app, device, how it
/// was recorded, and its time (docs/ingest-health-connect.md, "Times").
///
/// Times are epoch milliseconds UTC with offsets in seconds (`IntervalRecordHelper`,
/// `InstantRecordHelper`); samples carry whole seconds (`floor(ms / 1000)`) and the start
/// offset. For a record clean merges with Android's rule, the end is put on the start's
/// offset (`end + end_zone_offset − start_zone_offset`), which is where Android's local
/// timeline has it; such a record that ends before it starts there is left out, as
/// Android leaves it out (`reversed-local-time`).
struct HealthConnectRow {
  /// `row_id`.
  var rowID: Int64
  /// `app_info_id`.
  var app: Int64
  /// `device_info_id`, nil when NULL.
  var device: Int64?
  /// `recording_method` = 3 (manual entry).
  var manual: Bool
  /// Start, epoch seconds.
  var start: Int64
  /// End, epoch seconds (on the start's offset for merged tables).
  var end: Int64
  /// The start's UTC offset, seconds.
  var offset: Int32

  /// The leading select list of a table's query: the nine columns `read` expects.
  static func selectList(_ table: HealthConnectTable, schema: HealthConnectSchema, path: String)
    throws -> String
  {
    let name = table.name
    var columns = [
      try schema.require("row_id", in: name, path: path),
      try schema.require("app_info_id", in: name, path: path),
      schema.optional("device_info_id", in: name),
      schema.optional("recording_method", in: name),
      schema.optional("last_modified_time", in: name),
    ]
    if table.isInterval {
      columns += [
        try schema.require("start_time", in: name, path: path),
        try schema.require("start_zone_offset", in: name, path: path),
        try schema.require("end_time", in: name, path: path),
        try schema.require("end_zone_offset", in: name, path: path),
      ]
    } else {
      columns += [
        try schema.require("time", in: name, path: path),
        try schema.require("zone_offset", in: name, path: path), "NULL", "NULL",
      ]
    }
    return columns.joined(separator: ", ")
  }

  /// Why a row cannot become a sample: a reject code and its reason.
  struct Problem: Error {
    var code: RejectCode
    var reason: String
  }

  /// Reads the leading columns of the current row of `s`; `merged` puts the end on the
  /// start's offset and checks the order on the local timeline.
  static func read(_ s: HealthConnectStatement, interval: Bool, merged: Bool) throws(Problem)
    -> HealthConnectRow
  {
    let start = s.int64(5)
    guard s.type(5) != .null else {
      throw Problem(code: .missingField, reason: interval ? "no start_time" : "no time")
    }
    let offset = try Self.offset(s, 6, name: interval ? "start_zone_offset" : "zone_offset")
    var row = HealthConnectRow(
      rowID: s.int64(0), app: s.int64(1), device: s.type(2) == .null ? nil : s.int64(2),
      manual: s.int64(3) == 3, start: floorDiv(start, 1000), end: floorDiv(start, 1000),
      offset: offset)
    guard interval else { return row }
    guard s.type(7) != .null else { throw Problem(code: .missingField, reason: "no end_time") }
    let end = s.int64(7)
    let endOffset = try Self.offset(s, 8, name: "end_zone_offset")
    row.end = floorDiv(end, 1000)
    guard merged else { return row }
    let localStart = start + 1000 * Int64(offset)
    let localEnd = end + 1000 * Int64(endOffset)
    guard localEnd >= localStart else {
      throw Problem(
        code: .reversedLocalTime,
        reason:
          "it ends before it starts on the local timeline (starts \(Self.local(start, offset)), "
          + "ends \(Self.local(end, endOffset))); Android leaves such a record out of its totals")
    }
    row.end += Int64(endOffset) - Int64(offset)
    return row
  }

  /// A UTC offset column: NULL reads as 0 (as Android's cursor does); beyond ±18:59 is a
  /// reject, naming milliseconds when the value is a valid offset × 1000 (a mistake some
  /// apps make).
  private static func offset(_ s: HealthConnectStatement, _ column: Int32, name: String)
    throws(Problem) -> Int32
  {
    let value = s.int64(column)
    if abs(value) <= maxOffset { return Int32(value) }
    if value % 1000 == 0 && abs(value / 1000) <= maxOffset {
      throw Problem(
        code: .badDate,
        reason: "\(name) \(value) is not a UTC offset in seconds (beyond ±18:59); it looks like "
          + "milliseconds (\(value / 1000) s = \(OffsetText.text(Int32(value / 1000)))), a "
          + "mistake of the app that wrote it")
    }
    throw Problem(
      code: .badDate, reason: "\(name) \(value) is not a UTC offset in seconds (beyond ±18:59)")
  }

  /// The largest UTC offset accepted, seconds (±18:59, as clean's time rule).
  static let maxOffset: Int64 = 18 * 3600 + 59 * 60

  /// `2026-03-29 10:00 +02:00`.
  static func local(_ milliseconds: Int64, _ offset: Int32) -> String {
    let seconds = floorDiv(milliseconds, 1000) + Int64(offset)
    let day = LocalDay(dayNumber: Int32(truncatingIfNeeded: floorDiv(seconds, 86_400)))
    let minute = (seconds - floorDiv(seconds, 86_400) * 86_400) / 60
    let hh = minute / 60
    let mm = minute % 60
    return "\(day) \(hh < 10 ? "0" : "")\(hh):\(mm < 10 ? "0" : "")\(mm) \(OffsetText.text(offset))"
  }

  /// Division rounding toward −∞.
  @inline(__always)
  static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }
}

/// `+02:00`, `-05:30`.
enum OffsetText {
  static func text(_ offset: Int32) -> String {
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(Int(offset)) / 60
    let h = minutes / 60
    let m = minutes % 60
    return "\(sign)\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m)"
  }
}
