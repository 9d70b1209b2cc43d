import Ingest

/// libFuzzer target: the Garmin Connect JSON, Fitbit JSON and Fitbit CSV readers on bytes in
/// memory (the JSON readers tell their kind from the content; input that is none of theirs
/// must end in exit 65, never a crash).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVendorText(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let raw = UnsafeRawBufferPointer(start: data, count: size)
  let bytes = Array(raw)
  let chunk = Fuzz.chunkSize(raw)
  var garmin = GarminConnectJSONReader()
  garmin.bufferSize = 64
  IngestFuzz.run(path: "fuzz.json") { sink in
    try garmin.read(
      source: MemoryByteSource(bytes, path: "fuzz.json", chunkSize: chunk), into: sink,
      options: IngestFuzz.options)
  }
  var fitbit = FitbitJSONReader()
  fitbit.bufferSize = 64
  IngestFuzz.run(path: "steps-2024-01-01.json") { sink in
    try fitbit.read(
      source: MemoryByteSource(bytes, path: "steps-2024-01-01.json", chunkSize: chunk),
      into: sink, options: IngestFuzz.options)
  }
  var csv = FitbitCSVReader()
  csv.bufferSize = 64
  IngestFuzz.run(path: "daily_resting_heart_rate.csv") { sink in
    try csv.read(
      source: MemoryByteSource(bytes, path: "daily_resting_heart_rate.csv", chunkSize: chunk),
      into: sink, options: IngestFuzz.options)
  }
  return 0
}
