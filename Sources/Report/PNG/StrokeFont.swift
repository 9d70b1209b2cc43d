import Foundation

/// A small sans-serif stroke font for the text in PNG charts (the e-mail's): each glyph is a
/// few pen strokes on a grid where the baseline is 0, the x-height 7 and the cap height 10
/// (descenders to −3), drawn as round-capped lines and anti-aliased by the rasterizer.
/// Strokes stay legible at the 12–13 CSS px a phone shows, where a 5×7 bitmap font turned
/// "W" into "LJ" (docs/report-inputs.md, "The weekly e-mail"). Drawn for healthpipe; the
/// shapes follow the plain geometric sans letters of road signs and plotters.
enum StrokeFont {
  /// A point of a stroke, in font units (y up from the baseline).
  typealias Point = (x: Double, y: Double)

  /// A glyph: its advance width (font units, spacing included) and its strokes.
  struct Glyph: Sendable {
    var advance: Double
    var strokes: [[Point]]
  }

  /// Font units per cap height.
  static let capHeight = 10.0
  /// The cap height as a share of the font size (a 13-unit font has 9.1-unit capitals).
  static let capShare = 0.7
  /// Space between glyphs, font units.
  static let spacing = 1.6
  /// Pen width as a share of the font size (regular, bold).
  static let pen = (regular: 0.09, bold: 0.125)

  /// Width of a text at `size` user units.
  static func width(_ text: String, size: Double) -> Double {
    let units = text.reduce(0.0) { $0 + glyph($1).advance } - (text.isEmpty ? 0 : spacing)
    return max(0, units) * size * capShare / capHeight
  }

  /// The glyph of a character (a question mark for one the font lacks).
  static func glyph(_ c: Character) -> Glyph {
    glyphs[c] ?? glyphs["?"]!
  }

  // MARK: Building blocks

  /// An elliptical arc from `a0` to `a1` degrees (counterclockwise from +x; a1 < a0 runs
  /// clockwise), in steps of at most 15°.
  static func arc(
    _ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, _ a0: Double, _ a1: Double
  ) -> [Point] {
    let n = max(2, Int((abs(a1 - a0) / 15).rounded(.up)))
    return (0...n).map { i in
      let a = (a0 + (a1 - a0) * Double(i) / Double(n)) * .pi / 180
      return (cx + rx * cos(a), cy + ry * sin(a))
    }
  }

