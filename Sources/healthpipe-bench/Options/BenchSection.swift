/// The benchmark's sections, in the order they run (docs/performance.md, "Budgets": one
/// row per section).
enum BenchSection: String, Sendable, CaseIterable, Codable, Comparable {
  /// 1. Apple `export.xml` and `export.zip` ingest at two sizes.
  case ingest
  /// 2. Health Auto Export JSON and daily CSV, and the long CSV.
  case formats
  /// 3. Clean on the samples table of the first Apple export.
  case clean
  /// 4. Aggregate of five years.
  case aggregate
  /// 5. The 90-day HTML report.
  case report
  /// 6. The whole nightly pipeline on five years, and the cached rerun.
  case pipeline
  /// 7. Many small inputs: the cost of an input file as such.
  case files
  /// 8. A ~2 GB export: ingest and the whole pipeline (off by default).
  case scale
  /// 9. The SQLite database of the five-year work folder, and of a smaller one for memory
  /// (docs/interop.md).
  case export
  /// 10. The Oura, WHOOP and Withings export CSVs (docs/performance.md, "Vendor files").
  case vendors
  /// 11. Garmin FIT and Connect JSON, Fitbit JSON and CSV (docs/performance.md).
  case garminFitbit = "garmin-fitbit"
  /// 12. An Android Health Connect export: five years of minute-level heart rate.
  case healthConnect = "health-connect"

  /// The heading printed above the section's table.
  var title: String {
    switch self {
    case .ingest: "1. Ingest Apple export.xml / export.zip (two sizes)"
    case .formats: "2. Ingest Health Auto Export JSON / CSV and long CSV"
    case .clean: "3. Clean the samples of the first Apple export"
    case .aggregate: "4. Aggregate the five-year export"
    case .report: "5. Report: 90-day HTML"
    case .pipeline: "6. Whole nightly pipeline on the five-year export"
    case .files: "7. Many small inputs: overhead per input file"
    case .scale: "8. Scale: a ~2 GB export"
    case .export: "9. Export a work folder to SQLite (export --format sqlite)"
    case .vendors: "10. Ingest Oura, WHOOP and Withings export CSVs"
    case .garminFitbit: "11. Ingest Garmin FIT and Connect JSON, Fitbit JSON and CSV"
    case .healthConnect: "12. Ingest an Android Health Connect export (five years)"
    }
  }

  /// Sections order as `allCases` lists them.
  static func < (a: BenchSection, b: BenchSection) -> Bool {
    allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
  }
}
