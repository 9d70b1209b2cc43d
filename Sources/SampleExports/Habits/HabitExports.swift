import Foundation
import HealthModel
import HealthSystem

/// Writes the simulated person's habit logs: a habit journal, and Loop Habit Tracker's
/// "Export as CSV" zip in each of its three dialects (docs/habits.md). Each file's
/// modification time is set to the export's moment (23:58 on the last day), as a person's
/// phone or spreadsheet would, so its dates are never "in the future" of the file.
enum HabitExports {
  /// The file name of a habit format.
  static func fileName(_ format: SyntheticFormat, _ calendar: SyntheticCalendar) -> String {
    let last = LocalDay(dayNumber: Int32(calendar.appleLast))
    switch format {
    case .loop18: return "Loop Habits CSV \(last) v1.8.zip"
    case .loop20: return "Loop Habits CSV \(last) v2.0.zip"
    case .loop231: return "Loop Habits CSV \(last) v2.3.1.zip"
    default:
      return "habits-\(LocalDay(dayNumber: Int32(calendar.habitFirst)))-\(last).csv"
    }
  }

  /// Writes `format` to `path` (atomically).
  static func write(_ format: SyntheticFormat, timeline: SyntheticTimeline, to path: String)
    throws -> SyntheticFile
  {
    let behaviour = HabitBehaviour(options: timeline.options, calendar: timeline.calendar)
    let bytes: [UInt8]
    let items: Int
    switch format {
    case .loop18, .loop20, .loop231:
      let dialect: LoopZipWriter.Dialect =
        format == .loop18 ? .v18 : format == .loop20 ? .v20 : .v231
      let writer = LoopZipWriter(
        dialect: dialect, behaviour: behaviour, calendar: timeline.calendar)
      (bytes, items) = try writer.zip()
    default:
      (bytes, items) = HabitJournalWriter.journal(behaviour)
    }
    try AtomicFileWriter.write(bytes, to: path)
    let moment = Date(timeIntervalSince1970: Double(timeline.calendar.exportEpoch))
    try? FileManager.default.setAttributes([.modificationDate: moment], ofItemAtPath: path)
    return SyntheticFile(format: format, path: path, bytes: Int64(bytes.count), items: items)
  }

  /// A CSV field as opencsv (Loop's writer) and spreadsheets write it: quoted only when it
  /// holds a comma, a quote or a line break.
  static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return text
    }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}

/// The habit journal of the demo pipeline's habits (`Pipelines/nightly.pipeline`):
/// `date,habit,value,note`, several rows a day where a person would write several
/// (two reading sessions, water through the day).
enum HabitJournalWriter {
  /// The journal's bytes and its row count.
  static func journal(_ behaviour: HabitBehaviour) -> ([UInt8], Int) {
    var lines = ["date,habit,value,note"]
    for d in behaviour.days {
      let date = LocalDay(dayNumber: Int32(d.day)).description
      var rows: [(String, String)] = []
      if d.meditated {
        rows.append(("meditate", d.day % 3 == 0 ? "" : "yes"))
      } else if d.meditationSkipped {
        rows.append(("meditate", "skip"))
      } else if d.meditationNo {
        rows.append(("meditate", "no"))
      }
      for minutes in d.reading {
        let m = Int(minutes)
        rows.append(
          ("read", d.day % 3 == 1 ? "\(m / 60):\(String(format: "%02d", m % 60))" : "\(m)"))
      }
      for glasses in d.water { rows.append(("water", "\(glasses)")) }
      if d.stretched { rows.append(("stretch", "yes")) }
      if let drinks = d.drinks { rows.append(("alcohol", "\(drinks)")) }
      if let run = d.manualRun { rows.append(("run", "\(Int(run))")) }
      for (i, row) in rows.enumerated() {
        let note = i == 0 ? d.note.map(HabitExports.csvField) ?? "" : ""
        lines.append("\(date),\(row.0),\(row.1),\(note)")
      }
    }
    return (Array((lines.joined(separator: "\n") + "\n").utf8), lines.count - 1)
  }
}
