import HealthCore
import HealthModel

/// The targets a vendor file's values were kept as, resolved by the sink (`SampleTarget`),
/// in slots (one per column, or a few per type): a value finds its slot's target by the
/// representation of its target's three texts and its two kinds (`Key`), with no copy,
/// reference count or byte comparison of a `String` (docs/performance.md, "Vendor files").
/// A key that differs is compared by value with the target the slot holds, and the slot is
/// resolved again only when the target changed. A class whose owner holds it in a `let`: a
/// struct read from its owner's `var` was copied, its storage retained, at every value.
final class VendorTargetCache {
  /// A target's texts by representation (`words`), and its kinds.
  struct Key: Equatable {
    var metric: (UInt64, UInt64)
    var unit: (UInt64, UInt64)
    var category: (UInt64, UInt64)
    var kind: SourceKind
    var hrv: HRVKind

    @inline(__always)
    init?(_ t: VendorRows.Target) {
      self.init(metric: t.metric, unit: t.unit, category: t.category, kind: t.kind, hrv: t.hrv)
    }

    /// The key of a target with these texts and kinds (nil where a `String` is not two
    /// words).
    @inline(__always)
    init?(metric: MetricID, unit: String, category: String, kind: SourceKind, hrv: HRVKind) {
      guard let m = TextIdentityCache.words(metric.rawValue),
        let u = TextIdentityCache.words(unit),
        let c = TextIdentityCache.words(category)
      else { return nil }
      (self.metric, self.unit, self.category, self.kind, self.hrv) = (m, u, c, kind, hrv)
    }

    @inline(__always)
    static func == (a: Key, b: Key) -> Bool {
      a.metric == b.metric && a.unit == b.unit && a.category == b.category && a.kind == b.kind
        && a.hrv == b.hrv
    }
  }

  /// The slot `find` fills next.
  private var nextSlot = 0
  /// Per slot, the key of its target (nil: none yet). Read through the pointer, so that a
  /// hit retains nothing (the slots of an array in a class were retained per value).
  private let keys: UnsafeMutablePointer<Key?>
  /// Per slot, its target resolved (nil: kept as `Sample`s).
  private let resolved: UnsafeMutablePointer<SampleTarget?>
  /// Per slot, its target, which also keeps the key's texts alive (an identical
  /// representation is identical bytes only while the storage lives). Read and written on
  /// a miss only.
  private var targets: [VendorRows.Target?]
  /// The number of slots (every slot index is checked against it).
  let count: Int

  /// A cache of `count` slots.
  init(slots count: Int) {
    self.count = count
    keys = .allocate(capacity: count)
    keys.initialize(repeating: nil, count: count)
    resolved = .allocate(capacity: count)
    resolved.initialize(repeating: nil, count: count)
    targets = Array(repeating: nil, count: count)
  }

  deinit {
    keys.deinitialize(count: count)
    keys.deallocate()
    resolved.deinitialize(count: count)
    resolved.deallocate()
  }

  /// Whether slot `s` holds `target`, found by its key; nil when the key differs (the slot
  /// is empty or holds another target, or the same one with other storage).
  @inline(__always)
  func hit(_ s: Int, _ key: Key?) -> SampleTarget?? {
    precondition(s >= 0 && s < count, "slot out of range")
    guard let key, let known = keys[s], known == key else { return nil }
    return .some(resolved[s])
  }

  /// Whether slot `s` holds a target equal to `target`.
  func holds(_ s: Int, _ target: VendorRows.Target) -> Bool { targets[s] == target }

  /// The resolution slot `s` holds.
  func resolution(_ s: Int) -> SampleTarget? {
    precondition(s >= 0 && s < count, "slot out of range")
    return resolved[s]
  }

  /// Puts `target` and its resolution in slot `s`.
  func store(_ s: Int, _ target: VendorRows.Target, key: Key?, _ r: SampleTarget?) {
    precondition(s >= 0 && s < count, "slot out of range")
    keys[s] = key
    resolved[s] = r
    targets[s] = target
  }

  /// Sets slot `s`'s key (the same target with other storage).
  func rekey(_ s: Int, _ target: VendorRows.Target, key: Key?) {
    precondition(s >= 0 && s < count, "slot out of range")
    keys[s] = key
    targets[s] = target
  }

  /// The resolution of `target` in any slot, resolving it with `resolve` into the next slot
  /// (the oldest taken again) when no slot holds it: for values kept by type, a few
  /// targets per file (a raw sleep file's four stages, a FIT file's series).
  @inline(__always)
  func find(_ target: VendorRows.Target, resolve: (VendorRows.Target) -> SampleTarget?)
    -> SampleTarget?
  {
    let key = Key(target)
    for s in 0..<count {
      if let hit = hit(s, key) { return hit }
    }
    return findMissed(target, key: key, resolve: resolve)
  }

  @inline(never)
  private func findMissed(
    _ target: VendorRows.Target, key: Key?, resolve: (VendorRows.Target) -> SampleTarget?
  ) -> SampleTarget? {
    for s in 0..<count where holds(s, target) {
      rekey(s, target, key: key)
      return resolution(s)
    }
    let r = resolve(target)
    store(nextSlot, target, key: key, r)
    nextSlot = (nextSlot + 1) % count
    return r
  }
}
