import Foundation
import HealthModel
import Pipeline
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Regression (docs/reliability.md): a pipeline file (or an include) that is a FIFO hung, `/dev/…`
/// read as empty or without end; `include = /etc/shadow` printed a line of that file in the
/// error; a bad `to`/`from` address failed in the report stage with 64 after three stages
/// ran. Now only regular files of at most 1 MiB are read, a file that never showed a known
/// section is not quoted, and addresses are checked at load (78 at their line).
@Suite("Regression: what a pipeline file may be")
struct PipelineFileSafetyTests {
  static func error(loading path: String) -> HealthError? {
    do {
      _ = try PipelineConfigLoader.load(path: path, checkInputs: false)
      return nil
    } catch let e as HealthError {
      return e
    } catch {
      return HealthError.internalError("\(error)")
    }
  }

  @Test("a FIFO, a device or a folder is refused at once (78), as the file or as an include")
  func notRegular() throws {
    let dir = TemporaryDirectory("pipeline-fifo")
    #expect(mkfifo(dir.file("fifo"), 0o600) == 0)
    for (target, kind) in [
      (dir.file("fifo"), "a FIFO (named pipe)"), ("/dev/zero", "a character device"),
      (dir.path, "a folder"),
    ] {
      // Nothing writes to the FIFO: reading it would block forever.
      let direct = Self.error(loading: target)
      #expect(direct?.code == .configError)
      #expect(direct?.message == "the pipeline file is \(kind), not a regular file")
      try "[pipeline]\ninputs = x\ninclude = \(target)\n".write(
        toFile: dir.file("p.pipeline"), atomically: false, encoding: .utf8)
      let included = Self.error(loading: dir.file("p.pipeline"))
      // The include is named as resolved (normalised, so without the temporary folder's //).
      #expect(included?.message.hasPrefix("included file ") == true)
      #expect(included?.message.hasSuffix(" is \(kind), not a regular file") == true)
      #expect(included?.location?.file == dir.file("p.pipeline"))
      #expect(included?.location?.line == 3)
    }
  }

  @Test("a file over 1 MiB is refused without being read whole")
  func tooLarge() throws {
    let dir = TemporaryDirectory("pipeline-big")
    let text = "[pipeline]\ninputs = x\n" + String(repeating: "#", count: 1 << 20)
    try text.write(toFile: dir.file("big.pipeline"), atomically: false, encoding: .utf8)
    let error = Self.error(loading: dir.file("big.pipeline"))
    #expect(error?.code == .configError)
    #expect(
      error?.message == "the pipeline file is \(text.utf8.count) bytes; a pipeline file is at "
        + "most 1048576 bytes")
  }

  @Test(
    "an included file that is not a pipeline file is never quoted",
    arguments: [
      "root:$6$secretsalt$hash:19000:0:99999:7:::\n", "PASSWORD=hunter2\n",
      "[database]\npassword = hunter2\n", "[hunter2\n", "hunter2 = x\n", "=hunter2\n",
    ])
  func notQuoted(_ content: String) throws {
    let dir = TemporaryDirectory("pipeline-secret")
    try content.write(toFile: dir.file("secret"), atomically: false, encoding: .utf8)
    try "[pipeline]\ninputs = x\ninclude = secret\n".write(
      toFile: dir.file("p.pipeline"), atomically: false, encoding: .utf8)
    let error = try #require(Self.error(loading: dir.file("p.pipeline")))
    #expect(error.code == .configError)
    #expect(!error.description.contains("hunter2"), "\(error)")
    #expect(!error.description.contains("secretsalt"), "\(error)")
    #expect(!error.description.lowercased().contains("password"), "\(error)")
    #expect(!error.description.contains("database"), "\(error)")
    #expect(error.location?.file.hasSuffix("/secret") == true)
    #expect(error.location?.line == 1)
  }

  @Test("once a file shows a known section its errors quote it as before")
  func quotedWhenRecognised() throws {
    let dir = TemporaryDirectory("pipeline-quoted")
    for (text, message) in [
      (
        "[pipeline]\ninputs = x\nthis line has no equals sign\n",
        "found 'this line has no equals sign'"
      ),
      ("[pipline]\ninputs = x\n", "unknown section [pipline]"),
      ("inputs = x\n", "setting 'inputs' appears before any [section]"),
      ("[pipeline\n", "malformed section header '[pipeline'"),
    ] {
      try text.write(toFile: dir.file("p.pipeline"), atomically: false, encoding: .utf8)
      let error = Self.error(loading: dir.file("p.pipeline"))
      #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }
  }

  @Test("to and from are checked at load: 78 at their line")
  func addresses() throws {
    let dir = TemporaryDirectory("pipeline-address")
    for (key, value) in [("to", "not an address"), ("from", "a@b, c@d"), ("to", "a@b@c")] {
      try "[pipeline]\ninputs = x\n[report]\nformat = email\n\(key) = \(value)\n".write(
        toFile: dir.file("p.pipeline"), atomically: false, encoding: .utf8)
      let error = Self.error(loading: dir.file("p.pipeline"))
      #expect(error?.code == .configError)
      #expect(error?.message.hasPrefix("'\(key)' is not an e-mail address") == true)
      #expect(error?.location?.line == 5)
    }
    try "[pipeline]\ninputs = x\n[report]\nformat = email\nto = Jane <jane@example.org>\n".write(
      toFile: dir.file("p.pipeline"), atomically: false, encoding: .utf8)
    #expect(Self.error(loading: dir.file("p.pipeline")) == nil)
  }
}
