import Foundation
import HealthCore

/// The header `meta` of the aggregate outputs: the input samples table's meta carried
/// forward unchanged (clean's counts, priority, sources), the original inputs, the rejects
/// counts, then the aggregate's own facts. When an input key collides with an own key of a
/// different value, the input's value moves to `input.<key>`.
enum HeaderMeta {
  static func merge(
    inputMeta: [String: String], inputInputs: [InputDescriptor], rejects: [String: Int64],
    own: [String: String]
  ) throws -> [String: String] {
    var meta = inputMeta
    for (key, value) in own {
      if let old = meta[key], old != value { meta["input." + key] = old }
      meta[key] = value
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      meta["inputs"] = String(decoding: try encoder.encode(inputInputs), as: UTF8.self)
    } catch {
      throw HealthError.internalError("cannot encode the input list: \(error)")
    }
    var total: Int64 = 0
    for (key, count) in rejects {
      meta["rejects." + key] = String(count)
      total += count
    }
    if !rejects.isEmpty { meta["rejects.total"] = String(total) }
    return meta
  }
}
