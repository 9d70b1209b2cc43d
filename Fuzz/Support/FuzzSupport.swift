import HealthModel

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Shared pieces of the libFuzzer targets: a scratch file per process, a deterministic
/// chunk size derived from the input, and the oracle every target applies to a thrown error.
///
/// A finding is reported by `fuzzFail`, which prints what broke and aborts, so libFuzzer
/// saves the input as a crash reproducer.
enum Fuzz {
  /// A per-process scratch folder (libFuzzer's `-fork`/`-jobs` workers each get their own).
  static let folder: String = {
    let path = "/tmp/healthpipe-fuzz-\(getpid())"
    mkdir(path, 0o700)
    return path
  }()

  /// Writes `bytes` to `folder/name` (replacing it) and returns the path.
  static func scratchFile(_ name: String, _ bytes: UnsafeRawBufferPointer) -> String {
    let path = folder + "/" + name
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if fd < 0 { fuzzFail("cannot write scratch file \(path)") }
    var offset = 0
    while offset < bytes.count {
      let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if n <= 0 { fuzzFail("cannot write scratch file \(path)") }
      offset += n
    }
    close(fd)
    return path
  }

  /// A piece size for memory sources, chosen from the input itself so a reproducer replays
  /// exactly: whole input, tiny pieces (every refill path) or odd middle sizes.
  static func chunkSize(_ bytes: UnsafeRawBufferPointer) -> Int {
    var h: UInt32 = 2_166_136_261
    for b in bytes.prefix(64) { h = (h ^ UInt32(b)) &* 16_777_619 }
    return [Int.max, 1, 3, 7, 64, 1000, 4096][Int(h % 7)]
  }

  /// The oracle for a thrown error: only `HealthError` with one of `allowed` codes and a
  /// location is a clean refusal; anything else (70 internal error, a foreign error type)
  /// is a finding.
  static func check(_ error: any Error, allowed: Set<ExitCode> = [.dataError]) {
    guard let health = error as? HealthError else {
      fuzzFail("a non-HealthError escaped: \(error)")
    }
    guard allowed.contains(health.code) else {
      fuzzFail("exit \(health.code.rawValue) (\(health.code.name)) for bad input: \(health)")
    }
  }
}

/// Reports a finding and aborts (libFuzzer saves the input).
func fuzzFail(_ message: String) -> Never {
  let text = "FUZZ FINDING: \(message)\n"
  _ = text.withCString { write(2, $0, strlen($0)) }
  abort()
}
