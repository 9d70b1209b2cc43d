import Ingest

/// libFuzzer target: the Apple Health XML reader on bytes in memory, handed out in pieces
/// of an input-chosen size and scanned with a small buffer, so every refill and growth path
/// is exercised.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppleXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let raw = UnsafeRawBufferPointer(start: data, count: size)
  let source = MemoryByteSource(Array(raw), path: "fuzz.xml", chunkSize: Fuzz.chunkSize(raw))
  IngestFuzz.run(path: "fuzz.xml") { sink in
    try AppleXMLReader(bufferSize: 64).read(
      source: source, name: "fuzz.xml", into: sink, options: IngestFuzz.options,
      progress: .silent)
  }
  return 0
}
