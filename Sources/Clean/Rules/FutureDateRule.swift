/// Rule: a sample that starts after its input's export date (Apple's `ExportDate`) is
/// rejected (`future-date`); starting exactly at the export date is fine. Inputs that do
/// not declare an export date (Health Auto Export, long CSV) are not checked, and the
/// manifest says so.
enum FutureDateRule {
  /// Whether the sample passes (always, when the input has no export date).
  static func passes(start: Int64, exportDate: Int64?) -> Bool {
    guard let exportDate else { return true }
    return start <= exportDate
  }

  /// `starts 2030-01-01T08:00:00Z, after the export date 2019-06-17T18:05:12Z of input 0`.
  static func reason(start: Int64, exportDate: Int64, file: Int32) -> String {
    "starts \(Readable.instant(start)), after the export date \(Readable.instant(exportDate)) "
      + "of input \(file)"
  }
}
