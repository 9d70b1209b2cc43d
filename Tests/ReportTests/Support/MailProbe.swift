import Foundation
import TestSupport

/// Python scripts and a Chromium runner for the weekly e-mail's HTML part: the tags it uses
/// (as `html.parser` reads them) and how it renders at a width, with and without its
/// `<style>` block, the way a mail client that strips `<style>` would show it.
enum MailProbe {
  /// Lists every start tag with its attributes, the text of `<style>` blocks and the
  /// visible text of an HTML file. Prints one JSON object.
  static let htmlTags = """
    import json, sys
    from html.parser import HTMLParser
    class P(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True); self.tags = []; self.styles = []; self.instyle = False; self.text = []
        def handle_starttag(self, tag, attrs):
            self.tags.append({"tag": tag, "attrs": {k: (v or "") for k, v in attrs}})
            if tag == "style": self.instyle = True
        def handle_startendtag(self, tag, attrs): self.handle_starttag(tag, attrs)
        def handle_endtag(self, tag):
            if tag == "style": self.instyle = False
        def handle_data(self, d):
            if self.instyle: self.styles.append(d)
            else: self.text.append(d)
    p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read()); p.close()
    print(json.dumps({"tags": p.tags, "styles": p.styles, "text": " ".join(" ".join(p.text).split())}))
    """

  /// Chromium, when installed (Debian's package or one on `PATH`).
  static let chromium: String? = {
    var dirs = ["/usr/bin", "/usr/local/bin"]
    dirs += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(
      String.init)
    for d in dirs {
      for name in ["chromium", "chromium-browser", "google-chrome"] {
        let p = "\(d)/\(name)"
        if FileManager.default.isExecutableFile(atPath: p) { return p }
      }
    }
    return nil
  }()

  /// Whether the rendering tests can run.
  static var canRender: Bool { chromium != nil && Python.available }

  /// Renders the HTML part of an .eml in headless Chromium: images from their `cid:` parts,
  /// `<style>` removed when `strip`, the page `width` px wide (Chromium's window is at least
  /// 500 px, so narrower widths put the body in a frame of that width; only meaningful
  /// without `<style>`, whose media queries see the window). Prints the rendered height
  /// and width of the body's content and writes a full-page screenshot.
  static let render = """
    import json, os, re, subprocess, sys, email
    from email import policy
    eml, outdir, width, strip, chrome = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "strip", sys.argv[5]
    msg = email.message_from_bytes(open(eml, "rb").read(), policy=policy.default)
    html = None; images = {}
    for p in msg.walk():
        if p.is_multipart() or p.get_content_disposition() == "attachment": continue
        if p.get_content_type() == "text/html": html = p.get_content()
        if p.get_content_type() == "image/png":
            cid = p["Content-ID"].strip("<>")
            path = os.path.join(outdir, re.sub(r"[^A-Za-z0-9.-]", "_", cid) + ".png")
            open(path, "wb").write(p.get_content()); images[cid] = path
    html = re.sub(r'src="cid:([^"]+)"', lambda m: 'src="file://%s"' % images[m.group(1)], html)
    if strip: html = re.sub(r"<style[^>]*>.*?</style>", "", html, flags=re.S)
    window = max(width, 500)
    if width < 500:
        html = re.sub(r"(<body[^>]*>)", r'\\1<div id="hp-frame" style="width:%dpx">' % width, html, count=1)
        html = html.replace("</body>", "</div></body>")
    measure = ("<script>var f=document.getElementById('hp-frame')||document.body;"
               "var im=Array.prototype.map.call(document.images,function(i){return Math.round(i.getBoundingClientRect().width)});"
               "document.body.setAttribute('data-size',f.scrollHeight+'x'+f.scrollWidth+'x'+(im.length?Math.min.apply(null,im):0))</script>")
    name = os.path.join(outdir, "page-%d-%s.html" % (width, "stripped" if strip else "styled"))
    open(name, "w", encoding="utf-8").write(html.replace("</body>", measure + "</body>"))
    args = [chrome, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--allow-file-access-from-files", "--force-device-scale-factor=1"]
    dom = subprocess.run(args + ["--window-size=%d,400" % window, "--dump-dom", "file://" + name],
                         capture_output=True, text=True, timeout=120).stdout
    h, w, iw = map(int, re.search(r'data-size="(\\d+)x(\\d+)x(\\d+)"', dom).groups())
    shot = name[:-5] + ".png"
    subprocess.run(args + ["--window-size=%d,%d" % (window, h), "--screenshot=" + shot, "file://" + name],
                   capture_output=True, timeout=120)
    print(json.dumps({"height": h, "width": w, "shot": shot, "imageWidth": iw}))
    """

  /// Renders and decodes the result.
  static func render(_ eml: String, in dir: String, width: Int, strip: Bool) throws -> (
    height: Int, width: Int, shot: String, imageWidth: Int
  ) {
    let r =
      try Python.json(render, [eml, dir, String(width), strip ? "strip" : "keep", chromium!])
      as? [String: Any] ?? [:]
    return (
      r["height"] as? Int ?? -1, r["width"] as? Int ?? -1, r["shot"] as? String ?? "",
      r["imageWidth"] as? Int ?? -1
    )
  }
}
