import Foundation
import HealthCore
import HealthSystem
import Synchronization
import TestSupport
import Testing

@testable import Pipeline

/// Counts how often each fake stage ran.
final class RunLog: Sendable {
  let names = Mutex<[String]>([])
  func add(_ n: String) { names.withLock { $0.append(n) } }
  var all: [String] { names.withLock { $0 } }
}

@Suite("Stage skipping like make")
struct PipelineRunnerTests {
  /// Two fake stages: "upper" copies input.txt upper-cased to mid.txt; "count" writes the
  /// byte count of mid.txt to out.txt.
  func stages(_ dir: TemporaryDirectory, log: RunLog, setting: String = "a") -> [PipelineStage] {
    let input = dir.file("input.txt")
    let mid = dir.file("mid.txt")
    let out = dir.file("out.txt")
    return [
      PipelineStage(
        name: "upper", inputs: [input], outputs: [mid], settings: [:], externalInputs: true
      ) { _ in
        log.add("upper")
        let text = try String(contentsOfFile: input, encoding: .utf8).uppercased()
        try AtomicFileWriter.write(text, to: mid)
        return StageOutput(manifest: StageManifest(stage: "upper"))
      },
      PipelineStage(name: "count", inputs: [mid], outputs: [out], settings: ["s": setting]) { _ in
        log.add("count")
        let n = try FileReader.readAll(mid).count
        try AtomicFileWriter.write("\(n)\n", to: out)
        return StageOutput(manifest: StageManifest(stage: "count"))
      },
    ]
  }

  @Test("first run runs all; a rerun skips all; content change reruns all")
  func skipping() throws {
    let dir = TemporaryDirectory("runner")
    try "hello".write(toFile: dir.file("input.txt"), atomically: true, encoding: .utf8)
    let log = RunLog()
    let runner = PipelineRunner(workFolder: dir.path)
    _ = try runner.run(stages(dir, log: log), progress: .silent) { _ in }.outcomes
    #expect(log.all == ["upper", "count"])
    let second = try runner.run(stages(dir, log: log), progress: .silent) { _ in }.outcomes
    #expect(second.map(\.status) == ["skipped", "skipped"])
    #expect(log.all == ["upper", "count"])
    try "hello world".write(toFile: dir.file("input.txt"), atomically: true, encoding: .utf8)
    _ = try runner.run(stages(dir, log: log), progress: .silent) { _ in }.outcomes
    #expect(log.all == ["upper", "count", "upper", "count"])
    #expect(try String(contentsOfFile: dir.file("out.txt"), encoding: .utf8) == "11\n")
  }

  @Test("touching an input reruns its stage; an identical output lets the next stage skip")
  func earlyCutoff() throws {
    let dir = TemporaryDirectory("runner")
    try "hello".write(toFile: dir.file("input.txt"), atomically: true, encoding: .utf8)
    let log = RunLog()
    let runner = PipelineRunner(workFolder: dir.path)
    _ = try runner.run(stages(dir, log: log), progress: .silent) { _ in }.outcomes
    // Same bytes, new mtime.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: dir.file("input.txt"))
    let outcomes = try runner.run(stages(dir, log: log), progress: .silent) { _ in }.outcomes
    #expect(outcomes.map(\.status) == ["ran", "skipped"])
    #expect(log.all == ["upper", "count", "upper"])
  }

  @Test("a settings change reruns only that stage; --force reruns all; a missing output reruns")
  func settingsAndForce() throws {
    let dir = TemporaryDirectory("runner")
    try "hello".write(toFile: dir.file("input.txt"), atomically: true, encoding: .utf8)
    let log = RunLog()
    _ = try PipelineRunner(workFolder: dir.path).run(stages(dir, log: log), progress: .silent) {
      _ in
    }
    let changed = try PipelineRunner(workFolder: dir.path).run(
      stages(dir, log: log, setting: "b"), progress: .silent
    ) { _ in }.outcomes
    #expect(changed.map(\.status) == ["skipped", "ran"])
    #expect(changed[1].reason.contains("settings changed: s"))
    let forced = try PipelineRunner(workFolder: dir.path, force: true).run(
      stages(dir, log: log, setting: "b"), progress: .silent
    ) { _ in }.outcomes
    #expect(forced.map(\.status) == ["ran", "ran"])
    try FileManager.default.removeItem(atPath: dir.file("out.txt"))
    let repaired = try PipelineRunner(workFolder: dir.path).run(
      stages(dir, log: log, setting: "b"), progress: .silent
    ) { _ in }.outcomes
    #expect(repaired.map(\.status) == ["skipped", "ran"])
  }

  @Test("a stamp of another table format, or of a healthpipe before it was recorded, reruns")
  func tableFormat() throws {
    let dir = TemporaryDirectory("runner")
    try "hello".write(toFile: dir.file("input.txt"), atomically: true, encoding: .utf8)
    let log = RunLog()
    let runner = PipelineRunner(workFolder: dir.path)
    _ = try runner.run(stages(dir, log: log), progress: .silent) { _ in }
    let path = runner.stampPath("count")
    var stamp = try #require(StageStamp.read(path))
    #expect(stamp.tableFormat == TableFileLayout.version)
    stamp.tableFormat = 1
    try stamp.write(to: path)
    let older = try runner.run(stages(dir, log: log), progress: .silent) { _ in }.outcomes
    #expect(older.map(\.status) == ["skipped", "ran"])
    #expect(older[1].reason == "table format changed (version 1 -> version 2)")
    // A stamp without the field (written before it existed) reruns too.
    stamp.tableFormat = nil
    try stamp.write(to: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!text.contains("tableFormat"))
    let unknown = try runner.run(stages(dir, log: log), progress: .silent) { _ in }.outcomes
    #expect(unknown[1].reason == "table format changed (an older version -> version 2)")
  }

  @Test("--plan decides without running or writing anything")
  func plan() throws {
    let dir = TemporaryDirectory("runner")
    try "hello".write(toFile: dir.file("input.txt"), atomically: true, encoding: .utf8)
    let log = RunLog()
    let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    let planned = try PipelineRunner(workFolder: dir.path, planOnly: true).run(
      stages(dir, log: log), progress: .silent
    ) { _ in }.outcomes
    #expect(planned.map(\.status) == ["planned-run", "planned-run"])
    #expect(log.all.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
  }
}
