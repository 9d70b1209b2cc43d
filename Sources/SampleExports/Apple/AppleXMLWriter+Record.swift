import HealthModel

extension AppleXMLWriter {
  private static let indents: [StaticString] = ["", " ", "  ", "   ", "    "]

  /// Writes one `Record` element (and its children) at an indentation level.
  func writeRecord(_ r: SyntheticRecord, indent: Int) throws {
    try out.append(Self.indents[indent])
    try out.append(text.prefix(r.type, r.source))
    let planDay = zones.day(of: r.defect == .future ? r.created : r.start)
    let step = SoftwareVersions.step(day: planDay, cutover: timeline.calendar.cutover)
    let version = text.version(r.source, step: step)
    try out.append(version)
    if let body = AppleRecordText.deviceBody(r.source) {
      try out.append(AppleRecordText.devicePrefix)
      try out.append(hex: (r.noise >> 8) & 0xFF_FFFF, digits: 6)
      try out.append(body)
      try out.append(
        r.source == .watch || r.source == .phone ? version : AppleRecordText.firmware(r.source))
      try out.append("&gt;")
    }
    try out.append(text.unit(r.type, r.source))
    try out.append(appleDate: r.created, offset: zones.offset(at: r.created))
    try date("\" startDate=\"", r.start)
    try date(" endDate=\"", r.end)
    if r.type.isCategory {
      if let name = AppleRecordText.categoryValue(r) {
        try out.append(" value=\"")
        try out.append(string: name)
        try out.append(byte: 0x22)
      }
    } else {
      try out.append(" value=\"")
      try out.append(number: r.value, decimals: r.type.decimals)
      try out.append(byte: 0x22)
    }
    let heavy = heavyWatch && r.source == .watch
    guard r.meta != 0 || heavy else {
      try out.append("/>\n")
      return
    }
    try out.append(">\n")
    let child = Self.indents[indent + 1]
    if heavy { try writeWatchSync(r, child) }
    if r.meta & RecordMeta.motion != 0 {
      try out.append(child)
      try out.append("<MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"")
      try out.append(int: Int64(r.motion))
      try out.append("\"/>\n")
    }
    if r.meta & RecordMeta.withings != 0 { try writeWithings(r, child) }
    if r.meta & RecordMeta.userEntered != 0 {
      try out.append(child)
      try out.append("<MetadataEntry key=\"HKWasUserEntered\" value=\"1\"/>\n")
    }
    if r.meta & RecordMeta.notUserEntered != 0 {
      try out.append(child)
      try out.append("<MetadataEntry key=\"HKWasUserEntered\" value=\"0\"/>\n")
    }
    if r.meta & RecordMeta.timeZone != 0 {
      try out.append(child)
      try out.append("<MetadataEntry key=\"HKTimeZone\" value=\"")
      try out.append(string: zones.zoneName(at: r.start))
      try out.append("\"/>\n")
    }
    if r.meta & RecordMeta.beats != 0 { try writeBeats(r, indent: indent + 1) }
    try out.append(Self.indents[indent])
    try out.append("</Record>\n")
  }

  /// The metadata watchOS adds to what it syncs (heavy Apple Watch shape): a sync
  /// identifier (a UUID made from the record's noise), the sync version and the algorithm
  /// version.
  private func writeWatchSync(_ r: SyntheticRecord, _ child: StaticString) throws {
    try out.append(child)
    try out.append("<MetadataEntry key=\"HKMetadataKeySyncIdentifier\" value=\"")
    try out.append(hex: r.noise & 0xFFFF_FFFF, digits: 8)
    try out.append("-")
    try out.append(hex: (r.noise >> 32) & 0xFFFF, digits: 4)
    try out.append("-4")
    try out.append(hex: (r.noise >> 48) & 0xFFF, digits: 3)
    try out.append("-A")
    try out.append(hex: UInt64(bitPattern: r.start) & 0xFFF, digits: 3)
    try out.append("-")
    try out.append(hex: UInt64(bitPattern: r.start &* 2_654_435_761) & 0xFFFF_FFFF_FFFF, digits: 12)
    try out.append("\"/>\n")
    try out.append(child)
    try out.append("<MetadataEntry key=\"HKMetadataKeySyncVersion\" value=\"1\"/>\n")
    try out.append(child)
    try out.append("<MetadataEntry key=\"HKMetadataKeyAlgorithmVersion\" value=\"2\"/>\n")
  }

  /// The Withings scale's metadata (the link holds `&amp;`).
  private func writeWithings(_ r: SyntheticRecord, _ child: StaticString) throws {
    if !sparse {
      try out.append(child)
      try out.append("<MetadataEntry key=\"Health Mate App Version\" value=\"")
      try out.append(string: PersonProfile.scaleAppVersion)
      try out.append("\"/>\n")
      try out.append(child)
      try out.append("<MetadataEntry key=\"Withings User Identifier\" value=\"")
      try out.append(string: PersonProfile.withingsUser)
      try out.append("\"/>\n")
      try out.append(child)
      try out.append("<MetadataEntry key=\"Modified Date\" value=\"")
      try out.append(appleDate: r.created, offset: 0)
      try out.append("\"/>\n")
    }
    try out.append(child)
    try out.append(
      "<MetadataEntry key=\"Withings Link\" value=\"withings-bd2://timeline/measure?userid=")
    try out.append(string: PersonProfile.withingsUser)
    try out.append("&amp;date=")
    try out.append(int: r.start)
    try out.append("&amp;type=1\"/>\n")
    try out.append(child)
    try out.append("<MetadataEntry key=\"HKWasUserEntered\" value=\"0\"/>\n")
  }

  /// The beat-to-beat list of an HRV reading: instantaneous bpm with the time of day in the
  /// phone's locale (`2:14:48.94 AM`).
  private func writeBeats(_ r: SyntheticRecord, indent: Int) throws {
    var rng = SeededRandom(seed: r.noise)
    let count = sparse ? rng.int(5...6) : rng.int(55...80) * (heavyWatch ? 2 : 1)
    let base = rng.uniform(54, 72)
    let offset = Int64(zones.offset(at: r.start))
    var t = Double(r.start) + rng.uniform(0.2, 0.9)
    try out.append(Self.indents[indent])
    try out.append("<HeartRateVariabilityMetadataList>\n")
    for _ in 0..<count {
      let bpm = max(35, (base + rng.normal(0, 3)).rounded())
      let local = t + Double(offset)
      let dayStart = (local / 86_400).rounded(.down) * 86_400
      let centis = Int64(((local - dayStart) * 100).rounded(.down))
      let secondsOfDay = Int(centis / 100)
      let hour24 = secondsOfDay / 3600
      let hour12 = hour24 % 12 == 0 ? 12 : hour24 % 12
      try out.append(Self.indents[indent + 1])
      try out.append("<InstantaneousBeatsPerMinute bpm=\"")
      try out.append(int: Int64(bpm))
      try out.append("\" time=\"")
      try out.append(int: Int64(hour12))
      try out.append(byte: 0x3A)
      try out.append(twoDigits: secondsOfDay / 60 % 60)
      try out.append(byte: 0x3A)
      try out.append(twoDigits: secondsOfDay % 60)
      try out.append(byte: 0x2E)
      try out.append(twoDigits: Int(centis % 100))
      try out.append(hour24 < 12 ? " AM\"/>\n" : " PM\"/>\n")
      t += 60 / bpm
    }
    try out.append(Self.indents[indent])
    try out.append("</HeartRateVariabilityMetadataList>\n")
  }
}
