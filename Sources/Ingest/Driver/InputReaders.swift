import Foundation
import HealthCore

/// The registry of readers by detected format.
public enum InputReaders {
  /// The reader for `format`; `parsingThreads` (nil: one per core) for the Apple readers.
  public static func reader(for format: InputFormat, parsingThreads: Int? = nil)
    -> any InputReader
  {
    let threads = parsingThreads ?? ProcessInfo.processInfo.activeProcessorCount
    return switch format {
    case .appleXML: AppleXMLReader(parsingThreads: threads)
    case .appleZip: AppleZipReader(parsingThreads: threads)
    case .autoExportJSON: AutoExportJSONReader()
    case .autoExportCSV: AutoExportCSVReader()
    case .autoExportWorkoutsCSV: AutoExportWorkoutsCSVReader()
    case .longCSV: LongCSVReader()
    }
  }
}
