/// An RGB colour.
public struct RGB: Sendable, Hashable {
  /// Red 0-255.
  public var r: UInt8
  /// Green 0-255.
  public var g: UInt8
  /// Blue 0-255.
  public var b: UInt8
  /// From a 24-bit hex value.
  public init(_ hex: UInt32) {
    r = UInt8((hex >> 16) & 0xFF)
    g = UInt8((hex >> 8) & 0xFF)
    b = UInt8(hex & 0xFF)
  }
  /// `#rrggbb`.
  public var css: String {
    let digits = Array("0123456789abcdef")
    var s = "#"
    for v in [r, g, b] {
      s.append(digits[Int(v >> 4)])
      s.append(digits[Int(v & 0xF)])
    }
    return s
  }
}

/// The look of every kind of chart element. The palette is Okabe–Ito (safe for the common
/// colour-vision deficiencies); meaning is never carried by red versus green, and every
/// series also differs by shape or position and is named in a legend, label or caption.
/// Text sizes are in chart units; charts are drawn so that one unit is at least 0.85 CSS px
/// on a 390 px phone (docs/report.md, "Phone first").
public enum ChartRole: String, Sendable, CaseIterable {
  /// Horizontal grid lines at y ticks.
  case grid
  /// Axis lines.
  case axis
  /// Date labels under the x axis.
  case tickX = "tick-x"
  /// Value labels beside the y grid lines.
  case tickY = "tick-y"
  /// The unit above the y axis.
  case unitLabel = "unit-label"
  /// The normal range of the 7-day average.
  case band
  /// The 60-day average (the middle of the band), dashed.
  case baseline
  /// A label naming a reference line (the e-mail chart's "last week" mean).
  case baselineLabel = "baseline-label"
  /// The 7-day average (or the joined readings of a sparse metric).
  case line
  /// A day's value: a light dot.
  case dot
  /// The middle half of a week's or month's days: a bar through its point.
  case spread
  /// The latest value, marked larger.
  case latest
  /// The latest value's label.
  case latestLabel = "latest-label"
  /// Text shown instead of data that is missing.
  case emptyNote = "empty-note"
  /// Deep sleep.
  case barDeep = "bar-deep"
  /// Core sleep.
  case barCore = "bar-core"
  /// REM sleep.
  case barREM = "bar-rem"
  /// Awake during the night.
  case barAwake = "bar-awake"
  /// Asleep without a stage.
  case barUnstaged = "bar-unstaged"
  /// A night cut off by the export: its asleep time as an outlined grey bar.
  case barPartial = "bar-partial"
  /// Time in bed (outline).
  case inBed = "in-bed"
  /// A nap on a night's day: a dot above its bar (never part of the bar).
  case napDot = "nap-dot"
  /// Legend labels.
  case legendText = "legend-text"
  /// A plain bar (workout minutes).
  case bar = "workout-bar"
  /// A bar above the zero line (warmer than usual).
  case barAbove = "bar-above"
  /// A bar below the zero line (cooler than usual).
  case barBelow = "bar-below"
  /// The zero line of a chart of deviations.
  case zero
  /// A value label on a bar.
  case barLabel = "bar-label"
  /// A night from bedtime to wake time.
  case sleepWindow = "sleep-window"
  /// Bedtime and wake-time ends of a night.
  case sleepEnd = "sleep-end"
  /// Blood pressure: the line from diastolic to systolic.
  case pressure
  /// Blood pressure: the systolic (upper) reading.
  case systolic
  /// Blood pressure: the diastolic (lower) reading.
  case diastolic
  /// A goal day in a streak history.
  case stripGoal = "strip-goal"
  /// A missed day.
  case stripMissed = "strip-missed"
  /// A day bridged by a rest day (freeze).
  case stripFrozen = "strip-frozen"
  /// A day without data.
  case stripNone = "strip-none"

  /// Paint attributes of a role in one colour scheme.
  public struct Paint: Sendable {
    /// Fill colour, nil for none.
    public var fill: RGB?
    /// Stroke colour, nil for none.
    public var stroke: RGB?
    /// Stroke width in user units.
    public var strokeWidth: Double = 0
    /// Dash length (0 = solid).
    public var dash: Double = 0
    /// Fill opacity 0-1.
    public var fillOpacity: Double = 1
    /// Font size for text.
    public var fontSize: Double = 13
    /// Bold text.
    public var bold = false
  }

