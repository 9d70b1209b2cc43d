/// A small `export_cda.xml` (HL7 CDA) as the phone puts beside `export.xml`: a header and
/// a few heart rate observations from the first day. Like many real ones it is not
/// well-formed: a second `ClinicalDocument` root follows the first. Readers must ignore it.
struct CDADocument {
  let timeline: SyntheticTimeline

  func bytes() throws -> [UInt8] {
    var result: [UInt8] = []
    let out = ByteWriter(capacity: 1 << 16) { result.append(contentsOf: $0) }
    let calendar = timeline.calendar
    let zones = calendar.zones
    let factory = RecordFactory(
      seed: timeline.options.seed, density: timeline.options.density, calendar: calendar)
    var records: [SyntheticRecord] = []
    if let plan = timeline.plan(calendar.appleFirst) {
      factory.records(.heartRate, plan, into: &records)
    }
    let selection = AppleSelection(calendar)
    let chosen = records.filter {
      $0.defect == .none && selection.includes($0, planDay: calendar.appleFirst)
    }
    .prefix(12)
    for root in 0..<2 {
      try out.append(
        """
        <?xml version="1.0"?>
        <?xml-stylesheet type="text/xsl" href="CDA.xsl"?>
        <ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="urn:hl7-org:v3 ../../../CDA%20R2/cda-schemas-and-samples/infrastructure/cda/CDA.xsd" classCode="DOCCLIN" moodCode="EVN">
        <realmCode code="US"/>
        <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
        <templateId root="2.16.840.1.113883.10.20.22.1.1"/>
        <id extension="Health Export" root="1.1.1.1.1.1.1.1.1"/>
        <code codeSystem="2.16.840.1.113883.6.1" codeSystemName="LOINC" code="34109-9" displayName="Note"/>
        <title>Health Data Export</title>
        <effectiveTime value="
        """)
      try compact(out, calendar.exportEpoch, zones.offset(at: calendar.exportEpoch))
      try out.append("\"/>\n<component>\n<structuredBody>\n<component>\n<section>\n")
      if root == 0 {
        for r in chosen {
          let offset = zones.offset(at: r.start)
          try out.append(
            "<entry typeCode=\"DRIV\">\n<organizer classCode=\"CLUSTER\" moodCode=\"EVN\">\n")
          try out.append(
            "<component>\n<observation classCode=\"OBS\" moodCode=\"EVN\">\n<text>\n<sourceName>")
          try out.append(string: PersonProfile.watchName)
          try out.append("</sourceName>\n<value>")
          try out.append(number: r.value, decimals: 0)
          try out.append(
            "</value>\n<type>HKQuantityTypeIdentifierHeartRate</type>\n<unit>count/min</unit>\n</text>\n"
          )
          try out.append("<effectiveTime>\n<low value=\"")
          try compact(out, r.start, offset)
          try out.append("\"/>\n<high value=\"")
          try compact(out, r.end, offset)
          try out.append("\"/>\n</effectiveTime>\n<value xsi:type=\"PQ\" value=\"")
          try out.append(number: r.value, decimals: 0)
          try out.append(
            "\" unit=\"count/min\"/>\n</observation>\n</component>\n</organizer>\n</entry>\n")
        }
      }
      try out.append(
        "</section>\n</component>\n</structuredBody>\n</component>\n</ClinicalDocument>\n")
    }
    try out.flush()
    return result
  }

  /// `20261115235807-0500`.
  private func compact(_ out: ByteWriter, _ epoch: Int64, _ offset: Int32) throws {
    var text: [UInt8] = []
    let tmp = ByteWriter(capacity: 64) { text.append(contentsOf: $0) }
    try tmp.append(appleDate: epoch, offset: offset)
    try tmp.flush()
    try out.append(Self.squeeze(text))
  }

  /// `2026-11-15 23:58:07 -0500` → `20261115235807-0500`.
  static func squeeze(_ apple: [UInt8]) -> [UInt8] {
    let date = apple[0..<10].filter { $0 != 0x2D }
    let time = apple[11..<19].filter { $0 != 0x3A }
    return Array(date) + Array(time) + Array(apple[20...])
  }
}
