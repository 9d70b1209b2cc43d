/// An axis-aligned box in chart coordinates, for collision tests.
public struct ChartBox: Sendable, Hashable {
  /// Left edge.
  public var minX: Double
  /// Top edge.
  public var minY: Double
  /// Right edge.
  public var maxX: Double
  /// Bottom edge.
  public var maxY: Double

  /// Creates a box from its edges.
  public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// The box grown by `margin` on every side.
  public func inset(by margin: Double) -> ChartBox {
    ChartBox(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
  }

  /// Whether two boxes share any area.
  public func intersects(_ o: ChartBox) -> Bool {
    minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
  }

  /// Whether `o` lies inside this box.
  public func contains(_ o: ChartBox) -> Bool {
    o.minX >= minX && o.maxX <= maxX && o.minY >= minY && o.maxY <= maxY
  }

  /// Whether the segment a–b passes through the box (Liang–Barsky clipping).
  public func intersects(segment a: ChartPoint, _ b: ChartPoint) -> Bool {
    var t0 = 0.0
    var t1 = 1.0
    let dx = b.x - a.x
    let dy = b.y - a.y
    for (p, q) in [(-dx, a.x - minX), (dx, maxX - a.x), (-dy, a.y - minY), (dy, maxY - a.y)] {
      if p == 0 {
        if q < 0 { return false }
      } else {
        let r = q / p
        if p < 0 {
          if r > t1 { return false }
          t0 = max(t0, r)
        } else {
          if r < t0 { return false }
          t1 = min(t1, r)
        }
      }
    }
    return t0 <= t1
  }
}

/// Text sizes without a font file: a conservative estimate of the advance width of the
/// system sans-serif faces the report names (SF, Segoe UI, Roboto, DejaVu Sans), so a label
/// placed by its estimated box never touches what it was placed to avoid. DejaVu Sans, the
/// widest of them, sets digits at 0.636 em; the estimate uses that for digits and lower-case
/// letters and more for capitals and bold.
public enum TextMetrics {
  /// Estimated width of `text` at `fontSize` user units.
  public static func width(_ text: String, fontSize: Double, bold: Bool = false) -> Double {
    var em = 0.0
    for ch in text.unicodeScalars {
      switch ch {
      case " ": em += 0.32
      case ".", ",", ":", ";", "'", "|", "i", "l", "j", "!": em += 0.34
      case "(", ")", "[", "]", "/", "f", "t", "r": em += 0.45
      case "m", "w", "M", "W", "%", "@": em += 0.98
      case "–", "—", "−", "+", "=", "<", ">", "≥", "≤", "±": em += 0.84
      default:
        em += ch.properties.isUppercase ? 0.76 : 0.64
      }
    }
    return em * fontSize * (bold ? 1.08 : 1)
  }

  /// The box of a text drawn at `at` (its vertical middle, as `ChartShape.text` places it)
  /// with an anchor.
  public static func box(
    _ text: String, at: ChartPoint, anchor: TextAnchor, fontSize: Double, bold: Bool = false
  ) -> ChartBox {
    let w = width(text, fontSize: fontSize, bold: bold)
    let left: Double
    switch anchor {
    case .start: left = at.x
    case .middle: left = at.x - w / 2
    case .end: left = at.x - w
    }
    // Cap height plus descenders: about 1.2 em centred on the middle line.
    let half = fontSize * 0.6
    return ChartBox(minX: left, minY: at.y - half, maxX: left + w, maxY: at.y + half)
  }
}
