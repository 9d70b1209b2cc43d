import HealthCore

/// The registry of readers by detected format.
public enum InputReaders {
  /// The reader for `format`, nil while no reader for it is built in.
  public static func reader(for format: InputFormat) -> (any InputReader)? {
    switch format {
    case .appleXML: AppleXMLReader()
    case .appleZip: AppleZipReader()
    case .autoExportJSON, .autoExportCSV, .autoExportWorkoutsCSV, .longCSV: nil
    }
  }

  /// The reader for `format`, or exit 65 saying that this build cannot read it.
  public static func require(_ format: InputFormat, path: String) throws -> any InputReader {
    guard let reader = reader(for: format) else {
      throw HealthError.malformed(
        "format detected as \(format.rawValue) but this healthpipe has no reader for it",
        at: SourceLocation(file: path),
        hint: "convert the data to the long CSV (date,metric,value,unit,source) or use a "
          + "healthpipe that reads \(format.rawValue)")
    }
    return reader
  }
}
