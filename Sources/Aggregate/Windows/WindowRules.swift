/// The window lengths and minimum day counts of docs/aggregate.md, "Windows".
public enum WindowRules {
  /// avg7 needs this many days with data in [d−6, d].
  public static let avg7MinDays = 4
  /// base14 needs this many days with data in [d−14, d−1].
  public static let base14MinDays = 7
  /// base60 needs this many days with data in [d−60, d−1].
  public static let base60MinDays = 21
  /// cv7 (HRV) needs this many days with data in [d−6, d].
  public static let cv7MinDays = 4
  /// A metric is stale when its last data is more than this many days before the day.
  public static let staleAfterDays = 3
  /// The normal range is base60 mean ± this many SDs.
  public static let rangeHalfWidthSD = 0.5

  /// The note for a window with too few days: `base14 calibrating 5/7`.
  public static func calibrating(_ window: String, have: Int, need: Int) -> String {
    "\(window) calibrating \(have)/\(need)"
  }

  /// The freshness label for `daysAgo` days since the last data: `Today`, `Yesterday`,
  /// `Nd ago`.
  public static func freshness(daysAgo: Int) -> String {
    switch daysAgo {
    case 0: "Today"
    case 1: "Yesterday"
    default: "\(daysAgo)d ago"
    }
  }

  /// `below`, `within` or `above` the range [low, high].
  public static func position(_ value: Double, low: Double, high: Double) -> String {
    value < low ? "below" : (value > high ? "above" : "within")
  }

  /// The change in percent of `reference`, nil when the reference is 0.
  public static func percent(_ change: Double, of reference: Double) -> Double? {
    reference == 0 ? nil : 100 * change / reference
  }
}
