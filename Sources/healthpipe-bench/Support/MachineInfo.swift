import Foundation

/// The machine a run was measured on: cores, load, memory, kernel and the date.
struct MachineInfo: Sendable, Codable {
  /// UTC date and time of the start of the run (ISO 8601).
  var date: String
  /// Online processors.
  var cores: Int
  /// Load averages over 1, 5 and 15 minutes at the start.
  var loadAtStart: [Double]
  /// Load averages at the end (filled in when the run finishes).
  var loadAtEnd: [Double]
  /// Physical memory in bytes.
  var memoryBytes: Int64
  /// `uname -sr` and the processor model.
  var system: String
  /// The CPU model from `/proc/cpuinfo`, or "unknown".
  var cpu: String

  /// Reads the machine's facts now.
  static func current() -> MachineInfo {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    let info = ProcessInfo.processInfo
    var name = utsname()
    uname(&name)
    let sys = withUnsafeBytes(of: &name.sysname) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    let rel = withUnsafeBytes(of: &name.release) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    return MachineInfo(
      date: formatter.string(from: Date()), cores: info.activeProcessorCount,
      loadAtStart: loadAverage(), loadAtEnd: [], memoryBytes: Int64(info.physicalMemory),
      system: "\(sys) \(rel)", cpu: cpuModel())
  }

  /// The 1, 5 and 15 minute load averages (empty when unavailable).
  static func loadAverage() -> [Double] {
    var loads = [Double](repeating: 0, count: 3)
    guard getloadavg(&loads, 3) == 3 else { return [] }
    return loads.map { ($0 * 100).rounded() / 100 }
  }

  private static func cpuModel() -> String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return "unknown"
    }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return "unknown"
  }

  /// `1.12 2.11 3.23` or `unknown`.
  static func loadText(_ loads: [Double]) -> String {
    loads.isEmpty ? "unknown" : loads.map { String(format: "%.2f", $0) }.joined(separator: " ")
  }
}
