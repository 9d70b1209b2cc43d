import Foundation
import HealthModel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Faults while a stage runs (docs/reliability.md, "Faults"), through the built binary: the disk
/// fills up, an input cannot be read, the output folder is read-only, the process is stopped with
/// SIGTERM or SIGKILL. Each time the earlier outputs stay byte-identical, the error says
/// what happened with the documented exit code (74 disk full, 73 cannot create, 66
/// unreadable input), and the next run succeeds.
///
/// Disk full uses a small tmpfs (needs root and `mount`); permissions are tested as the
/// `nobody` user through `setpriv` when the tests run as root (root ignores them). Each
/// skips with its reason where the machine cannot do it.
@Suite("Fault injection")
struct FaultInjectionTests {
  // MARK: - Disk full

  /// The stages and their command lines from a fixture input into a folder `out`.
  static let stages = ["ingest", "clean", "aggregate", "report", "export", "run"]

  @Test(
    "disk full during a stage: exit 74, earlier outputs intact, no temporary file, the next run succeeds",
    .enabled(if: Tmpfs.available, Tmpfs.reason), arguments: stages)
  func diskFull(_ stage: String) throws {
    let fixtures = try FaultFixtures.shared.get()
    let disk = try Tmpfs(megabytes: 24)
    let out = disk.path + "/out"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    // Earlier outputs from the small input, on the small disk.
    let small = try fixtures.command(stage, size: .small, out: out)
    try #require(try BoundedRun.healthpipe(small).code == 0)
    let before = try FolderSnapshot(out)
    // Leave 16 KiB free: every stage's output from the big input needs more.
    let filler = try disk.fill(leaving: 16 << 10)
    let big = try fixtures.command(stage, size: .big, out: out)
    let failed = try BoundedRun.healthpipe(big)
    try #require(!failed.timedOut)
    #expect(failed.code == 74, "\(stage): \(failed.stderr)")
    #expect(failed.stderr.contains("no space left on device"), "\(stage): \(failed.stderr)")
    // The message names the file being written.
    #expect(failed.stderr.contains(out), "\(stage): the message names the output: \(failed.stderr)")
    let after = try FolderSnapshot(out)
    #expect(
      after.files.filter { !Self.isRunBookkeeping($0.key) }
        == before.files.filter { !Self.isRunBookkeeping($0.key) },
      "\(stage): \(before.differences(to: after))")
    #expect(after.hiddenFiles.filter { !Self.isRunBookkeeping($0) }.isEmpty, "\(after.hiddenFiles)")
    // Space again: the same command succeeds.
    try FileManager.default.removeItem(atPath: filler)
    let again = try BoundedRun.healthpipe(big)
    #expect(again.code == 0, "\(stage) after freeing space: \(again.stderr)")
  }

  /// Files `run` keeps for itself in the work folder (stamps, lock, run summary): a failed
  /// run may record that it failed.
  static func isRunBookkeeping(_ relative: String) -> Bool {
    relative.hasPrefix("work/.stamps") || relative.hasSuffix("run.lock")
      || relative.hasSuffix("run-summary.json") || relative.hasPrefix("work/.lock")
  }

  // MARK: - Unreadable input

  @Test(
    "an unreadable input is exit 66 naming it; next to a good input it is exit 1 and the good one is read",
    .enabled(if: AsNobody.available, AsNobody.reason))
  func unreadableInput() throws {
    let fixtures = try FaultFixtures.shared.get()
    let dir = try AsNobody.folder("fault-unreadable")
    let locked = dir.file("locked.xml")
    try FileManager.default.copyItem(atPath: fixtures.smallXML, toPath: locked)
    chmod(locked, 0o000)
    let out = dir.file("out")
    try fixtures.copyEarlierIngest(into: out)
    let before = try FolderSnapshot(out)

    let alone = try AsNobody.healthpipe(["ingest", locked, "--out", out + "/samples.hpt"])
    #expect(alone.code == 66, "\(alone.stderr)")
    #expect(
      alone.stderr.contains(locked) && alone.stderr.contains("Permission denied"), "\(alone.stderr)"
    )
    #expect(try FolderSnapshot(out) == before)

    let good = dir.file("good.xml")
    try FileManager.default.copyItem(atPath: fixtures.smallXML, toPath: good)
    let mixed = try AsNobody.healthpipe(["ingest", good, locked, "--out", out + "/samples.hpt"])
    #expect(mixed.code == 1, "\(mixed.stderr)")
    #expect(mixed.stderr.contains(locked), "\(mixed.stderr)")
    // The good input's nine records were read (three a day over three days).
    #expect(mixed.stderr.contains("9 records read"), "\(mixed.stderr)")

    // Readable again: the next run reads both.
    chmod(locked, 0o644)
    let next = try AsNobody.healthpipe(["ingest", good, locked, "--out", out + "/samples.hpt"])
    #expect(next.code == 0, "\(next.stderr)")
  }

  @Test("a folder, a dangling link or a missing file as input is exit 66 naming it")
  func notAFile() throws {
    let dir = TemporaryDirectory("fault-notafile")
    let folder = dir.file("a-folder.xml")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let link = dir.file("dangling.xml")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dir.file("gone"))
    for input in [folder, link, dir.file("missing.xml")] {
      let r = try BoundedRun.healthpipe(["ingest", input, "--out", dir.file("s.hpt")])
      #expect(r.code == 66, "\(input): \(r.stderr)")
      #expect(r.stderr.contains(input), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir.file("s.hpt")))
    }
  }

  // MARK: - Read-only output folder

  @Test(
    "a read-only output folder is exit 73 for every stage, earlier outputs intact",
    .enabled(if: AsNobody.available, AsNobody.reason), arguments: stages)
  func readOnlyFolder(_ stage: String) throws {
    let fixtures = try FaultFixtures.shared.get()
    let dir = try AsNobody.folder("fault-readonly")
    let out = dir.file("out")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    chmod(out, 0o777)
    let small = try fixtures.command(stage, size: .small, out: out)
    try #require(try AsNobody.healthpipe(small).code == 0)
    let before = try FolderSnapshot(out)
    try AsNobody.makeReadOnly(out)
    defer { AsNobody.makeWritable(out) }
    let big = try fixtures.command(stage, size: .big, out: out)
    let r = try AsNobody.healthpipe(big)
    #expect(r.code == 73, "\(stage): \(r.stderr)")
    #expect(r.stderr.contains("Permission denied"), "\(stage): \(r.stderr)")
    #expect(try FolderSnapshot(out) == before)
    AsNobody.makeWritable(out)
    let again = try AsNobody.healthpipe(big)
    #expect(again.code == 0, "\(stage) once writable: \(again.stderr)")
  }

  @Test(
    "a read-only file system is exit 73, earlier outputs intact",
    .enabled(if: Tmpfs.available, Tmpfs.reason),
    arguments: ["ingest", "clean", "aggregate", "report"])
  func readOnlyFileSystem(_ stage: String) throws {
    let fixtures = try FaultFixtures.shared.get()
    let disk = try Tmpfs(megabytes: 24)
    let out = disk.path + "/out"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    try #require(
      try BoundedRun.healthpipe(fixtures.command(stage, size: .small, out: out)).code == 0)
    let before = try FolderSnapshot(out)
    try disk.remount(readOnly: true)
    let r = try BoundedRun.healthpipe(fixtures.command(stage, size: .big, out: out))
    #expect(r.code == 73, "\(stage): \(r.stderr)")
    #expect(r.stderr.contains("Read-only file system"), "\(stage): \(r.stderr)")
    #expect(try FolderSnapshot(out) == before)
    try disk.remount(readOnly: false)
    #expect(try BoundedRun.healthpipe(fixtures.command(stage, size: .big, out: out)).code == 0)
  }

  // MARK: - Killed mid-stage

  @Test(
    "SIGTERM or SIGKILL at any moment: each output is the old or the new one, never a mix; the next run succeeds",
    arguments: ["ingest", "clean", "aggregate", "run"])
  func killed(_ stage: String) throws {
    let fixtures = try FaultFixtures.shared.get()
    let dir = TemporaryDirectory("fault-kill")
    // One folder for every attempt, so paths recorded in the outputs are the same.
    let out = dir.file("out")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    try fixtures.prepare(stage, out: out)
    // The new outputs, from an undisturbed run.
    let started = Date()
    let complete = try BoundedRun.healthpipe(fixtures.command(stage, size: .big, out: out))
    try #require(complete.code == 0, "\(complete.stderr)")
    let duration = Date().timeIntervalSince(started)
    let new = try FolderSnapshot(out)

    for signal in [SIGTERM, SIGKILL] {
      for fraction in [0.15, 0.5, 0.9] {
        try Self.reset(out)
        try #require(
          try BoundedRun.healthpipe(fixtures.command(stage, size: .small, out: out)).code == 0)
        let old = try FolderSnapshot(out)
        let run = try BoundedRun.start(fixtures.command(stage, size: .big, out: out))
        usleep(UInt32(duration * fraction * 1_000_000))
        kill(run.process.processIdentifier, signal)
        let result = BoundedRun.finish(run)
        let label = "\(stage), signal \(signal) at \(Int(fraction * 100)) %"
        // Either it finished first (0) or it died of the signal.
        #expect(result.code == 0 || run.process.terminationReason == .uncaughtSignal, "\(label)")
        let after = try FolderSnapshot(out)
        for (name, bytes) in after.files where !FaultFixtures.isVolatile(name) {
          if (name as NSString).lastPathComponent.hasPrefix(".") { continue }
          #expect(
            bytes == old.files[name] || bytes == new.files[name],
            "\(label): \(name) is neither the old nor the new file")
        }
        // Nothing old disappeared.
        for name in old.files.keys where !FaultFixtures.isVolatile(name) {
          #expect(after.files[name] != nil, "\(label): \(name) is gone")
        }
        // A polite stop removes the temporary files; SIGKILL cannot (see below).
        let litter = after.hiddenFiles.filter { $0.contains(".tmp-") || $0.contains(".part-") }
        if signal == SIGTERM { #expect(litter.isEmpty, "\(label): left \(litter)") }
        // The next run succeeds and gives exactly the new outputs; what the killed run left
        // behind does not change them.
        let next = try BoundedRun.healthpipe(fixtures.command(stage, size: .big, out: out))
        #expect(next.code == 0, "\(label): next run: \(next.stderr)")
        let final = try FolderSnapshot(out)
        for (name, bytes) in new.files where !FaultFixtures.isVolatile(name) {
          #expect(final.files[name] == bytes, "\(label): \(name) differs after the next run")
        }
        if stage == "run" {
          // `run` clears what an interrupted run left in its work folder.
          #expect(
            final.hiddenFiles.filter { $0.contains(".tmp-") || $0.contains(".part-") }.isEmpty,
            "\(label): left behind \(final.hiddenFiles)")
        }
      }
    }
  }

  /// Empties the folder but for the pipeline files.
  static func reset(_ folder: String) throws {
    for item in try FileManager.default.contentsOfDirectory(atPath: folder)
    where !item.hasSuffix(".pipeline") {
      try FileManager.default.removeItem(atPath: folder + "/" + item)
    }
  }
}

