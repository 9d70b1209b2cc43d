import Ingest

/// libFuzzer target: an Apple Health `export.zip` read from a scratch file (central
/// directory, zip64, entry choice, inflate, CRC and size checks, then the XML reader).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZip(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let path = Fuzz.scratchFile("export.zip", UnsafeRawBufferPointer(start: data, count: size))
  IngestFuzz.run(path: path) { sink in
    try AppleZipReader(bufferSize: 4096).read(
      path: path, into: sink, options: IngestFuzz.options, progress: .silent)
  }
  return 0
}
