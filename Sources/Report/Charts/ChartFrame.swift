import HealthModel

/// The layout every chart with one slot per point shares (docs/report.md, "Charts"): a plot
/// area, a y axis with nice ticks and the unit above it, and x labels chosen so they never
/// overlap, counted back from the last point (the as-of date is always labelled).
///
/// Charts are 400 units wide: on a 390 px phone the page gives a chart at least 340 px, so
/// 13-unit text renders at 11 px or more; on wide screens two charts sit side by side.
struct ChartFrame {
  /// Chart width in user units.
  static let width = 400.0
  /// The baseline of the row above the plot (unit label at the left, spare label room at
  /// the right).
  static let headerY = 10.0
  /// Gap between a label and what it labels.
  static let gap = 6.0

  let height: Double
  let count: Int
  let ticks: NiceTicks
  let y: LinearScale
  /// The plot area.
  let plot: ChartBox
  /// Boxes of every text the frame draws (tick labels, unit), for collision checks.
  private(set) var textBoxes: [ChartBox] = []
  /// The frame's elements, drawn first.
  private(set) var elements: [ChartElement] = []

  /// Slot width.
  var slot: Double { (plot.maxX - plot.minX) / Double(max(1, count)) }
  /// The centre of slot `i`.
  func x(_ i: Int) -> Double { plot.minX + (Double(i) + 0.5) * slot }

  /// Lays out a frame.
  ///
  /// - Parameters:
  ///   - count: points along x.
  ///   - height: chart height in user units.
  ///   - ticks: the y ticks; `tickText` writes each.
  ///   - unit: written above the y axis ("" for none).
  ///   - xLabels: a label per slot; `strides` are the label spacings allowed, in slots,
  ///     smallest first (the first that leaves room between labels is used).
  ///   - top: room above the plot.
  ///   - yFlipped: larger values lower down (clock times running down the page).
  init(
    count: Int, height: Double, ticks: NiceTicks, tickText: (Double) -> String, unit: String,
    xLabels: [String], strides: [Int], top: Double = 28, yFlipped: Bool = false
  ) {
    self.count = count
    self.height = height
    self.ticks = ticks
    let font = ChartRole.tickY.light.fontSize
    let tickTexts = ticks.values.map(tickText)
    let widest = tickTexts.map { TextMetrics.width($0, fontSize: font) }.max() ?? 0
    let left = max(30, widest + Self.gap + 4)
    let bottom = 26.0
    // The last x label is centred on the last slot: leave room for its right half.
    let lastHalf = (xLabels.last.map { TextMetrics.width($0, fontSize: font) } ?? 0) / 2
    let plotWidthGuess = Self.width - left - 12
    let slotGuess = plotWidthGuess / Double(max(1, count))
    let right = max(12, lastHalf - slotGuess / 2 + 3)
    plot = ChartBox(minX: left, minY: top, maxX: Self.width - right, maxY: height - bottom)
    y = LinearScale(
      domain: (ticks.lower, ticks.upper),
      range: yFlipped ? (plot.minY, plot.maxY) : (plot.maxY, plot.minY))

    for (t, text) in zip(ticks.values, tickTexts) {
      let ty = y.map(t)
      add(.line(ChartPoint(plot.minX, ty), ChartPoint(plot.maxX, ty)), .grid)
      addText(text, at: ChartPoint(plot.minX - Self.gap, ty), anchor: .end, role: .tickY)
    }
    if !unit.isEmpty {
      addText(unit, at: ChartPoint(2, Self.headerY), anchor: .start, role: .unitLabel)
    }
    // X labels every `stride` slots back from the last one.
    let widestX = xLabels.map { TextMetrics.width($0, fontSize: font) }.max() ?? 0
    let slotWidth = (plot.maxX - plot.minX) / Double(max(1, count))
    let stride =
      strides.first { Double($0) * slotWidth >= widestX + 10 } ?? max(1, strides.last ?? count)
    var i = count - 1
    while i >= 0 {
      let cx = plot.minX + (Double(i) + 0.5) * slotWidth
      if !xLabels[i].isEmpty {
        add(.line(ChartPoint(cx, plot.maxY), ChartPoint(cx, plot.maxY + 4)), .axis)
        addText(xLabels[i], at: ChartPoint(cx, plot.maxY + 15), anchor: .middle, role: .tickX)
      }
      i -= stride
    }
    add(.line(ChartPoint(plot.minX, plot.maxY), ChartPoint(plot.maxX, plot.maxY)), .axis)
  }

