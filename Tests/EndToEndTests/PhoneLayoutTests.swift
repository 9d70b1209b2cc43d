import Foundation
import TestSupport
import Testing

/// Whether the `chromium` program is on the PATH.
enum Chromium {
  static var available: Bool {
    ProcessInfo.processInfo.environment["PATH", default: "/usr/bin"].split(separator: ":")
      .contains { FileManager.default.isExecutableFile(atPath: "\($0)/chromium") }
  }
}

/// What `scripts/check-phone-layout.sh` measures (see the script).
struct PhoneMeasurement: Decodable {
  var width: Double
  var scrollWidth: Double
  var height: Double
  var minChartFont: Double
  var chartTexts: Int
  var overlaps: [String]
}

/// The sample report as a browser lays it out (docs/report.md, "Phone first"): at 390 px
/// every chart text renders at 11 CSS px or more and nothing scrolls sideways; at 390 and
/// 1280 px no chart text overlaps another text, a dot or a line (real font metrics). Runs
/// `scripts/check-phone-layout.sh` in headless Chromium; skipped without Chromium.
@Suite(
  "Phone-first layout in Chromium", .serialized,
  .enabled(if: Chromium.available, "chromium is not installed"))
struct PhoneLayoutTests {
  static func measure(_ html: String, width: Int) throws -> PhoneMeasurement {
    let r = try ProcessRunner.run(
      Healthpipe.repositoryRoot.appendingPathComponent("scripts/check-phone-layout.sh"),
      [html, String(width)])
    return try JSONDecoder().decode(PhoneMeasurement.self, from: Data(r.stdout.utf8))
  }

  @Test("the main command's report, and its 6-month and 1-year views, at 390 and 1280 px")
  func sampleReport() throws {
    let dir = try RunEndToEndTests.checkout()
    let run = try Healthpipe.run(["run", "Pipelines/nightly.pipeline", "--quiet"], in: dir.path)
    #expect(run.code == 0, "\(run.stderr)")
    var pages = [dir.file("Reports/latest/nightly.html")]
    for window in ["6m", "1y"] {
      let out = dir.file("\(window).html")
      let r = try Healthpipe.run([
        "report", dir.file(".healthpipe/nightly/aggregate"), "--window", window, "--out", out,
        "--quiet",
      ])
      #expect(r.code == 0, "\(r.stderr)")
      pages.append(out)
    }
    for page in pages {
      let phone = try Self.measure(page, width: 390)
      #expect(phone.width == 390)
      #expect(phone.scrollWidth <= 390, "\(page) scrolls sideways: \(phone.scrollWidth) px")
      #expect(phone.chartTexts > 50)
      #expect(phone.minChartFont >= 11, "\(page): chart text of \(phone.minChartFont) px")
      #expect(phone.overlaps.isEmpty, "\(page): \(phone.overlaps)")
      // Long views stay short (docs/report.md, "Long views"): the year on a phone is at
      // most 8,000 px tall.
      if page.hasSuffix("1y.html") {
        #expect(phone.height <= 8_000, "\(page): \(phone.height) px tall at 390 px")
      }
      let wide = try Self.measure(page, width: 1280)
      #expect(wide.scrollWidth <= 1280)
      #expect(wide.overlaps.isEmpty, "\(page): \(wide.overlaps)")
    }
  }
}
