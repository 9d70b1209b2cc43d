import SampleExports

/// An export shape every ingest target is checked on (docs/performance.md, "Shapes"): the
/// generator's options that make it, and its name in the tables.
struct BenchShape: Sendable {
  /// The name in the tables, e.g. `iPhone + Watch, time order`.
  var name: String
  /// `SyntheticOptions.heavyWatch`.
  var heavyWatch = false
  /// `SyntheticOptions.appleShape`.
  var apple = AppleShape()
  /// Whether `export.zip` of the same days is written too (the dense export's, which the
  /// zip rows of section 1 read).
  var zip = false

  /// The dense export the budgets of rows 1-9 are stated for (records grouped by type).
  static let dense = BenchShape(name: "dense, by type", zip: true)
  /// The heavy-Apple-Watch export (sync metadata on every watch record, long beat lists).
  static let heavyWatch = BenchShape(name: "heavy Watch, by type", heavyWatch: true)
  /// An iPhone + Apple Watch user's export in time order (`AppleShape.iPhoneAndWatch`).
  static let iPhoneWatch = BenchShape(name: "iPhone + Watch, time order", apple: .iPhoneAndWatch)
  /// The same records grouped by type.
  static let iPhoneWatchByType: BenchShape = {
    var shape = AppleShape.iPhoneAndWatch
    shape.order = .byType
    return BenchShape(name: "iPhone + Watch, by type", apple: shape)
  }()
  /// The same in time order, every line unindented (as tools that re-write an export do).
  static let iPhoneWatchUnindented: BenchShape = {
    var shape = AppleShape.iPhoneAndWatch
    shape.layout = .unindented
    return BenchShape(name: "iPhone + Watch, time order, unindented", apple: shape)
  }()

  /// The shapes of section 1's targets table, in order.
  static let ingestShapes = [
    dense, heavyWatch, iPhoneWatch, iPhoneWatchByType, iPhoneWatchUnindented,
  ]

  /// The generation spec of this shape at `bytes` (at least) or exactly `days`.
  func spec(seed: UInt64, bytes: Int64? = nil, days: Int? = nil) -> InputSpec {
    InputSpec(
      kind: .apple, minBytes: days == nil ? bytes : nil, days: days, zip: zip && days == nil,
      seed: seed, heavyWatch: heavyWatch ? true : nil, shape: apple == AppleShape() ? nil : apple)
  }
}
