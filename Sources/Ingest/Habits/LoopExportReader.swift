import HealthModel
import HealthSystem

/// Reads a Loop Habit Tracker "Export as CSV" (docs/habits.md, "Loop Habit Tracker"): the
/// zip the app writes, or the folder it unpacks to (the input is then its `Habits.csv`).
/// All three dialects (1.8 and older, 2.0-2.3.0, 2.3.1 and newer) are recognised by
/// `Habits.csv`'s columns.
///
/// Every row of a per-habit `Checkmarks.csv` is one record of type `habit.<key>` (rows of
/// a folder that cannot be joined: `folder <name>`; refused rows of `Habits.csv`:
/// `Habits.csv`): an entry, or a reject with its reason; `YES_AUTO` and `UNKNOWN` rows are
/// counted in the manifest (`notKept.*`), not read as records. Dates are the person's local
/// days, stored at local midnight in the reader's zone; a date after the day the file was
/// saved is a reject (`future-date`). The habits found become definitions
/// (`HabitPrescan`), unless the pipeline file defines the same name.
public struct LoopExportReader: InputReader, Sendable {
  /// The zip; `LoopFolderReader` reads the unpacked folder through this reader.
  public static let format = InputFormat.loopZip
  /// `loop-zip`, or `loop-csv` for the unpacked folder's `Habits.csv`.
  let layout: InputFormat

  /// A reader of the zip, or with `.loopFolder` of the unpacked folder.
  public init(format: InputFormat = .loopZip) { layout = format }

  public func read(
    path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter
  ) throws {
    progress.begin(stage: "ingest \(path)", totalBytes: FileFingerprint.stat(path)?.size ?? 0)
    defer { progress.end() }
    var clock = try HabitDayClock(options: options, path: path, sink: sink)
    let export = try LoopExport(files: Self.files(path, format: layout), isFuture: clock.isFuture)
    sink.notes.append(
      "\(export.dialect.rawValue) export: \(export.habits.count) habit(s)"
        + export.notes.map { "; " + $0 }.joined())
    for (why, n) in export.notKept where n > 0 { sink.extra["notKept." + why] = n }
    for item in export.items {
      sink.read(type: item.type)
      switch item.outcome {
      case .entry(let key, let day, let value, let unitWord):
        let midnight = clock.midnight(of: day)
        try sink.keep(
          HabitEntry.sample(
            habit: key, value: value, unitWord: unitWord, midnight: midnight.epoch,
            utcOffset: midnight.offset, source: HabitEntry.loopSource,
            origin: sink.origin(item.record)),
          type: item.type)
      case .reject(let code, let reason, let day, let valueText):
        let start = day.map { clock.midnight(of: $0) }
        try sink.reject(
          type: item.type, code: code, reason: reason, metric: MetricID.habit.rawValue,
          start: start?.epoch, end: start.map { $0.epoch + 86_400 }, utcOffset: start?.offset,
          value: valueText, source: HabitEntry.loopSource, record: item.record)
      }
    }
  }

  /// The files of the export at `path`.
  static func files(_ path: String, format: InputFormat) throws -> LoopExportFiles {
    format == .loopFolder
      ? try LoopExportFiles(habitsCSVAt: path) : try LoopExportFiles(zipAt: path)
  }

  /// Whether the first bytes are a zip holding a `Habits.csv` at its root (Loop writes it
  /// first; a small zip's central directory is within the prefix too).
  public static func matchesZip(prefix head: [UInt8]) -> Bool {
    guard head.count >= 30, head[0] == 0x50, head[1] == 0x4B, head[2] == 0x03, head[3] == 0x04
    else { return false }
    let wanted = Array("Habits.csv".utf8)
    var i = 0
    while i + 46 <= head.count {
      if head[i] == 0x50, head[i + 1] == 0x4B {
        let local = head[i + 2] == 0x03 && head[i + 3] == 0x04
        let central = head[i + 2] == 0x01 && head[i + 3] == 0x02
        let lengthAt = local ? i + 26 : i + 28
        let nameAt = local ? i + 30 : i + 46
        if local || central {
          let length = Int(head[lengthAt]) | Int(head[lengthAt + 1]) << 8
          if length == wanted.count, nameAt + length <= head.count,
            Array(head[nameAt..<(nameAt + length)]) == wanted
          {
            return true
          }
        }
      }
      i += 1
    }
    return false
  }

  /// Whether the first bytes are a Loop `Habits.csv` (its `Position`, `Name` and frequency
  /// columns).
  public static func matchesHabitsCSV(prefix: [UInt8]) -> Bool {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    let cells = Set(
      TextSniffing.headerCells(TextSniffing.firstLine(body).line).map { $0.lowercased() })
    return cells.contains("position") && cells.contains("name")
      && (cells.contains("numrepetitions") || cells.contains("frequencynumerator"))
  }
}
