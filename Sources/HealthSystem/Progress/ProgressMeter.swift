import HealthModel

/// A progress line on stderr (stage, bytes, records, rate), drawn only when stderr is a
/// terminal and not `--quiet`, redrawn at most ten times a second, cleared when done.
/// Honors `NO_COLOR` (no colour or bold when set).
public final class ProgressMeter: @unchecked Sendable {
  /// Whether anything is drawn.
  public let enabled: Bool
  private let useColor: Bool
  private var stage = ""
  private var totalBytes: Int64 = 0
  private var bytes: Int64 = 0
  private var records: Int64 = 0
  private var started = SystemCalls.monotonicSeconds()
  private var lastDraw = 0.0
  private var drawn = false

  /// A meter that draws when stderr is a terminal and `quiet` is false.
  public init(quiet: Bool, environment: [String: String]) {
    enabled = !quiet && SystemCalls.isTerminal(2) && environment["TERM"] != "dumb"
    useColor = environment["NO_COLOR"].map(\.isEmpty) ?? true
  }

  /// A meter that never draws (tests, library use).
  public static let silent = ProgressMeter(disabled: ())

  private init(disabled: Void) {
    enabled = false
    useColor = false
  }

  /// Starts a stage, with the total bytes if known (0 when unknown).
  public func begin(stage: String, totalBytes: Int64 = 0) {
    guard enabled else { return }
    self.stage = stage
    self.totalBytes = totalBytes
    bytes = 0
    records = 0
    started = SystemCalls.monotonicSeconds()
    lastDraw = 0
  }

  /// Reports the position; cheap to call often.
  public func update(bytes: Int64, records: Int64) {
    guard enabled else { return }
    self.bytes = bytes
    self.records = records
    let now = SystemCalls.monotonicSeconds()
    if now - lastDraw >= 0.1 {
      lastDraw = now
      draw(now)
    }
  }

  /// Clears the line.
  public func end() {
    guard enabled, drawn else { return }
    StandardError.write("\r\u{1B}[2K")
    drawn = false
  }

  private func draw(_ now: Double) {
    let elapsed = max(now - started, 1e-6)
    var text = "\r\u{1B}[2K"
    let shown = TerminalText.escaped(stage)  // it names the input file
    text += useColor ? "\u{1B}[1m\(shown)\u{1B}[0m " : "\(shown) "
    let mb = Double(bytes) / 1_048_576
    if totalBytes > 0 {
      let pct = min(100, Int(100 * Double(bytes) / Double(totalBytes)))
      text += "\(pct)% "
    }
    text += "\(NumberFormatting.fixed(mb, 1)) MB, \(records) records, "
    text += "\(NumberFormatting.fixed(mb / elapsed, 1)) MB/s"
    StandardError.write(text)
    drawn = true
  }
}
