import Foundation
import HealthModel
import HealthSystem
import TestSupport
import Testing

/// `OutputCollision.check` (docs/reliability.md): an output that is an input under another spelling
/// was written over it. Every spelling of one file must be refused, naming both paths, and
/// distinct files must pass.
@Suite("Outputs that are inputs")
struct OutputCollisionTests {
  /// A folder with `sub/`, `in.xml`, a symbolic link and a hard link to it.
  static func folder() throws -> TemporaryDirectory {
    let dir = TemporaryDirectory("collision")
    let fm = FileManager.default
    try fm.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: true)
    _ = fm.createFile(atPath: dir.file("in.xml"), contents: Data("<HealthData/>".utf8))
    try fm.createSymbolicLink(atPath: dir.file("link.xml"), withDestinationPath: "in.xml")
    try fm.linkItem(atPath: dir.file("in.xml"), toPath: dir.file("hard.xml"))
    return dir
  }

  @Test(
    "every other spelling of the input is refused with the given exit code, naming both",
    arguments: ["./in.xml", "sub/../in.xml", "ABSOLUTE", "link.xml", "hard.xml", "in.xml"])
  func spellings(_ spelling: String) throws {
    let dir = try Self.folder()
    let output =
      spelling == "ABSOLUTE" ? dir.file("in.xml") : dir.path + "/" + spelling
    let input = dir.file("in.xml")
    for code in [ExitCode.usage, .cannotCreate] {
      let error = #expect(throws: HealthError.self) {
        try OutputCollision.check(outputs: [output], inputs: [input], code: code)
      }
      #expect(error?.code == code)
      #expect(error?.message.contains("the output \(output) is the input \(input)") == true)
      #expect(error?.location?.file == output)
    }
  }

  @Test("an input given through a link is recognised as well")
  func inputThroughLink() throws {
    let dir = try Self.folder()
    #expect(throws: HealthError.self) {
      try OutputCollision.check(outputs: [dir.file("in.xml")], inputs: [dir.file("link.xml")])
    }
  }

  @Test("distinct files, and outputs that do not exist yet, pass")
  func distinct() throws {
    let dir = try Self.folder()
    try OutputCollision.check(
      outputs: [dir.file("out.hpt"), dir.file("sub/out.hpt"), dir.file("new/out.hpt")],
      inputs: [dir.file("in.xml"), dir.file("missing.xml")])
  }

  @Test("two outputs that are one file are refused, whatever the spelling")
  func outputsCollide() throws {
    let dir = try Self.folder()
    for second in ["./out.hpt", "sub/../out.hpt", "out.hpt"] {
      let error = #expect(throws: HealthError.self) {
        try OutputCollision.check(
          outputs: [dir.file("out.hpt"), dir.path + "/" + second], inputs: [])
      }
      #expect(error?.message.hasSuffix("are the same file") == true)
    }
  }
}
