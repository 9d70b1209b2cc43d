import HealthCore

extension ReportStage {
  /// The zone on whose calendar the aggregate folder `directory` resolved `today` and
  /// `yesterday` (its facts' `timeZone`: the pipeline's `timezone` or `--timezone`), nil for
  /// the machine's zone or a folder without tables. `report --as-of yesterday` resolves on
  /// it, so the report names the same day as the aggregate that built the folder.
  public static func recordedTimeZone(ofFolder directory: String) throws -> String? {
    let dailyPath = AggregateFolder.path(AggregateFolder.daily, in: directory)
    guard SystemCalls.fileStatus(dailyPath) != nil else { return nil }
    return AggregateFacts(meta: try TableFile.header(of: dailyPath).meta).timeZone
  }
}
