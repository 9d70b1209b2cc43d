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
    case .garminFIT: GarminFITReader()
    case .garminExport: GarminExportReader()
    case .garminJSON: GarminConnectJSONReader()
    case .fitbitJSON: FitbitJSONReader()
    case .fitbitCSV: FitbitCSVReader()
    case .fitbitTakeout: FitbitTakeoutReader()
    case .habitJournal: HabitJournalReader()
    case .loopZip: LoopExportReader()
    case .loopFolder: LoopFolderReader()
    case .ouraTrendsCSV: OuraTrendsReader()
    case .whoopCSV: WhoopCSVReader()
    case .withingsCSV: WithingsCSVReader()
    case .healthConnect: HealthConnectReader()
    }
  }
}
