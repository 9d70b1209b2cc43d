import Foundation
import Ingest
import TestSupport

extension OuraTrendsReader: BufferedTextReader {}
extension WhoopCSVReader: BufferedTextReader {}
extension WithingsCSVReader: BufferedTextReader {}

/// Los Angeles, the zone of the real same-person vendor files (UTC−07:00 in summer).
let losAngeles = ReaderOptions(timeZone: "America/Los_Angeles", timeZoneOrigin: "pipeline setting")

/// Reads `text` with a vendor reader from memory, in small pieces and with a small buffer
/// so rows cross buffer refills.
func readVendor<Reader: BufferedTextReader>(
  _ type: Reader.Type, _ text: String, path: String = "vendor.csv",
  options: ReaderOptions = losAngeles
) throws -> Collected {
  try readInMemory(
    type, Array(text.utf8), path: path, options: options, bufferSize: 64, chunkSize: 7)
}

/// Integer values of a JSON object of counts.
func int64s(_ object: Any?) -> [String: Int64] {
  (object as? [String: Any] ?? [:]).compactMapValues { ($0 as? NSNumber)?.int64Value }
}
