import HealthCore
import HealthModel

/// Appends `SampleRows` to a samples table with the texts written by id
/// (`TableWriter.append(_:in:...)`): the ids of each batch of rows are mapped, once per
/// distinct text, to the ids of one list that only grows for the writer's life, so a row
/// costs no `String` copy, comparison or reference count. The bytes are those of
/// appending each row's `Sample`.
///
/// The list keeps at most `defaultTextLimit` texts (a hostile export can hold millions of
/// distinct device descriptions); a row with a text past it is appended as its `Sample`.
final class SampleRowWriter {
  /// Distinct texts kept in the list, by default.
  static let defaultTextLimit = 65_536

  private let writer: TableWriter<Sample>
  private let textLimit: Int
  private var texts = TextPool()
  /// `texts.strings`, kept apart so a row written by id reads the list without going
  /// through the pool (updated when a text is interned).
  @exclusivity(unchecked) private var strings: [String] = []

  /// A writer appending to `writer`, keeping at most `textLimit` texts in its list.
  init(_ writer: TableWriter<Sample>, textLimit: Int = SampleRowWriter.defaultTextLimit) {
    self.writer = writer
    self.textLimit = textLimit
  }

  /// Appends every row of `rows`, in order, their line numbers `lineShift` further on.
  func append(_ rows: SampleRows, lineShift: Int64) throws {
    let map = rows.texts.map { text -> UInt32 in
      if let id = texts.id(of: text) { return id }
      return texts.count < textLimit ? texts.intern(text) : .max
    }
    strings = texts.strings
    let lists = SampleTextLists(strings)
    for (index, r) in rows.rows.enumerated() {
      var sample = r.sample
      let local = sample.texts
      let global = SampleTextIDs(
        metric: map[Int(local.metric)], unit: map[Int(local.unit)],
        category: map[Int(local.category)], source: map[Int(local.source)],
        device: map[Int(local.device)])
      if _slowPath(
        global.metric == .max || global.unit == .max || global.category == .max
          || global.source == .max || global.device == .max)
      {
        try writer.append(rows.sample(at: index, lineShift: lineShift))
        continue
      }
      sample.texts = global
      sample.record += lineShift
      try writer.append(
        sample, in: lists, minimum: r.hasMinimum ? r.minimum : nil,
        maximum: r.hasMaximum ? r.maximum : nil)
    }
  }

  /// The id of `text` in the list, interning it when new; nil when the list is full
  /// (`textLimit`): a sample with that text is then appended as its `Sample`.
  func id(of text: String) -> UInt32? {
    if let id = texts.id(of: text) { return id }
    guard texts.count < textLimit else { return nil }
    let id = texts.intern(text)
    strings = texts.strings
    return id
  }

  /// Appends one sample whose texts are ids from `id(of:)` (`SampleTarget`): the bytes of
  /// appending the `Sample` with those texts.
  @inline(__always)
  func append(
    _ target: SampleTarget, start: Int64, end: Int64, utcOffset: Int32, value: Double,
    minimum: Double?, maximum: Double?, origin: Origin
  ) throws {
    try writer.append(
      target.ids, text: { strings[Int($0)] }, start: start, end: end, utcOffset: utcOffset,
      value: value,
      minimum: minimum, maximum: maximum, sourceKind: target.sourceKind,
      hrvKind: target.hrvKind, origin: origin)
  }
}
