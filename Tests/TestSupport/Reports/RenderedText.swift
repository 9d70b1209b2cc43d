import Foundation

/// A rendered report read back the way a person reads it: headings, paragraphs and tables
/// in document order, from the HTML page (visible text only: no `<style>`, no `<head>`, and
/// no chart drawing, whose tooltips are kept apart) or from the Markdown file. The
/// invariant check (`ReportInvariants`) works on this, never on the report's model.
public struct RenderedText: Sendable {
  /// One block of visible text.
  public enum Block: Sendable, Equatable {
    /// `<h1>`–`<h3>` or `#`–`###`: level and text.
    case heading(Int, String)
    /// A paragraph, list item, caption, summary or definition (`term: description`).
    case text(String)
    /// A table: rows of cell texts, the header row first (an HTML `id` when it has one).
    case table(id: String, rows: [[String]])
  }

  /// The blocks in document order.
  public var blocks: [Block]
  /// Tooltips of chart elements (`<title>` inside an element of an `<svg>`), by chart id.
  public var chartTitles: [String: [String]]
  /// Each inline chart's SVG text, by chart id.
  public var charts: [String: String]

  /// All paragraph texts.
  public var texts: [String] {
    blocks.compactMap { if case .text(let t) = $0 { t } else { nil } }
  }

  /// Every visible text (headings, paragraphs and table cells), one per entry.
  public var allText: [String] {
    blocks.flatMap { b -> [String] in
      switch b {
      case .heading(_, let t), .text(let t): [t]
      case .table(_, let rows): rows.map { $0.joined(separator: " | ") }
      }
    }
  }

  /// The blocks under the heading `text` (up to the next heading of the same or a higher
  /// level), or nil when there is no such heading. `within` narrows the search to the
  /// blocks under another heading first.
  public func section(_ text: String, level: Int? = nil) -> [Block]? {
    guard
      let start = blocks.firstIndex(where: {
        if case .heading(let l, let t) = $0 {
          t == text && (level == nil || l == level)
        } else {
          false
        }
      }),
      case .heading(let startLevel, _) = blocks[start]
    else { return nil }
    var out: [Block] = []
    for b in blocks[(start + 1)...] {
      if case .heading(let l, _) = b, l <= startLevel { break }
      out.append(b)
    }
    return out
  }
}

// MARK: - HTML

extension RenderedText {
  /// Reads an HTML page.
  public init(html: String) {
    var reader = HTMLTextReader()
    reader.read(html)
    blocks = reader.blocks
    chartTitles = reader.chartTitles
    charts = reader.charts
  }
}

/// A forgiving reader of the report's own HTML (well-formed, escaped), enough to recover
/// its visible text structure.
struct HTMLTextReader {
  var blocks: [RenderedText.Block] = []
  var chartTitles: [String: [String]] = [:]
  var charts: [String: String] = [:]

  private var text = ""
  private var hidden = 0
  private var svgDepth = 0
  private var svgID = ""
  private var svgStart: String.Index?
  private var inSVGTitle = false
  private var svgTitle = ""
  private var svgElementDepth = 0
  private var headingLevel: Int?
  private var table: (id: String, rows: [[String]])?
  private var row: [String]?
  private var cell: String?
  private var term: String?

  static let blockTags: Set<String> = [
    "p", "li", "figcaption", "caption", "summary", "div", "section", "article", "header",
    "footer", "main", "figure", "ul", "ol", "dl", "details", "body",
  ]

  mutating func read(_ html: String) {
    var i = html.startIndex
    while i < html.endIndex {
      if html[i] == "<", let close = html[i...].firstIndex(of: ">") {
        let tag = html[html.index(after: i)..<close]
        handle(tag: String(tag), at: i, end: html.index(after: close), in: html)
        i = html.index(after: close)
      } else {
        let next = html[i...].firstIndex(of: "<") ?? html.endIndex
        let chunk = Self.decode(String(html[i..<next]))
        if inSVGTitle {
          svgTitle += chunk
        } else if hidden == 0, svgDepth == 0 {
          if cell != nil { cell! += chunk } else { text += chunk }
        }
        i = next
      }
    }
    flush()
  }

