/// Writes a `ChartScene` as clean, hand-written SVG: one element per primitive, classes
/// for the look (see `ChartStyle`), coordinates with two decimals, no scripts and no
/// references outside the file.
public enum SVGWriter {
  /// The SVG text. `standalone` adds the XML namespace and an embedded `<style>` (for
  /// `.svg` files beside a Markdown report); inline SVG in HTML uses the page's style.
  public static func svg(_ scene: ChartScene, standalone: Bool) -> String {
    var out = ""
    out.reserveCapacity(256 + scene.elements.count * 72)
    let titleID = scene.id + "-title"
    let descID = scene.id + "-desc"
    out += "<svg"
    if standalone { out += " xmlns=\"http://www.w3.org/2000/svg\"" }
    out += " class=\"hp-chart\" viewBox=\"0 0 \(n(scene.width)) \(n(scene.height))\""
    out += " width=\"\(n(scene.width))\" height=\"\(n(scene.height))\""
    out += " role=\"img\" aria-labelledby=\"\(titleID) \(descID)\">"
    out += "<title id=\"\(titleID)\">\(Markup.escape(scene.title))</title>"
    out += "<desc id=\"\(descID)\">\(Markup.escape(scene.description))</desc>\n"
    if standalone {
      // A file shown by itself (GitHub shows it through <img>, whatever the page theme)
      // paints its own background, so its colours always have the contrast they were chosen for.
      out += "<style>\n" + ChartStyle.css + standaloneCSS + "</style>\n"
      out +=
        "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(n(scene.width))\" height=\"\(n(scene.height))\"/>\n"
    }
    for element in scene.elements {
      element.write(into: &out)
      out += "\n"
    }
    out += "</svg>"
    return out
  }

  static let standaloneCSS =
    ".hp-chart .background{fill:#ffffff}\n"
    + "@media screen and (prefers-color-scheme: dark){.hp-chart .background{fill:#0d1117}}\n"

  /// A coordinate with at most two decimals (trailing zeros dropped).
  static func n(_ value: Double) -> String {
    var text = Numbers.fixed(value, 2)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }

  static func points(_ pts: [ChartPoint]) -> String {
    var s = ""
    s.reserveCapacity(pts.count * 14)
    for (i, p) in pts.enumerated() {
      if i > 0 { s += " " }
      s += n(p.x) + "," + n(p.y)
    }
    return s
  }
}

extension ChartElement {
  fileprivate func write(into out: inout String) {
    let cls = "class=\"" + role.rawValue + "\""
    let n = SVGWriter.n
    // An element with a tooltip holds it as its `<title>` child.
    let close = title.isEmpty ? "/>" : "><title>" + Markup.escape(title) + "</title>"
    func end(_ tag: String) -> String { title.isEmpty ? "" : "</" + tag + ">" }
    switch shape {
    case .rect(let x, let y, let w, let h):
      out +=
        "<rect \(cls) x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\"\(close)\(end("rect"))"
    case .line(let a, let b):
      out += "<line \(cls) x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\"/>"
    case .polyline(let pts):
      out += "<polyline \(cls) points=\"\(SVGWriter.points(pts))\"/>"
    case .polygon(let pts):
      out += "<polygon \(cls) points=\"\(SVGWriter.points(pts))\"\(close)\(end("polygon"))"
    case .circle(let c, let r):
      out +=
        "<circle \(cls) cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(r))\"\(close)\(end("circle"))"
    case .text(let p, let s, let anchor):
      out += "<text \(cls) x=\"\(n(p.x))\" y=\"\(n(p.y))\""
      if anchor != .start { out += " text-anchor=\"\(anchor.rawValue)\"" }
      out += " dominant-baseline=\"middle\">\(Markup.escape(s))</text>"
    }
  }
}
