import HealthCore
import HealthModel
import HealthSystem

/// The aggregate folder's CSV files, each with its CSV on the Web sidecar (docs/interop.md):
/// `daily.csv` and `daily-other.csv` (`DailyCSVWriter`), and `weekly.csv` and `habits.csv`,
/// which are `healthpipe export` of the `weekly` and `habits` tables (one rule for both),
/// written from the rows the stage is writing to those tables rather than read back from
/// the files just written.
public enum AggregateCSVFiles {
  /// Writes the eight files into `folder` (the aggregate folder, with or without a trailing
  /// slash), each atomically. `stage` is the name the tables' headers carry.
  public static func write(
    daily: [DailyValue], days: ClosedRange<LocalDay>?, weekly: [WeeklyRow],
    habits: [HabitDayRow], stage: String, to folder: String
  ) throws {
    func path(_ name: String) -> String { AggregateFolder.path(name, in: folder) }
    let files = try DailyCSVWriter.files(daily, days: days)
    try AtomicFileWriter.write(files.wide, to: path(AggregateFolder.dailyCSV))
    try AtomicFileWriter.write(
      files.wideMetadata, to: path(AggregateFolder.metadataSidecar(for: AggregateFolder.dailyCSV)))
    try AtomicFileWriter.write(files.other, to: path(AggregateFolder.otherCSV))
    try AtomicFileWriter.write(
      files.otherMetadata, to: path(AggregateFolder.metadataSidecar(for: AggregateFolder.otherCSV)))
    try writeTable(
      weekly, stage: stage, csv: AggregateFolder.weeklyCSV,
      primaryKey: ["week", "metric", "category"], folder: folder)
    try writeTable(
      habits, stage: stage, csv: AggregateFolder.habitsCSV, primaryKey: ["habit", "day"],
      folder: folder)
  }

  /// One table's rows as `csv` and its sidecar.
  private static func writeTable<Record: TableRecord>(
    _ rows: [Record], stage: String, csv: String, primaryKey: [String], folder: String
  ) throws {
    let header = TableHeader(kind: Record.tableKind, columns: Record.columns, stage: stage)
    let file = try AtomicFileWriter(destination: AggregateFolder.path(csv, in: folder))
    try TableExporter.export(rows, header: header, format: .csv, to: file)
    try file.commit()
    try AtomicFileWriter.write(
      try CSVWMetadata.table(header, url: csv, primaryKey: primaryKey).json(),
      to: AggregateFolder.path(AggregateFolder.metadataSidecar(for: csv), in: folder))
  }
}
