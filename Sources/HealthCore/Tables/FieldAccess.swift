/// Reads and writes one stored property of a row for a `TableField`, through the property's
/// byte offset in `Row` (`MemoryLayout.offset(of:)`) rather than through the key path at
/// every row: through the key-path runtime (`swift_getAtKeyPath`,
/// `swift_setAtWritableKeyPath`) the aggregate's tables cost the aggregate 23 % and the
/// report 79 % more instructions than written by hand (docs/table-format.md, "Schemas").
///
/// A path with no offset (a computed property, or one through a class) is used as a key
/// path. The offset is that of a stored property of type `Value` inside `Row`, so the
/// memory there is a `Value`: loading or assigning it is the same as the property access.
struct FieldAccess<Row, Value>: Sendable {
  private let offset: Int?
  private let path: WritableKeyPath<Row, Value> & Sendable

  /// The access to `path`.
  init(_ path: WritableKeyPath<Row, Value> & Sendable) {
    self.path = path
    offset = MemoryLayout<Row>.offset(of: path)
  }

  /// The property's value in `row`.
  @inline(__always)
  func get(_ row: Row) -> Value {
    guard let offset else { return row[keyPath: path] }
    return withUnsafePointer(to: row) {
      UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self)
    }
  }

  /// Sets the property of `row` to `value`.
  @inline(__always)
  func set(_ row: inout Row, _ value: Value) {
    guard let offset else {
      row[keyPath: path] = value
      return
    }
    withUnsafeMutablePointer(to: &row) {
      UnsafeMutableRawPointer($0).advanced(by: offset).assumingMemoryBound(to: Value.self)
        .pointee = value
    }
  }
}
