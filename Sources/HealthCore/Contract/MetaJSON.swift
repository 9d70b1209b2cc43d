import Foundation

/// JSON inside a header `meta` value: sorted keys, slashes unescaped, so the bytes are
/// stable.
enum MetaJSON {
  /// Encodes a value as one line of JSON.
  static func text<T: Encodable>(_ value: T, what: String) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw HealthError.internalError("cannot encode \(what): \(error)")
    }
  }

  /// Decodes a JSON value; nil when it does not parse.
  static func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
    guard let data = text.data(using: .utf8) else { return nil }
    return try? JSONDecoder().decode(type, from: data)
  }
}
