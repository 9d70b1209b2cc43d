import Foundation
import HealthModel

/// A parsed chart (elements from `PythonProbe`) with its scales recovered from the axis
/// labels alone: two y tick labels give value ↔ y, two x tick labels give day ↔ x. Tests
/// invert these to read the drawn points back as (day, value).
struct SVGChart {
  struct Element {
    var tag: String
    var attrib: [String: String]
    var text: String
    var cls: String { attrib["class"] ?? "" }
    func number(_ key: String) -> Double { Double(attrib[key] ?? "") ?? .nan }
    var points: [(Double, Double)] {
      (attrib["points"] ?? "").split(separator: " ").map { pair in
        let xy = pair.split(separator: ",")
        return (Double(xy[0])!, Double(xy[1])!)
      }
    }
  }

  var elements: [Element]
  let year: Int

  init(_ json: Any, year: Int) {
    let list = json as? [[String: Any]] ?? []
    elements = list.map { e in
      Element(
        tag: e["tag"] as? String ?? "", attrib: e["attrib"] as? [String: String] ?? [:],
        text: e["text"] as? String ?? "")
    }
    self.year = year
  }

  func all(_ cls: String) -> [Element] { elements.filter { $0.cls == cls } }

  /// y coordinate → value, from the lowest and highest y tick labels (commas removed).
  func valueAt(y: Double) -> Double {
    let ticks = all("tick-y").map { (v: Self.number($0.text), y: $0.number("y")) }
      .sorted { $0.v < $1.v }
    let a = ticks.first!
    let b = ticks.last!
    return a.v + (y - a.y) / (b.y - a.y) * (b.v - a.v)
  }

  /// The number a tick label starts with: `12,000` → 12000, `8 h` → 8, `+0.5` → 0.5.
  static func number(_ label: String) -> Double {
    let text = label.replacingOccurrences(of: ",", with: "")
    let prefix = text.prefix { "+-0123456789.".contains($0) }
    return Double(prefix)!
  }

  /// Value per unit of y (for tolerances).
  var valuePerUnit: Double { abs(valueAt(y: 1) - valueAt(y: 0)) }

  /// x coordinate → day, from the first and last x tick labels (`6 Jul`).
  func dayAt(x: Double) -> LocalDay {
    let ticks = all("tick-x").map { (d: parse($0.text), x: $0.number("x")) }.sorted { $0.x < $1.x }
    let a = ticks.first!
    let b = ticks.last!
    let span = Double(a.d.distance(to: b.d))
    let offset = (x - a.x) / (b.x - a.x) * span
    return a.d.adding(days: Int(offset.rounded()))
  }

  func parse(_ label: String) -> LocalDay {
    let parts = label.split(separator: " ")
    let month = LocalDay.monthNames.firstIndex(of: String(parts[1]))! + 1
    return LocalDay(year: year, month: month, day: Int(parts[0])!)!
  }
}
