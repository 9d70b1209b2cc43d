import Ingest

/// libFuzzer target: the long CSV reader (`date,metric,value,unit,source`) on bytes in
/// memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLongCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let raw = UnsafeRawBufferPointer(start: data, count: size)
  let source = MemoryByteSource(Array(raw), path: "fuzz.csv", chunkSize: Fuzz.chunkSize(raw))
  var reader = LongCSVReader()
  reader.bufferSize = 64
  IngestFuzz.run(path: "fuzz.csv") { sink in
    try reader.read(source: source, into: sink, options: IngestFuzz.options)
  }
  return 0
}
