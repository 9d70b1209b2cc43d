/// An RGBA pixel canvas (premultiplied alpha, so averaging down stays exact) with the few
/// fills charts need: rectangles, polygons (even-odd scanline fill), discs, thick polylines
/// and stroke-font text. Shapes are filled with hard edges; `SceneRasterizer` draws at a
/// multiple of the final size and averages down for anti-aliasing.
struct Raster {
  let width: Int
  let height: Int
  /// Premultiplied RGBA, 4 bytes a pixel, row-major.
  var pixels: [UInt8]

  /// A canvas filled with `background`, or transparent when it is nil.
  init(width: Int, height: Int, background: RGB?) {
    self.width = width
    self.height = height
    guard let background else {
      pixels = [UInt8](repeating: 0, count: width * height * 4)
      return
    }
    pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      var i = 0
      while i < buffer.count {
        buffer[i] = background.r
        buffer[i + 1] = background.g
        buffer[i + 2] = background.b
        buffer[i + 3] = 255
        i += 4
      }
      count = buffer.count
    }
  }

  /// Paints pixels `x0..<x1` of row `y` with a colour at an opacity ("over" compositing).
  mutating func span(_ y: Int, _ x0: Int, _ x1: Int, _ c: RGB, _ alpha: Double) {
    guard y >= 0, y < height else { return }
    let a = max(0, x0)
    let b = min(width, x1)
    guard a < b else { return }
    let w = Int(min(1, max(0, alpha)) * 256)
    let inv = 256 - w
    pixels.withUnsafeMutableBufferPointer { p in
      var i = (y * width + a) * 4
      for _ in a..<b {
        if w == 256 {
          p[i] = c.r
          p[i + 1] = c.g
          p[i + 2] = c.b
          p[i + 3] = 255
        } else {
          p[i] = UInt8((Int(p[i]) * inv + Int(c.r) * w) >> 8)
          p[i + 1] = UInt8((Int(p[i + 1]) * inv + Int(c.g) * w) >> 8)
          p[i + 2] = UInt8((Int(p[i + 2]) * inv + Int(c.b) * w) >> 8)
          p[i + 3] = UInt8((Int(p[i + 3]) * inv + 255 * w) >> 8)
        }
        i += 4
      }
    }
  }

  /// The pixels with straight (not premultiplied) alpha, as PNG stores them.
  var straightRGBA: [UInt8] {
    var out = pixels
    var i = 0
    while i < out.count {
      let a = Int(out[i + 3])
      if a > 0, a < 255 {
        for k in 0..<3 { out[i + k] = UInt8(min(255, (Int(out[i + k]) * 255 + a / 2) / a)) }
      }
      i += 4
    }
    return out
  }

  mutating func fillRect(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ c: RGB, _ alpha: Double = 1
  ) {
    let ya = Int((min(y0, y1)).rounded())
    let yb = Int((max(y0, y1)).rounded())
    let xa = Int((min(x0, x1)).rounded())
    let xb = Int((max(x0, x1)).rounded())
    guard ya < yb else { return }
    for y in ya..<yb { span(y, xa, xb, c, alpha) }
  }

  /// Even-odd fill of a polygon, sampling pixel centres.
  mutating func fillPolygon(_ pts: [ChartPoint], _ c: RGB, _ alpha: Double = 1) {
    guard pts.count >= 3 else { return }
    var minY = Double.infinity
    var maxY = -Double.infinity
    for p in pts {
      minY = min(minY, p.y)
      maxY = max(maxY, p.y)
    }
    let y0 = max(0, Int(minY.rounded(.down)))
    let y1 = min(height - 1, Int(maxY.rounded(.up)))
    guard y0 <= y1 else { return }
    var xs: [Double] = []
    xs.reserveCapacity(8)
    for y in y0...y1 {
      let sy = Double(y) + 0.5
      xs.removeAll(keepingCapacity: true)
      var j = pts.count - 1
      for i in 0..<pts.count {
        let a = pts[i]
        let b = pts[j]
        if (a.y <= sy) != (b.y <= sy) {
          xs.append(a.x + (sy - a.y) / (b.y - a.y) * (b.x - a.x))
        }
        j = i
      }
      guard xs.count >= 2 else { continue }
      xs.sort()
      var k = 0
      while k + 1 < xs.count {
        span(y, Int((xs[k] - 0.5).rounded(.up)), Int((xs[k + 1] - 0.5).rounded(.up)), c, alpha)
        k += 2
      }
    }
  }

  mutating func fillDisc(_ cx: Double, _ cy: Double, _ r: Double, _ c: RGB) {
    guard r > 0 else { return }
    let y0 = Int((cy - r).rounded(.down))
    let y1 = Int((cy + r).rounded(.up))
    for y in y0...y1 {
      let dy = Double(y) + 0.5 - cy
      let h = r * r - dy * dy
      guard h >= 0 else { continue }
      let dx = h.squareRoot()
      span(y, Int((cx - dx - 0.5).rounded(.up)), Int((cx + dx - 0.5).rounded(.up)), c, 1)
    }
  }

  /// A thick line segment with square ends (caps and joins come from discs).
  mutating func strokeSegment(_ a: ChartPoint, _ b: ChartPoint, _ w: Double, _ c: RGB) {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let len = (dx * dx + dy * dy).squareRoot()
    guard len > 0 else { return }
    let nx = -dy / len * w / 2
    let ny = dx / len * w / 2
    fillPolygon(
      [
        ChartPoint(a.x + nx, a.y + ny), ChartPoint(b.x + nx, b.y + ny),
        ChartPoint(b.x - nx, b.y - ny), ChartPoint(a.x - nx, a.y - ny),
      ], c)
  }

  /// A polyline with round joins, optionally dashed (dash = on and off length).
  mutating func strokePolyline(_ pts: [ChartPoint], _ w: Double, _ c: RGB, dash: Double = 0) {
    guard pts.count >= 2 else { return }
    if dash <= 0 {
      for i in 1..<pts.count { strokeSegment(pts[i - 1], pts[i], w, c) }
      for p in pts { fillDisc(p.x, p.y, w / 2, c) }
      return
    }
    var on = true
    var left = dash
    for i in 1..<pts.count {
      var a = pts[i - 1]
      let b = pts[i]
      var remaining = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
      while remaining > 0 {
        let stepLength = min(left, remaining)
        let t = stepLength / remaining
        let next = ChartPoint(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
        if on { strokeSegment(a, next, w, c) }
        a = next
        remaining -= stepLength
        left -= stepLength
        if left <= 1e-9 {
          on.toggle()
          left = dash
        }
      }
    }
  }

  /// Stroke-font text (`StrokeFont`) whose capitals are centred on `y`, `size` pixels
  /// high (the font size), with a pen of the font's width.
  mutating func text(
    _ s: String, x: Double, y: Double, anchor: TextAnchor, size: Double, bold: Bool, _ c: RGB
  ) {
    let scale = size * StrokeFont.capShare / StrokeFont.capHeight
    let w = StrokeFont.width(s, size: size)
    var left: Double
    switch anchor {
    case .start: left = x
    case .middle: left = x - w / 2
    case .end: left = x - w
    }
    let baseline = y + StrokeFont.capHeight * scale / 2
    let pen = size * (bold ? StrokeFont.pen.bold : StrokeFont.pen.regular)
    for ch in s {
      let glyph = StrokeFont.glyph(ch)
      for stroke in glyph.strokes {
        let points = stroke.map { ChartPoint(left + $0.x * scale, baseline - $0.y * scale) }
        strokePolyline(points, pen, c)
      }
      left += glyph.advance * scale
    }
  }

  /// Averages 2×2 blocks into a raster of half the size (anti-aliasing).
  func halved() -> Raster {
    let w = width / 2
    let h = height / 2
    var out = Raster(width: w, height: h, background: nil)
    let srcStride = width * 4
    pixels.withUnsafeBufferPointer { src in
      out.pixels.withUnsafeMutableBufferPointer { dst in
        guard let s = src.baseAddress, let d = dst.baseAddress else { return }
        for y in 0..<h {
          let row0 = s + 2 * y * srcStride
          let row1 = row0 + srcStride
          let o = d + y * w * 4
          for x in 0..<w {
            let i = 8 * x
            for c in 0..<4 {
              let sum =
                Int(row0[i + c]) + Int(row0[i + 4 + c]) + Int(row1[i + c]) + Int(row1[i + 4 + c])
              o[4 * x + c] = UInt8(truncatingIfNeeded: (sum + 2) >> 2)
            }
          }
        }
      }
    }
    return out
  }
}