  private mutating func handle(
    tag raw: String, at start: String.Index, end: String.Index, in html: String
  ) {
    if raw.hasPrefix("!") || raw.hasPrefix("?") { return }
    let closing = raw.hasPrefix("/")
    let body = closing ? raw.dropFirst() : Substring(raw)
    let selfClosing = body.hasSuffix("/")
    let name = body.prefix { !$0.isWhitespace && $0 != "/" }.lowercased()
    if name == "svg" || svgDepth > 0 {
      svgTag(
        name, closing: closing, selfClosing: selfClosing, body: String(body), at: start, end: end,
        in: html)
      return
    }
    if ["style", "script", "head", "title"].contains(name) {
      if selfClosing { return }
      hidden += closing ? -1 : 1
      return
    }
    guard hidden == 0 else { return }
    switch name {
    case "h1", "h2", "h3", "h4":
      flush()
      if closing {
        if let level = headingLevel { blocks.append(.heading(level, Self.clean(text))) }
        headingLevel = nil
        text = ""
      } else {
        headingLevel = Int(String(name.dropFirst()))
      }
    case "table":
      flush()
      if closing {
        if let t = table { blocks.append(.table(id: t.id, rows: t.rows)) }
        table = nil
      } else {
        table = (Self.attribute("id", in: String(body)) ?? "", [])
      }
    case "caption":
      if closing, let c = cell {
        // A table's caption is a paragraph before it.
        blocks.append(.text(Self.clean(c)))
        cell = nil
      } else if !closing {
        cell = ""
      }
    case "tr":
      if closing, let r = row { table?.rows.append(r) }
      row = closing ? nil : []
    case "td", "th":
      if closing {
        row?.append(Self.clean(cell ?? ""))
        cell = nil
      } else {
        cell = ""
      }
    case "dt":
      if closing {
        term = Self.clean(text)
        text = ""
      } else {
        flush()
      }
    case "dd":
      if closing {
        blocks.append(.text((term.map { $0 + ": " } ?? "") + Self.clean(text)))
        text = ""
        term = nil
      }
    case "br":
      if cell != nil { cell! += " " } else { text += " " }
    default:
      if Self.blockTags.contains(name), headingLevel == nil, cell == nil {
        flush()
      } else if cell != nil {
        cell! += " "
      } else {
        text += " "
      }
    }
  }

  /// A tag inside an inline chart: its tooltips are kept by chart id, its text is not.
  private mutating func svgTag(
    _ name: String, closing: Bool, selfClosing: Bool, body: String, at start: String.Index,
    end: String.Index, in html: String
  ) {
    if name == "svg" {
      if closing {
        svgDepth -= 1
        if svgDepth == 0, let s = svgStart { charts[svgID] = String(html[s..<end]) }
      } else {
        if svgDepth == 0 {
          svgStart = start
          svgID =
            Self.attribute("aria-labelledby", in: body)?.split(separator: " ")
            .first.map { String($0.dropLast("-title".count)) } ?? ""
          if let c = cell { cell = c + " " } else { text += " " }
        }
        svgDepth += 1
      }
    } else if name == "title" {
      if closing {
        inSVGTitle = false
        // Titles of the chart's elements (not the chart's own title).
        if svgElementDepth > 0 { chartTitles[svgID, default: []].append(svgTitle) }
      } else {
        inSVGTitle = true
        svgTitle = ""
      }
    } else if ["rect", "circle", "polygon"].contains(name) {
      if closing { svgElementDepth -= 1 } else if !selfClosing { svgElementDepth += 1 }
    }
  }

  private mutating func flush() {
    let t = Self.clean(text)
    if !t.isEmpty, headingLevel == nil { blocks.append(.text(t)) }
    if headingLevel == nil { text = "" }
  }

