import Foundation
import HealthSystem

/// Results go to stdout; what the bench is doing goes to stderr.
enum Console {
  /// Prints a line of results on stdout.
  static func out(_ line: String = "") {
    print(line)
    fflush(nil)
  }

  /// Prints a progress line on stderr.
  static func status(_ line: String) {
    StandardError.write("bench: " + line + "\n")
  }
}

/// Number formats of the tables.
enum Format {
  /// Seconds with three decimals below 10 s, else two: `0.042 s`, `12.34 s`.
  static func seconds(_ s: Double) -> String {
    String(format: s < 10 ? "%.3f s" : "%.2f s", s)
  }

  /// Bytes as MB (2^20) with one decimal: `210.3`.
  static func megabytes(_ bytes: Int64) -> String {
    String(format: "%.1f", Double(bytes) / Double(BenchSizes.mb))
  }

  /// A rate with one decimal.
  static func rate(_ value: Double) -> String { String(format: "%.1f", value) }

  /// A whole number with thousands separators: `1,315,210`.
  static func count(_ n: Int64) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
      out.append(c)
    }
    return n < 0 ? "-" + out : out
  }

  /// A value in a budget's unit.
  static func value(_ v: Double, unit: String) -> String {
    switch unit {
    case "s": return seconds(v)
    case "ms": return String(format: "%.1f ms", v)
    case "MB": return String(format: "%.1f MB", v)
    case "MB/s": return String(format: "%.1f MB/s", v)
    case "%": return String(format: "%+.1f %%", v)
    case "B/sample": return String(format: "%.0f B/sample", v)
    case "samples/s": return count(Int64(v.rounded())) + " samples/s"
    default: return String(format: "%.2f", v) + (unit.isEmpty ? "" : " " + unit)
    }
  }
}
