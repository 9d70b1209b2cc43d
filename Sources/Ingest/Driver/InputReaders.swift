import HealthCore

/// The registry of readers by detected format.
public enum InputReaders {
  /// The reader for `format`.
  public static func reader(for format: InputFormat) -> any InputReader {
    switch format {
    case .appleXML: AppleXMLReader()
    case .appleZip: AppleZipReader()
    case .autoExportJSON: AutoExportJSONReader()
    case .autoExportCSV: AutoExportCSVReader()
    case .autoExportWorkoutsCSV: AutoExportWorkoutsCSVReader()
    case .longCSV: LongCSVReader()
    }
  }
}
