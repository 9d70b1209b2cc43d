import Foundation

/// Draws a `ChartScene` into pixels (with the light palette unless told otherwise), at
/// `scale` output pixels per user unit, supersampled for smooth edges, text in the stroke
/// font (`StrokeFont`), and encodes it as PNG (RGBA, so a background can be left out).
public enum SceneRasterizer {
  /// The colours and sizes of each role.
  public typealias Palette = @Sendable (ChartRole) -> ChartRole.Paint

  /// Output pixels per user unit (2 gives sharp images on high-density screens).
  public static let scale = 2
  /// Samples per output pixel along each axis (`Raster.halved` averages 2×2).
  static let supersample = 2

  /// PNG bytes of the scene, on `background` (nil: transparent, with alpha).
  public static func png(
    _ scene: ChartScene, palette: Palette = { $0.light }, background: RGB? = RGB(0xFFFFFF)
  ) throws -> [UInt8] {
    let r = raster(scene, palette: palette, background: background)
    return try PNGEncoder.encode(width: r.width, height: r.height, rgba: r.straightRGBA)
  }

  static func raster(
    _ scene: ChartScene, palette: Palette = { $0.light }, background: RGB? = RGB(0xFFFFFF)
  ) -> Raster {
    let k = Double(scale * supersample)
    var canvas = Raster(
      width: Int((scene.width * Double(scale)).rounded()) * supersample,
      height: Int((scene.height * Double(scale)).rounded()) * supersample, background: background
    )
    func p(_ q: ChartPoint) -> ChartPoint { ChartPoint(q.x * k, q.y * k) }
    for e in scene.elements where drawable(e.shape) {
      let paint = palette(e.role)
      switch e.shape {
      case .rect(let x, let y, let w, let h):
        if let f = paint.fill {
          canvas.fillRect(x * k, y * k, (x + w) * k, (y + h) * k, f, paint.fillOpacity)
        }
        if let s = paint.stroke {
          let corners = [
            ChartPoint(x, y), ChartPoint(x + w, y), ChartPoint(x + w, y + h), ChartPoint(x, y + h),
            ChartPoint(x, y),
          ].map(p)
          canvas.strokePolyline(corners, max(1, paint.strokeWidth * k), s, dash: paint.dash * k)
        }
      case .line(let a, let b):
        if let s = paint.stroke {
          canvas.strokePolyline(
            [p(a), p(b)], max(1, paint.strokeWidth * k), s, dash: paint.dash * k)
        }
      case .polyline(let pts):
        if let s = paint.stroke {
          canvas.strokePolyline(pts.map(p), max(1, paint.strokeWidth * k), s, dash: paint.dash * k)
        }
      case .polygon(let pts):
        if let f = paint.fill { canvas.fillPolygon(pts.map(p), f, paint.fillOpacity) }
        if let s = paint.stroke {
          canvas.strokePolyline((pts + [pts[0]]).map(p), max(1, paint.strokeWidth * k), s)
        }
      case .circle(let c, let r):
        let q = p(c)
        if let s = paint.stroke, let f = paint.fill {
          canvas.fillDisc(q.x, q.y, r * k + paint.strokeWidth * k / 2, s)
          canvas.fillDisc(q.x, q.y, r * k - paint.strokeWidth * k / 2, f)
        } else if let s = paint.stroke {
          // A ring with nothing inside: the background (or transparency) shows through.
          let ring = (0...32).map { i in
            let a = Double(i) / 32 * 2 * Double.pi
            return ChartPoint(q.x + r * k * cos(a), q.y + r * k * sin(a))
          }
          canvas.strokePolyline(ring, max(1, paint.strokeWidth * k), s)
        } else if let f = paint.fill {
          canvas.fillDisc(q.x, q.y, r * k, f)
        }
      case .text(let at, let s, let anchor):
        let q = p(at)
        canvas.text(
          s, x: q.x, y: q.y, anchor: anchor, size: paint.fontSize * k, bold: paint.bold,
          paint.fill ?? RGB(0))
      }
    }
    return canvas.halved()
  }

  /// Whether every coordinate of a shape is a finite number within a million units: a value
  /// that maps to `nan` or `inf` (an exponent overflowing on a damaged table's number) is
  /// left out of the picture instead of trapping in the conversion to pixels. Its number is
  /// still in the report's data table.
  static func drawable(_ shape: ChartShape) -> Bool {
    func ok(_ v: Double) -> Bool { v.magnitude <= 1e6 }
    func ok(_ q: ChartPoint) -> Bool { ok(q.x) && ok(q.y) }
    switch shape {
    case .rect(let x, let y, let w, let h): return ok(x) && ok(y) && ok(w) && ok(h)
    case .line(let a, let b): return ok(a) && ok(b)
    case .polyline(let pts), .polygon(let pts): return !pts.isEmpty && pts.allSatisfy(ok)
    case .circle(let c, let r): return ok(c) && ok(r)
    case .text(let at, _, _): return ok(at)
    }
  }
}
