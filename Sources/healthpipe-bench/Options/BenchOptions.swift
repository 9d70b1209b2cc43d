import Foundation
import HealthCore

/// The command line of `healthpipe-bench`.
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

  /// The usage text of `--help`.
  static let usage = """
    usage: healthpipe-bench [--quick] [--only LIST] [--scale] [--repeat N] [--seed S]
                            [--work DIR] [--keep] [--json FILE] [--no-build] [--healthpipe PATH]

    Measures healthpipe against the performance budgets of the design (section 10) on
    generated exports. Every operation runs as a child process of the release `healthpipe`
    binary next to this program, so wall time, CPU time and peak RSS are per operation.

    options:
      --quick            small inputs, a smoke pass for CI (budgets shown, not comparable)
      --only LIST        comma-separated sections: \(BenchSection.allCases.map(\.rawValue).joined(separator: ","))
      --scale            also run the ~2 GB scale section (off by default)
      --repeat N         measurements per operation (default 3); best and median are shown
      --seed S           seed of the generated exports (default 42)
      --work DIR         generated inputs and outputs (default .build/bench-work)
      --keep             keep generated files after the run; cached inputs are reused
      --json FILE        also write the results as JSON
      --no-build         do not run `swift build -c release --product healthpipe` first
      --healthpipe PATH  the healthpipe binary to measure (default: beside this program)
      --help             this text

    The machine is shared and noisy: timings are reported, never asserted; PASS/MISS
    compares the best of the repeats with the budget.
    """

  /// Parses the arguments (without the program name). `nil` means `--help` was asked.
  static func parse(_ arguments: [String]) throws -> BenchOptions? {
    var o = BenchOptions()
    var i = 0
    func value(_ name: String) throws -> String {
      i += 1
      guard i < arguments.count else {
        throw HealthError.usage(
          "option '\(name)' needs a value", hint: "see healthpipe-bench --help")
      }
      return arguments[i]
    }
    while i < arguments.count {
      let a = arguments[i]
      switch a {
      case "--help", "-h": return nil
      case "--quick": o.quick = true
      case "--scale": o.scale = true
      case "--keep": o.keep = true
      case "--no-build": o.build = false
      case "--work": o.work = try value(a)
      case "--json": o.json = try value(a)
      case "--healthpipe": o.healthpipe = try value(a)
      case "--repeat":
        let text = try value(a)
        guard let n = Int(text), (1...50).contains(n) else {
          throw HealthError.usage("--repeat needs a whole number from 1 to 50, not '\(text)'")
        }
        o.repeats = n
      case "--seed":
        let text = try value(a)
        guard let s = UInt64(text) else {
          throw HealthError.usage("--seed needs a whole number 0 or more, not '\(text)'")
        }
        o.seed = s
      case "--only":
        var list: [BenchSection] = []
        for name in try value(a).split(separator: ",") {
          let trimmed = name.trimmingCharacters(in: .whitespaces)
          guard let section = BenchSection(rawValue: trimmed) else {
            throw HealthError.usage(
              "unknown section '\(trimmed)' in --only",
              hint: "sections: " + BenchSection.allCases.map(\.rawValue).joined(separator: ","))
          }
          if !list.contains(section) { list.append(section) }
        }
        guard !list.isEmpty else { throw HealthError.usage("--only needs at least one section") }
        o.only = list
      default:
        throw HealthError.usage("unknown argument '\(a)'", hint: "see healthpipe-bench --help")
      }
      i += 1
    }
    return o
  }
}
