import HealthCore
import HealthModel

/// A saved tokenizer position, to read a value a second time (`JSONTokenizer.reset(to:)`).
public struct JSONMark: Sendable {
  let offset: Int64
  let line: Int
  let lineStart: Int64
  let expect: JSONTokenizer.Expect
  let containers: [JSONTokenizer.Container]
  let pathKeys: [UInt8]
}

extension JSONTokenizer {
  // MARK: - Where

  /// The JSON path of the current position: keys joined by `.`, array indices (0-based) in
  /// brackets, e.g. `data.metrics[3].data[17]`. Empty at the root.
  public func currentPath() -> String {
    var out = ""
    for (i, c) in containers.enumerated() {
      if c.isObject {
        // A container's key ends where the next container's keys begin.
        let keyEnd = i + 1 < containers.count ? containers[i + 1].keyStart : pathCount
        guard keyEnd > c.keyStart else { continue }
        if !out.isEmpty { out += "." }
        out += String(
          decoding: UnsafeBufferPointer(start: pathKeys + c.keyStart, count: keyEnd - c.keyStart),
          as: UTF8.self)
      } else if c.index >= 0 {
        out += "[\(c.index)]"
      }
    }
    return out
  }

  /// Line, column, byte offset and JSON path of the last token.
  public func location(path: String? = nil) -> SourceLocation {
    let p = path ?? currentPath()
    return SourceLocation(
      file: self.path, line: tokenLine, column: Int(tokenOffset - tokenLineStart) + 1,
      byteOffset: tokenOffset, path: p.isEmpty ? nil : p)
  }

  /// `line:column` of the last token, for reject reasons.
  public var tokenLineColumn: String { "\(tokenLine):\(Int(tokenOffset - tokenLineStart) + 1)" }

  /// The line of the last token.
  public var currentLine: Int { tokenLine }

  func syntax(_ message: String) -> HealthError {
    HealthError.malformed(
      "invalid JSON: \(message)", at: location(),
      hint: "the file is not valid JSON; export it again, or fix it at the place shown")
  }

  func truncated(inString: Bool = false) -> HealthError {
    markToken()
    let what = inString ? "inside a string" : "before the JSON document is complete"
    return HealthError.malformed(
      "the file ends \(what) (truncated JSON)", at: location(),
      hint: "the file was cut short; copy or export it again")
  }

  func describe(_ c: UInt8) -> String {
    switch c {
    case 0x20...0x7E: "'\(Character(Unicode.Scalar(c)))'"
    case 0x0A: "a newline"
    default: "byte \(ByteText.hex(c))"
    }
  }

  /// A `HealthError` (exit 65) about the document's structure at the last token, such as
  /// `data.metrics is not an array`.
  public func structureError(_ message: String, hint: String, path: String? = nil) -> HealthError {
    HealthError.malformed(message, at: location(path: path), hint: hint)
  }

  // MARK: - Skipping

  /// Skips the value that comes next (after a `key` token, or where an array element is due),
  /// checking its syntax; returns the number of elements (arrays) or members (objects), or 0
  /// for a scalar.
  @discardableResult
  public func skipValue() throws -> Int {
    let token = try next()
    switch token {
    case .beginArray, .beginObject: return try skipRestOfContainer()
    case .endArray, .endObject, .key, .end:
      throw syntax("expected a value")
    default: return 0
    }
  }

  /// Skips to the end of the container whose opening token was just read, checking syntax;
  /// returns the number of elements or members it had.
  @discardableResult
  public func skipRestOfContainer() throws -> Int {
    let target = containers.count - 1
    let saved = convertNumbers
    convertNumbers = false
    defer { convertNumbers = saved }
    let isObject = containers[target].isObject
    var count = 0
    while true {
      let token = try next()
      if containers.count <= target { return count }
      if isObject {
        if token == .key && containers.count == target + 1 { count += 1 }
      } else {
        count = containers[target].index + 1
      }
    }
  }

  /// Skips the value that comes next without checking its syntax (fast: strings and brackets
  /// only). Use it only for a region that will be read again with `reset(to:)`, which then
  /// reports any syntax error at its true place.
  public func skipValueUnchecked() throws {
    guard try skipBlanks() else { throw truncated() }
    markToken()
    let c = buffer[pos]
    guard c == 0x7B || c == 0x5B else {
      _ = try next()
      return
    }
    if let top = containers.indices.last, !containers[top].isObject {
      containers[top].index += 1
    }
    pos += 1
    var depth = 1
    var inString = false
    let buf = buffer
    while true {
      if pos == end {
        guard try ensure(1) else { throw truncated() }
      }
      var p = pos
      let e = end
      if inString {
        while p < e {
          let s = buf[p]
          if s == 0x22 {
            inString = false
            p += 1
            break
          }
          if s == 0x5C {
            if p + 1 < e {
              p += 2
              continue
            }
            pos = p
            guard try ensure(2) else { throw truncated(inString: true) }
            p = pos + 2
            break
          }
          p += 1
        }
        pos = p
        continue
      }
      while p < e {
        let s = buf[p]
        p += 1
        switch s {
        case 0x22:
          inString = true
        case 0x7B, 0x5B:
          depth += 1
        case 0x7D, 0x5D:
          depth -= 1
          if depth == 0 {
            pos = p
            afterValue()
            return
          }
        case 0x0A:
          line += 1
          lineStart = base + Int64(p)
        default: break
        }
        if inString { break }
      }
      pos = p
    }
  }

  // MARK: - Reading again

  /// The current position, taken just after a `key` token (before its value), so that the
  /// value can be read again later.
  public func mark() -> JSONMark {
    JSONMark(
      offset: base + Int64(pos), line: line, lineStart: lineStart, expect: expect,
      containers: containers,
      pathKeys: Array(UnsafeBufferPointer(start: pathKeys, count: pathCount)))
  }

  /// Returns to a marked position: the next token is the marked value again.
  public func reset(to mark: JSONMark) {
    source.seek(to: mark.offset)
    base = mark.offset
    pos = 0
    end = 0
    atEOF = false
    line = mark.line
    lineStart = mark.lineStart
    expect = mark.expect
    containers = mark.containers
    pathCount = 0
    mark.pathKeys.withUnsafeBufferPointer { saved in
      for b in saved {
        // Append byte by byte through the growing path (marks are rare).
        if pathCount == pathCapacity {
          let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: pathCapacity * 2)
          grown.update(from: pathKeys, count: pathCount)
          pathKeys.deallocate()
          pathKeys = grown
          pathCapacity *= 2
        }
        pathKeys[pathCount] = b
        pathCount += 1
      }
    }
  }
}
