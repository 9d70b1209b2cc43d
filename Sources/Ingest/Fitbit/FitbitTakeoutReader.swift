import HealthSystem

/// Reads a Google Takeout zip holding Fitbit data in place: every Fitbit JSON and CSV file
/// inside (`Takeout/Fitbit/Global Export Data/*.json`, the HRV and SpO2 summaries, the
/// `_GoogleData` CSVs), each told by its content (`VendorArchive`; docs/ingest-fitbit.md,
/// "Export zips").
public struct FitbitTakeoutReader: InputReader, Sendable {
  /// `fitbit-takeout`.
  public static let format = InputFormat.fitbitTakeout

  /// A reader.
  public init() {}

  public func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    try VendorArchive.read(path: path, into: sink, options: options, progress: progress)
  }
}
