/// The CSS for chart elements, generated from `ChartRole` so that SVG and PNG agree.
public enum ChartStyle {
  /// Rules for every role in the light scheme, plus a `prefers-color-scheme: dark` block.
  /// Scoped under `.hp-chart`.
  public static let css: String = {
    var text =
      ".hp-chart{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:13px}\n"
    for role in ChartRole.allCases { text += rule(role, role.light, dark: false) }
    text += "@media screen and (prefers-color-scheme: dark){\n"
    for role in ChartRole.allCases { text += rule(role, role.dark, dark: true) }
    text += "}\n"
    return text
  }()

  private static func rule(_ role: ChartRole, _ p: ChartRole.Paint, dark: Bool) -> String {
    var parts: [String] = []
    parts.append("fill:" + (p.fill?.css ?? "none"))
    if p.fillOpacity < 1 { parts.append("fill-opacity:" + Numbers.fixed(p.fillOpacity, 2)) }
    if let s = p.stroke {
      parts.append("stroke:" + s.css)
      parts.append("stroke-width:" + Numbers.fixed(p.strokeWidth, 2))
      if p.dash > 0 { parts.append("stroke-dasharray:" + Numbers.fixed(p.dash, 0)) }
      parts.append("stroke-linejoin:round")
      parts.append("stroke-linecap:round")
    }
    if p.fontSize != 13 { parts.append("font-size:" + Numbers.fixed(p.fontSize, 0) + "px") }
    if p.bold { parts.append("font-weight:700") }
    if role == .latestLabel || role == .barLabel {
      // A halo in the page colour keeps labels readable over lines and the band.
      parts.append("paint-order:stroke;stroke:" + (dark ? "#0d1117" : "#ffffff"))
      parts.append("stroke-width:3px;stroke-linejoin:round")
    }
    return ".hp-chart ." + role.rawValue + "{" + parts.joined(separator: ";") + "}\n"
  }
}
