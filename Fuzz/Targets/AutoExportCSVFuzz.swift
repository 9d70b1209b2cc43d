import Ingest

/// libFuzzer target: both Health Auto Export CSV readers (daily metrics and workouts) on the
/// same bytes, plus format detection on them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAutoExportCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let raw = UnsafeRawBufferPointer(start: data, count: size)
  let bytes = Array(raw)
  _ = FormatDetector.format(of: bytes)
  var daily = AutoExportCSVReader()
  daily.bufferSize = 64
  IngestFuzz.run(path: "fuzz.csv") { sink in
    let source = MemoryByteSource(bytes, path: "fuzz.csv", chunkSize: Fuzz.chunkSize(raw))
    try daily.read(source: source, into: sink, options: IngestFuzz.options)
  }
  var workouts = AutoExportWorkoutsCSVReader()
  workouts.bufferSize = 64
  IngestFuzz.run(path: "fuzz.csv") { sink in
    let source = MemoryByteSource(bytes, path: "fuzz.csv", chunkSize: Fuzz.chunkSize(raw))
    try workouts.read(source: source, into: sink, options: IngestFuzz.options)
  }
  return 0
}
