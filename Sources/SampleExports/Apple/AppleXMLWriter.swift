/// Writes an Apple Health `export.xml` for the Apple period of a timeline: the iOS 16
/// DOCTYPE, `ExportDate`, `Me`, then `Record`s grouped by type, `Correlation`s, `Workout`s
/// and one `ActivitySummary` per day, one element per line with one-space indentation as
/// the phone writes them.
///
/// Memory stays flat whatever the size: each (type, day) is generated, written and dropped.
final class AppleXMLWriter {
  let timeline: SyntheticTimeline
  let factory: RecordFactory
  let selection: AppleSelection
  let out: ByteWriter
  /// The caller's writer when `out` is the unindenting filter in front of it.
  private let filtered: ByteWriter?
  /// Top-level element counts by record type (or element name).
  var counts: [String: Int] = [:]
  /// Pre-encoded pieces of record lines.
  var text = AppleRecordText()
  var zones: ZoneSchedule { timeline.calendar.zones }
  var sparse: Bool { timeline.options.density == .sample }
  /// Whether the export is shaped like a heavy Apple Watch user's (`SyntheticOptions`).
  var heavyWatch: Bool { timeline.options.heavyWatch && !sparse }

  init(timeline: SyntheticTimeline, out: ByteWriter) {
    self.timeline = timeline
    let shape = timeline.options.appleShape
    factory = RecordFactory(
      seed: timeline.options.seed, density: timeline.options.density, calendar: timeline.calendar,
      shape: shape)
    selection = AppleSelection(timeline.calendar)
    if shape.layout == .unindented {
      let unindent = LineIndentRemover(out)
      self.out = ByteWriter { try unindent.write($0) }
      filtered = out
    } else {
      self.out = out
      filtered = nil
    }
  }

  /// Writes the whole document.
  func write() throws {
    try writeHeader()
    if timeline.options.appleShape.order == .byTime {
      try writeRecordsByTime()
    } else {
      try writeRecordsByType()
    }
    try writeCorrelations()
    try writeWorkouts()
    try writeActivitySummaries()
    try out.append("</HealthData>\n")
    try out.flush()
    try filtered?.flush()
  }

  /// Each type's records in turn, day by day.
  private func writeRecordsByType() throws {
    var records: [SyntheticRecord] = []
    records.reserveCapacity(4096)
    for type in SyntheticRecordType.allCases {
      var n = 0
      for day in selection.planDays {
        guard let plan = timeline.plan(day) else { continue }
        records.removeAll(keepingCapacity: true)
        factory.records(type, plan, into: &records)
        for r in records where selection.includes(r, planDay: day) {
          for _ in 0..<Int(r.copies) { try writeRecord(r, indent: 1) }
          n += Int(r.copies)
        }
      }
      counts[type.identifier] = n
    }
  }

  private func writeHeader() throws {
    try out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    try out.append(string: AppleDTD.iOS16)
    try out.append("\n<HealthData locale=\"en_US\">\n <ExportDate value=\"")
    try out.append(
      appleDate: selection.exportEpoch, offset: zones.offset(at: selection.exportEpoch))
    try out.append("\"/>\n <Me HKCharacteristicTypeIdentifierDateOfBirth=\"")
    try out.append(string: PersonProfile.dateOfBirth)
    try out.append(
      "\" HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexFemale\" HKCharacteristicTypeIdentifierBloodType=\"HKBloodTypeNotSet\" HKCharacteristicTypeIdentifierFitzpatrickSkinType=\"HKFitzpatrickSkinTypeNotSet\" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse=\"None\"/>\n"
    )
  }

  /// Writes ` startDate="…"`-style date attributes.
  @inline(__always)
  func date(_ name: StaticString, _ epoch: Int64) throws {
    try out.append(name)
    try out.append(appleDate: epoch, offset: zones.offset(at: epoch))
    try out.append(byte: 0x22)
  }
}