  /// A whole ellipse.
  static func ring(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> [Point] {
    arc(cx, cy, rx, ry, 0, 360)
  }

  /// A dot (a stroke of no length: the round cap).
  static func dot(_ x: Double, _ y: Double) -> [Point] { [(x, y), (x, y + 0.01)] }

  /// Points from a flat list `x0, y0, x1, y1, …`.
  static func pts(_ v: Double...) -> [Point] {
    stride(from: 0, to: v.count - 1, by: 2).map { (v[$0], v[$0 + 1]) }
  }

  static func g(_ width: Double, _ strokes: [Point]...) -> Glyph {
    Glyph(advance: width + spacing, strokes: strokes)
  }

  // MARK: Glyphs

  static let glyphs: [Character: Glyph] = {
    var m: [Character: Glyph] = [:]
    digits(&m)
    capitals(&m)
    lower(&m)
    punctuation(&m)
    return m
  }()

  static func digits(_ m: inout [Character: Glyph]) {
    m["0"] = g(6, ring(3, 5, 3, 5))
    m["1"] = g(6, pts(1, 8, 3.4, 10, 3.4, 0))
    m["2"] = g(6, arc(3, 7, 3, 3, 160, -35) + pts(0, 0, 6, 0))
    m["3"] = g(6, arc(3, 7.6, 2.7, 2.4, 155, -90), arc(3, 2.7, 3, 2.7, 90, -155))
    m["4"] = g(6.4, pts(4.8, 0, 4.8, 10, 0, 3, 6.4, 3))
    m["5"] = g(6, pts(5.6, 10, 0.8, 10, 0.4, 5.4) + arc(3, 3.2, 3, 3.2, 125, -150))
    m["6"] = g(6, pts(5.2, 9.3, 3.6, 10, 2, 9.5, 0.7, 8, 0.05, 5.5, 0, 3), ring(3, 3, 3, 3))
    m["7"] = g(6, pts(0, 10, 6, 10, 2.2, 0))
    m["8"] = g(6, ring(3, 7.6, 2.6, 2.4), ring(3, 2.6, 3, 2.6))
    m["9"] = g(6, ring(3, 7, 3, 3), pts(6, 7, 5.95, 4.5, 5.3, 2, 4, 0.5, 2.4, 0, 0.8, 0.7))
  }

  static func capitals(_ m: inout [Character: Glyph]) {
    m["A"] = g(7, pts(0, 0, 3.5, 10, 7, 0), pts(1.3, 3.6, 5.7, 3.6))
    m["B"] = g(
      6, pts(3.8, 5.2, 0, 5.2, 0, 10, 3.6, 10) + arc(3.6, 7.6, 2.3, 2.4, 90, -90),
      pts(0, 5.2, 0, 0, 3.8, 0) + arc(3.8, 2.6, 2.4, 2.6, -90, 90) + pts(3.8, 5.2))
    m["C"] = g(6.6, arc(3.7, 5, 3.7, 5, 42, 318))
    m["D"] = g(6.8, pts(2.6, 0, 0, 0, 0, 10, 2.6, 10) + arc(2.6, 5, 4.2, 5, 90, -90))
    m["E"] = g(5.6, pts(5.6, 10, 0, 10, 0, 0, 5.6, 0), pts(0, 5.2, 4.6, 5.2))
    m["F"] = g(5.4, pts(5.4, 10, 0, 10, 0, 0), pts(0, 5.2, 4.4, 5.2))
    m["G"] = g(7, arc(3.7, 5, 3.7, 5, 42, 335) + pts(7.1, 4.5, 4.2, 4.5))
    m["H"] = g(6.4, pts(0, 0, 0, 10), pts(6.4, 0, 6.4, 10), pts(0, 5.2, 6.4, 5.2))
    m["I"] = g(0.4, pts(0.2, 0, 0.2, 10))
    m["J"] = g(5, pts(5, 10, 5, 3) + arc(2.5, 3, 2.5, 3, 0, -180))
    m["K"] = g(6, pts(0, 0, 0, 10), pts(6, 10, 0, 3.6), pts(2.1, 5.6, 6.3, 0))
    m["L"] = g(5.4, pts(0, 10, 0, 0, 5.4, 0))
    m["M"] = g(8, pts(0, 0, 0, 10, 4, 2.4, 8, 10, 8, 0))
    m["N"] = g(6.6, pts(0, 0, 0, 10, 6.6, 0, 6.6, 10))
    m["O"] = g(7.6, ring(3.8, 5, 3.8, 5))
    m["P"] = g(6, pts(0, 0, 0, 10, 3.6, 10) + arc(3.6, 7.3, 2.5, 2.7, 90, -90) + pts(0, 4.6))
    m["Q"] = g(7.6, ring(3.8, 5, 3.8, 5), pts(4.6, 2.6, 7.8, -0.8))
    m["R"] = g(
      6.2, pts(0, 0, 0, 10, 3.6, 10) + arc(3.6, 7.3, 2.5, 2.7, 90, -90) + pts(0, 4.6),
      pts(3.2, 4.6, 6.2, 0))
    m["S"] = g(
      6,
      pts(
        5.6, 8.7, 4.7, 9.7, 3, 10, 1.3, 9.7, 0.4, 8.7, 0.4, 7.2, 1.4, 6.1, 4.6, 4.3, 5.6, 3.2,
        5.8, 1.8, 5, 0.5, 3, 0, 1.2, 0.3, 0.1, 1.5))
    m["T"] = g(6.4, pts(0, 10, 6.4, 10), pts(3.2, 10, 3.2, 0))
    m["U"] = g(6.4, pts(0, 10, 0, 3.2) + arc(3.2, 3.2, 3.2, 3.2, 180, 360) + pts(6.4, 10))
    m["V"] = g(7, pts(0, 10, 3.5, 0, 7, 10))
    m["W"] = g(9.6, pts(0, 10, 2.3, 0, 4.8, 8.2, 7.3, 0, 9.6, 10))
    m["X"] = g(6.6, pts(0, 10, 6.6, 0), pts(0, 0, 6.6, 10))
    m["Y"] = g(7, pts(0, 10, 3.5, 5, 7, 10), pts(3.5, 5, 3.5, 0))
    m["Z"] = g(6, pts(0, 10, 6, 10, 0, 0, 6, 0))
  }

  static func lower(_ m: inout [Character: Glyph]) {
    m["a"] = g(5.4, ring(2.7, 3.5, 2.7, 3.5), pts(5.4, 7, 5.4, 0))
    m["b"] = g(5.4, pts(0, 10, 0, 0), ring(2.7, 3.5, 2.7, 3.5))
    m["c"] = g(5.2, arc(2.9, 3.5, 2.9, 3.5, 45, 315))
    m["d"] = g(5.4, ring(2.7, 3.5, 2.7, 3.5), pts(5.4, 10, 5.4, 0))
    m["e"] = g(5.6, pts(0.05, 3.6, 5.6, 3.6) + arc(2.8, 3.5, 2.8, 3.5, 0, 318))
    m["f"] = g(3.8, pts(3.9, 9.6, 3.1, 10, 2.2, 9.8, 1.6, 9, 1.5, 7.6, 1.5, 0), pts(0, 7, 3.6, 7))
    m["g"] = g(
      5.4, ring(2.7, 3.6, 2.7, 3.4), pts(5.4, 7, 5.4, -0.6) + arc(2.9, -0.6, 2.5, 2.4, 0, -165))
    m["h"] = g(5.2, pts(0, 10, 0, 0), pts(0, 4.4) + arc(2.6, 4.4, 2.6, 2.6, 180, 0) + pts(5.2, 0))
    m["i"] = g(0.4, pts(0.2, 7, 0.2, 0), dot(0.2, 9.4))
    m["j"] = g(2.2, pts(2, 7, 2, -1.4) + arc(0.5, -1.4, 1.5, 1.6, 0, -150), dot(2, 9.4))
    m["k"] = g(5, pts(0, 10, 0, 0), pts(4.8, 7, 0, 2.6), pts(1.8, 4.1, 5, 0))
    m["l"] = g(0.4, pts(0.2, 10, 0.2, 0))
    m["m"] = g(
      8.4, pts(0, 7, 0, 0), pts(0, 4.8) + arc(2.1, 4.8, 2.1, 2.2, 180, 0) + pts(4.2, 0),
      pts(4.2, 4.8) + arc(6.3, 4.8, 2.1, 2.2, 180, 0) + pts(8.4, 0))
    m["n"] = g(5.2, pts(0, 7, 0, 0), pts(0, 4.4) + arc(2.6, 4.4, 2.6, 2.6, 180, 0) + pts(5.2, 0))
    m["o"] = g(5.8, ring(2.9, 3.5, 2.9, 3.5))
    m["p"] = g(5.4, pts(0, 7, 0, -3), ring(2.7, 3.5, 2.7, 3.5))
    m["q"] = g(5.4, ring(2.7, 3.5, 2.7, 3.5), pts(5.4, 7, 5.4, -3))
    m["r"] = g(3.9, pts(0, 7, 0, 0), pts(0, 4.2, 0.6, 5.8, 1.8, 6.8, 3, 7, 3.9, 6.7))
    m["s"] = g(
      4.9,
      pts(
        4.7, 6, 3.8, 6.85, 2.4, 7, 1, 6.7, 0.3, 5.7, 0.6, 4.5, 2, 3.8, 3.8, 3.1, 4.8, 2, 4.6,
        0.8, 3.4, 0.05, 1.8, 0, 0.6, 0.4, 0, 1.2))
    m["t"] = g(3.8, pts(1.5, 9.4, 1.5, 1.2, 2, 0.3, 2.8, 0, 3.8, 0.2), pts(0, 7, 3.6, 7))
    m["u"] = g(5.2, pts(0, 7, 0, 2.6) + arc(2.6, 2.6, 2.6, 2.6, 180, 360), pts(5.2, 7, 5.2, 0))
    m["v"] = g(5.6, pts(0, 7, 2.8, 0, 5.6, 7))
    m["w"] = g(8, pts(0, 7, 2, 0, 4, 5.6, 6, 0, 8, 7))
    m["x"] = g(5.4, pts(0, 7, 5.4, 0), pts(0, 0, 5.4, 7))
    m["y"] = g(5.6, pts(0, 7, 2.8, 0), pts(5.6, 7, 2.8, 0, 1.8, -2.4, 1.1, -2.9, 0.3, -3))
    m["z"] = g(5.2, pts(0, 7, 5.2, 7, 0, 0, 5.2, 0))
  }

  static func punctuation(_ m: inout [Character: Glyph]) {
    m[" "] = Glyph(advance: 3.6, strokes: [])
    m["."] = g(0.4, dot(0.2, 0.2))
    m[","] = g(1, pts(0.9, 0.5, 0.9, 0, 0.1, -1.8))
    m[":"] = g(0.4, dot(0.2, 0.2), dot(0.2, 6.4))
    m[";"] = g(1, dot(0.9, 6.4), pts(0.9, 0.5, 0.9, 0, 0.1, -1.8))
    m["!"] = g(0.4, pts(0.2, 10, 0.2, 2.8), dot(0.2, 0.2))
    m["?"] = g(5, arc(2.5, 7.6, 2.5, 2.4, 160, -60) + pts(2.5, 3, 2.5, 2.4), dot(2.5, 0.2))
    m["'"] = g(0.4, pts(0.2, 10, 0.2, 7.4))
    m["\""] = g(2.2, pts(0.2, 10, 0.2, 7.4), pts(2, 10, 2, 7.4))
    m["`"] = g(1.6, pts(0, 10, 1.6, 8.4))
    m["%"] = g(
      8, ring(1.7, 8.1, 1.7, 1.9), ring(6.3, 1.9, 1.7, 1.9), pts(6.8, 10, 1.2, 0))
    m["/"] = g(4, pts(0, -1, 4, 10.5))
    m["\\"] = g(4, pts(0, 10.5, 4, -1))
    m["|"] = g(0.4, pts(0.2, 10.5, 0.2, -2.5))
    m["-"] = g(3.6, pts(0.3, 3.8, 3.3, 3.8))
    m["_"] = g(6, pts(0, -1.5, 6, -1.5))
    m["+"] = g(6, pts(0, 4, 6, 4), pts(3, 1, 3, 7))
    m["="] = g(6, pts(0, 5.3, 6, 5.3), pts(0, 2.7, 6, 2.7))
    m["<"] = g(5.6, pts(5.6, 7.4, 0, 4, 5.6, 0.6))
    m[">"] = g(5.6, pts(0, 7.4, 5.6, 4, 0, 0.6))
    m["*"] = g(5, pts(2.5, 10, 2.5, 5), pts(0.2, 8.8, 4.8, 6.2), pts(0.2, 6.2, 4.8, 8.8))
    m["#"] = g(
      7, pts(2.4, 10, 1.4, 0), pts(5.6, 10, 4.6, 0), pts(0.4, 6.6, 7, 6.6), pts(0, 3.4, 6.6, 3.4))
    m["("] = g(2.6, pts(2.6, 10.6, 1.1, 8.6, 0.3, 5.6, 0.2, 3.4, 0.6, 0.4, 1.4, -1.6, 2.6, -3))
    m[")"] = g(2.6, pts(0, 10.6, 1.5, 8.6, 2.3, 5.6, 2.4, 3.4, 2, 0.4, 1.2, -1.6, 0, -3))
    m["["] = g(2.4, pts(2.4, 10.6, 0, 10.6, 0, -3, 2.4, -3))
    m["]"] = g(2.4, pts(0, 10.6, 2.4, 10.6, 2.4, -3, 0, -3))
    m["{"] = g(3, pts(3, 10.6, 1.6, 10, 1.5, 4.6, 0, 3.8, 1.5, 3, 1.4, -2.4, 3, -3))
    m["}"] = g(3, pts(0, 10.6, 1.4, 10, 1.5, 4.6, 3, 3.8, 1.5, 3, 1.6, -2.4, 0, -3))
    m["~"] = g(6, pts(0, 3.6, 1.2, 4.6, 2.4, 4.4, 3.6, 3.6, 4.8, 3.4, 6, 4.4))
    m["^"] = g(5, pts(0, 7, 2.5, 10, 5, 7))
    m["&"] = g(
      7,
      pts(
        7, 0, 1.6, 6.2, 1.2, 7.6, 1.6, 9.2, 2.8, 10, 4, 9.4, 4.3, 8, 3.4, 6.6, 0.6, 4.4, 0,
        2.6, 0.6, 0.8, 2.4, 0, 4.2, 0.4, 5.6, 1.8, 6.6, 3.8))
    m["@"] = g(
      9, ring(4.6, 4.2, 1.8, 2.2),
      pts(6.4, 6.4, 6.4, 2.6, 7.4, 1.8, 8.6, 2.6, 9, 4.4) + arc(4.6, 4.4, 4.4, 5.2, 0, 300))
    m["$"] = g(
      6,
      pts(
        5.6, 8.2, 4.6, 9.1, 3, 9.4, 1.4, 9.1, 0.4, 8.2, 0.4, 6.8, 1.4, 5.7, 4.6, 4.1, 5.6, 3,
        5.8, 1.7, 5, 0.6, 3, 0.2, 1.2, 0.5, 0.1, 1.5), pts(3, 10.6, 3, -1))
    m["°"] = g(2.8, ring(1.4, 8.6, 1.4, 1.4))
    m["·"] = g(0.4, dot(0.2, 4))
    m["–"] = g(6, pts(0.2, 3.8, 5.8, 3.8))
    m["—"] = g(9, pts(0, 3.8, 9, 3.8))
    m["−"] = g(6, pts(0, 4, 6, 4))
    m["…"] = g(6, dot(0.2, 0.2), dot(3, 0.2), dot(5.8, 0.2))
    m["’"] = g(1, pts(0.9, 10, 0.9, 9.3, 0.2, 7.6))
    m["₂"] = g(
      4, arc(2, 2.2, 2, 1.9, 160, -35) + pts(0, -2.6, 4, -2.6))
  }
}
