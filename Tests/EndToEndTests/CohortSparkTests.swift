import Foundation
import TestSupport
import Testing

/// The cohort job on Apache Spark (`Cohort/`, docs/scale-out.md) is Python; its pytest suite
/// runs the job in `local[2]` on 14 generated participants against this build's binary (and
/// the toolchain-free static build in `.build/static` when it is there). This test runs that
/// suite as part of `swift test` and fails when it fails. It is skipped, with the reason,
/// only where Java or pyspark is missing; `.ci/run` installs both, so CI always runs it.
@Suite("cohort job on Spark")
struct CohortSparkTests {
  @Test(
    "Cohort/tests passes: the job in local[2] on 14 participants",
    .enabled(if: CohortPrerequisites.missing == nil, CohortPrerequisites.reason))
  func pytestSuitePasses() throws {
    let root = Healthpipe.repositoryRoot
    var environment: [String: String] = [:]
    environment["HEALTHPIPE_BIN"] = Healthpipe.binary.path
    let staticBuild = root.appendingPathComponent(".build/static/release/healthpipe").path
    if FileManager.default.isExecutableFile(atPath: staticBuild) {
      environment["HEALTHPIPE_STATIC"] = staticBuild
    }
    let result = try ProcessRunner.run(
      "python3",
      ["-m", "pytest", "Cohort/tests", "-q", "-rs", "-p", "no:cacheprovider"],
      in: root.path, environment: environment)
    let tail = String(result.output.suffix(6000))
    #expect(result.code == 0, "pytest exited \(result.code):\n\(tail)")
    // pytest's closing line, e.g. "26 passed in 95.1s": at least one test ran, none failed.
    let closing = result.stdout.split(separator: "\n").last(where: { $0.contains(" in ") }) ?? ""
    #expect(closing.contains(" passed") && !closing.contains("failed"), "\(tail)")
  }
}

/// What the suite needs besides this package: python3 with pyspark and pytest
/// (`pip install -r Cohort/requirements.txt`) and Java 17 (`openjdk-17-jre-headless`).
enum CohortPrerequisites {
  /// The first missing prerequisite, or nil when everything is there.
  static let missing: String? = {
    guard (try? ProcessRunner.run("java", ["-version"]))?.code == 0 else {
      return "no Java: apt-get install openjdk-17-jre-headless (.ci/run installs it)"
    }
    guard Python.hasModule("pyspark, pytest") else {
      return "no pyspark or pytest: pip install -r Cohort/requirements.txt (.ci/run installs them)"
    }
    return nil
  }()
  static var reason: Comment { Comment(rawValue: missing ?? "") }
}
