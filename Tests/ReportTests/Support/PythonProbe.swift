import Foundation
import TestSupport

/// The Python 3 scripts that parse outputs with real parsers (run through TestSupport's
/// `Python.json`): `xml.etree` for SVG and XHTML, `html.parser` for HTML, `email` for MIME,
/// `zlib` for PNG. Each script reads the file named by its first argument and prints JSON.
enum PythonProbe {
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
            if self.svg is not None: self.cur = None
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

extension PythonProbe {
  /// Decodes PNG files with zlib alone: signature, chunk CRCs, IHDR, the inflated IDAT size
  /// and the filters undone into pixels; prints size, colour type and a few pixel counts.
  static let pngDecode = """
    import json, sys, zlib, struct
    def decode(path):
        data = open(path, "rb").read()
        assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", "bad signature"
        pos = 8; chunks = []; idat = b""
        while pos < len(data):
            n, = struct.unpack(">I", data[pos:pos+4]); kind = data[pos+4:pos+8]; body = data[pos+8:pos+8+n]
            crc, = struct.unpack(">I", data[pos+8+n:pos+12+n])
            assert zlib.crc32(kind + body) & 0xffffffff == crc, "bad CRC in %s" % kind
            chunks.append(kind.decode()); pos += 12 + n
            if kind == b"IHDR": w, h, depth, ctype, comp, filt, inter = struct.unpack(">IIBBBBB", body)
            if kind == b"IDAT": idat += body
        raw = zlib.decompress(idat)
        bpp = 4 if ctype == 6 else 3
        assert len(raw) == h * (1 + bpp * w), "IDAT inflates to %d bytes" % len(raw)
        stride = bpp * w; prev = bytearray(stride); pixels = bytearray()
        for y in range(h):
            f = raw[y*(stride+1)]; line = bytearray(raw[y*(stride+1)+1:(y+1)*(stride+1)])
            for i in range(stride):
                a = line[i-bpp] if i >= bpp else 0; b = prev[i]; c = prev[i-bpp] if i >= bpp else 0
                if f == 1: line[i] = (line[i] + a) & 255
                elif f == 2: line[i] = (line[i] + b) & 255
                elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
                elif f == 4:
                    p = a + b - c; pa, pb, pc = abs(p-a), abs(p-b), abs(p-c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 255
            pixels += line; prev = line
        def count(rgb):
            # Opaque pixels of exactly that colour.
            return sum(1 for i in range(0, len(pixels), bpp)
                       if tuple(pixels[i:i+3]) == rgb and (bpp == 3 or pixels[i+3] == 255))
        return {"chunks": chunks, "width": w, "height": h, "depth": depth, "colorType": ctype,
                "corner": list(pixels[0:bpp]), "blue": count((0x00, 0x72, 0xB2)),
                "mailBlue": count((0x3B, 0x82, 0xC4)), "orange": count((0xE6, 0x9F, 0x00))}
    print(json.dumps([decode(p) for p in sys.argv[1:]]))
    """

  /// Parses an .eml with Python's `email` package (default policy) and describes it:
  /// headers, the part tree, decoded texts (attachments apart), whether every `cid:` in the
  /// HTML resolves, the decoded size of each leaf part, the attachments written to files
  /// in the folder given second, and the raw line facts (CRLF everywhere, longest line).
  static let emailParse = """
    import json, sys, re, email, os
    from email import policy
    raw = open(sys.argv[1], "rb").read()
    msg = email.message_from_bytes(raw, policy=policy.default)
    def tree(part):
        if part.is_multipart():
            return {"type": part.get_content_type(), "parts": [tree(p) for p in part.iter_parts()]}
        return {"type": part.get_content_type(), "cid": part.get("Content-ID"), "encoding": part.get("Content-Transfer-Encoding"),
                "filename": part.get_filename(), "disposition": part.get_content_disposition(), "size": len(part.get_payload(decode=True))}
    texts = {}; images = {}; attachments = []
    outdir = sys.argv[2] if len(sys.argv) > 2 else None
    for part in msg.walk():
        if part.is_multipart(): continue
        t = part.get_content_type()
        if part.get_content_disposition() == "attachment":
            entry = {"type": t, "filename": part.get_filename(), "size": len(part.get_payload(decode=True))}
            if outdir:
                p = os.path.join(outdir, "attachment-%d" % len(attachments)); open(p, "wb").write(part.get_payload(decode=True)); entry["path"] = p
            attachments.append(entry); continue
        if t.startswith("text/"): texts[t] = part.get_content()
        if t == "image/png":
            images[part.get("Content-ID").strip("<>")] = part.get_content()
    html = texts.get("text/html", "")
    cids = re.findall(r'src="cid:([^"]+)"', html)
    files = []
    if outdir:
        for i, (cid, data) in enumerate(sorted(images.items())):
            p = os.path.join(outdir, "img%d.png" % i); open(p, "wb").write(data); files.append(p)
    lines = raw.split(b"\\r\\n")
    print(json.dumps({
        "subject": str(msg["Subject"]), "from": str(msg["From"]), "to": str(msg["To"]), "date": str(msg["Date"]),
        "messageID": str(msg["Message-ID"]), "mime": str(msg["MIME-Version"]), "tree": tree(msg),
        "plain": texts.get("text/plain", ""), "html": html, "cids": cids, "images": sorted(images.keys()),
        "pngFiles": files, "attachments": attachments, "bareLF": b"\\n" in raw.replace(b"\\r\\n", b""),
        "bareCR": b"\\r" in raw.replace(b"\\r\\n", b""), "size": len(raw),
        "longest": max(len(l) for l in lines), "defects": [str(d) for p in msg.walk() for d in p.defects]}))
    """
}
