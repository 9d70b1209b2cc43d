import HealthSystem

/// Reads Health Auto Export's workouts CSV: `Type,Start,End,Duration,Total Energy (kcal),
/// Active Energy (kcal),Max Heart Rate (bpm),…,Distance (mi),…` (HAE's header typos such as
/// `Avg Speed(mi/hr)` and `Swim Stoke Cadence (spm)` are fine: columns are found by name).
///
/// - Each row is a workout: a `workout` sample (value = minutes from `Duration` `HH:MM:SS`, or
///   End − Start when it is empty; category = `Type` as written), plus `workoutEnergy` from
///   `Active Energy` and `workoutDistance` from `Distance` when their cells are not empty,
///   with the units of their headers. Per-type keys: `workout`, `workoutEnergy`,
///   `workoutDistance`.
/// - `Start`/`End` are local times to the minute without an offset: the offset comes from
///   `options.timeZone` or the machine's zone (recorded in the manifest).
/// - Other columns (total energy, heart rate, steps, cadence, ...) are not kept; their
///   non-empty cells are counted in the extras as `notKept.workouts.<header>`.
/// - A row with the wrong number of fields is one `row` record, rejected; a row whose type,
///   start, end or duration is unusable is one `workout` record, rejected.
/// - Source `Health Auto Export` (kind `app`); origins are 1-based line numbers.
public struct AutoExportWorkoutsCSVReader: SeekableSourceReader, Sendable {
  /// Health Auto Export CSV workouts.
  public static let format = InputFormat.autoExportWorkoutsCSV
  /// Read buffer size in bytes.
  public var bufferSize = 256 << 10

  /// A reader with the default buffer.
  public init() {}

  /// Reads from any byte source.
  public func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter = .silent
  ) throws {
    var zone = try LocalTimeZone(options: options)
    try CSVInput.read(source, bufferSize: bufferSize, progress: progress) { csv in
      let headers = try csv.header(hint: "export the workouts CSV again from Health Auto Export")
        .map(AutoExportColumnHeader.init)
      let columns = try WorkoutsCSVColumns(headers: headers, path: source.path)
      let categories = TextInterner()
      try csv.forEachRecord(progress: progress) {
        _ = try Self.readRow(
          csv, columns: columns, categories: categories, zone: &zone, sink: sink)
      }
    }
  }

  /// Whether header cells are the workouts header: `Type`, `Start`, `End` first.
  static func isWorkoutsHeader(_ cells: [String]) -> Bool {
    cells.count >= 3 && cells[0].lowercased() == "type" && cells[1].lowercased() == "start"
      && cells[2].lowercased() == "end"
  }

  /// Whether the first bytes look like a Health Auto Export workouts CSV (`Type,Start,End,…`).
  public static func matches(prefix: [UInt8]) -> Bool {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    return isWorkoutsHeader(TextSniffing.headerCells(TextSniffing.firstLine(body).line))
  }
}
