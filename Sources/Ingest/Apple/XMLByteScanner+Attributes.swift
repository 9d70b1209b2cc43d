/// The steps of a start tag between its attributes: blanks skipped with their line ends
/// counted, and each attribute kept (up to the cap) with its repeat check.
extension XMLByteScanner {
  /// Moves `p` past blanks before `end`, counting line feeds into `lines`; true when it
  /// moved.
  @inline(__always) @discardableResult
  func skipBlanks(_ p: inout Int, lines: inout Int) -> Bool {
    var sawBlank = false
    while p < end, Self.isBlank(byte(p)) {
      if byte(p) == 0x0A { lines += 1 }
      p += 1
      sawBlank = true
    }
    return sawBlank
  }

  /// Keeps a scanned attribute of the current tag, noting a repeated one as a defect.
  @inline(__always)
  func keepAttribute(_ attribute: XMLAttribute) {
    // Past the cap the element is already defective: the rest of its attributes are
    // validated but neither kept nor compared, so the repeat check stays bounded and a
    // tag's cost is linear in its length (100,000 attributes took 54 s when every one
    // was compared with all before it).
    guard attributeCount < Self.maxAttributes else {
      noteDefect(
        "more than \(Self.maxAttributes) attributes in one element (an Apple export writes "
          + "at most 13)")
      return
    }
    let attrNameStart = attribute.nameStart
    let attrNameLength = attribute.nameLength
    if isRepeatedAttribute(nameStart: attrNameStart, nameLength: attrNameLength) {
      let attrName = String(
        decoding: UnsafeRawBufferPointer(start: buf + attrNameStart, count: attrNameLength),
        as: UTF8.self)
      noteDefect("attribute '\(attrName)' appears twice in the tag")
    }
    if attributeCount == attributeCapacity { growAttributes() }
    attributes[attributeCount] = attribute
    attributeCount += 1
  }
}
