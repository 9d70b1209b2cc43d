import HealthModel
import Ingest

/// libFuzzer target: the habit journal reader (`date,habit,value[,note]`) on bytes in
/// memory, with one habit of each kind defined so values are read by kind.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHabitJournal(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let raw = UnsafeRawBufferPointer(start: data, count: size)
  let source = MemoryByteSource(Array(raw), path: "fuzz.csv", chunkSize: Fuzz.chunkSize(raw))
  var reader = HabitJournalReader()
  reader.bufferSize = 64
  var options = IngestFuzz.options
  options.habits = [
    HabitDefinition(key: "meditate", kind: .check),
    HabitDefinition(key: "read", kind: .duration, goal: 30),
    HabitDefinition(key: "water", kind: .count, goal: 8, unit: "glasses"),
  ]
  IngestFuzz.run(path: "fuzz.csv") { sink in
    try reader.read(source: source, into: sink, options: options)
  }
  return 0
}
