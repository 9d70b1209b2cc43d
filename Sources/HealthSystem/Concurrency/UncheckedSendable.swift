/// Carries a value that is not `Sendable` to one other thread that is its only user from
/// then on (the table reader handed to its prefetch thread).
public struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The value.
  public let value: Value
  /// Wraps a value.
  public init(_ value: Value) { self.value = value }
}