// MARK: - Inputs and command lines

/// A small and a big input for every stage, made once per test run outside any test disk.
final class FaultFixtures: Sendable {
  enum Size: String, Sendable { case small, big }

  let folder: String
  /// Three days of steps (the corpus fixture's export).
  let smallXML: String
  /// SampleData/export.xml body repeated: about 20 MB, a few seconds of ingest in a debug
  /// build.
  let bigXML: String

  static let shared: Result<FaultFixtures, any Error> = Result { try FaultFixtures() }

  private init() throws {
    folder =
      URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "fault-fixtures-\(getpid())-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    chmod(folder, 0o755)
    smallXML = folder + "/small.xml"
    bigXML = folder + "/big.xml"
    try CorpusText.threeDaysOfSteps.write(toFile: smallXML, atomically: false, encoding: .utf8)
    try Self.writeBigXML(to: bigXML)
    for size in [Size.small, .big] {
      let xml = size == .small ? smallXML : bigXML
      let s = folder + "/\(size)"
      try FileManager.default.createDirectory(atPath: s, withIntermediateDirectories: true)
      for arguments in [
        ["ingest", xml, "--out", s + "/samples.hpt"],
        ["clean", s + "/samples.hpt", "--out", s + "/clean.hpt"],
        ["aggregate", s + "/clean.hpt", "--out", s + "/agg", "--as-of", "2026-11-15"],
      ] {
        let r = try BoundedRun.healthpipe(arguments)
        guard r.code == 0 else { throw HealthError(.internalError, "fixture: \(r.stderr)") }
      }
    }
    // Everything readable by `nobody`.
    _ = try? BoundedRun.command("/bin/chmod", ["-R", "a+rX", folder])
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// SampleData's export with its records repeated (each copy moved a year back so they are
  /// not duplicates) until it is about 20 MB.
  static func writeBigXML(to path: String) throws {
    let sample = try String(
      contentsOf: Healthpipe.repositoryRoot.appendingPathComponent("SampleData/export.xml"),
      encoding: .utf8)
    guard let open = sample.range(of: "<HealthData"), let close = sample.range(of: "</HealthData>"),
      let headEnd = sample[open.upperBound...].range(of: ">")
    else { throw HealthError(.internalError, "SampleData/export.xml has no HealthData") }
    let head = String(sample[..<headEnd.upperBound]) + "\n"
    let body = String(sample[headEnd.upperBound..<close.lowerBound])
    var text = head
    for copy in 0..<10 {
      text += copy == 0 ? body : body.replacingOccurrences(of: "2026-", with: "\(2026 - copy)-")
    }
    text += "</HealthData>\n"
    try text.write(toFile: path, atomically: false, encoding: .utf8)
  }

  /// Files whose bytes legitimately differ between two runs of the same command (timings,
  /// run bookkeeping).
  static func isVolatile(_ relative: String) -> Bool {
    relative.hasSuffix(".manifest.json") || relative.hasSuffix("run-summary.json")
      || relative.contains(".stamps") || relative.hasSuffix(".lock")
  }

  /// What a stage reads besides the fixture inputs (the pipeline file for `run`).
  func prepare(_ stage: String, out: String) throws {
    guard stage == "run" else { return }
    for size in [Size.small, .big] {
      try """
      [pipeline]
      name = fault-\(size)
      inputs = \(size == .small ? smallXML : bigXML)
      work = work
      as_of = 2026-11-15
      timezone = UTC

      [report]
      format = html
      window = 30
      out = report/report.html

      """.write(toFile: out + "/\(size).pipeline", atomically: false, encoding: .utf8)
    }
  }

  /// The command line of `stage` on the small or big input, writing into `out`.
  func command(_ stage: String, size: Size, out: String) throws -> [String] {
    let s = folder + "/\(size)"
    switch stage {
    case "ingest":
      return ["ingest", size == .small ? smallXML : bigXML, "--out", out + "/samples.hpt"]
    case "clean": return ["clean", s + "/samples.hpt", "--out", out + "/clean.hpt"]
    case "aggregate":
      return ["aggregate", s + "/clean.hpt", "--out", out + "/agg", "--as-of", "2026-11-15"]
    case "report": return ["report", s + "/agg", "--format", "html", "--out", out + "/report.html"]
    case "export": return ["export", s + "/clean.hpt", "--out", out + "/clean.csv"]
    case "run":
      if !FileManager.default.fileExists(atPath: out + "/\(size).pipeline") {
        try prepare("run", out: out)
      }
      return ["run", out + "/\(size).pipeline", "--quiet"]
    default: throw HealthError(.internalError, "unknown stage \(stage)")
    }
  }

  /// The ingest outputs of the small input, copied into `out`.
  func copyEarlierIngest(into out: String) throws {
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    for name in ["samples.hpt", "rejects-ingest.hpt", "samples.hpt.manifest.json"] {
      try FileManager.default.copyItem(atPath: folder + "/small/" + name, toPath: out + "/" + name)
    }
    _ = try? BoundedRun.command("/bin/chmod", ["-R", "a+rwX", out])
  }
}

// MARK: - A small tmpfs

/// A tmpfs of a few megabytes mounted on a fresh folder, unmounted when dropped.
final class Tmpfs {
  let path: String

