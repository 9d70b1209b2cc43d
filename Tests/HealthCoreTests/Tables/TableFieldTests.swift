import Foundation
import HealthCore
import HealthModel
import TestSupport
import Testing

/// `FieldRecord`: a table declared once by its fields must give the schema, the bytes and
/// the values that the same table written by hand (columns, `write(to:)`, `init(reading:)`)
/// gives.
@Suite("Tables declared by their fields")
struct TableFieldTests {
  /// Every kind of field, nullable and not, with a unit on two.
  struct Declared: FieldRecord, Equatable {
    static let tableKind = TableKind.daily
    var text = ""
    var metric = MetricID("")
    var count: Int64 = 0
    var optionalCount: Int64?
    var value = 0.0
    var optionalValue: Double?
    var flag = false
    var optionalFlag: Bool?
    var day = LocalDay(dayNumber: 0)
    var optionalDay: LocalDay?
    static let fields: [TableField<Declared>] = [
      .string("text", \.text), .metric("metric", \.metric), .int("count", \.count),
      .int("optionalCount", \.optionalCount), .double("value", \.value, unit: "min"),
      .double("optionalValue", \.optionalValue, unit: "%"), .bool("flag", \.flag),
      .bool("optionalFlag", \.optionalFlag), .day("day", \.day),
      .day("optionalDay", \.optionalDay),
    ]
    static var blank: Declared { Declared() }
  }

  /// The same table written by hand.
  struct ByHand: TableRecord {
    static let tableKind = TableKind.daily
    static let columns = [
      ColumnSpec("text", .string), ColumnSpec("metric", .string), ColumnSpec("count", .int64),
      ColumnSpec("optionalCount", .int64, nullable: true),
      ColumnSpec("value", .float64, unit: "min"),
      ColumnSpec("optionalValue", .float64, nullable: true, unit: "%"),
      ColumnSpec("flag", .bool), ColumnSpec("optionalFlag", .bool, nullable: true),
      ColumnSpec("day", .day), ColumnSpec("optionalDay", .day, nullable: true),
    ]
    let row: Declared
    init(_ row: Declared) { self.row = row }
    func write(to w: inout RowWriter) {
      w.string(row.text)
      w.string(row.metric.rawValue)
      w.int(row.count)
      w.int(row.optionalCount)
      w.double(row.value)
      w.double(row.optionalValue)
      w.bool(row.flag)
      w.bool(row.optionalFlag)
      w.day(row.day)
      w.day(row.optionalDay)
    }
    init(reading r: inout RowReader) throws {
      row = Declared(
        text: r.string(), metric: MetricID(r.string()), count: r.int(),
        optionalCount: r.optionalInt(), value: r.double(), optionalValue: r.optionalDouble(),
        flag: r.bool(), optionalFlag: r.optionalBool(), day: r.day(), optionalDay: r.optionalDay())
    }
  }

  /// Three rows: every optional present, every optional absent, and negative values.
  static let rows = [
    Declared(
      text: "walk", metric: MetricID("steps"), count: 8_000, optionalCount: 3, value: 41.5,
      optionalValue: 12.25, flag: true, optionalFlag: false, day: LocalDay(dayNumber: 20_000),
      optionalDay: LocalDay(dayNumber: 19_999)),
    Declared(
      text: "", metric: MetricID("sleepAsleep"), count: 0, value: 0, day: LocalDay(dayNumber: 1)),
    Declared(
      text: "Jane’s Watch", metric: MetricID("hrvSDNN"), count: -7, optionalCount: -1,
      value: -0.5, optionalValue: -99, flag: false, optionalFlag: true,
      day: LocalDay(dayNumber: -3), optionalDay: LocalDay(dayNumber: 0)),
  ]

  @Test("the fields give the columns written by hand")
  func schema() {
    #expect(Declared.columns == ByHand.columns)
  }

