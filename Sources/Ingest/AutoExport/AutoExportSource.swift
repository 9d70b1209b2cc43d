import HealthModel

/// Source names and kinds for Health Auto Export data.
enum AutoExportSource {
  /// The source of values Health Auto Export wrote without one (daily CSV rows, JSON points
  /// without a `source` key): it computed them.
  static let defaultName = "Health Auto Export"

  /// The kind of a source name. A `|`-joined list (`Jane’s Apple Watch|Jane’s iPhone`) has a
  /// kind only when every name in it has the same one; otherwise `unknown`.
  static func kind(of name: String) -> SourceKind {
    if name == defaultName { return .app }
    var result: SourceKind?
    for part in name.split(separator: "|") {
      let k = kindOfOne(part)
      if let r = result, r != k { return .unknown }
      result = k
    }
    return result ?? .unknown
  }

  private static func kindOfOne(_ name: Substring) -> SourceKind {
    let plain = name.replacingOccurrences(of: "\u{00A0}", with: " ")
    if plain.contains("Watch") { return .watch }
    if plain.contains("iPhone") { return .phone }
    return .app
  }
}
