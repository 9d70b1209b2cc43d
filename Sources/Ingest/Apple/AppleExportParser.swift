import HealthModel
import HealthSystem

/// Turns the events of an `XMLByteScanner` over an Apple Health export into samples and
/// rejects in an `IngestSink`.
///
/// Top-level `Record`, `Workout` and `ActivitySummary` elements become samples (one
/// `read` per sample or reject); `ExportDate` sets the sink's export date; elements skipped
/// on purpose (correlations and their members, clinical records, audiograms, vision
/// prescriptions, HRV beat lists, workout events and routes, other metadata) are counted in
/// `sink.extra`. Any other element (a `Record` nested inside a `Record`, a name Apple does
/// not write) is read as one record and rejected (`unexpected-element`) with its line;
/// what lies inside it is counted as `insideRejectedElements`. docs/ingest-apple.md.
final class AppleExportParser {
  let scanner: XMLByteScanner
  let sink: IngestSink
  let options: ReaderOptions
  let progress: ProgressMeter
  private let source: ByteSource

  @exclusivity(unchecked) var types = ByteInterner<AppleType>()
  @exclusivity(unchecked) var sources = ByteInterner<String>()
  @exclusivity(unchecked) var devices = ByteInterner<AppleDevice>()
  @exclusivity(unchecked) var units = ByteInterner<String>()
  @exclusivity(unchecked) var words = ByteInterner<String>()
  @exclusivity(unchecked) var zones = ZoneOffsetResolver()
  @exclusivity(unchecked) var dates = AppleDateParser()
  /// Sleep stages by (interned) value text: the catalog's parser is slow for a hot path.
  @exclusivity(unchecked) var sleepStages: [String: SleepStage?] = [:]

  /// Counts of elements seen but not kept, by kind; unknown names in `otherCounts`.
  @exclusivity(unchecked) var skipped = [Int64](repeating: 0, count: AppleElement.allCases.count)
  @exclusivity(unchecked) var otherCounts: [String: Int64] = [:]
  /// Whether a line number went into a text (a reject's reason, a note): a piece parsed
  /// with lines counted from its own start (`AppleChunkedRead`) cannot be used then.
  @exclusivity(unchecked) var wroteLineInText = false
  /// Whether an unknown name was counted as `other` for want of room.
  @exclusivity(unchecked) var otherNamesOverflowed = false
  @exclusivity(unchecked) var correlationRecords: Int64 = 0
  @exclusivity(unchecked) var unknownZones: Int64 = 0
  @exclusivity(unchecked) var durationsFromDates: Int64 = 0
  @exclusivity(unchecked) var textDefectsOutside: Int64 = 0
  @exclusivity(unchecked) var malformedOther: Int64 = 0
  /// The level of the unexpected element being skipped (its descendants are counted, not
  /// read), if any.
  @exclusivity(unchecked) var rejectedLevel: Int?
  @exclusivity(unchecked) var insideRejected: Int64 = 0

  /// The top-level element being read (depth 2), if it was not self-closing, and its line.
  @exclusivity(unchecked) var top: AppleElement?
  @exclusivity(unchecked) var topLine: Int64 = 0
  @exclusivity(unchecked) var record = PendingRecord()
  @exclusivity(unchecked) var workout = PendingWorkout()
  /// The export date's offset, the default for `ActivitySummary` days.
  @exclusivity(unchecked) var exportOffset: Int32?
  @exclusivity(unchecked) var recordsSeen: Int64 = 0

  /// Where a parser starts in the middle of a document (`AppleChunkedRead`): between two
  /// top-level elements, with the state that everything before left.
  struct Resume: Sendable {
    /// Byte offset in the document of the first byte `source` returns.
    var offset: Int64
    /// Its 1-based line.
    var line: Int
    /// The line of the `<HealthData>` start tag (for messages about the end).
    var rootLine: Int
    /// The `ExportDate` offset read before, if any.
    var exportOffset: Int32?
    /// Unknown element names counted before (their cap of 200 spans the document).
    var otherCounts: [String: Int64]
  }

  /// Whether this parser reads one piece of a split document (`Resume`, the scanner's
  /// `endsAtChunk`): unknown-name counts are left in `otherCounts` for the caller to merge.
  let isPiece: Bool
  /// Whether parsing started from a `Resume`.
  private let resumed: Bool

  init(
    source: ByteSource, fileName: String, entryName: String?, bufferSize: Int, sink: IngestSink,
    options: ReaderOptions, progress: ProgressMeter, resume: Resume? = nil, isPiece: Bool = false
  ) {
    self.source = source
    scanner = XMLByteScanner(
      source: source, fileName: fileName, entryName: entryName, initialCapacity: bufferSize)
    self.sink = sink
    self.options = options
    self.progress = progress
    self.isPiece = isPiece
    scanner.endsAtChunk = isPiece
    resumed = resume != nil
    if let resume {
      scanner.resume(
        offset: resume.offset, line: resume.line, rootName: Array("HealthData".utf8),
        rootLine: resume.rootLine)
      exportOffset = resume.exportOffset
      otherCounts = resume.otherCounts
    }
  }

