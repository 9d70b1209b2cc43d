import Ingest

/// libFuzzer target: the FIT reader (decoder and Garmin mapping) on bytes in memory, handed
/// out in pieces of a fuzz-chosen size. A damaged file must end in exit 65; a read one must
/// reconcile.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFIT(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let raw = UnsafeRawBufferPointer(start: data, count: size)
  let source = MemoryByteSource(Array(raw), path: "fuzz.fit", chunkSize: Fuzz.chunkSize(raw))
  IngestFuzz.run(path: "fuzz.fit") { sink in
    try GarminFITReader().read(source: source, into: sink, options: IngestFuzz.options)
  }
  return 0
}
