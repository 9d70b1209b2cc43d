import Foundation
import HealthCore
import TestSupport
import Testing

@Suite("scratch") struct ScratchCheck {
  @Test func run() throws {
    guard let prefix = ProcessInfo.processInfo.environment["HP_SCRATCH"] else { return }
    let cases: [(String, LocalDay)] = [
      ("new", LocalDay(year: 2026, month: 11, day: 15)!), ("stale", LocalDay(year: 2024, month: 1, day: 21)!),
      ("y400", LocalDay(year: 2026, month: 11, day: 15)!), ("naps", LocalDay(year: 2026, month: 11, day: 15)!),
      ("sd", LocalDay(year: 2026, month: 11, day: 15)!),
    ]
    var out = ""
    for (name, asOf) in cases {
      let d = "/tmp/tr/\(name)/"
      for w in ["30", "1y"] {
        let page = RenderedText(html: try String(contentsOfFile: d + "\(prefix)-\(w).html", encoding: .utf8))
        for p in ReportInvariants.check(page, asOf: asOf) { out += "\(name) html \(w): \(p)\n" }
      }
      let md = RenderedText(markdown: try String(contentsOfFile: d + (prefix == "main" ? "mainmd" : "md") + "/r.md", encoding: .utf8))
      for p in ReportInvariants.check(md, asOf: asOf) { out += "\(name) md: \(p)\n" }
      let mail = MailMessage(Array(try Data(contentsOf: URL(fileURLWithPath: d + (prefix == "main" ? "main" : "r") + ".eml"))))
      for p in ReportInvariants.checkEmail(mail, asOf: asOf) { out += "\(name) mail: \(p)\n" }
      let html = RenderedText(html: try String(contentsOfFile: d + "\(prefix)-30.html", encoding: .utf8))
      for p in ReportInvariants.agree(html: html, markdown: md, email: mail) { out += "\(name) agree: \(p)\n" }
    }
    try out.write(toFile: "/tmp/tr/scratch-\(prefix).txt", atomically: true, encoding: .utf8)
  }
}