  /// Whether a piece ended where the next may start: inside the root element, between
  /// top-level elements, with nothing pending (no open record, no skipped element, no
  /// character defect waiting for the next element).
  var endedBetweenElements: Bool {
    scanner.depth == 1 && top == nil && rejectedLevel == nil && scanner.textDefect == nil
  }

  /// The line of the root element's start tag (after it was read).
  var rootLine: Int? { scanner.openLines.first }

  /// Reads the whole document (or piece).
  func run() throws {
    var sawRoot = resumed
    loop: while true {
      switch try scanner.next() {
      case .startTag:
        let level = scanner.selfClosing ? scanner.depth + 1 : scanner.depth
        let kind = AppleElement.classify(scanner.tagName)
        if level == 1 {
          guard kind == .healthData else {
            throw scanner.tagFailure(
              "the root element is <\(scanner.tagNameText)>, not <HealthData>: "
                + "this is not an Apple Health export",
              hint: "pass the export.xml or export.zip that the Health app wrote")
          }
          sawRoot = true
        } else if level == 2 {
          try topLevelStart(kind)
        } else {
          try childStart(kind, level: level)
        }
      case .endTag:
        if let level = rejectedLevel, scanner.depth < level { rejectedLevel = nil }
        if scanner.depth == 1 { try topLevelEnd() }
      case .endOfDocument:
        break loop
      }
      if let text = scanner.textDefect {
        scanner.textDefect = nil
        switch top {
        case .record?: record.note(.malformed, text)
        case .workout?: workout.note(.malformed, text)
        default: textDefectsOutside += 1
        }
      }
    }
    if !sawRoot { throw scanner.failure("the document has no <HealthData> root element") }
    flushCounts()
    progress.update(bytes: source.inputBytesConsumed, records: recordsSeen)
  }

  private func topLevelStart(_ kind: AppleElement) throws {
    top = scanner.selfClosing ? nil : kind
    topLine = Int64(scanner.tagLine)
    recordsSeen += 1
    if recordsSeen & 0x3FFF == 0 {
      progress.update(bytes: source.inputBytesConsumed, records: recordsSeen)
    }
    switch kind {
    case .record:
      beginRecord()
      if scanner.selfClosing { try finishRecord() }
    case .workout:
      beginWorkout()
      if scanner.selfClosing { try finishWorkout() }
    case .activitySummary:
      try activitySummary()
    case .exportDate:
      exportDate()
    case .me:
      if scanner.defect != nil { malformedOther += 1 }
    case _ where kind.isSkippedContainer:
      skipped[Int(kind.rawValue)] += 1
    default:
      try rejectUnexpected(kind, level: 2)
    }
  }

  private func topLevelEnd() throws {
    defer { top = nil }
    switch top {
    case .record?: try finishRecord()
    case .workout?: try finishWorkout()
    default: break
    }
  }

  private func childStart(_ kind: AppleElement, level: Int) throws {
    if let rejected = rejectedLevel, level > rejected {
      insideRejected += 1
      return
    }
    switch top {
    case .record?:
      if let defect = scanner.defect { record.note(.malformed, "in <\(kind.name)>: \(defect)") }
      if kind == .metadataEntry && level == 3 {
        switch metadata() {
        case .userEntered(let yes): record.userEntered = yes
        case .timeZone(let zone): record.zone = zone
        case nil: break
        }
      } else if kind.belongs(inside: .record) {
        count(kind)
      } else {
        try rejectUnexpected(kind, level: level, inside: "Record", line: record.line)
      }
    case .workout?:
      if let defect = scanner.defect { workout.note(.malformed, "in <\(kind.name)>: \(defect)") }
      if level == 3 && kind == .metadataEntry {
        switch metadata() {
        case .userEntered(let yes): workout.userEntered = yes
        case .timeZone(let zone): workout.zone = zone
        case nil: break
        }
      } else if level == 3 && kind == .workoutStatistics {
        workoutStatistics()
      } else if kind.belongs(inside: .workout) {
        count(kind)
      } else {
        try rejectUnexpected(kind, level: level, inside: "Workout", line: workout.line)
      }
    case .correlation?:
      if kind == .record && level == 3 {
        correlationRecords += 1
      } else {
        count(kind)
      }
    case let container? where container.isSkippedContainer:
      count(kind)
    case let parent?:
      // Inside ExportDate, Me or ActivitySummary, which Apple writes empty.
      try rejectUnexpected(kind, level: level, inside: parent.name, line: topLine)
    case nil:
      try rejectUnexpected(kind, level: level)
    }
  }

  @inline(__always) private func count(_ kind: AppleElement) {
    if kind == .other {
      countOther()
    } else {
      skipped[Int(kind.rawValue)] += 1
    }
  }

