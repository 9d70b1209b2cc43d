import Exports
import Foundation
import HealthCore
import HealthModel

/// JSON the way Apple's `JSONSerialization` pretty-prints it, as Health Auto Export writes
/// it: `"key" : value`, two-space indentation, `/` escaped as `\/`, doubles with 17
/// significant digits (`46.899999999999999`), whole numbers without a point, and keys in
/// no particular order (a dictionary's order: here shuffled by the generator's stream).
indirect enum AppleJSON: Sendable {
  case number(Double)
  case string(String)
  case bool(Bool)
  case object([(String, AppleJSON)])
  case array([AppleJSON])

  /// Writes the value at an indentation depth; objects' keys are shuffled with `rng`.
  func write(_ out: ByteWriter, depth: Int, rng: inout SeededRandom) throws {
    switch self {
    case .number(let v): try out.append(Self.number(v))
    case .string(let s): try Self.writeString(s, out)
    case .bool(let b): try out.append(b ? "true" : "false")
    case .object(let pairs):
      var order = Array(pairs.indices)
      for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.int(0...i)) }
      try out.append("{\n")
      for (n, i) in order.enumerated() {
        try Self.indent(out, depth + 1)
        try Self.writeString(pairs[i].0, out)
        try out.append(" : ")
        try pairs[i].1.write(out, depth: depth + 1, rng: &rng)
        try out.append(n == order.count - 1 ? "\n" : ",\n")
      }
      try Self.indent(out, depth)
      try out.append("}")
    case .array(let items):
      try out.append("[\n")
      for (n, item) in items.enumerated() {
        try Self.indent(out, depth + 1)
        try item.write(out, depth: depth + 1, rng: &rng)
        try out.append(n == items.count - 1 ? "\n" : ",\n")
      }
      try Self.indent(out, depth)
      try out.append("]")
    }
  }

  /// Two spaces per level.
  static func indent(_ out: ByteWriter, _ depth: Int) throws {
    for _ in 0..<depth { try out.append("  ") }
  }

  /// `"text"` with JSON escapes and `\/`; other characters raw UTF-8.
  static func writeString(_ s: String, _ out: ByteWriter) throws {
    try out.append(string: CSVFormatting.jsonString(s, escapingSlashes: true))
  }

  /// 17 significant digits, like `%.17g`; whole numbers as integers.
  static func number(_ v: Double) -> [UInt8] {
    if v == v.rounded(), abs(v) < 1e15 { return Array(String(Int64(v)).utf8) }
    var buffer = [CChar](repeating: 0, count: 40)
    let n = withVaList([v]) { args in
      buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress!, 40, "%.17g", args) }
    }
    return buffer[0..<Int(n)].map { UInt8(bitPattern: $0) }
  }
}
