import HealthCore
import HealthModel

/// The one-line accounts of inputs that contributed nothing: how an input read with no
/// record kept is described, and the `InputProblem` a table's input list carries for it.
enum InputOutcome {
  /// The failure of an input that was read but kept no record: `0 of 12 records kept;
  /// most common reject reason: bad-date (12), first: line 2: ...`, or `no records found`
  /// when it held none. Exit code 65: the input's data is unusable as it stands.
  static func nothingKept(_ input: InputRead) -> InputFailure {
    let message: String
    if input.totals.read == 0 {
      message =
        "no records found in it (\(input.format.rawValue)): it adds nothing to the tables"
    } else if let top = input.rejectTally.mostCommon {
      // The text readers' reasons start with their line, the JSON reader's name the path;
      // the Apple reader's do not say where (its rejects carry the line in `origin`).
      let apple = input.format == .appleXML || input.format == .appleZip
      message =
        "0 of \(input.totals.read) records kept; most common reject reason: "
        + "\(top.code.rawValue) (\(top.count)), first: "
        + (apple ? "line \(top.firstRecord): " : "") + clipped(top.firstReason)
    } else {
      message = "0 of \(input.totals.read) records kept"
    }
    return InputFailure(
      index: input.index, path: input.path,
      error: HealthError(.dataError, message, at: SourceLocation(file: input.path)),
      kind: .nothingKept)
  }

  /// The problem recorded in the input list for a failed or unproductive input: its
  /// message with the place inside the file (line, byte) but without the path.
  static func problem(_ failure: InputFailure) -> InputProblem {
    var message = clipped(failure.error.message)
    if let location = failure.error.location {
      var place: [String] = []
      if let line = location.line { place.append("line \(line)") }
      if let byte = location.byteOffset { place.append("byte \(byte)") }
      if let path = location.path { place.append("at \(path)") }
      if !place.isEmpty { message += " (" + place.joined(separator: ", ") + ")" }
    }
    return InputProblem(
      kind: failure.kind, stage: "ingest", message: message,
      exitCode: failure.error.code.rawValue)
  }

  /// The longest reason text kept in a one-line account, in characters: every later
  /// table's header carries it, and a reject's reason can quote a 64 KiB value.
  static let maxReasonCharacters = 300

  /// `text` cut to `maxReasonCharacters` characters plus `…`.
  static func clipped(_ text: String) -> String {
    text.count <= maxReasonCharacters ? text : String(text.prefix(maxReasonCharacters)) + "…"
  }
}
