import Foundation
import TestSupport
import Testing

/// In `healthpipe run`, clean and aggregate take their input tables' fingerprints from the
/// stages that wrote them instead of reading each table again (docs/architecture.md). The
/// manifests must still name each table with its true CRC-32: Python's `zlib.crc32` of the
/// file, and the same digest as `healthpipe clean` / `aggregate` run on their own record.
@Suite("Fingerprints handed from stage to stage in a run")
struct HandedFingerprintsTests {
  static let crcs = """
    import json, sys, zlib
    print(json.dumps({p.rsplit('/', 1)[-1]: format(zlib.crc32(open(p, 'rb').read()), '08x')
                      for p in sys.argv[1:]}))
    """

  static func inputs(_ manifest: String) throws -> [[String: Any]] {
    let data = try Data(contentsOf: URL(filePath: manifest))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return object?["inputs"] as? [[String: Any]] ?? []
  }

  @Test("clean's and aggregate's manifests list their tables with their true CRC-32")
  func trueChecksums() throws {
    let dir = TemporaryDirectory("handed")
    try
      "date,metric,value,unit,source\n2024-05-05,steps,2345,count,Phone\n2024-05-06,steps,-3,count,Phone\n"
      .write(toFile: dir.file("steps.csv"), atomically: false, encoding: .utf8)
    try "[pipeline]\ninputs = steps.csv\nwork = work\nas_of = 2024-05-06\n[report]\nout = r.html\n"
      .write(toFile: dir.file("p.pipeline"), atomically: false, encoding: .utf8)
    let run = try Healthpipe.run(["run", "p.pipeline"], in: dir.path)
    #expect(run.code == 0, "\(run.stderr)")
    let work = dir.file("work")
    let tables = ["samples.hpt", "rejects-ingest.hpt", "clean.hpt", "rejects-clean.hpt"]
      .map { work + "/" + $0 }
    let expected = try Python.json(Self.crcs, tables) as? [String: String] ?? [:]
    #expect(expected.count == 4)
    let listed =
      try Self.inputs(work + "/clean.hpt.manifest.json")
      + Self.inputs(work + "/aggregate.manifest.json")
    var checked = 0
    for input in listed {
      let name = (input["path"] as? String ?? "").split(separator: "/").last.map(String.init)
      guard let name, let crc = expected[name] else { continue }
      #expect(input["crc32"] as? String == crc, "\(name)")
      checked += 1
    }
    // samples.hpt in clean's; clean.hpt and both rejects tables in aggregate's.
    #expect(checked == 4)

    // The digest too: the same as the stages on their own compute by reading the files.
    let alone = try Healthpipe.run(
      [
        "aggregate", work + "/clean.hpt", "--out", dir.file("alone"), "--as-of", "2024-05-06",
        "--rejects", work + "/rejects-ingest.hpt", "--rejects", work + "/rejects-clean.hpt",
        "--quiet",
      ], in: dir.path)
    #expect(alone.code == 0, "\(alone.stderr)")
    let digests = { (inputs: [[String: Any]]) in
      Dictionary(
        uniqueKeysWithValues: inputs.map {
          (
            ($0["path"] as? String ?? "").split(separator: "/").last.map(String.init) ?? "",
            $0["digest"] as? String ?? ""
          )
        })
    }
    let handed = digests(try Self.inputs(work + "/aggregate.manifest.json"))
    #expect(handed.count == 3)
    #expect(handed == digests(try Self.inputs(dir.file("alone") + ".manifest.json")))
  }
}
