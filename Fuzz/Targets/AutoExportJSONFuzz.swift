import Ingest

/// libFuzzer target: the Health Auto Export JSON reader on bytes in memory (a tiny buffer,
/// pieces of an input-chosen size).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAutoExportJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let raw = UnsafeRawBufferPointer(start: data, count: size)
  let source = MemoryByteSource(Array(raw), path: "fuzz.json", chunkSize: Fuzz.chunkSize(raw))
  var reader = AutoExportJSONReader()
  reader.bufferSize = 64
  IngestFuzz.run(path: "fuzz.json") { sink in
    try reader.read(source: source, into: sink, options: IngestFuzz.options)
  }
  return 0
}
