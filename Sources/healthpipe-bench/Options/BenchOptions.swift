import Arguments
import Foundation
import HealthModel

/// The command line of `healthpipe-bench`, parsed by the same declarations and parser as
/// `healthpipe`'s (`Arguments`).
struct BenchOptions: Sendable {
  /// Small inputs for a smoke pass (CI); figures are not comparable with the budgets.
  var quick = false
  /// Sections chosen with `--only` (nil: all but `scale`, plus `scale` with `--scale`).
  var only: [BenchSection]?
  /// Include the ~2 GB scale section.
  var scale = false
  /// Folder for generated inputs and outputs.
  var work = ".build/bench-work"
  /// Keep generated inputs and outputs after the run (they are reused when present).
  var keep = false
  /// Where to write machine-readable results.
  var json: String?
  /// Measurements per operation.
  var repeats = 3
  /// Seed of the generated exports.
  var seed: UInt64 = 42
  /// Run `swift build -c release --product healthpipe` before measuring.
  var build = true
  /// The healthpipe binary (default: beside this program).
  var healthpipe: String?

  /// The sections to run, in order.
  var sections: [BenchSection] {
    if let only { return only.sorted() }
    return BenchSection.allCases.filter { $0 != .scale || scale }
  }

  static let quickFlag = Flag(
    "quick", "small inputs, a smoke pass for CI (budgets shown, not comparable)")
  static let onlyOption = Option<[BenchSection]>(
    "only", "LIST",
    "comma-separated sections: " + BenchSection.allCases.map(\.rawValue).joined(separator: ",")
  ) { text in
    var list: [BenchSection] = []
    for name in text.split(separator: ",") {
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      guard let section = BenchSection(rawValue: trimmed) else {
        throw HealthError.usage(
          "unknown section '\(trimmed)' in --only",
          hint: "sections: " + BenchSection.allCases.map(\.rawValue).joined(separator: ","))
      }
      if !list.contains(section) { list.append(section) }
    }
    guard !list.isEmpty else { throw HealthError.usage("--only needs at least one section") }
    return list
  }
  static let scaleFlag = Flag("scale", "also run the ~2 GB scale section (off by default)")
  static let repeatOption = Option<Int>.integer(
    "repeat", "N", "measurements per operation (default 3); best and median are shown",
    in: 1...50)
  static let seedOption = Option<UInt64>.unsigned(
    "seed", "S", "seed of the generated exports (default 42)")
  static let workOption = Option<String>(
    "work", "DIR", "generated inputs and outputs (default .build/bench-work)")
  static let keepFlag = Flag("keep", "keep generated files after the run; cached inputs are reused")
  static let jsonOption = Option<String>("json", "FILE", "also write the results as JSON")
  static let noBuildFlag = Flag(
    "no-build", "do not run `swift build -c release --product healthpipe` first")
  static let healthpipeOption = Option<String>(
    "healthpipe", "PATH", "the healthpipe binary to measure (default: beside this program)")

  /// The usage text of `--help`, generated from the declarations.
  static let usage = Usage(
    program: "healthpipe-bench",
    summary: """
      Measures healthpipe against the performance budgets (docs/performance.md) on generated
      exports. Every operation runs as a child process of the release `healthpipe` binary next
      to this program, so wall time, CPU time and peak RSS are per operation.
      """,
    options: [
      quickFlag.spec, onlyOption.spec, scaleFlag.spec, repeatOption.spec, seedOption.spec,
      workOption.spec, keepFlag.spec, jsonOption.spec, noBuildFlag.spec, healthpipeOption.spec,
      .help,
    ], quiet: false,
    epilogue: """
      The machine is shared and noisy: timings are reported, never asserted; PASS/MISS
      compares the best of the repeats with the budget.
      """)

  /// Parses the arguments (without the program name). `nil` means `--help` was asked.
  static func parse(_ arguments: [String]) throws -> BenchOptions? {
    let parsed = try ParsedArguments(arguments, spec: usage.options, quiet: false)
    if parsed.helpRequested { return nil }
    guard parsed.positionals.isEmpty else {
      throw HealthError.usage(
        "unknown argument '\(parsed.positionals[0])'", hint: "see healthpipe-bench --help")
    }
    var o = BenchOptions()
    o.quick = parsed.flag(quickFlag)
    o.only = try parsed.value(onlyOption)
    o.scale = parsed.flag(scaleFlag)
    o.repeats = try parsed.value(repeatOption) ?? o.repeats
    o.seed = try parsed.value(seedOption) ?? o.seed
    o.work = try parsed.value(workOption) ?? o.work
    o.keep = parsed.flag(keepFlag)
    o.json = try parsed.value(jsonOption)
    o.build = !parsed.flag(noBuildFlag)
    o.healthpipe = try parsed.value(healthpipeOption)
    return o
  }
}
