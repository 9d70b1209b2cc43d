import Foundation

/// Runs Python 3 (present on every machine here) to parse outputs with real parsers:
/// `xml.etree` for SVG and XHTML, `html.parser` for HTML, `email` for MIME, `zlib` for PNG.
/// The script reads the file named by its first argument and prints JSON.
enum PythonProbe {
  /// The interpreter, if any.
  static let python: String? = {
    for p in ["/usr/bin/python3", "/usr/local/bin/python3"]
    where FileManager.default.isExecutableFile(atPath: p) {
      return p
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for d in path.split(separator: ":") {
      let p = "\(d)/python3"
      if FileManager.default.isExecutableFile(atPath: p) { return p }
    }
    return nil
  }()

  /// Whether Python 3 is available.
  static var available: Bool { python != nil }

  /// Runs `script` with the arguments and decodes its stdout as JSON.
  static func run(_ script: String, _ arguments: [String]) throws -> Any {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python!)
    process.arguments = ["-c", script] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errData = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ProbeError(message: String(decoding: errData, as: UTF8.self))
    }
    return try JSONSerialization.jsonObject(with: data)
  }

  struct ProbeError: Error, CustomStringConvertible {
    var message: String
    var description: String { "python probe failed: \(message)" }
  }

  /// Parses an SVG file with `xml.etree.ElementTree` and lists every element in document
  /// order as `{tag, attrib, text}` (namespace stripped).
  static let svgElements = """
    import json, sys, xml.etree.ElementTree as ET
    root = ET.parse(sys.argv[1]).getroot()
    out = []
    for el in root.iter():
        tag = el.tag.split('}')[-1]
        out.append({"tag": tag, "attrib": {k.split('}')[-1]: v for k, v in el.attrib.items()}, "text": "".join(el.itertext()) if tag in ("text", "title", "desc") else ""})
    print(json.dumps(out))
    """

  /// Parses an HTML file twice: with `html.parser` (tag balance, ids, references, scripts,
  /// tables, inline SVG elements per chart) and with `xml.etree` (the page is well-formed
  /// XHTML-compatible markup). Prints one JSON object.
  static let htmlReport = """
    import json, sys, re, xml.etree.ElementTree as ET
    from html.parser import HTMLParser
    VOID = {"area","base","br","col","embed","hr","img","input","link","meta","source","track","wbr"}
    class P(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.stack = []; self.errors = []; self.ids = []; self.labelledby = []; self.tags = {}
            self.refs = []; self.tables = {}; self.table = None; self.row = None; self.cell = None
            self.svgs = []; self.svg = None; self.textTarget = None; self.texts = {}; self.cur = None
            self.title = ""; self.intitle = False
        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            self.tags[tag] = self.tags.get(tag, 0) + 1
            if tag not in VOID: self.stack.append(tag)
            if "id" in a: self.ids.append(a["id"])
            if "aria-labelledby" in a: self.labelledby.append(a["aria-labelledby"])
            for k in ("href", "src", "xlink:href", "action", "srcset", "poster", "data"):
                if k in a: self.refs.append(a[k])
            if "style" in a and "url(" in a["style"]: self.refs.append(a["style"])
            if tag == "title" and self.svg is None: self.intitle = True
            if tag == "table": self.table = {"id": a.get("id", ""), "rows": []}
            if tag == "tr" and self.table is not None: self.row = []
            if tag in ("td", "th") and self.row is not None: self.cell = {"text": "", "datetime": None}
            if tag == "time" and self.cell is not None: self.cell["datetime"] = a.get("datetime")
            if tag == "svg": self.svg = {"attrib": a, "elements": []}
            if self.svg is not None:
                self.cur = {"tag": tag, "attrib": a, "text": ""}
                self.svg["elements"].append(self.cur)
        def handle_startendtag(self, tag, attrs):
            self.handle_starttag(tag, attrs)
            if tag not in VOID: self.handle_endtag(tag)
        def handle_endtag(self, tag):
            if not self.stack or self.stack[-1] != tag:
                self.errors.append("unexpected </%s> with open %s" % (tag, self.stack[-3:]))
            else:
                self.stack.pop()
            if tag == "title": self.intitle = False
            if tag in ("td", "th") and self.cell is not None and self.row is not None:
                self.row.append(self.cell); self.cell = None
            if tag == "tr" and self.row is not None and self.table is not None:
                self.table["rows"].append(self.row); self.row = None
            if tag == "table" and self.table is not None:
                self.tables[self.table["id"]] = self.table["rows"]; self.table = None
            if tag == "svg" and self.svg is not None:
                self.svgs.append(self.svg); self.svg = None; self.cur = None
        def handle_data(self, data):
            if self.cell is not None: self.cell["text"] += data
            if self.svg is not None and self.cur is not None: self.cur["text"] += data
            if self.intitle: self.title += data
        def handle_decl(self, decl): pass
    raw = open(sys.argv[1], encoding="utf-8").read()
    p = P(); p.feed(raw); p.close()
    if p.stack: p.errors.append("unclosed at end: %s" % p.stack)
    xml_ok = True; xml_error = ""
    try:
        ET.fromstring(re.sub(r"^<!DOCTYPE html>", "", raw))
    except Exception as e:
        xml_ok = False; xml_error = str(e)
    # Visible text of the body (for phrases), with tags removed by the parser.
    class T(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True); self.parts = []; self.skip = 0
        def handle_starttag(self, tag, attrs):
            if tag in ("style", "svg", "title"): self.skip += 1
        def handle_endtag(self, tag):
            if tag in ("style", "svg", "title"): self.skip -= 1
        def handle_data(self, d):
            if self.skip == 0: self.parts.append(d)
    t = T(); t.feed(raw)
    print(json.dumps({"errors": p.errors, "ids": p.ids, "labelledby": p.labelledby, "tags": p.tags,
        "refs": p.refs, "tables": p.tables, "svgs": p.svgs, "xml_ok": xml_ok, "xml_error": xml_error,
        "text": " ".join(" ".join(t.parts).split()), "title": p.title,
        "has_http": ("http://" in raw) or ("https://" in raw)}))
    """
}
