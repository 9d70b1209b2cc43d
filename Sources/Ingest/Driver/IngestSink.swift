import HealthCore
import HealthModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Counts for one input type (an Apple `type`, a Health Auto Export metric name, a CSV
/// column): every record read ends up kept or rejected.
public struct TypeCounts: Sendable, Hashable {
  /// Records read.
  public var read: Int64 = 0
  /// Records that became samples rows.
  public var kept: Int64 = 0
  /// Records that became rejects rows.
  public var rejected: Int64 = 0
  /// Creates zero counts.
  public init() {}
}

/// A counting slot of one type in an `IngestSink` (see `IngestSink.counter(for:)`).
public struct TypeCounter: Sendable, Hashable {
  /// Index of the slot.
  public let slot: Int
}

/// Receives what a reader produces for one input file and counts it, so the manifest can
/// reconcile `read = kept + rejected` per input and per type.
///
/// Readers call `read(type:)` once per record as they meet it, then exactly one of
/// `keep(_:type:)` or `reject(...)` for it. (A record that yields several samples, such as an
/// `ActivitySummary` with three rings, counts once per sample it yields: call `read` for each.)
/// Readers of millions of records may take a `counter(for:)` once per type and use
/// `read(_:)` / `keep(_:counter:)`, which count the same without hashing the type name.
/// A reader that computed the file's CRC-32 on the way sets `contentCRC32`; otherwise the
/// stage reads the file once more for it.
public final class IngestSink {
  /// Index of the input (the `file` of every `Origin` made here).
  public let inputIndex: Int32
  /// Path of the input, for messages.
  public let path: String
  private let onSample: (Sample) throws -> Void
  private let onReject: (Reject) throws -> Void
  /// The samples table's row writer, when this sink writes the table itself (the stage's
  /// sink): pieces parsed apart go to it (`absorb`), and so do values kept by target.
  let rowWriter: SampleRowWriter?
  @exclusivity(unchecked) private var typeNames: [String] = []
  @exclusivity(unchecked) private var typeSlots: [String: Int] = [:]
  @exclusivity(unchecked) private var typeCounts: [TypeCounts] = []
  /// The slot every type past `maxTypes` counts in (-1 until one comes): keeping or
  /// rejecting a record through it ends the input (`typeLimitError`).
  @exclusivity(unchecked) private var overflowSlot = -1
  /// The first type name past the limit, for the message.
  private var firstTypePastLimit = ""
  /// Type names recently counted, with their slots (`counter(for:)`).
  private let recentTypes = TextIdentityCache()
  /// Texts of samples kept, known to be short enough and to hold no NUL, one cache per
  /// field: readers repeat the same (interned or literal) strings, so most samples find all
  /// five here by their representation instead of being measured and scanned
  /// (`TextIdentityCache`).
  private let checkedMetrics = TextIdentityCache()
  private let checkedUnits = TextIdentityCache()
  private let checkedCategories = TextIdentityCache()
  private let checkedSources = TextIdentityCache()
  private let checkedDevices = TextIdentityCache()

  /// Counts by input type name (types with a counter but no record read are left out).
  public var counts: [String: TypeCounts] {
    Dictionary(uniqueKeysWithValues: zip(typeNames, typeCounts).filter { $0.1.read > 0 })
  }
  /// Extra counters a reader wants in the manifest (`skipped.Correlation`, `beats`, ...).
  /// Counters named after something in the input go through `count(extra:_:)`, which keeps
  /// their number bounded.
  public var extra: [String: Int64] = [:]
  /// Notes for the manifest (assumed time zone, skipped entries, ...).
  public var notes: [String] = []
  /// The Health Connect facts of the input, which ingest puts in the tables' facts
  /// (`IngestFacts.healthConnect`) for clean's priority rules.
  public var healthConnect: HealthConnectFacts?
  /// The export date the input declared, if any (epoch seconds).
  public var exportDate: Int64?
  /// The time zone assumed for local times without an offset, and why.
  public var assumedTimeZone: String?
  /// The CRC-32 of the whole input file, when the reader computed it while reading (so the
  /// stage needs no second pass over a big file); nil lets the stage compute it.
  public var contentCRC32: UInt32?
  /// The rejects so far by reason code (for the one-line account of an input that yielded
  /// nothing).
  public private(set) var rejectTally = RejectTally()

  /// A sink forwarding to the given closures.
  public convenience init(
    inputIndex: Int32, path: String, onSample: @escaping (Sample) throws -> Void,
    onReject: @escaping (Reject) throws -> Void
  ) {
    self.init(
      inputIndex: inputIndex, path: path, onSample: onSample, onReject: onReject, rowWriter: nil)
  }

  /// A sink forwarding to the given closures, and the samples of a piece parsed apart
  /// (`absorb`) to `rowWriter` in their compact form, shifted by the piece's lines (one
  /// by one to `onSample` when nil). `rowWriter` must append to the table `onSample`
  /// appends to.
  init(
    inputIndex: Int32, path: String, onSample: @escaping (Sample) throws -> Void,
    onReject: @escaping (Reject) throws -> Void, rowWriter: SampleRowWriter?
  ) {
    self.inputIndex = inputIndex
    self.path = path
    self.onSample = onSample
    self.onReject = onReject
    self.rowWriter = rowWriter
  }

  /// An origin in this input.
  @inlinable
  public func origin(_ record: Int64) -> Origin { Origin(file: inputIndex, record: record) }

  /// A handle that counts records of `type` without hashing its name every time (for
  /// readers of millions of records).
  /// The same string (interned or literal) names a type record after record, so its slot is
  /// found by the string's representation first (`TextIdentityCache`), hashing it only
  /// when that misses.
  @inline(__always)
  public func counter(for type: String) -> TypeCounter {
    if let slot = recentTypes.value(of: type) { return TypeCounter(slot: Int(slot)) }
    let counter = hashedCounter(for: type)
    recentTypes.remember(type, UInt32(counter.slot))
    return counter
  }

  private func hashedCounter(for type: String) -> TypeCounter {
    if let slot = typeSlots[type] { return TypeCounter(slot: slot) }
    guard typeSlots.count < Self.maxTypes else { return overflowCounter(type) }
    typeSlots[type] = typeNames.count
    typeNames.append(type)
    typeCounts.append(TypeCounts())
    return TypeCounter(slot: typeNames.count - 1)
  }

  /// Takes over what `part` received: `part` read a piece of this input that comes after
  /// everything this sink received so far (`AppleChunkedRead`), and kept its samples and
  /// rejects in `samples` and `rejects`, in order, with line numbers counted `lineShift`
  /// short. The samples go to `rowWriter` when the sink has it, else one by one to `onSample`. Counts, reject tally, extras and notes add up as if this sink had read the
  /// piece itself; the export date and assumed time zone follow the same rules (last date,
  /// first zone).
  func absorb(_ part: IngestSink, samples: SampleRows, rejects: [Reject], lineShift: Int64)
    throws
  {
    for (slot, name) in part.typeNames.enumerated() {
      let counts = part.typeCounts[slot]
      let mine = counter(for: name).slot
      if mine == overflowSlot { throw typeLimitError() }
      typeCounts[mine].read += counts.read
      typeCounts[mine].kept += counts.kept
      typeCounts[mine].rejected += counts.rejected
    }
    rejectTally.add(part.rejectTally, lineShift: lineShift)
    for (key, n) in part.extra { count(extra: key, n) }
    notes.append(contentsOf: part.notes)
    if let date = part.exportDate { exportDate = date }
    if assumedTimeZone == nil { assumedTimeZone = part.assumedTimeZone }
    if let rowWriter {
      try rowWriter.append(samples, lineShift: lineShift)
    } else {
      for i in 0..<samples.count { try onSample(samples.sample(at: i, lineShift: lineShift)) }
    }
    for var reject in rejects {
      reject.origin.record += lineShift
      try onReject(reject)
    }
  }

  /// Counts one record of `type` as read.
  public func read(type: String) { read(counter(for: type)) }

  /// Counts one record as read.
  @inline(__always)
  public func read(_ counter: TypeCounter) { typeCounts[counter.slot].read += 1 }

  /// Keeps a sample read as `type`.
  public func keep(_ sample: Sample, type: String) throws {
    try keep(sample, counter: counter(for: type))
  }

  /// Keeps a sample counted by `counter`. A sample with a text field longer than
  /// `maxFieldBytes`, or holding a NUL character, is rejected instead (`malformed`).
  @inline(__always)
  public func keep(_ sample: Sample, counter: TypeCounter) throws {
    if _slowPath(counter.slot == overflowSlot) { throw typeLimitError() }
    if _slowPath(
      !(checkedMetrics.contains(sample.metric.rawValue) && checkedUnits.contains(sample.unit)
        && checkedSources.contains(sample.source)
        && checkedCategories.contains(sample.category)
        && checkedDevices.contains(sample.device)))
    {
      guard try checkTexts(of: sample, counter: counter) else { return }
    }
    typeCounts[counter.slot].kept += 1
    do {
      try onSample(sample)
    } catch var error as HealthError where error.location == nil && error.code == .dataError {
      // A bound of the table (`IngestLimits`): say which record brought it.
      error.message += " (record \(sample.origin.record) of the input)"
      error.location = SourceLocation(file: path)
      throw error
    }
  }

  /// Keeps one sample of `target` (numbers and the target's ids), counted by `counter`: the
  /// row and counts of keeping the `Sample` with those texts (which `target` checked). The
  /// sink must have a `rowWriter` (it made `target`).
  @inline(__always)
  func keep(
    _ target: SampleTarget, counter: TypeCounter, start: Int64, end: Int64, utcOffset: Int32,
    value: Double, minimum: Double? = nil, maximum: Double? = nil, record: Int64
  ) throws {
    if _slowPath(counter.slot == overflowSlot) { throw typeLimitError() }
    typeCounts[counter.slot].kept += 1
    do {
      try rowWriter!.append(
        target, start: start, end: end, utcOffset: utcOffset, value: value, minimum: minimum,
        maximum: maximum, origin: origin(record))
    } catch var error as HealthError where error.location == nil && error.code == .dataError {
      error.message += " (record \(record) of the input)"
      error.location = SourceLocation(file: path)
      throw error
    }
  }

  /// Checks the sample's texts (length, then NUL), rejecting it when one fails; true when
  /// all pass, and then they are remembered as checked.
  @inline(never)
  private func checkTexts(of sample: Sample, counter: TypeCounter) throws -> Bool {
    let limit = Self.maxFieldBytes
    if sample.source.utf8.count > limit || sample.device.utf8.count > limit
      || sample.unit.utf8.count > limit || sample.category.utf8.count > limit
      || sample.metric.rawValue.utf8.count > limit
    {
      try rejectOversized(sample, counter: counter)
      return false
    }
    if let field = Self.fieldWithNUL(of: sample) {
      try rejectNUL(sample, field: field, counter: counter)
      return false
    }
    checkedMetrics.remember(sample.metric.rawValue)
    checkedUnits.remember(sample.unit)
    checkedCategories.remember(sample.category)
    checkedSources.remember(sample.source)
    checkedDevices.remember(sample.device)
    return true
  }

  /// Keeps a batch of samples, row i counted by `counters[i]`, handed on in their compact
  /// form (the texts written by id, `SampleRowWriter`) when the sink takes rows: the Health
  /// Connect reader's millions of rows. A batch with a text that `keep(_:counter:)` would
  /// refuse (NUL, over `maxFieldBytes`) is kept sample by sample instead, so the outcome is
  /// always that of keeping each sample.
  func keep(rows: SampleRows, counters: [TypeCounter]) throws {
    guard rows.count > 0 else { return }
    let suspect = rows.texts.contains { $0.utf8.count > Self.maxFieldBytes || Self.hasNUL($0) }
    if suspect || rowWriter == nil {
      for i in 0..<rows.count { try keep(rows.sample(at: i), counter: counters[i]) }
      return
    }
    for counter in counters { typeCounts[counter.slot].kept += 1 }
    try rowWriter!.append(rows, lineShift: 0)
  }

  /// The name of the first text field holding U+0000, if any. NUL is never part of a kept
  /// value, whatever the format (docs/reliability.md, "NUL characters"): XML forbids it
  /// anywhere, and in a CSV or JSON file it marks damage (a block of zeros after a crash)
  /// far more often than text.
  static func fieldWithNUL(of s: Sample) -> String? {
    // One field after the other, without a list of them: this runs whenever a text
    // differs from the last sample's (sources and devices alternate between devices).
    if hasNUL(s.source) { return "source name" }
    if hasNUL(s.device) { return "device" }
    if hasNUL(s.unit) { return "unit" }
    if hasNUL(s.category) { return "category" }
    if hasNUL(s.metric.rawValue) { return "metric name" }
    return nil
  }

  /// Whether `text` holds U+0000, read through its UTF-8 bytes (`memchr`, not one
  /// `Character` or one byte of `utf8` at a time).
  static func hasNUL(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, 0, bytes.count) != nil
    }
  }

  private func rejectNUL(_ s: Sample, field: String, counter: TypeCounter) throws {
    typeCounts[counter.slot].rejected += 1
    func shown(_ text: String) -> String {
      Self.clipped(text).replacingAll("\u{0}", with: "\u{FFFD}")
    }
    let reason = "the \(field) holds a NUL character (U+0000), which no value may contain"
    // Every reject is in the tally, so an input rejected entirely for NULs still names its
    // most common reason (docs/changelog/reliability.md, round 3, finding 21).
    rejectTally.add(.malformed, reason: reason, record: s.origin.record)
    try onReject(
      Reject(
        stage: "ingest", code: .malformed,
        reason: reason,
        metric: shown(s.metric.rawValue), start: s.start, end: s.end, utcOffset: s.utcOffset,
        value: NumberFormatting.shortest(s.value), unit: shown(s.unit), source: shown(s.source),
        origin: s.origin))
  }

  /// Rejects a record read as `type`. Text longer than `maxFieldBytes` is shortened (with
  /// `…`) so one absurd value cannot bloat the rejects table or what is built from it.
  public func reject(
    type: String, code: RejectCode, reason: String, metric: String? = nil, start: Int64? = nil,
    end: Int64? = nil, utcOffset: Int32? = nil, value: String = "", unit: String = "",
    source: String = "", record: Int64
  ) throws {
    let slot = counter(for: type).slot
    if _slowPath(slot == overflowSlot) { throw typeLimitError() }
    typeCounts[slot].rejected += 1
    rejectTally.add(code, reason: reason, record: record)
    let clip = Self.clipped
    try onReject(
      Reject(
        stage: "ingest", code: code, reason: clip(reason), metric: clip(metric ?? type),
        start: start, end: end, utcOffset: utcOffset, value: clip(value), unit: clip(unit),
        source: clip(source), origin: origin(record)))
  }

  /// The most distinct record types (Apple `type`s, Health Auto Export metric names, CSV
  /// columns) one input may hold (docs/reliability.md, "Limits"): a real export has a few
  /// hundred. Each type has its counts in memory and a line in the manifest, so a file of a
  /// million made-up names took gigabytes; past the limit the input fails (exit 65).
  public static let maxTypes = 10_000

  /// The most distinct names of `extra` counters; the counts of further names go to
  /// `extra.otherNames`.
  public static let maxExtraNames = 256

  /// Adds `n` to the extra counter `key` (a name taken from the input, such as an unknown
  /// member's), keeping at most `maxExtraNames` names.
  public func count(extra key: String, _ n: Int64 = 1) {
    if extra[key] != nil || extra.count < Self.maxExtraNames {
      extra[key, default: 0] += n
    } else {
      extra["extra.otherNames", default: 0] += n
    }
  }

  /// The slot of the types past `maxTypes`, made when the first one comes.
  private func overflowCounter(_ type: String) -> TypeCounter {
    if overflowSlot < 0 {
      firstTypePastLimit = type
      overflowSlot = typeNames.count
      typeNames.append("(types past the limit)")
      typeCounts.append(TypeCounts())
    }
    return TypeCounter(slot: overflowSlot)
  }

  /// Exit 65 for an input with more than `maxTypes` distinct record types.
  private func typeLimitError() -> HealthError {
    HealthError.malformed(
      "more than \(Self.maxTypes) distinct record types in one input (the most healthpipe "
        + "keeps apart; a real export has a few hundred): the next one is "
        + "'\(Self.clipped(String(firstTypePastLimit.prefix(200))))'",
      at: SourceLocation(file: path),
      hint: "check that this is a health export; a generated file may name each record differently")
  }

  /// The longest text a sample field may hold, in UTF-8 bytes. No real export comes near it
  /// (device descriptions are about 150 bytes); a 10 MB source name once made every later
  /// table's header too big to read back.
  public static let maxFieldBytes = 64 << 10

  /// The name and UTF-8 length of the sample's longest text field.
  static func longestField(of s: Sample) -> (name: String, bytes: Int) {
    var longest = ("metric name", s.metric.rawValue.utf8.count)
    for (name, text) in [
      ("source name", s.source), ("device", s.device), ("unit", s.unit), ("category", s.category),
    ] where text.utf8.count > longest.1 {
      longest = (name, text.utf8.count)
    }
    return longest
  }

  private func rejectOversized(_ s: Sample, counter: TypeCounter) throws {
    let field = Self.longestField(of: s)
    typeCounts[counter.slot].rejected += 1
    let reason =
      "the \(field.name) is \(field.bytes) bytes long; text fields over "
      + "\(Self.maxFieldBytes) bytes are not kept"
    rejectTally.add(.malformed, reason: reason, record: s.origin.record)
    try onReject(
      Reject(
        stage: "ingest", code: .malformed,
        reason: reason,
        metric: Self.clipped(s.metric.rawValue), start: s.start, end: s.end,
        utcOffset: s.utcOffset, value: NumberFormatting.shortest(s.value),
        unit: Self.clipped(s.unit), source: Self.clipped(s.source), origin: s.origin))
  }

  /// `text` cut to at most `maxFieldBytes` UTF-8 bytes (whole characters) plus `…`.
  static func clipped(_ text: String) -> String {
    guard text.utf8.count > maxFieldBytes else { return text }
    var kept = String.UnicodeScalarView()
    var bytes = 0
    for scalar in text.unicodeScalars {
      bytes += UTF8.width(scalar)
      if bytes > maxFieldBytes - 3 { break }
      kept.append(scalar)
    }
    return String(kept) + "…"
  }

  /// Totals over all types.
  public var totals: TypeCounts {
    typeCounts.reduce(into: TypeCounts()) {
      $0.read += $1.read
      $0.kept += $1.kept
      $0.rejected += $1.rejected
    }
  }
}