  static func clean(_ s: String) -> String {
    s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  static func attribute(_ name: String, in tag: String) -> String? {
    guard let r = tag.range(of: name + "=\"") else { return nil }
    let rest = tag[r.upperBound...]
    guard let q = rest.firstIndex(of: "\"") else { return nil }
    return decode(String(rest[..<q]))
  }

  /// Decodes the entities the report writes (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`,
  /// `&#8212;`, `&#8203;`, …).
  static func decode(_ s: String) -> String {
    guard s.contains("&") else { return s }
    var out = ""
    var i = s.startIndex
    while i < s.endIndex {
      if s[i] == "&", let semi = s[i...].firstIndex(of: ";"), s.distance(from: i, to: semi) < 10 {
        let name = s[s.index(after: i)..<semi]
        var scalar: Unicode.Scalar?
        switch name {
        case "amp": scalar = "&"
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        case "nbsp": scalar = " "
        default:
          if name.hasPrefix("#x") {
            scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
          } else if name.hasPrefix("#") {
            scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
          }
        }
        if let scalar {
          if scalar != "\u{200B}" { out.unicodeScalars.append(scalar) }
          i = s.index(after: semi)
          continue
        }
      }
      out.append(s[i])
      i = s.index(after: i)
    }
    return out
  }
}

// MARK: - Markdown

extension RenderedText {
  /// Reads the Markdown report: `#` headings, `|` tables (the `---` row left out), and
  /// every other non-empty line as a paragraph, with Markdown's escapes and emphasis
  /// removed. HTML lines (`<details>`) are skipped.
  public init(markdown: String) {
    var blocks: [Block] = []
    var rows: [[String]] = []
    func endTable() {
      if !rows.isEmpty { blocks.append(.table(id: "", rows: rows)) }
      rows = []
    }
    for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = String(raw)
      if line.hasPrefix("|") {
        let cells = Self.cells(line)
        if !cells.allSatisfy({ $0.allSatisfy { "-:".contains($0) } && !$0.isEmpty }) {
          rows.append(cells.map(Self.unescape))
        }
        continue
      }
      endTable()
      let t = line.trimmingCharacters(in: .whitespaces)
      if t.isEmpty || t.hasPrefix("<") || t.hasPrefix("![") || t == "---" { continue }
      if let level = ["###", "##", "#"].first(where: { t.hasPrefix($0 + " ") }) {
        blocks.append(.heading(level.count, Self.unescape(String(t.dropFirst(level.count + 1)))))
      } else {
        var p = t
        if p.hasPrefix("> ") { p.removeFirst(2) }
        if p.hasPrefix("- ") { p.removeFirst(2) }
        blocks.append(.text(Self.unescape(p)))
      }
    }
    endTable()
    self.blocks = blocks
    chartTitles = [:]
    charts = [:]
  }

  static func cells(_ line: String) -> [String] {
    var cells: [String] = []
    var current = ""
    var escaped = false
    for ch in line.dropFirst() {
      if escaped {
        current += "\\" + String(ch)
        escaped = false
      } else if ch == "\\" {
        escaped = true
      } else if ch == "|" {
        cells.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
      } else {
        current.append(ch)
      }
    }
    return cells
  }

  /// Removes Markdown escapes, `**` and `_…_` emphasis, and decodes `&amp;`.
  static func unescape(_ s: String) -> String {
    var out = ""
    var escaped = false
    for ch in s {
      if escaped {
        out.append(ch)
        escaped = false
      } else if ch == "\\" {
        escaped = true
      } else if ch != "*" {
        out.append(ch)
      }
    }
    if out.hasPrefix("_"), out.hasSuffix("_"), out.count > 1 {
      out = String(out.dropFirst().dropLast())
    }
    return HTMLTextReader.decode(out).trimmingCharacters(in: .whitespaces)
  }
}
