extension String {
  /// Pads with spaces to at least `width` characters, always adding at least one space: a
  /// column of aligned console output.
  public func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
