#!/usr/bin/env bash
# Loads an HTML report in headless Chromium at a given width (default 390 px, a phone) and
# prints one JSON object measured by the browser itself:
#   width          the layout viewport width
#   scrollWidth    the page's width (more than `width` means something scrolls sideways)
#   height         the page's height in CSS px (docs/report.md: a year view stays ≤ 8,000)
#   minChartFont   the smallest chart text as rendered, in CSS px (SVG font size × scale)
#   chartTexts     how many chart texts were measured
#   overlaps       chart texts whose boxes (real font metrics) overlap another text, a dot
#                  or a line of the same chart
#
#   scripts/check-phone-layout.sh REPORT.html [WIDTH]
#
# The report itself has no script; a copy with a measuring script appended is loaded.
# Needs chromium (Debian package) and python3. docs/report.md, "Phone first".
set -euo pipefail
report="${1:?usage: scripts/check-phone-layout.sh REPORT.html [WIDTH]}"
width="${2:-390}"
chromium_bin="${CHROMIUM:-chromium}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$report" "$work/page.html" <<'PY'
import sys
html = open(sys.argv[1], encoding="utf-8").read()
probe = r"""
<script>
(function () {
  function box(b) { return {l: b.x, t: b.y, r: b.x + b.width, b: b.y + b.height}; }
  function hit(a, b, pad) { return a.l + pad < b.r && b.l + pad < a.r && a.t + pad < b.b && b.t + pad < a.b; }
  function crosses(bx, p, q) {
    var n = Math.max(1, Math.ceil(Math.hypot(q.x - p.x, q.y - p.y) / 0.25));
    for (var k = 0; k <= n; k++) {
      var x = p.x + (q.x - p.x) * k / n, y = p.y + (q.y - p.y) * k / n;
      if (x > bx.l && x < bx.r && y > bx.t && y < bx.b) return true;
    }
    return false;
  }
  var out = {width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth,
             height: document.documentElement.scrollHeight,
             minChartFont: 1e9, chartTexts: 0, overlaps: []};
  document.querySelectorAll("svg.hp-chart").forEach(function (svg) {
    var vb = svg.viewBox.baseVal, rect = svg.getBoundingClientRect();
    if (!vb || vb.width === 0 || rect.width === 0) return;
    var scale = rect.width / vb.width;
    var id = (svg.getAttribute("aria-labelledby") || "").split(" ")[0];
    var texts = Array.prototype.slice.call(svg.querySelectorAll("text"));
    texts.forEach(function (t) {
      var px = parseFloat(getComputedStyle(t).fontSize) * scale;
      out.chartTexts++;
      if (px < out.minChartFont) out.minChartFont = px;
    });
    var boxes = texts.map(function (t) { return box(t.getBBox()); });
    for (var i = 0; i < texts.length; i++) {
      for (var j = i + 1; j < texts.length; j++) {
        if (hit(boxes[i], boxes[j], 0.5)) out.overlaps.push(id + ": '" + texts[i].textContent + "' / '" + texts[j].textContent + "'");
      }
      if (texts[i].getAttribute("class") !== "latest-label") continue;
      svg.querySelectorAll("circle").forEach(function (c) {
        var r = c.r.baseVal.value, cx = c.cx.baseVal.value, cy = c.cy.baseVal.value;
        if (hit(boxes[i], {l: cx - r, t: cy - r, r: cx + r, b: cy + r}, 0.5)) out.overlaps.push(id + ": '" + texts[i].textContent + "' / a " + c.getAttribute("class"));
      });
      svg.querySelectorAll("polyline").forEach(function (l) {
        var pts = l.points;
        for (var k = 1; k < pts.numberOfItems; k++) {
          if (crosses(boxes[i], pts.getItem(k - 1), pts.getItem(k))) { out.overlaps.push(id + ": '" + texts[i].textContent + "' / the " + l.getAttribute("class")); break; }
        }
      });
    }
  });
  // The page runs in a frame of the measured width (a headless window is at least 500 px
  // wide); the result goes into the outer page, which the browser prints.
  var doc = window.parent.document;
  var pre = doc.createElement("pre");
  pre.id = "hp-check";
  pre.textContent = JSON.stringify(out);
  doc.body.appendChild(pre);
})();
</script>
"""
open(sys.argv[2], "w", encoding="utf-8").write(html.replace("</body>", probe + "</body>"))
PY
cat >"$work/frame.html" <<HTML
<!DOCTYPE html><html><body style="margin:0">
<iframe src="page.html" style="border:0;width:${width}px;height:2000px"></iframe>
</body></html>
HTML

"$chromium_bin" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --user-data-dir="$work/profile" --window-size="$((width > 500 ? width + 20 : 520)),2100" \
  --allow-file-access-from-files --virtual-time-budget=3000 \
  --dump-dom "file://$work/frame.html" 2>/dev/null >"$work/dom.html"

python3 - "$work/dom.html" <<'PY'
import html, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<pre id="hp-check">(.*?)</pre>', dom, re.S)
if not m:
    sys.exit("check-phone-layout: the browser produced no measurement")
print(html.unescape(m.group(1)))
PY
