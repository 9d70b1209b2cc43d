import HealthSystem

/// Reads Loop Habit Tracker's export unpacked (macOS unpacks downloads by itself): the
/// input is its `Habits.csv`, the per-habit folders beside it. The same rules as the zip
/// (`LoopExportReader`; docs/habits.md, "Loop Habit Tracker").
public struct LoopFolderReader: InputReader, Sendable {
  /// The unpacked export's `Habits.csv`.
  public static let format = InputFormat.loopFolder

  /// A reader.
  public init() {}

  public func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    try LoopExportReader(format: .loopFolder).read(
      path: path, into: sink, options: options, progress: progress)
  }
}
