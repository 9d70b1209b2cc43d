import Foundation
import TestSupport
import Testing

/// `Reports/sample/` must be exactly what `scripts/update-reports.sh` makes now.
@Suite("Committed example reports")
struct ReportsUpToDateTests {
  static func files(in root: String) -> [String] {
    (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
      .filter { !SystemDirectory.isDirectory(root + "/" + $0) }.sorted()
  }

  @Test("Reports/sample/ is up to date with the stages and SampleData/")
  func upToDate() throws {
    let dir = TemporaryDirectory("reports")
    let update = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/bash"),
      [Healthpipe.repositoryRoot.appendingPathComponent("scripts/update-reports.sh").path],
      environment: ["HEALTHPIPE_BIN": Healthpipe.binary.path, "OUT_DIR": dir.path])
    #expect(update.code == 0, "\(update.stderr)")
    let committed = Healthpipe.repositoryRoot.appendingPathComponent("Reports/sample").path
    let made = Self.files(in: dir.path)
    #expect(Self.files(in: committed) == made, "run scripts/update-reports.sh")
    for name in made {
      let a = try Data(contentsOf: URL(fileURLWithPath: committed + "/" + name))
      let b = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/" + name))
      #expect(a == b, "Reports/sample/\(name) is out of date: run scripts/update-reports.sh")
    }
  }
}

enum SystemDirectory {
  static func isDirectory(_ path: String) -> Bool {
    var isDir: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
  }
}