  /// Distinct unknown element names counted one by one; the rest count as `other`.
  static let otherNamesCap = 200

  /// Counts an element of an unknown name (at most 200 names, then as `other`).
  private func countOther() {
    let name = scanner.tagNameText
    if otherCounts[name] != nil || otherCounts.count < Self.otherNamesCap {
      otherCounts[name, default: 0] += 1
    } else {
      otherNamesOverflowed = true
      otherCounts["other", default: 0] += 1
    }
  }

  /// Metadata the reader keeps.
  enum KeptMetadata {
    /// `HKWasUserEntered`.
    case userEntered(Bool)
    /// `HKTimeZone`.
    case timeZone(String)
  }

  /// `HKWasUserEntered` and `HKTimeZone`; other metadata is counted, not kept.
  private func metadata() -> KeptMetadata? {
    var key: XMLAttribute?
    var value: XMLAttribute?
    for i in 0..<scanner.attributeCount {
      let a = scanner.attribute(i)
      let n = scanner.name(of: a)
      if bytesEqual(n, "key") {
        key = a
      } else if bytesEqual(n, "value") {
        value = a
      }
    }
    guard let key, let value else {
      skipped[Int(AppleElement.metadataEntry.rawValue)] += 1
      return nil
    }
    let k = scanner.rawValue(of: key)
    if bytesEqual(k, "HKWasUserEntered") { return .userEntered(isYes(value)) }
    if bytesEqual(k, "HKTimeZone") { return .timeZone(intern(value, in: &words)) }
    skipped[Int(AppleElement.metadataEntry.rawValue)] += 1
    return nil
  }

  private func exportDate() {
    for i in 0..<scanner.attributeCount {
      let a = scanner.attribute(i)
      guard bytesEqual(scanner.name(of: a), "value") else { continue }
      if let date = parseDate(a) {
        sink.exportDate = date.epoch
        exportOffset = date.offset
      } else {
        wroteLineInText = true
        sink.notes.append(
          "ExportDate '\(scanner.value(of: a))' on line \(scanner.tagLine) is not a date; "
            + "no export date recorded")
      }
    }
  }

  /// Writes the skip counters into the sink.
  private func flushCounts() {
    for kind in AppleElement.allCases where skipped[Int(kind.rawValue)] > 0 {
      sink.extra["skipped.\(kind.name)", default: 0] += skipped[Int(kind.rawValue)]
    }
    if !isPiece {
      for (name, n) in otherCounts { sink.extra["skipped.\(name)", default: 0] += n }
    }
    if correlationRecords > 0 {
      sink.extra["skipped.Correlation.Record", default: 0] += correlationRecords
    }
    if unknownZones > 0 { sink.extra["HKTimeZone.unknown", default: 0] += unknownZones }
    if durationsFromDates > 0 {
      sink.extra["Workout.durationFromDates", default: 0] += durationsFromDates
    }
    if textDefectsOutside > 0 {
      sink.extra["illegalCharacterOutsideRecords", default: 0] += textDefectsOutside
    }
    if malformedOther > 0 { sink.extra["malformedOtherElements", default: 0] += malformedOther }
    if insideRejected > 0 { sink.extra["insideRejectedElements", default: 0] += insideRejected }
  }

  // MARK: - Attribute helpers

  /// The interned (decoded) value of an attribute.
  @inline(__always)
  func intern(_ a: XMLAttribute, in table: inout ByteInterner<String>) -> String {
    let raw = scanner.rawValue(of: a)
    return table.value(for: raw) { scanner.value(of: a) }
  }

  /// A date attribute, nil when it does not parse or has no offset.
  @inline(__always)
  func parseDate(_ a: XMLAttribute) -> ParsedDate? {
    if a.isVerbatim { return dates.parse(scanner.rawValue(of: a)) }
    return scanner.withDecodedValue(of: a) { dates.parse($0) }
  }

  /// Whether a flag attribute says yes (`1`, `true`, `YES`), as `HKWasUserEntered` does.
  func isYes(_ a: XMLAttribute) -> Bool {
    let v = scanner.rawValue(of: a)
    return bytesEqual(v, "1") || bytesEqual(v, "true") || bytesEqual(v, "YES")
  }

  /// A number attribute, nil when it does not parse.
  @inline(__always)
  func parseNumber(_ a: XMLAttribute) -> Double? {
    scanner.withDecodedValue(of: a) { DecimalParser.parseTrimmingSpaces($0) }
  }

  /// The offset to use for a sample starting at `start`: the `HKTimeZone` zone's offset at
  /// that instant when the zone is known, else the offset written with the date.
  func offset(start: ParsedDate, zone: String?) -> Int32 {
    guard let zone else { return start.offset }
    if let o = zones.offset(zone: zone, atEpoch: start.epoch) { return o }
    unknownZones += 1
    return start.offset
  }
}
