/// Where the long CSV's columns are, found by header name (case-insensitive, any order).
struct LongCSVColumns {
  let date: Int
  let metric: Int
  let value: Int
  let unit: Int?
  let source: Int?
  let end: Int?
  let category: Int?
  /// Header names healthpipe does not use.
  let ignored: [String]
  /// The columns it reads (lower-case).
  static let known: Set<String> = ["date", "metric", "value", "unit", "source", "end", "category"]

  /// The columns of `header`; nil when `date`, `metric` or `value` is missing.
  init?(header: [String]) {
    let names = header.map { $0.trimmingASCIIBlanks().lowercased() }
    func find(_ name: String) -> Int? { names.firstIndex(of: name) }
    guard let date = find("date"), let metric = find("metric"), let value = find("value") else {
      return nil
    }
    self.date = date
    self.metric = metric
    self.value = value
    unit = find("unit")
    source = find("source")
    end = find("end")
    category = find("category")
    ignored = header.filter { !Self.known.contains($0.trimmingASCIIBlanks().lowercased()) }
  }
}