  // Okabe–Ito colours.
  static let blue = RGB(0x0072B2)
  static let sky = RGB(0x56B4E9)
  static let orange = RGB(0xE69F00)
  static let green = RGB(0x009E73)
  static let purple = RGB(0xCC79A7)
  static let vermillion = RGB(0xD55E00)
  static let grey = RGB(0x999999)

  /// The paint in the light scheme (also used for PNG images).
  public var light: Paint { paint(dark: false) }
  /// The paint in the dark scheme.
  public var dark: Paint { paint(dark: true) }

  private func paint(dark: Bool) -> Paint {
    let text = dark ? RGB(0xE6E8EB) : RGB(0x1F2328)
    let muted = dark ? RGB(0xA8B0B9) : RGB(0x57606A)
    let gridColor = dark ? RGB(0x3A4048) : RGB(0xD8DEE4)
    let background = dark ? RGB(0x161B22) : RGB(0xFFFFFF)
    let seriesColor = dark ? Self.sky : Self.blue
    switch self {
    case .grid: return Paint(stroke: gridColor, strokeWidth: 1)
    case .axis: return Paint(stroke: muted, strokeWidth: 1)
    case .tickX, .tickY, .unitLabel, .legendText: return Paint(fill: muted, fontSize: 13)
    case .emptyNote: return Paint(fill: muted, fontSize: 13)
    case .band: return Paint(fill: Self.sky, fillOpacity: dark ? 0.22 : 0.26)
    case .baseline:
      return Paint(stroke: dark ? RGB(0x3CC29B) : Self.green, strokeWidth: 1.25, dash: 4)
    case .baselineLabel: return Paint(fill: muted, fontSize: 13)
    case .line: return Paint(stroke: seriesColor, strokeWidth: 2.5)
    case .dot: return Paint(fill: seriesColor, fillOpacity: dark ? 0.62 : 0.42)
    case .spread: return Paint(stroke: dark ? RGB(0x6A7785) : RGB(0x9AA4AF), strokeWidth: 3)
    case .latest: return Paint(fill: Self.orange, stroke: text, strokeWidth: 1.5)
    case .latestLabel: return Paint(fill: text, fontSize: 13, bold: true)
    // Sleep stages alternate dark and light up the bar, so neighbours differ by at least
    // 3:1 in contrast in both schemes (deep–core, core–REM, REM–awake, and no stage–awake
    // for nights without stages; docs/report.md, "Words and colours"); a nap is a green dot,
    // never REM's purple.
    case .barDeep: return Paint(fill: dark ? RGB(0x2F62C4) : RGB(0x1B3F8F))
    case .barCore: return Paint(fill: dark ? RGB(0xA9DFF8) : RGB(0x7CC8F0))
    case .barREM: return Paint(fill: dark ? RGB(0x9A4FB8) : RGB(0x7A2E8E))
    case .barAwake: return Paint(fill: dark ? RGB(0xF8CF72) : RGB(0xF2B33D))
    case .barUnstaged: return Paint(fill: dark ? RGB(0x5A6572) : RGB(0x4F5A66))
    case .barPartial:
      return Paint(fill: muted, stroke: muted, strokeWidth: 1, dash: 3, fillOpacity: 0.25)
    case .inBed: return Paint(stroke: muted, strokeWidth: 1, dash: 3)
    case .napDot: return Paint(fill: dark ? RGB(0x35C99B) : RGB(0x009E73))
    case .bar: return Paint(fill: seriesColor)
    case .barAbove: return Paint(fill: Self.vermillion)
    case .barBelow: return Paint(fill: seriesColor)
    case .zero: return Paint(stroke: muted, strokeWidth: 1.25)
    case .barLabel: return Paint(fill: text, fontSize: 13)
    case .sleepWindow: return Paint(fill: seriesColor, fillOpacity: 0.55)
    case .sleepEnd: return Paint(fill: seriesColor)
    case .pressure: return Paint(stroke: muted, strokeWidth: 2)
    case .systolic: return Paint(fill: Self.vermillion)
    case .diastolic: return Paint(fill: seriesColor)
    case .stripGoal: return Paint(fill: seriesColor)
    case .stripMissed: return Paint(fill: background, stroke: muted, strokeWidth: 1)
    case .stripFrozen: return Paint(fill: Self.sky, stroke: seriesColor, strokeWidth: 1)
    case .stripNone: return Paint(fill: gridColor)
    }
  }
}
