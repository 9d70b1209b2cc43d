import HealthCore
import HealthSystem

extension ReportStage {
  /// The zone on whose calendar the aggregate folder `directory` resolved `today` and
  /// `yesterday` (its facts' `timeZone`: the pipeline's `timezone` or `--timezone`), nil for
  /// the machine's zone or a folder without tables. `report --as-of yesterday` resolves on
  /// it, so the report names the same day as the aggregate that built the folder.
  public static func recordedTimeZone(ofFolder directory: String) throws -> String? {
    try recordedFacts(ofFolder: directory)?.timeZone
  }

  /// The aggregate facts of the folder `directory` (its daily table's header), nil when it
  /// has no daily table; an empty value when the table has no aggregate section. A damaged
  /// header is exit 65 (`TableFile.header`).
  static func recordedFacts(ofFolder directory: String) throws -> AggregateFacts? {
    let dailyPath = AggregateFolder.path(AggregateFolder.daily, in: directory)
    guard SystemCalls.fileStatus(dailyPath) != nil else { return nil }
    return try TableFile.header(of: dailyPath).facts.aggregate ?? AggregateFacts()
  }
}
