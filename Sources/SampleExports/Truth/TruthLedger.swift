import Exports
import HealthCore
import HealthModel

/// The ground truth of a run, as tidy rows `date,metric,measure,value`, computed from the
/// model's records and plans (never by reading the written files back). Tests of every
/// stage compare against it; `SampleData/README.md` lists the measures.
struct TruthLedger {
  /// Values by day (`Int.max` = the whole run) and `metric\u{1F}measure`.
  private var values: [Int: [String: String]] = [:]

  /// Sets a numeric value (written with up to 6 decimals).
  mutating func set(_ day: Int, _ metric: String, _ measure: String, _ value: Double) {
    values[day, default: [:]][metric + "\u{1F}" + measure] = Self.format(value)
  }

  /// Sets a text value.
  mutating func set(_ day: Int, _ metric: String, _ measure: String, text: String) {
    values[day, default: [:]][metric + "\u{1F}" + measure] = text
  }

  /// Adds to a numeric value.
  mutating func add(_ day: Int, _ metric: String, _ measure: String, _ value: Double) {
    let key = metric + "\u{1F}" + measure
    let old = values[day]?[key].flatMap(Double.init) ?? 0
    values[day, default: [:]][key] = Self.format(old + value)
  }

  /// Six decimals at most, trailing zeros dropped; whole numbers without a point.
  static func format(_ v: Double) -> String {
    let rounded = (v * 1_000_000).rounded() / 1_000_000
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
    var text = NumberFormatting.fixed(rounded, 6)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// The CSV: header, then rows sorted by date (the `all` rows last), metric, measure.
  func csv() -> String {
    var text = "date,metric,measure,value\n"
    for day in values.keys.sorted() {
      let date = day == Int.max ? "all" : LocalDay(dayNumber: Int32(day)).description
      for key in values[day]!.keys.sorted() {
        let parts = key.split(separator: "\u{1F}", omittingEmptySubsequences: false)
        text +=
          CSVFormatting.field(date) + "," + CSVFormatting.field(String(parts[0])) + ","
          + CSVFormatting.field(String(parts[1])) + "," + CSVFormatting.field(values[day]![key]!)
          + "\n"
      }
    }
    return text
  }

  /// Number of rows.
  var rowCount: Int { values.values.reduce(0) { $0 + $1.count } }
}

/// Sorted, merged intervals for coverage questions.
struct IntervalUnion {
  private(set) var spans: [Span] = []

  /// Builds the union of spans (any order).
  init(_ input: [Span]) {
    let sorted = input.filter { $0.length > 0 }.sorted { $0.start < $1.start }
    for s in sorted {
      if let last = spans.last, s.start <= last.end {
        spans[spans.count - 1].end = max(last.end, s.end)
      } else {
        spans.append(s)
      }
    }
  }

  /// Total length.
  var length: Int64 { spans.reduce(0) { $0 + $1.length } }

  /// Seconds of `span` covered by the union.
  func covered(_ span: Span) -> Int64 {
    var lo = 0
    var hi = spans.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if spans[mid].end <= span.start { lo = mid + 1 } else { hi = mid }
    }
    var total: Int64 = 0
    var i = lo
    while i < spans.count && spans[i].start < span.end {
      total += max(0, min(spans[i].end, span.end) - max(spans[i].start, span.start))
      i += 1
    }
    return total
  }
}
