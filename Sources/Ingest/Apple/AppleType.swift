import HealthModel

/// How a record `type` maps into the samples table. A class: every record of a type shares
/// one, so a record holding it retains one reference instead of copying two strings.
final class AppleType: Sendable {
  /// How the record's value is read.
  enum Shape: Sendable {
    /// A number with a unit (`HKQuantityTypeIdentifier…`, `HKDataType…`).
    case quantity
    /// Sleep analysis: the value names a stage; the sample is the interval in minutes.
    case sleep
    /// Stand hours: `…Stood` is 1, `…Idle` is 0 (count).
    case standHour
    /// Any other category: the value text goes to `category`, the interval in minutes.
    case category
  }

  /// The type name as written.
  let raw: String
  /// Catalog id, or the raw type name for types the catalog does not know.
  let metric: MetricID
  /// How the value is read.
  let shape: Shape
  /// SDNN for Apple's HRV.
  let hrvKind: HRVKind
  /// The sink's counter for this type.
  let counter: TypeCounter

  /// The mapping for a type name.
  init(raw: String, counter: TypeCounter) {
    self.raw = raw
    self.counter = counter
    let info = MetricCatalog.byAppleType[raw]
    metric = info?.id ?? MetricID(raw)
    hrvKind = info?.hrvKind ?? .none
    if info?.id == .sleep {
      shape = .sleep
    } else if info?.id == .standHours {
      shape = .standHour
    } else if raw.hasPrefix("HKCategoryTypeIdentifier") {
      shape = .category
    } else {
      shape = .quantity
    }
  }
}
