import Ingest

/// libFuzzer target: a Loop Habit Tracker "Export as CSV" zip read from a scratch file
/// (the zip, `Habits.csv` in its three dialects, the folders joined by number, the
/// per-habit `Checkmarks.csv` and their value words and codes; docs/habits.md).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLoopZip(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let path = Fuzz.scratchFile("loop.zip", UnsafeRawBufferPointer(start: data, count: size))
  IngestFuzz.run(path: path) { sink in
    try LoopExportReader().read(
      path: path, into: sink, options: IngestFuzz.options, progress: .silent)
  }
  return 0
}
