/// Pre-encoded pieces of `Record` lines, so writing a record is mostly copying bytes.
struct AppleRecordText {
  /// ` <Record type="…" sourceName="…" sourceVersion="` per (type, source).
  private var prefixes: [[UInt8]?] = Array(repeating: nil, count: 256)
  /// `" unit="…" creationDate="` (or without unit) per (type, source).
  private var units: [[UInt8]?] = Array(repeating: nil, count: 256)
  /// Version strings by (source, step).
  private var versions: [Int: [UInt8]] = [:]

  private static func key(_ type: SyntheticRecordType, _ source: DeviceSource) -> Int {
    Int(type.rawValue) * 8 + Int(source.rawValue)
  }

  /// The opening up to `sourceVersion="`.
  mutating func prefix(_ type: SyntheticRecordType, _ source: DeviceSource) -> [UInt8] {
    let k = Self.key(type, source)
    if let p = prefixes[k] { return p }
    let p = Array(
      "<Record type=\"\(type.identifier)\" sourceName=\"\(source.name)\" sourceVersion=\"".utf8)
    prefixes[k] = p
    return p
  }

  /// From the closing quote of the version (or device) to `creationDate="`.
  mutating func unit(_ type: SyntheticRecordType, _ source: DeviceSource) -> [UInt8] {
    let k = Self.key(type, source)
    if let u = units[k] { return u }
    let unit = RecordUnits.unit(type, source)
    let u = Array(
      (unit.isEmpty ? "\" creationDate=\"" : "\" unit=\"\(unit)\" creationDate=\"").utf8)
    units[k] = u
    return u
  }

  /// The software version of a source at a step of the update ladder.
  mutating func version(_ source: DeviceSource, step: Int) -> [UInt8] {
    let k = step * 8 + Int(source.rawValue)
    if let v = versions[k] { return v }
    let text: String
    switch source {
    case .watch: text = SoftwareVersions.watchOS(step)
    case .phone, .healthApp: text = SoftwareVersions.iOS(step)
    case .scale: text = PersonProfile.scaleSourceVersion
    case .cuff: text = PersonProfile.cuffVersion
    case .ring: text = "3.0"
    case .sleepApp: text = PersonProfile.sleepAppVersion
    }
    let v = Array(text.utf8)
    versions[k] = v
    return v
  }

  /// `" device="&lt;&lt;HKDevice: 0x` for sources that write a device.
  static let devicePrefix = Array("\" device=\"&lt;&lt;HKDevice: 0x28".utf8)

  /// The device description after the pointer, up to `software:`.
  static func deviceBody(_ source: DeviceSource) -> [UInt8]? {
    switch source {
    case .watch:
      Array(
        "0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:\(PersonProfile.watchHardware), software:"
          .utf8)
    case .phone:
      Array(
        "0&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:\(PersonProfile.phoneHardware), software:"
          .utf8)
    case .scale:
      Array("0&gt;, name:Body+, manufacturer:Withings, model:WBS05, firmware:".utf8)
    case .cuff:
      Array("0&gt;, name:BP7250, manufacturer:OMRON HEALTHCARE, model:HEM-7155T, firmware:".utf8)
    case .healthApp, .ring, .sleepApp:
      nil
    }
  }

  /// Firmware written for devices that are not Apple's.
  static func firmware(_ source: DeviceSource) -> [UInt8] {
    Array((source == .scale ? "1320" : "1.04").utf8)
  }

  /// Category value names.
  static func categoryValue(_ r: SyntheticRecord) -> String? {
    switch r.type {
    case .sleepAnalysis:
      switch SleepStageKind(rawValue: r.category)! {
      case .inBed: return "HKCategoryValueSleepAnalysisInBed"
      case .asleepUnspecified: return "HKCategoryValueSleepAnalysisAsleepUnspecified"
      case .core: return "HKCategoryValueSleepAnalysisAsleepCore"
      case .deep: return "HKCategoryValueSleepAnalysisAsleepDeep"
      case .rem: return "HKCategoryValueSleepAnalysisAsleepREM"
      case .awake: return "HKCategoryValueSleepAnalysisAwake"
      }
    case .standHour:
      return r.category == 1
        ? "HKCategoryValueAppleStandHourStood" : "HKCategoryValueAppleStandHourIdle"
    default:
      return nil
    }
  }
}
