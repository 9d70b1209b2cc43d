import HealthCore
import HealthModel

/// What held readings are readings of: the metric, unit, category and HRV kind that a
/// FIT file's readings share by the hundred thousand (a file has a handful of series).
struct GarminHeldSeries: Equatable {
  var metric: MetricID
  /// A literal (`count/min`, `min`, ...).
  var unit: String
  /// A literal, or the workout's sport.
  var category: String
  var hrv: HRVKind
}

/// A FIT file's series, by index. A reading finds its series by the representation of the
/// three texts (`TextIdentityCache.words`: the literals a call site passes are the same
/// words at every call), with no reference count or byte comparison, and by value when the
/// representation is new. The table holds every series' texts, so a representation it
/// knows is the same bytes for as long as the table holds them (one file).
final class GarminHeldSeriesTable {
  private struct Key: Equatable {
    var metric: (UInt64, UInt64)
    var unit: (UInt64, UInt64)
    var category: (UInt64, UInt64)
    var hrv: HRVKind

    static func == (a: Key, b: Key) -> Bool {
      a.metric == b.metric && a.unit == b.unit && a.category == b.category && a.hrv == b.hrv
    }
  }

  /// The series, in order of first use.
  private(set) var series: [GarminHeldSeries] = []
  /// Representations already met, with their series' index: read through the pointer, so
  /// that a hit retains nothing.
  private let keys: UnsafeMutablePointer<(Key, Int32)>
  private var keyCount = 0
  private static let keyCapacity = 32

  init() {
    keys = .allocate(capacity: Self.keyCapacity)
  }

  deinit {
    keys.deinitialize(count: keyCount)
    keys.deallocate()
  }

  /// The index of the series with these texts and kind, added when new.
  @inline(__always)
  func index(metric: MetricID, unit: String, category: String, hrv: HRVKind) -> Int32 {
    let key = Self.key(metric, unit, category, hrv)
    if let key {
      for i in 0..<keyCount where keys[i].0 == key { return keys[i].1 }
    }
    return indexMissed(
      GarminHeldSeries(metric: metric, unit: unit, category: category, hrv: hrv), key)
  }

  @inline(never)
  private func indexMissed(_ s: GarminHeldSeries, _ key: Key?) -> Int32 {
    if let found = series.firstIndex(of: s) {
      // Equal texts in other storage: the key is not remembered, since the table does not
      // hold that storage (freed, its address could hold other bytes with the same words).
      return Int32(found)
    }
    let index = Int32(series.count)
    series.append(s)
    // `s`'s texts, now in `series`, keep the key's storage alive.
    if let key, keyCount < Self.keyCapacity {
      (keys + keyCount).initialize(to: (key, index))
      keyCount += 1
    }
    return index
  }

  /// Forgets every series (at a file's end).
  func removeAll() {
    keys.deinitialize(count: keyCount)
    keyCount = 0
    series.removeAll(keepingCapacity: true)
  }

  private static func key(_ metric: MetricID, _ unit: String, _ category: String, _ hrv: HRVKind)
    -> Key?
  {
    guard let m = TextIdentityCache.words(metric.rawValue),
      let u = TextIdentityCache.words(unit),
      let c = TextIdentityCache.words(category)
    else { return nil }
    return Key(metric: m, unit: u, category: c, hrv: hrv)
  }
}