  @Test("the same bytes as the table written by hand, and the same values read back")
  func bytesAndValues() throws {
    let dir = TemporaryDirectory()
    let declared = dir.file("declared.hpt")
    let byHand = dir.file("by-hand.hpt")
    let a = try TableWriter<Declared>(path: declared, stage: "test", rowsPerBlock: 2)
    let b = try TableWriter<ByHand>(path: byHand, stage: "test", rowsPerBlock: 2)
    for row in Self.rows {
      try a.append(row)
      try b.append(ByHand(row))
    }
    try a.commit()
    try b.commit()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: declared))
    #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: byHand))))
    #expect(try TableFile.read(Declared.self, from: byHand).rows == Self.rows)
    #expect(try TableFile.read(ByHand.self, from: declared).rows.map(\.row) == Self.rows)
  }

  /// A table written and read through the fields of `R`, never its hand-written path.
  struct ViaFields<R: FieldRecord & Equatable>: TableRecord {
    static var tableKind: TableKind { R.tableKind }
    static var columns: [ColumnSpec] { R.columns }
    let row: R
    init(_ row: R) { self.row = row }
    func write(to w: inout RowWriter) { row.writeFields(to: &w) }
    init(reading r: inout RowReader) throws { row = R(readingFields: &r) }
  }

  /// Writes `rows` by hand and through the fields; both files must hold the same bytes,
  /// and each path must read the other's file back to `rows`.
  func sameAsFields<R: FieldRecord & Equatable>(_ rows: [R]) throws {
    let dir = TemporaryDirectory()
    let byHand = dir.file("by-hand.hpt")
    let viaFields = dir.file("via-fields.hpt")
    let a = try TableWriter<R>(path: byHand, stage: "test", rowsPerBlock: 2)
    let b = try TableWriter<ViaFields<R>>(path: viaFields, stage: "test", rowsPerBlock: 2)
    for row in rows {
      try a.append(row)
      try b.append(ViaFields(row))
    }
    try a.commit()
    try b.commit()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: byHand))
    #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: viaFields))))
    #expect(try TableFile.read(R.self, from: viaFields).rows == rows)
    #expect(try TableFile.read(ViaFields<R>.self, from: byHand).rows.map(\.row) == rows)
  }

  @Test("the daily values written and read by hand follow their fields")
  func dailyValuesByHand() throws {
    try sameAsFields([
      DailyValue(
        day: LocalDay(dayNumber: 20_000), metric: .steps, category: "", value: 8_123,
        minimum: 3, maximum: 900, count: 41, unit: "count", source: "iPhone, Watch"),
      DailyValue(
        day: LocalDay(dayNumber: 20_001), metric: .sleepAsleep, category: "partial",
        value: 412.5, count: 7, unit: "min"),
      DailyValue(
        day: LocalDay(dayNumber: -2), metric: MetricID("custom thing"), value: -1.25,
        minimum: -3, count: 0, unit: ""),
    ])
  }

  @Test("the baselines written and read by hand follow their fields")
  func baselinesByHand() throws {
    var full = BaselineRow(day: LocalDay(dayNumber: 20_000), metric: .restingHeartRate, unit: "bpm")
    (full.value, full.avg7, full.avg7Days) = (54, 55.5, 7)
    (full.base14Mean, full.base14SD, full.base14Days) = (56, 1.5, 14)
    (full.base60Mean, full.base60SD, full.base60Days) = (57, 2.25, 60)
    (full.deltaYesterday, full.deltaYesterdayPercent) = (-1, -1.8)
    (full.delta14, full.delta14Percent, full.delta60, full.delta60Percent) = (-2, -3.5, -3, -5.25)
    (full.rangeLow, full.rangeHigh, full.position, full.cv7) = (53, 59, "within", 2.5)
    (full.note, full.lastDay, full.freshness, full.stale) = (
      "n", LocalDay(dayNumber: 19_999), "fresh", true
    )
    let empty = BaselineRow(day: LocalDay(dayNumber: 3), metric: .hrvLnSDNN, unit: "")
    try sameAsFields([full, empty, full])
  }
}
