import HealthModel
import HealthSystem

/// Settings every reader may need.
public struct ReaderOptions: Sendable {
  /// IANA zone for local times without an offset (Health Auto Export CSV); nil means the
  /// machine's zone (recorded in the manifest either way).
  public var timeZone: String?
  /// Where `timeZone` came from, for the manifest (`--timezone`, `pipeline setting`).
  public var timeZoneOrigin: String
  /// Threads that parse a large Apple export in pieces (`--threads`); nil means one per
  /// core. Never changes a table: the pieces are merged in file order.
  public var parsingThreads: Int?
  /// The habits a habit journal may name (docs/habits.md): the pipeline's and those found
  /// in the Loop exports among the inputs (`IngestStage` adds these).
  public var habits: [HabitDefinition] = []

  /// Creates options.
  public init(
    timeZone: String? = nil, timeZoneOrigin: String = "machine zone", parsingThreads: Int? = nil,
    habits: [HabitDefinition] = []
  ) {
    self.timeZone = timeZone
    self.timeZoneOrigin = timeZoneOrigin
    self.parsingThreads = parsingThreads
    self.habits = habits
  }
}

/// A reader of one input format. It streams the file and reports every record to the sink:
/// one samples row or one rejects row each. It throws `HealthError` (exit 65 with file and
/// line or byte offset) only when the file as a whole cannot be read on (truncated,
/// not the format, unterminated structure); a single bad record is a reject.
public protocol InputReader {
  /// The format this reader handles.
  static var format: InputFormat { get }
  /// Reads the whole file at `path` into `sink`.
  func read(path: String, into sink: IngestSink, options: ReaderOptions, progress: ProgressMeter)
    throws
}
