import HealthSystem

/// Reads a Garmin Connect data export (the zip Garmin e-mails after "Export Your Data";
/// `DI_CONNECT/…`) in place: its FIT files (also those in the zip inside,
/// `DI-Connect-Uploaded-Files/UploadedFiles_*.zip`), daily summaries, sleep, weigh-ins and
/// nightly HRV (`VendorArchive`; docs/ingest-garmin.md, "The Garmin Connect export").
public struct GarminExportReader: InputReader, Sendable {
  /// `garmin-export`.
  public static let format = InputFormat.garminExport

  /// A reader.
  public init() {}

  public func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    try VendorArchive.read(path: path, into: sink, options: options, progress: progress)
  }
}
