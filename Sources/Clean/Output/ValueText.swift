import HealthModel

/// A reject's value as read, written as the UTF-8 bytes of `NumberFormatting.shortest`
/// (the rejects table's value column): whole numbers digit by digit with no `String`, the
/// others as Swift's shortest round-trip text (`Double.description`, what `"\(value)"`
/// writes). `ValueTextTests` compares the bytes with `shortest` on hand-picked and random
/// values.
enum ValueText {
  /// Appends the text of `value` to `out`.
  static func append(_ value: Double, to out: inout [UInt8]) {
    // The whole-number rule of `NumberFormatting.shortest`.
    if value == value.rounded(), abs(value) < 1e15 {
      OriginReasonTexts.appendDecimal(Int64(value), to: &out)
    } else {
      out.append(contentsOf: NumberFormatting.shortest(value).utf8)
    }
  }
}
