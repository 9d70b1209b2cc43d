import HealthCore

/// The registry of readers by detected format.
public enum InputReaders {
  /// The reader for `format`; `parsingThreads` (nil: one per core) for the Apple readers.
  public static func reader(for format: InputFormat, parsingThreads: Int? = nil)
    -> any InputReader
  {
    switch format {
    case .appleXML: AppleXMLReader(parsingThreads: parsingThreads)
    case .appleZip: AppleZipReader(parsingThreads: parsingThreads)
    case .autoExportJSON: AutoExportJSONReader()
    case .autoExportCSV: AutoExportCSVReader()
    case .autoExportWorkoutsCSV: AutoExportWorkoutsCSVReader()
    case .longCSV: LongCSVReader()
    case .ouraTrendsCSV: OuraTrendsReader()
    case .whoopCSV: WhoopCSVReader()
    case .withingsCSV: WithingsCSVReader()
    case .healthConnect: HealthConnectReader()
    }
  }
}
