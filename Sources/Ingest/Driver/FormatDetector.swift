import HealthCore
import HealthModel
import HealthSystem

/// Detects an input's format from its first bytes, never from its name.
public enum FormatDetector {
  /// How many leading bytes are looked at.
  public static let prefixLength = 64 << 10

  /// The format of the file at `path`: exit 66 when it cannot be opened, 65 when it is
  /// empty or not a format healthpipe reads.
  public static func detect(path: String) throws -> InputFormat {
    let reader = try FileReader(path: path)
    let head = try reader.read(at: 0, count: prefixLength)
    let format = try detect(head, path: path)
    // A zip's entries tell a vendor's export from Apple's (docs/ingest-garmin.md).
    if format == .appleZip, let vendor = try VendorZipDetection.format(ofZipAt: path) {
      return vendor
    }
    return format
  }

  /// The format of a file starting with `head`.
  public static func detect(_ head: [UInt8], path: String) throws -> InputFormat {
    guard !head.isEmpty else {
      throw HealthError.malformed(
        "the file is empty", at: SourceLocation(file: path, line: 1, byteOffset: 0),
        hint: "export the data again; an empty file holds no records")
    }
    if let format = format(of: head) { return format }
    if let encoding = ForeignEncoding.name(of: head) {
      throw HealthError.malformed(
        "the file is \(encoding) text; healthpipe reads UTF-8 only",
        at: SourceLocation(file: path, byteOffset: 0),
        hint: "re-save it as UTF-8 (e.g. iconv -f \(ForeignEncoding.iconvName(encoding)) -t UTF-8 "
          + "FILE > FILE.utf8), or export it again")
    }
    throw HealthError.malformed(
      "unknown format: it starts with \(preview(head)); expected an Apple Health export.zip "
        + "or export.xml, a Health Auto Export JSON or CSV file (daily metrics or workouts), "
        + "an Oura trends CSV, a WHOOP or Withings export CSV, a long CSV with the columns "
        + "date,metric,value,unit,source, a FIT file, a Garmin Connect or Fitbit export file, "
        + "a habit journal (date,habit,value), a Loop Habit Tracker export, or an Android "
        + "Health Connect export (Health Connect.zip or its .db)",
      at: SourceLocation(file: path, byteOffset: 0),
      hint:
        "formats are recognised by content, not by file name; check that this is the file you meant"
    )
  }

  /// The format of a file starting with `head`, nil when unknown.
  public static func format(of head: [UInt8]) -> InputFormat? {
    if LoopExportReader.matchesZip(prefix: head) { return .loopZip }
    if HealthConnectDetection.matches(prefix: head) { return .healthConnect }
    if head.count >= 4, head[0] == 0x50, head[1] == 0x4B,
      (head[2] == 0x03 && head[3] == 0x04) || (head[2] == 0x05 && head[3] == 0x06)
    {
      return .appleZip
    }
    if GarminFITReader.matches(prefix: head) { return .garminFIT }
    var bytes = ArraySlice(head)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    while let b = bytes.first, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
      bytes = bytes.dropFirst()
    }
    guard let first = bytes.first else { return nil }
    let firstKB = String(decoding: bytes.prefix(1024), as: UTF8.self)
    if first == 0x3C {  // '<'
      if firstKB.hasPrefix("<?xml") || firstKB.contains("<!DOCTYPE HealthData")
        || firstKB.contains("<HealthData")
      {
        return .appleXML
      }
      return nil
    }
    // Garmin's and Fitbit's JSON documents (root arrays) before any CSV sniffer, which
    // would take a one-line document for a header (docs/ingest-garmin.md).
    if first == 0x5B {
      if GarminConnectJSONReader.matches(prefix: head) { return .garminJSON }
      if FitbitJSONReader.matches(prefix: head) { return .fitbitJSON }
    }
    // The text formats: each reader knows its own signature. Vendors' CSVs first: a
    // Withings `weight.csv` (`Date,"Weight (lb)",…`) also has the shape of a Health Auto
    // Export daily CSV.
    if OuraTrendsReader.matches(prefix: head) { return .ouraTrendsCSV }
    if WhoopCSVReader.matches(prefix: head) { return .whoopCSV }
    if WithingsCSVReader.matches(prefix: head) { return .withingsCSV }
    if AutoExportJSONReader.matches(prefix: head) { return .autoExportJSON }
    if AutoExportCSVReader.matches(prefix: head) { return .autoExportCSV }
    if AutoExportWorkoutsCSVReader.matches(prefix: head) { return .autoExportWorkoutsCSV }
    if HabitJournalReader.matches(prefix: head) { return .habitJournal }
    if LoopExportReader.matchesHabitsCSV(prefix: head) { return .loopFolder }
    if LongCSVReader.matches(prefix: head) { return .longCSV }
    // Fitbit's CSV files (docs/ingest-fitbit.md).
    if FitbitCSVReader.matches(prefix: head) { return .fitbitCSV }
    return nil
  }

  private static func preview(_ head: [UInt8]) -> String {
    ByteText.preview(head)
  }
}
