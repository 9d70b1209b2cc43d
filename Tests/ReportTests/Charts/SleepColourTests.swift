import Foundation
import Testing

@testable import Report

/// Colours people must tell apart (docs/report.md, "Charts"; docs/report-inputs.md, "The
/// weekly e-mail"), measured as WCAG 2 contrast ratios: (L1 + 0.05) / (L2 + 0.05) of the
/// relative luminances, computed here from the sRGB definition.
@Suite("Colour contrast")
struct SleepColourTests {
  static func luminance(_ c: RGB) -> Double {
    func linear(_ v: UInt8) -> Double {
      let s = Double(v) / 255
      return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
  }

  static func contrast(_ a: RGB, _ b: RGB) -> Double {
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  @Test("sleep stages that touch in a bar differ by at least 3:1, in light and dark")
  func stageNeighbours() {
    let pairs: [(ChartRole, ChartRole)] = [
      (.barDeep, .barCore), (.barCore, .barREM), (.barREM, .barAwake), (.barUnstaged, .barAwake),
    ]
    for dark in [false, true] {
      for (a, b) in pairs {
        let ca = (dark ? a.dark : a.light).fill!
        let cb = (dark ? b.dark : b.light).fill!
        #expect(Self.contrast(ca, cb) >= 3, "\(a) / \(b) \(dark ? "dark" : "light")")
      }
      // A nap is not REM: another hue (green against purple), and a dot, not a bar.
      let nap = (dark ? ChartRole.napDot.dark : ChartRole.napDot.light).fill!
      let rem = (dark ? ChartRole.barREM.dark : ChartRole.barREM.light).fill!
      #expect(nap != rem)
      #expect(Int(nap.g) > Int(nap.r) + 60 && Int(rem.r) > Int(rem.g) + 60)
    }
  }

  @Test("e-mail chart colours read on white and on dark mail alike")
  func mailColours() {
    // White, and the dark backgrounds of Gmail (#121212) and Outlook/Apple Mail (#1E1E1E,
    // #202124) in dark mode: the chart PNG is transparent, so it sits on either.
    let backgrounds = [RGB(0xFFFFFF), RGB(0x121212), RGB(0x1E1E1E), RGB(0x202124)]
    let text = [WeekChart.palette(.tickX).fill!, WeekChart.palette(.latestLabel).fill!]
    let marks = [
      WeekChart.palette(.dot).fill!, WeekChart.palette(.line).stroke!,
      WeekChart.palette(.stripMissed).stroke!, WeekChart.palette(.baseline).stroke!,
    ]
    for bg in backgrounds {
      for c in text { #expect(Self.contrast(c, bg) >= 3.8, "text \(c.css) on \(bg.css)") }
      for c in marks { #expect(Self.contrast(c, bg) >= 3, "mark \(c.css) on \(bg.css)") }
    }
  }
}