  /// Whether tmpfs mounts work here (root and a `mount` that may mount).
  static let available: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else {
      return false
    }
    return (try? Tmpfs(megabytes: 1)) != nil
  }()
  static let reason: Comment =
    "needs root and permission to mount a tmpfs (mount -t tmpfs); not available here"

  init(megabytes: Int) throws {
    path =
      URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
        "tmpfs-\(UUID().uuidString)"
      ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let r = try BoundedRun.command(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0777", "tmpfs", path])
    guard r == 0 else {
      try? FileManager.default.removeItem(atPath: path)
      throw HealthError(.cannotCreate, "mount failed")
    }
  }

  deinit {
    _ = try? BoundedRun.command("/bin/umount", ["-l", path])
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Remounts read-only or read-write.
  func remount(readOnly: Bool) throws {
    let r = try BoundedRun.command(
      "/bin/mount", ["-o", "remount," + (readOnly ? "ro" : "rw"), path])
    guard r == 0 else { throw HealthError(.cannotCreate, "remount failed") }
  }

  /// Writes a filler file leaving about `bytes` free; returns its path.
  func fill(leaving bytes: Int64) throws -> String {
    var st = statvfs()
    guard statvfs(path, &st) == 0 else { throw HealthError(.ioError, "statvfs failed") }
    let free = Int64(st.f_bavail) * Int64(st.f_frsize)
    let filler = path + "/filler"
    try Data(count: Int(max(0, free - bytes))).write(to: URL(fileURLWithPath: filler))
    return filler
  }
}

// MARK: - Running as nobody

/// Permissions do not stop root, so as root the binary runs as `nobody` (setpriv) for the
/// permission tests; as another user it runs directly.
enum AsNobody {
  static let setpriv = "/usr/bin/setpriv"

  static let available: Bool =
    getuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv)
  static let reason: Comment =
    "running as root without setpriv: file permissions cannot be tested (root ignores them)"

  /// A temporary folder `nobody` may write in.
  static func folder(_ label: String) throws -> TemporaryDirectory {
    let dir = TemporaryDirectory(label)
    chmod(dir.path, 0o777)
    return dir
  }

  static func healthpipe(_ arguments: [String]) throws -> BoundedRun.Result {
    guard getuid() == 0 else { return try BoundedRun.healthpipe(arguments) }
    let started = try BoundedRun.start(
      ["--reuid=65534", "--regid=65534", "--clear-groups", "--", Healthpipe.binary.path]
        + arguments, executable: setpriv)
    return BoundedRun.finish(started)
  }

  static func makeReadOnly(_ folder: String) throws {
    _ = try BoundedRun.command("/bin/chmod", ["-R", "a-w", folder])
  }

  static func makeWritable(_ folder: String) {
    _ = try? BoundedRun.command("/bin/chmod", ["-R", "a+w", folder])
  }
}

extension BoundedRun {
  /// Runs a system tool and returns its exit status.
  @discardableResult
  static func command(_ tool: String, _ arguments: [String]) throws -> Int32 {
    let started = try start(arguments, executable: tool)
    return finish(started, limit: 60).code
  }
}
