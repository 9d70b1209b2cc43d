/// The report page's CSS (docs/report.md, "Phone first"): one column on a phone, two chart
/// columns from 900 px; nothing wider than the screen (tables with many columns become a
/// list per row below 640 px, the week and workout tables a three-column grid per row with
/// each value under its label); light and dark via `prefers-color-scheme` on screens; light
/// and without scroll boxes on paper.
enum HTMLStyle {
  static let css: String =
    """
    :root{color-scheme:light dark;--bg:#ffffff;--fg:#1f2328;--muted:#57606a;--card:#f6f8fa;--border:#d0d7de;--accent:#0072b2;--track:#d8dee4;--notice:#fff3cd;--notice-edge:#b07b00}
    @media screen and (prefers-color-scheme: dark){:root{--bg:#0d1117;--fg:#e6e8eb;--muted:#a8b0b9;--card:#161b22;--border:#30363d;--accent:#56b4e9;--track:#3a4048;--notice:#3a2e0b;--notice-edge:#e6a700}}
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
    body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;overflow-wrap:break-word}
    header.top,main,footer{max-width:1040px;margin:0 auto;padding:0 14px}
    header.top{padding-top:20px;padding-bottom:10px;border-bottom:1px solid var(--border)}
    h1{font-size:1.5rem;margin:0 0 4px}
    h2{font-size:1.25rem;margin:32px 0 12px;padding-bottom:4px;border-bottom:1px solid var(--border)}
    h3{font-size:1.05rem;margin:0 0 4px}
    p{margin:4px 0}
    .headline{font-size:1.05rem;font-weight:600}
    .muted,.sub{color:var(--muted)}
    .notice{margin:10px 0 4px;padding:8px 12px;background:var(--notice);border-left:4px solid var(--notice-edge);border-radius:6px;font-weight:600}
    .notice.calibration{background:var(--card);border-left-color:var(--accent);font-weight:400}
    .hero{display:flex;flex-wrap:wrap;gap:16px 24px;align-items:center;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:16px;margin-top:18px}
    .hero-text{flex:1 1 260px;min-width:0}
    .hero h2{border:0;margin:0 0 6px;padding:0}
    .dial{flex:0 0 auto;width:120px;height:120px;border-radius:50%;border:10px solid var(--accent);display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;overflow:hidden}
    .dial.none{border-style:dashed;border-color:var(--track)}
    .dial .score{font-size:2.4rem;font-weight:700;line-height:1}
    .dial .status{font-size:.9rem;color:var(--muted)}
    .parts{list-style:none;margin:0 0 10px;padding:0;display:flex;flex-wrap:wrap;gap:8px}
    .parts li{border:1px solid var(--border);border-radius:8px;padding:6px 10px;flex:1 1 140px;min-width:0;background:var(--bg)}
    .parts .name{display:block;font-size:.85rem;color:var(--muted)}
    .parts .value{font-size:1.3rem;font-weight:700}
    .parts .note{font-size:.9rem;color:var(--muted)}
    .coaching{font-size:1.02rem;margin:8px 0}
    .goal{display:flex;flex-wrap:wrap;align-items:center;gap:6px 10px}
    span.bar{display:inline-block;width:140px;max-width:100%;height:10px;border-radius:5px;background:var(--track);overflow:hidden;vertical-align:middle}
    span.bar>span{display:block;height:100%;background:var(--accent)}
    .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:12px}
    .card{background:var(--card);border:1px solid var(--border);border-radius:12px;padding:12px 14px;min-width:0}
    .card .value{font-size:1.7rem;font-weight:700;margin:2px 0}
    .card .value .unit{font-size:1rem;font-weight:500;color:var(--muted);margin-left:4px}
    .fresh{display:inline-block;font-size:.85rem;border:1px solid var(--border);border-radius:999px;padding:0 8px;color:var(--muted)}
    .fresh.stale{border-style:dashed;font-weight:600}
    .deltas{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:8px 0;font-size:.92rem}
    .deltas dt{color:var(--muted)}
    .deltas dd{margin:0;font-variant-numeric:tabular-nums}
    .card-top{display:flex;align-items:center;justify-content:space-between;gap:10px}
    .card-top .spark{flex:0 1 150px;min-width:0}
    .card svg.hp-chart{width:100%;max-width:150px;height:auto;display:block}
    .spark-caption{font-size:.8rem;color:var(--muted);margin:0}
    .charts{display:grid;grid-template-columns:minmax(0,1fr);gap:28px}
    @media (min-width:900px){.charts{grid-template-columns:repeat(2,minmax(0,1fr))}}
    figure.chart{margin:0;min-width:0}
    figure.chart svg.hp-chart{width:100%;height:auto;display:block;margin:6px 0 4px}
    figcaption{font-size:.92rem;color:var(--muted)}
    .summary{font-weight:600}
    .empty{color:var(--muted);font-style:italic}
    .trend-list{margin:0 0 8px;padding-left:20px}
    .trend-list li{margin:4px 0}
    details.numbers{margin-top:6px}
    details.numbers summary{cursor:pointer;color:var(--muted);font-size:.92rem}
    .table-scroll{max-height:16rem;overflow-y:auto;overflow-x:hidden;border:1px solid var(--border);border-radius:8px;margin-top:6px}
    table{border-collapse:collapse;width:100%;font-size:.88rem;font-variant-numeric:tabular-nums}
    caption{text-align:left;font-weight:600;padding:6px 8px;color:var(--muted)}
    th,td{padding:4px 6px;border-bottom:1px solid var(--border);text-align:right}
    td{white-space:nowrap}
    td:first-child{white-space:normal}
    th{font-weight:600;vertical-align:bottom}
    th:first-child,td:first-child{text-align:left}
    thead th{position:sticky;top:0;background:var(--card)}
    td.na{color:var(--muted)}
    .streaks{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:12px}
    .streak{border:1px solid var(--border);border-radius:12px;padding:12px 14px;background:var(--card);min-width:0}
    .badges{list-style:none;margin:8px 0;padding:0;display:flex;flex-wrap:wrap;gap:6px}
    .badges li{border:1px solid var(--border);border-radius:999px;padding:1px 10px;font-size:.85rem;color:var(--muted)}
    .badges li.earned{border-color:var(--accent);color:var(--fg)}
    .streak svg.hp-chart{max-width:100%;height:auto;display:block;margin:6px 0}
    .legend{font-size:.85rem;color:var(--muted)}
    .legend span{margin-right:12px;display:inline-block}
    dl.facts{display:grid;grid-template-columns:max-content auto;gap:4px 20px}
    dl.facts dt{color:var(--muted)}
    dl.facts dd{margin:0;font-variant-numeric:tabular-nums}
    .wide{margin-bottom:14px}
    .split{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:18px}
    footer{color:var(--muted);font-size:.85rem;padding-top:16px;padding-bottom:32px;border-top:1px solid var(--border);margin-top:32px}
    @media (max-width:640px){
    table.reflow thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
    table.reflow,table.reflow tbody,table.reflow caption{display:block}
    table.reflow tr{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:2px 14px;padding:8px 6px;border-bottom:1px solid var(--border)}
    table.reflow td{display:flex;justify-content:space-between;gap:8px;border:0;padding:1px 0;white-space:normal;min-width:0}
    table.reflow td::before{content:attr(data-label);color:var(--muted);text-align:left}
    table.reflow td:first-child{grid-column:1/-1;font-weight:600}
    table.reflow td:first-child::before{content:none}
    table.compact thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
    table.compact,table.compact tbody,table.compact caption{display:block}
    table.compact tr{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:2px 10px;padding:6px 4px;border-bottom:1px solid var(--border)}
    table.compact td{display:block;border:0;padding:0;text-align:left;white-space:normal;min-width:0}
    table.compact td::before{content:attr(data-label);display:block;font-size:.75rem;line-height:1.2;color:var(--muted)}
    table.compact td:first-child{grid-column:1/-1;font-weight:600}
    table.compact td:first-child::before{content:none}
    }
    @media (max-width:480px){table.reflow tr{grid-template-columns:minmax(0,1fr)}.charts{gap:22px}h2{margin-top:26px}}
    @media print{:root{--bg:#fff;--fg:#000;--muted:#444;--card:#fff;--border:#bbb}body{font-size:11pt}header.top,main,footer{max-width:none}.charts{grid-template-columns:repeat(2,minmax(0,1fr))}.table-scroll{max-height:none;overflow:visible}thead th{position:static}figure.chart,.card,.streak,.hero,tr{break-inside:avoid}h2{break-after:avoid}details.numbers{display:none}}

    """
}
