import HealthModel
import Ingest
import Testing

/// Regression (found by the hardening corpus, docs/reliability.md): JSON leaves a repeated key's
/// meaning open, and the reader silently took the first `qty` of a data point but the last
/// `name` of a metric, so `{"name": "step_count", "name": "heart_rate", ...}` filed step
/// counts as heart rate. A data point or workout with a repeated key is now rejected
/// (`malformed`, with its path and line); a metric object with a repeated `name` or
/// `units` ends the read with exit 65 at the second key.
@Suite("Regression: repeated JSON keys")
struct RepeatedJSONKeyTests {
  static func read(_ text: String) throws -> Collected {
    let out = Collected()
    var reader = AutoExportJSONReader()
    reader.bufferSize = 32
    try reader.read(
      source: MemoryByteSource(text: text, path: "hae.json", chunkSize: 5), into: out.sink,
      options: ReaderOptions(timeZone: "UTC"))
    return out
  }

  @Test("a data point or a workout with a repeated key is rejected; its neighbours are kept")
  func repeatedInPointOrWorkout() throws {
    let out = try Self.read(
      """
      {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [
      {"date": "2023-01-04 00:00:00 +0000", "qty": 1, "qty": 2},
      {"date": "2023-01-05 00:00:00 +0000", "qty": 3}]}],
      "workouts": [{"name": "Run", "start": "2023-01-04 08:00:00 +0000", "name": "Walk",
      "end": "2023-01-04 09:00:00 +0000", "duration": 3600}]}}
      """)
    #expect(out.samples.map(\.value) == [3])
    #expect(out.rejects.count == 2)
    #expect(out.rejects.allSatisfy { $0.code == .malformed })
    #expect(out.rejects[0].reason == "data.metrics[0].data[0] has the key 'qty' twice (line 2:1)")
    // Line 4 is `"workouts": [{`: the workout's brace is its 14th character.
    #expect(out.rejects[1].reason == "data.workouts[0] has the key 'name' twice (line 4:14)")
    #expect(out.reconciles)
  }

  @Test("a metric with two names or two units is exit 65 at the second key")
  func repeatedNameOrUnits() throws {
    // Columns counted by hand: the second `"name"` starts at character 46 of the line, the
    // second `"units"` at character 76.
    for (text, key, column) in [
      (
        "{\"data\": {\"metrics\": [{\"name\": \"step_count\", \"name\": \"heart_rate\", \"units\": \"count\", \"data\": []}]}}",
        "name", 46
      ),
      (
        "{\"data\": {\"metrics\": [{\"units\": \"count\", \"name\": \"step_count\", \"data\": [], \"units\": \"kg\"}]}}",
        "units", 76
      ),
    ] {
      let error = #expect(throws: HealthError.self) { try Self.read(text) }
      #expect(error?.code == .dataError)
      #expect(error?.message == "data.metrics[0] has the key '\(key)' twice")
      #expect(error?.location?.line == 1)
      #expect(error?.location?.column == column)
    }
  }
}