  private mutating func add(_ shape: ChartShape, _ role: ChartRole) {
    elements.append(ChartElement(shape, role))
  }

  private mutating func addText(_ text: String, at: ChartPoint, anchor: TextAnchor, role: ChartRole)
  {
    let paint = role.light
    textBoxes.append(
      TextMetrics.box(text, at: at, anchor: anchor, fontSize: paint.fontSize, bold: paint.bold))
    add(.text(at, text, anchor: anchor), role)
  }

  /// The scene with the frame drawn.
  func scene(id: String, title: String, description: String) -> ChartScene {
    var scene = ChartScene(
      width: Self.width, height: height, id: id, title: title, description: description)
    scene.elements = elements
    return scene
  }

  /// Label spacings for daily points: every day, 2 days, then whole weeks.
  static let dayStrides = [1, 2, 7, 14, 21, 28, 35, 42, 56, 63, 91]
  /// Label spacings for weekly points.
  static let weekStrides = [1, 2, 4, 5, 8, 13]
  /// Label spacings for monthly points.
  static let monthStrides = [1, 2, 3, 4, 6]

  /// Strides for a grouping.
  static func strides(_ grouping: ReportWindow.Grouping) -> [Int] {
    switch grouping {
    case .day: dayStrides
    case .week: weekStrides
    case .month: monthStrides
    }
  }

  /// X labels for points starting on `days`: `6 Jul` for days and weeks, `Jul` for months.
  static func labels(_ days: [LocalDay], _ grouping: ReportWindow.Grouping) -> [String] {
    days.map { d in
      grouping == .month ? LocalDay.monthNames[d.components.month - 1] : LocalDayText.dayMonth(d)
    }
  }
}

/// Places a label next to a point where it touches nothing already drawn: the candidate
/// positions around the point are tried in order, and the row above the plot is the
/// fallback (nothing else is drawn there at the right).
struct LabelPlacer {
  /// Boxes to avoid (texts, dots).
  var boxes: [ChartBox] = []
  /// Segments to avoid (lines).
  var segments: [(ChartPoint, ChartPoint)] = []
  /// Where a label may go.
  var bounds: ChartBox

  /// Extra clearance around a label (its halo).
  static let clearance = 2.0

  init(bounds: ChartBox) { self.bounds = bounds }

  /// Adds a polyline's segments as obstacles.
  mutating func avoid(polyline pts: [ChartPoint]) {
    for (a, b) in zip(pts, pts.dropFirst()) { segments.append((a, b)) }
  }

  /// Adds a circle as an obstacle.
  mutating func avoid(circle c: ChartPoint, radius r: Double) {
    boxes.append(ChartBox(minX: c.x - r, minY: c.y - r, maxX: c.x + r, maxY: c.y + r))
  }

  /// Whether a box touches no obstacle and lies inside the bounds.
  func isFree(_ box: ChartBox) -> Bool {
    let b = box.inset(by: Self.clearance)
    guard bounds.contains(box) else { return false }
    if boxes.contains(where: { $0.intersects(b) }) { return false }
    return !segments.contains { b.intersects(segment: $0.0, $0.1) }
  }

  /// The position (text middle) and anchor for `text` beside a marker at `c` of radius
  /// `r`, or the fallback when every candidate collides.
  func place(
    _ text: String, near c: ChartPoint, radius r: Double, fontSize: Double, bold: Bool,
    fallback: (ChartPoint, TextAnchor)
  ) -> (ChartPoint, TextAnchor) {
    let d = r + 5
    var candidates: [(ChartPoint, TextAnchor)] = [
      (ChartPoint(c.x - d, c.y), .end),
      (ChartPoint(c.x - d + 2, c.y - d - 4), .end),
      (ChartPoint(c.x - d + 2, c.y + d + 4), .end),
      (ChartPoint(c.x, c.y - d - 6), .middle),
      (ChartPoint(c.x, c.y + d + 6), .middle),
      (ChartPoint(c.x + d, c.y), .start),
    ]
    for lift in stride(from: 14.0, through: 70, by: 14) {
      candidates.append((ChartPoint(c.x - d + 2, c.y - d - 4 - lift), .end))
      candidates.append((ChartPoint(c.x - d + 2, c.y + d + 4 + lift), .end))
    }
    for (at, anchor) in candidates {
      let box = TextMetrics.box(text, at: at, anchor: anchor, fontSize: fontSize, bold: bold)
      if isFree(box) { return (at, anchor) }
    }
    return fallback
  }
}
