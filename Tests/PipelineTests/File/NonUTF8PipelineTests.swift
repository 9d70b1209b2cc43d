import Foundation
import HealthModel
import Pipeline
import TestSupport
import Testing

/// Regression (found by the hardening corpus, docs/reliability.md): a pipeline file that is not
/// UTF-8 was refused naming the file only; the message now names the line and byte of the first
/// bad byte, like every other pipeline-file error.
@Suite("Regression: a pipeline file that is not UTF-8")
struct NonUTF8PipelineTests {
  @Test("the first invalid byte's line and offset are named")
  func place() throws {
    let temporary = TemporaryDirectory("non-utf8")
    let folder = temporary.path
    let path = folder + "/p.pipeline"
    // "[pipeline]\n" is 11 bytes, "name = caf" 10 more: the Latin-1 é is byte 21, line 2.
    try Data(Array("[pipeline]\nname = caf".utf8) + [0xE9] + Array("\ninputs = x\n".utf8)).write(
      to: URL(fileURLWithPath: path))
    let error = #expect(throws: HealthError.self) { try PipelineFileParser.parse(path: path) }
    #expect(error?.code == .configError)
    #expect(error?.location?.line == 2)
    #expect(error?.location?.byteOffset == 21)
  }
}
