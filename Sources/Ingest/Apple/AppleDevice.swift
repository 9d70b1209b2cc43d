import HealthModel

/// The `device` attribute of an Apple Health record, without the object pointer that
/// changes on every row, and the kind of device it names.
///
/// `<<HKDevice: 0x283a1c1e0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch,
/// hardware:Watch6,1, software:10.2>` becomes `name:Apple Watch, manufacturer:Apple Inc.,
/// model:Watch, hardware:Watch6,1, software:10.2`, a watch.
struct AppleDevice: Sendable, Hashable {
  /// The description without the pointer.
  var text: String
  /// What kind of device it is, from its model, hardware, manufacturer and name.
  var kind: SourceKind

  /// Makers of connected scales (matched case-insensitively in the manufacturer, model and
  /// name fields).
  static let scaleMakers = [
    "withings", "nokia", "eufy", "renpho", "tanita", "qardio", "etekcity", "fitindex",
    "xiaomi", "mi scale", "mi body", "garmin index", "aria", "arboleaf", "yunmai", "omron body",
    "scale", "body cardio", "body+",
  ]

  /// Parses a decoded `device` value.
  init(decoded: String) {
    var body = Substring(decoded)
    if body.hasPrefix("<<HKDevice:") || body.hasPrefix("<HKDevice:") {
      if let close = body.firstIndex(of: ">") {
        body = body[body.index(after: close)...]
        while body.first == "," || body.first == " " { body = body.dropFirst() }
      }
      if body.last == ">" { body = body.dropLast() }
    }
    text = String(body)
    kind = Self.kind(of: text)
  }

  /// The value of `key:` in a description (fields separated by `, `).
  static func field(_ key: String, in text: String) -> String? {
    if let bytes = ASCIIText.bytes(of: text) {
      return ASCIIText.field(Array((key + ":").utf8), in: bytes)
    }
    for part in text.components(separatedBy: ", ") where part.hasPrefix(key + ":") {
      return String(part.dropFirst(key.count + 1))
    }
    return nil
  }

  /// Whether `text` contains `part`: by bytes where both are ASCII (each character one
  /// byte, so the same answer), else as Foundation compares them.
  static func contains(_ text: String, _ part: String) -> Bool {
    if let bytes = ASCIIText.bytes(of: text), let needle = ASCIIText.bytes(of: part) {
      return ASCIIText.find(needle, in: bytes[...]) != nil
    }
    return text.contains(part)
  }

  /// Watch, phone or scale from the model, hardware, manufacturer and name; unknown
  /// otherwise. Never from the pointer or the source name.
  static func kind(of text: String) -> SourceKind {
    let model = field("model", in: text) ?? ""
    let hardware = field("hardware", in: text) ?? ""
    let name = field("name", in: text) ?? ""
    let maker = field("manufacturer", in: text) ?? ""
    if contains(model, "Watch") || hardware.hasPrefix("Watch") { return .watch }
    if contains(model, "iPhone") || hardware.hasPrefix("iPhone") { return .phone }
    let haystack = [maker, model, name].joined(separator: " ").lowercased()
    if scaleMakers.contains(where: { contains(haystack, $0) }) { return .scale }
    if contains(name, "Watch") { return .watch }
    if contains(name, "iPhone") { return .phone }
    return .unknown
  }

  /// The raw (still escaped) bytes that identify a device: everything after the pointer
  /// (`&lt;&lt;HKDevice: 0x…&gt;`), so rows differing only in the pointer share a cache entry.
  static func cacheKey(_ raw: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    // `&lt;&lt;HKDevice: 0x` is 20 bytes; the pointer's hex digits follow, then `&gt;`.
    guard raw.count > 24, raw[0] == 0x26, raw[4] == 0x26 else { return raw }
    var i = 20
    let n = min(raw.count, 64)
    while i < n, raw[i] != 0x26 { i += 1 }
    guard i + 4 <= raw.count, raw[i + 1] == 0x67, raw[i + 2] == 0x74, raw[i + 3] == 0x3B else {
      return raw
    }
    return UnsafeRawBufferPointer(rebasing: raw[(i + 4)...])
  }
}
