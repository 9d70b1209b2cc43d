import Foundation
import TestSupport
import Testing

@Suite("Command line basics")
struct CommandLineTests {
  @Test("no arguments prints usage on stderr and exits 64")
  func noArguments() throws {
    let r = try Healthpipe.run([])
    #expect(r.code == 64)
    #expect(r.stderr.contains("usage: healthpipe COMMAND"))
    #expect(r.stdout.isEmpty)
  }

  @Test("an unknown command or option exits 64 and names it")
  func unknown() throws {
    let a = try Healthpipe.run(["frobnicate"])
    #expect(a.code == 64)
    #expect(a.stderr.contains("unknown command 'frobnicate'"))
    let b = try Healthpipe.run(["export", "--bogus", "x"])
    #expect(b.code == 64)
    #expect(b.stderr.contains("'--bogus'"))
  }

  @Test("a missing table exits 66 and names the file")
  func missingInput() throws {
    let r = try Healthpipe.run(["inspect", "/nonexistent/t.hpt"])
    #expect(r.code == 66)
    #expect(r.stderr.contains("/nonexistent/t.hpt"))
  }

  @Test("a file that is not a table exits 65")
  func notATable() throws {
    let dir = TemporaryDirectory()
    try Data("date,metric\n".utf8).write(to: URL(fileURLWithPath: dir.file("x.csv")))
    let r = try Healthpipe.run(["export", dir.file("x.csv")])
    #expect(r.code == 65)
    #expect(r.stderr.contains("not a healthpipe table file"))
  }
}
