/// A point in chart coordinates (SVG user units; y grows downwards).
public struct ChartPoint: Sendable, Hashable {
  /// Horizontal position.
  public var x: Double
  /// Vertical position.
  public var y: Double
  /// Creates a point.
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
}

/// Horizontal alignment of a text label relative to its anchor point.
public enum TextAnchor: String, Sendable {
  /// Text starts at x.
  case start
  /// Text is centred on x.
  case middle
  /// Text ends at x.
  case end
}

/// One drawing primitive.
public enum ChartShape: Sendable {
  /// An axis-aligned rectangle.
  case rect(x: Double, y: Double, width: Double, height: Double)
  /// A straight line.
  case line(ChartPoint, ChartPoint)
  /// An open polyline (one unbroken segment of a series).
  case polyline([ChartPoint])
  /// A closed, filled polygon.
  case polygon([ChartPoint])
  /// A circle.
  case circle(center: ChartPoint, radius: Double)
  /// A text label; y is the label's vertical middle.
  case text(ChartPoint, String, anchor: TextAnchor)
}

/// A primitive with the role that decides its look (CSS class in SVG, colour in PNG).
public struct ChartElement: Sendable {
  /// What to draw.
  public var shape: ChartShape
  /// How it looks.
  public var role: ChartRole
  /// A tooltip naming what the element stands for (`Sat 14 Nov: goal met`), or "".
  public var title = ""
  /// Creates an element.
  public init(_ shape: ChartShape, _ role: ChartRole, title: String = "") {
    self.shape = shape
    self.role = role
    self.title = title
  }
}

/// A whole chart: size, accessible title and description, and primitives in paint order.
/// Rendered to SVG by `SVGWriter` and to pixels by `SceneRasterizer`.
public struct ChartScene: Sendable {
  /// Width in user units.
  public var width: Double
  /// Height in user units.
  public var height: Double
  /// Unique id prefix in the document (`chart-steps`); the title and description get
  /// `<id>-title` and `<id>-desc`.
  public var id: String
  /// Short accessible title.
  public var title: String
  /// Longer accessible description (what is drawn, latest value, range).
  public var description: String
  /// Primitives, back to front.
  public var elements: [ChartElement] = []

  /// Creates an empty scene.
  public init(width: Double, height: Double, id: String, title: String, description: String) {
    self.width = width
    self.height = height
    self.id = id
    self.title = title
    self.description = description
  }

  /// Appends a primitive, with an optional tooltip.
  public mutating func add(_ shape: ChartShape, _ role: ChartRole, title: String = "") {
    elements.append(ChartElement(shape, role, title: title))
  }
}
