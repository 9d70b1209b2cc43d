import Exports
import HealthCore
import HealthModel
import TestSupport
import Testing

/// Aggregate writes `weekly.csv` and `habits.csv` from the rows it is writing to its tables,
/// not from the files read back: the text must be what `healthpipe export` prints for the
/// written file, in every format, across blocks, nulls, and texts that need quoting or
/// formula neutralising.
@Suite struct RecordsExportTests {
  static func weeklyRows() -> [WeeklyRow] {
    let monday = LocalDay(year: 2026, month: 3, day: 2)!
    var rows: [WeeklyRow] = []
    for k in 0..<7 {
      let week = ISOWeek(containing: LocalDay(dayNumber: monday.dayNumber + Int32(7 * k)))
      rows.append(
        WeeklyRow(
          week: week, metric: .restingHeartRate, value: 52.25 + Double(k) / 3,
          previousValue: k == 0 ? nil : 52.25 + Double(k - 1) / 3, position: "normal",
          daysWithData: Int64(7 - k % 3), daysInWeek: 7, unit: "count/min"))
      rows.append(
        WeeklyRow(
          week: week, metric: .workoutMinutes, category: k % 2 == 0 ? "=1+1" : "run, \"easy\"",
          value: k == 3 ? nil : 0.1 * Double(k), previousValue: 0, daysWithData: 0,
          daysInWeek: 7, target: k % 2 == 0 ? 150 : nil, met: k % 3 == 0 ? nil : k % 3 == 1,
          unit: "min"))
    }
    return rows
  }

  @Test(arguments: [(TableExporter.Format.csv, false), (.csv, true), (.ndjson, false)])
  func weeklyRowsPrintAsTheWrittenFile(format: TableExporter.Format, exact: Bool) throws {
    let dir = TemporaryDirectory()
    let rows = Self.weeklyRows()
    let path = dir.file("weekly.hpt")
    let writer = try TableWriter<WeeklyRow>(path: path, stage: "aggregate", rowsPerBlock: 3)
    try writer.append(contentsOf: rows)
    try writer.commit()
    #expect(writer.blockCount == 5)  // 14 rows, 3 a block: the file has several blocks

    let fromFile = MemorySink()
    let fileRows = try TableExporter.export(path: path, format: format, exact: exact, to: fromFile)
    let fromRows = MemorySink()
    let header = TableHeader(kind: .weekly, columns: WeeklyRow.columns, stage: "aggregate")
    let memoryRows = try TableExporter.export(
      rows, header: header, format: format, exact: exact, to: fromRows)

    #expect(fileRows == 14 && memoryRows == 14)
    #expect(fromRows.text == fromFile.text)
    // One header line (CSV) and one line per row.
    let lines = fromRows.text.split(separator: format == .csv ? "\r\n" : "\n")
    #expect(lines.count == (format == .csv ? 15 : 14))
  }

  @Test func noRowsPrintOnlyTheHeader() throws {
    let dir = TemporaryDirectory()
    let path = dir.file("habits.hpt")
    try TableFile.write([HabitDayRow](), to: path, stage: "aggregate")
    let fromFile = MemorySink()
    try TableExporter.export(path: path, format: .csv, to: fromFile)
    let fromRows = MemorySink()
    let header = TableHeader(kind: .habits, columns: HabitDayRow.columns, stage: "aggregate")
    #expect(
      try TableExporter.export([HabitDayRow](), header: header, format: .csv, to: fromRows) == 0)
    #expect(fromRows.text == fromFile.text)
    #expect(fromRows.text == HabitDayRow.columns.map(\.name).joined(separator: ",") + "\r\n")
  }
}
