/// A legend drawn inside a chart: a swatch and a name per entry, flowing into as many rows
/// as the width needs (a phone-width chart fits four or five entries a row).
enum ChartLegend {
  /// Row height in user units.
  static let rowHeight = 19.0

  /// The legend's elements from `top` (the middle of the first row), and its height.
  static func layout(
    _ entries: [(role: ChartRole, name: String)], left: Double, width: Double, top: Double
  )
    -> (elements: [ChartElement], height: Double)
  {
    let font = ChartRole.legendText.light.fontSize
    var elements: [ChartElement] = []
    var x = left
    var y = top
    for e in entries {
      let w = 11 + 5 + TextMetrics.width(e.name, fontSize: font)
      if x > left, x + w > width - 4 {
        x = left
        y += rowHeight
      }
      elements.append(ChartElement(.rect(x: x, y: y - 5.5, width: 11, height: 11), e.role))
      elements.append(
        ChartElement(.text(ChartPoint(x + 16, y), e.name, anchor: .start), .legendText))
      x += w + 14
    }
    return (elements, y - top + rowHeight)
  }
}
