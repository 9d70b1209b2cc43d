import HealthModel
import HealthSystem

/// The vendors' exports of `healthpipe sample --formats oura,whoop,withings`: the files each
/// writes, of the ring's days (docs/ingest-oura.md, ingest-whoop.md, ingest-withings.md).
enum VendorExportFiles {
  /// The file names, the one sized by `SyntheticExport.writeAtLeast` first.
  static func names(_ format: SyntheticFormat, _ calendar: SyntheticCalendar) -> [String] {
    switch format {
    case .oura:
      let first = LocalDay(dayNumber: Int32(calendar.ringFirst))
      let last = LocalDay(dayNumber: Int32(calendar.appleLast))
      return ["oura_\(first)_\(last)_trends.csv"]
    case .whoop:
      return ["physiological_cycles.csv", "sleeps.csv", "workouts.csv", "journal_entries.csv"]
    case .withings:
      return ["raw_tracker_steps.csv", "sleep.csv", "weight.csv", "aggregates_steps.csv"]
    default:
      return []
    }
  }

  /// Writes the files of `format`, each atomically.
  static func write(
    _ format: SyntheticFormat, timeline: SyntheticTimeline, names: [String], base: String
  ) throws -> [SyntheticFile] {
    var writers: [(ByteWriter) throws -> Int] = []
    switch format {
    case .oura:
      writers = [OuraTrendsWriter(timeline: timeline).write]
    case .whoop:
      let whoop = WhoopExportWriter(timeline: timeline)
      writers = [whoop.writeCycles, whoop.writeSleeps, whoop.writeWorkouts, whoop.writeJournal]
    case .withings:
      let withings = WithingsExportWriter(timeline: timeline)
      writers = [
        withings.writeRawSteps, withings.writeSleep, withings.writeWeight,
        withings.writeDailySteps,
      ]
    default:
      return []
    }
    var files: [SyntheticFile] = []
    for (name, write) in zip(names, writers) {
      let path = base + name
      let writer = try AtomicFileWriter(destination: path)
      let out = ByteWriter { try writer.write($0) }
      let rows = try write(out)
      try out.flush()
      try writer.commit()
      files.append(SyntheticFile(format: format, path: path, bytes: out.total, items: rows))
    }
    return files
  }
}
