import Ingest

/// libFuzzer target: the Oura, WHOOP and Withings readers on the same bytes in memory; the
/// Withings reader twice, under a daily and a raw file's name, so the name-dependent paths
/// (`aggregates_<quantity>.csv`, `raw_<device>_<quantity>.csv`) run too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVendorCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let raw = UnsafeRawBufferPointer(start: data, count: size)
  let bytes = Array(raw)
  let chunk = Fuzz.chunkSize(raw)
  for path in ["oura.csv", "whoop.csv", "aggregates_steps.csv", "raw_tracker_sleep-state.csv"] {
    let source = MemoryByteSource(bytes, path: path, chunkSize: chunk)
    IngestFuzz.run(path: path) { sink in
      switch path {
      case "oura.csv":
        var reader = OuraTrendsReader()
        reader.bufferSize = 64
        try reader.read(source: source, into: sink, options: IngestFuzz.options)
      case "whoop.csv":
        var reader = WhoopCSVReader()
        reader.bufferSize = 64
        try reader.read(source: source, into: sink, options: IngestFuzz.options)
      default:
        var reader = WithingsCSVReader()
        reader.bufferSize = 64
        try reader.read(source: source, into: sink, options: IngestFuzz.options)
      }
    }
  }
  return 0
}
