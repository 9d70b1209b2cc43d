import Foundation
import HealthModel
import HealthSystem

/// The days of a habit input (docs/habits.md, "Days"): an entry's date is the person's
/// local calendar day, written with no time and no zone, so it is stored at local midnight
/// of that day in the reader's zone (the day never shifts), and the last day an entry may
/// have is the day the file was last saved (its modification time, in the same zone):
/// later dates are in the future. **Decision:** that time is not recorded as the input's
/// export date, so no table changes when the file is only copied or touched (its rows
/// dated up to that day are read the same).
struct HabitDayClock {
  private var zone: LocalTimeZone
  private let sink: IngestSink
  /// The local day of the file's modification time; nil when the source is not a file.
  let savedDay: LocalDay?

  /// The clock of the file behind `path`, in `options`' zone (or the machine's).
  init(options: ReaderOptions, path: String, sink: IngestSink) throws {
    zone = try LocalTimeZone(options: options)
    self.sink = sink
    if let nanos = FileFingerprint.stat(path)?.modifiedNanoseconds {
      let seconds = nanos / 1_000_000_000 - (nanos % 1_000_000_000 < 0 ? 1 : 0)
      let offset =
        TimeZone(identifier: zone.name).map {
          Int32($0.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
        } ?? 0
      savedDay = LocalDay(epochSeconds: seconds, utcOffset: offset)
    } else {
      savedDay = nil
    }
  }

  /// Local midnight of `day`: its epoch second and the UTC offset then.
  mutating func midnight(of day: LocalDay) -> (epoch: Int64, offset: Int32) {
    let local = Int64(day.dayNumber) * 86_400
    let offset = zone.offset(atLocal: local, sink: sink, what: "Habit dates")
    return (local - Int64(offset), offset)
  }

  /// Whether `day` is after the day the file was saved.
  func isFuture(_ day: LocalDay) -> Bool {
    guard let savedDay else { return false }
    return day > savedDay
  }

  /// `2027-11-10 is after 2026-11-27, the day the file was last saved: a date in the future`.
  func futureReason(_ day: LocalDay) -> String {
    "\(day) is after \(savedDay.map(\.description) ?? "?"), the day the file was last saved: "
      + "a date in the future"
  }

  /// The day of a date cell: `yyyy-MM-dd`, optionally followed by a time (`T07:30`,
  /// ` 00:00:00`), which is ignored: the date written is the day.
  static func day(_ text: String) -> LocalDay? {
    let t = text.trimmingASCIIBlanks()
    if let day = LocalDay(iso: t) { return day }
    guard t.count > 10 else { return nil }
    let separator = t[t.index(t.startIndex, offsetBy: 10)]
    guard separator == "T" || separator == " " else { return nil }
    return LocalDay(iso: t.prefix(10))
  }
}
