import Arguments
import HealthModel

/// Options several commands take in the same form, each with its own help line.
enum CommonOptions {
  /// `--as-of DATE`: a date, today, yesterday or latest, parsed once (`AsOfDate.Word`);
  /// the command resolves it on the calendar it uses.
  static func asOf(_ help: String) -> Option<AsOfDate.Word> {
    Option("as-of", "DATE", help) { try AsOfDate.Word.parse($0) }
  }

  /// `--timezone ZONE`: an IANA zone, checked by `TimeZoneName` (the pipeline file's
  /// `timezone` gives the same message for the same mistake).
  static func timezone(_ help: String) -> Option<String> {
    Option("timezone", "ZONE", help) { try TimeZoneName.parse($0) }
  }

  /// `--out` of a command that cannot run without it.
  static func out(_ valueName: String, _ help: String) -> Option<String> {
    Option("out", valueName, help, required: true)
  }

  /// `--rejects FILE`: where a stage writes its rejects table.
  static func rejects(_ defaultName: String) -> Option<String> {
    Option("rejects", "FILE", "rejects table (default: \(defaultName) beside --out)")
  }

  /// `--threads N`: threads that parse a large Apple export in pieces (default: one per
  /// core). 1 suits many healthpipe processes side by side (a cohort on Spark, `xargs -P`);
  /// the tables are the same bytes whatever the number.
  static let threads = Option<Int>.integer(
    "threads", "N", "threads that parse a large Apple export (default: one per core)",
    in: 1...256)
}
