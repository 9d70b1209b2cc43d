import HealthModel

/// Plain words for the data-quality section (docs/report.md, "Words"): why records were
/// rejected, said for people instead of the rejects table's codes, and the sources as a
/// person knows them.
public enum QualityWords {
  /// `out-of-range` → `a value outside what a body can show (a device error)`. Codes the
  /// report does not know are written with spaces for hyphens.
  public static func reason(_ code: String) -> String {
    switch RejectCode(rawValue: code) {
    case .missingField: "a required field was missing"
    case .badNumber: "a number could not be read"
    case .badDate: "a date could not be read"
    case .malformed: "a damaged record"
    case .wrongFieldCount: "a row with the wrong number of fields"
    case .wrongType: "a value of the wrong kind (text where a number belongs)"
    case .unknownCategory: "an unknown category (such as a sleep stage)"
    case .unexpectedElement: "an element the export format never contains"
    case .unknownUnit: "a unit healthpipe does not know for that measurement"
    case .outOfRange: "a value outside the plausible range (a device or typing error)"
    case .nonFinite: "a value that is not a number"
    case .endBeforeStart: "ending before it started"
    case .futureDate: "dated after the export was made"
    case .duplicate: "an exact copy of another record"
    case .overlapped: "covered by a higher-priority device"
    default: code.replacingOccurrences(of: "-", with: " ")
    }
  }

  /// The sources as people know them: a merged name (`Sam's Apple Watch|Sam's iPhone`, as
  /// Health Auto Export writes a value from both devices) becomes `Sam's Apple Watch, Sam's
  /// iPhone`, and the same set of devices is listed once, where it first appears.
  public static func sources(_ names: [String]) -> [String] {
    var seen: Set<[String]> = []
    var out: [String] = []
    for name in names {
      let parts = name.split(separator: "|").map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty }
      guard !parts.isEmpty else {
        out.append(name)
        continue
      }
      guard seen.insert(parts.sorted()).inserted else { continue }
      out.append(parts.joined(separator: ", "))
    }
    return out
  }
}
