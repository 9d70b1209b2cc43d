import Foundation
import HealthModel

extension StageFacts {
  /// The facts as `path = value` lines for people and key/value tables (`inspect`, the
  /// SQLite `metadata` table), in path order: every field of the JSON `facts` object by its
  /// dotted path (`aggregate.asOf`, `clean.rejectedByCode.out-of-range`); a text as itself,
  /// a number or boolean as JSON, a list as one line of JSON, an empty object as `{}`
  /// (docs/table-format.md, "Facts"). Derived from the `Codable` value, so no field name is spelled here.
  public func fields() throws -> [(path: String, value: String)] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: try encoder.encode(self))
    } catch {
      throw HealthError.internalError("cannot encode the stage facts: \(error)")
    }
    var out: [(path: String, value: String)] = []
    try Self.flatten(object, path: "", into: &out)
    return out.sorted { $0.path < $1.path }
  }

  private static func flatten(
    _ value: Any, path: String, into out: inout [(path: String, value: String)]
  ) throws {
    if let object = value as? [String: Any], object.isEmpty, !path.isEmpty {
      out.append((path, "{}"))
    } else if let object = value as? [String: Any] {
      for (key, child) in object {
        try flatten(child, path: path.isEmpty ? key : path + "." + key, into: &out)
      }
    } else if let text = value as? String {
      out.append((path, text))
    } else {
      let data = try JSONSerialization.data(
        withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
      out.append((path, String(decoding: data, as: UTF8.self)))
    }
  }
}
