/// The report page's CSS: light and dark via `prefers-color-scheme`, print-friendly.
enum HTMLStyle {
  static let css: String =
    """
    :root{color-scheme:light dark;--bg:#ffffff;--fg:#1f2328;--muted:#57606a;--card:#f6f8fa;--border:#d0d7de;--accent:#0072b2;--accent2:#e69f00;--track:#d8dee4}
    @media (prefers-color-scheme: dark){:root{--bg:#0d1117;--fg:#e6e8eb;--muted:#a8b0b9;--card:#161b22;--border:#30363d;--accent:#56b4e9;--accent2:#e69f00;--track:#3a4048}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
    header.top,main,footer{max-width:980px;margin:0 auto;padding:0 20px}
    header.top{padding-top:24px;padding-bottom:8px;border-bottom:1px solid var(--border)}
    h1{font-size:1.6rem;margin:0 0 4px}
    h2{font-size:1.25rem;margin:32px 0 12px;padding-bottom:4px;border-bottom:1px solid var(--border)}
    h3{font-size:1.05rem;margin:0 0 6px}
    p{margin:4px 0}
    .headline{font-size:1.05rem;font-weight:600}
    .muted,.sub{color:var(--muted)}
    .hero{display:grid;grid-template-columns:auto 1fr;gap:20px 28px;align-items:center;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:20px;margin-top:20px}
    .dial{width:132px;height:132px;border-radius:50%;border:10px solid var(--accent);display:flex;flex-direction:column;align-items:center;justify-content:center}
    .dial.none{border-style:dashed;border-color:var(--track)}
    .dial .score{font-size:2.6rem;font-weight:700;line-height:1}
    .dial .status{font-size:.95rem;color:var(--muted);text-transform:capitalize}
    .parts{list-style:none;margin:0 0 10px;padding:0;display:flex;flex-wrap:wrap;gap:10px}
    .parts li{border:1px solid var(--border);border-radius:8px;padding:6px 12px;min-width:120px;background:var(--bg)}
    .parts .name{display:block;font-size:.8rem;color:var(--muted)}
    .parts .value{font-size:1.3rem;font-weight:700}
    .parts .note{font-size:.9rem;color:var(--muted)}
    .coaching{font-size:1.02rem;margin:8px 0}
    .goal{display:flex;align-items:center;gap:10px}
    .bar{display:inline-block;width:160px;height:10px;border-radius:5px;background:var(--track);overflow:hidden;vertical-align:middle}
    .bar>span{display:block;height:100%;background:var(--accent)}
    .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:14px}
    .card{background:var(--card);border:1px solid var(--border);border-radius:12px;padding:14px 16px}
    .card .value{font-size:1.7rem;font-weight:700;margin:2px 0}
    .card .value .unit{font-size:1rem;font-weight:500;color:var(--muted);margin-left:4px}
    .fresh{display:inline-block;font-size:.8rem;border:1px solid var(--border);border-radius:999px;padding:0 8px;color:var(--muted)}
    .fresh.stale{border-style:dashed;font-weight:600}
    .deltas{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:8px 0;font-size:.9rem}
    .deltas dt{color:var(--muted)}
    .deltas dd{margin:0;font-variant-numeric:tabular-nums}
    .card svg.hp-chart{width:100%;max-width:200px;height:auto;display:block}
    figure.chart{margin:0 0 28px}
    figure.chart svg.hp-chart{width:100%;height:auto;display:block}
    figcaption p{color:var(--muted);margin:0 0 6px}
    .table-scroll{max-height:15rem;overflow:auto;border:1px solid var(--border);border-radius:8px;margin-top:8px}
    table{border-collapse:collapse;width:100%;font-size:.88rem;font-variant-numeric:tabular-nums}
    caption{text-align:left;font-weight:600;padding:6px 8px;color:var(--muted)}
    th,td{padding:4px 8px;border-bottom:1px solid var(--border);text-align:right;white-space:nowrap}
    th:first-child,td:first-child{text-align:left}
    thead th{position:sticky;top:0;background:var(--card)}
    td.na{color:var(--muted)}
    .streak{border:1px solid var(--border);border-radius:12px;padding:14px 16px;margin-bottom:14px;background:var(--card)}
    .badges{list-style:none;margin:8px 0;padding:0;display:flex;flex-wrap:wrap;gap:6px}
    .badges li{border:1px solid var(--border);border-radius:999px;padding:1px 10px;font-size:.85rem;color:var(--muted)}
    .badges li.reached{border:2px solid var(--accent);color:var(--fg);font-weight:600}
    .streak svg.hp-chart{max-width:100%;height:auto;display:block;margin:6px 0}
    .legend{font-size:.82rem;color:var(--muted)}
    .legend span{margin-right:12px}
    dl.facts{display:grid;grid-template-columns:max-content auto;gap:4px 20px}
    dl.facts dt{color:var(--muted)}
    dl.facts dd{margin:0;font-variant-numeric:tabular-nums}
    .wide{overflow-x:auto;margin-bottom:14px}
    .split{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:18px}
    footer{color:var(--muted);font-size:.85rem;padding-top:16px;padding-bottom:32px;border-top:1px solid var(--border);margin-top:32px}
    @media (max-width:560px){.hero{grid-template-columns:1fr}}
    @media print{:root{--bg:#fff;--fg:#000;--muted:#444;--card:#fff;--border:#bbb}body{font-size:11pt}.table-scroll{max-height:none;overflow:visible}thead th{position:static}figure.chart,.card,.streak,.hero{break-inside:avoid}h2{break-after:avoid}}

    """
}
