import HealthModel

/// Small helpers for writing the vendors' JSON by hand (the generator writes text the way
/// each vendor lays it out; Foundation's encoder would choose its own spacing and order).
enum JSONText {
  /// A JSON string literal.
  static func string(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      default: out.unicodeScalars.append(u)
      }
    }
    return out + "\""
  }

  /// A number with up to `decimals` decimals, trailing zeros kept to one (`95.0`, `14.25`).
  static func number(_ v: Double, _ decimals: Int = 1) -> String {
    let s = NumberFormatting.decimal(v, decimals)
    return s.contains(".") ? s : s + ".0"
  }

  /// `yyyy-MM-ddTHH:mm:ss.0` of an instant seen with `offset` (0 for the `…GMT` fields).
  static func garminTime(_ epoch: Int64, offset: Int32 = 0) -> String {
    isoSeconds(epoch, offset: offset) + ".0"
  }

  /// `yyyy-MM-ddTHH:mm:ss` of an instant seen with `offset`.
  static func isoSeconds(_ epoch: Int64, offset: Int32) -> String {
    let local = epoch + Int64(offset)
    let day = LocalDay(dayNumber: Int32(CivilDate.floorDiv(local, 86_400)))
    let s = Int(local - Int64(day.dayNumber) * 86_400)
    return "\(day)T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))"
  }

  /// Two digits.
  static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

  /// `MM/DD/YY HH:MM:SS` (Fitbit) of an instant seen with `offset`.
  static func fitbitDateTime(_ epoch: Int64, offset: Int32) -> String {
    let iso = isoSeconds(epoch, offset: offset)
    return fitbitDate(String(iso.prefix(10))) + " " + iso.suffix(8)
  }

  /// `MM/DD/YY` of a `yyyy-MM-dd`.
  static func fitbitDate(_ iso: String) -> String {
    let p = iso.split(separator: "-")
    return "\(p[1])/\(p[2])/\(p[0].suffix(2))"
  }
}
