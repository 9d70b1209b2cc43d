import HealthCore

/// Writes the clean stage's rejects table (typed, exportable to CSV): one row per sample
/// dropped, with its code, a reason with the numbers, the value and unit as read and the
/// origin (input file index and line or record), ordered by origin.
enum RejectsWriter {
  /// Streams every reject into an open writer; nothing is visible until `commit()`.
  static func write(_ result: CleanResult, to writer: TableWriter<Reject>, tally: inout WriteTally)
    throws
  {
    try result.forEachReject { reject in
      tally.countReject(metric: reject.metric, code: reject.code)
      try writer.append(reject)
    }
  }
}
