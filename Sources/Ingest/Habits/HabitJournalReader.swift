import HealthModel
import HealthSystem

/// Reads a habit journal: a CSV a person keeps in any spreadsheet, `date,habit,value[,note]`
/// (docs/habits.md, "The habit journal").
///
/// - Columns are found by header name (any order, any case); `date` and `habit` are
///   required, `value` and `note` optional, other columns are ignored (a manifest note
///   names them).
/// - `date` is the person's local day, `yyyy-MM-dd` (a time after it is ignored): no zone
///   shift ever moves an entry to another day. A date after the day the file was last
///   saved is a reject (`future-date`).
/// - `habit` names a habit of the pipeline file (`[habit.NAME]`) or of a Loop export read
///   in the same run, matched by key (`HabitName.key`: case, blanks and punctuation do not
///   matter); another name is a reject (`unknown-habit`) naming the closest ones.
/// - `value` is read by the habit's kind (`HabitValueText`): yes/no/empty for a check,
///   minutes or `0:30` for a duration, a number for a count, `skip` for any. Several rows
///   of one habit on one day add up (a check is done when any row says so).
/// - `note` is not kept (counted in the manifest).
///
/// Each row is one record of type `habit.<key>` (`row` for a row with the wrong number of
/// fields); origins are 1-based line numbers.
public struct HabitJournalReader: SeekableSourceReader, Sendable {
  /// The habit journal.
  public static let format = InputFormat.habitJournal
  /// Read buffer size in bytes (tests use tiny ones).
  public var bufferSize = 64 << 10

  /// A reader with the default buffer.
  public init() {}

  /// Reads from any byte source (a file's modification time bounds its dates; a source
  /// that is not a file has no such bound).
  public func read(
    source: SeekableByteSource, into sink: IngestSink, options: ReaderOptions,
    progress: ProgressMeter = .silent
  ) throws {
    var clock = try HabitDayClock(options: options, path: source.path, sink: sink)
    try CSVInput.read(source, bufferSize: bufferSize, progress: progress) { csv in
      let hint = "a habit journal starts with the header date,habit,value"
      let header = try csv.header(hint: hint)
      guard let columns = HabitJournalColumns(header: header) else {
        throw HealthError.malformed(
          "the header has no date and habit columns",
          at: SourceLocation(file: source.path, line: csv.recordLine), hint: hint)
      }
      if !columns.ignored.isEmpty {
        sink.notes.append("columns not read: \(columns.ignored.joined(separator: ", "))")
      }
      let rows = HabitJournalRows(
        csv: csv, sink: sink, columns: columns, fieldCount: header.count,
        habits: HabitLookup(options.habits))
      try csv.forEachRecord(progress: progress, every: 1 << 8) { try rows.read(clock: &clock) }
    }
  }

  /// Whether the first bytes look like a habit journal: a header with `date` and `habit`.
  public static func matches(prefix: [UInt8]) -> Bool {
    let body = TextSniffing.droppingByteOrderMark(prefix)
    let (line, complete) = TextSniffing.firstLine(body)
    var cells = TextSniffing.headerCells(line)
    if !complete, cells.count > 1 { cells.removeLast() }
    return HabitJournalColumns(header: cells) != nil
  }
}

/// Where a habit journal's columns are, found by header name (any case, any order).
struct HabitJournalColumns {
  let date: Int
  let habit: Int
  let value: Int?
  let note: Int?
  /// Header names not used.
  let ignored: [String]

  /// The columns of `header`; nil without `date` and `habit`.
  init?(header: [String]) {
    let names = header.map { $0.trimmingASCIIBlanks().lowercased() }
    guard let date = names.firstIndex(of: "date"), let habit = names.firstIndex(of: "habit")
    else { return nil }
    self.date = date
    self.habit = habit
    value = names.firstIndex(of: "value")
    note = names.firstIndex(of: "note") ?? names.firstIndex(of: "notes")
    let known: Set<String> = ["date", "habit", "value", "note", "notes"]
    ignored = header.filter { !known.contains($0.trimmingASCIIBlanks().lowercased()) }
  }
}
