import HealthModel
import Testing

@testable import Report

/// `ReportWindow` is the one type and the one parser of `--window` and a pipeline file's
/// `window` (docs/report.md, "Horizons").
@Suite struct ReportWindowTests {
  @Test func everyWordNamesItsDaysAndGrouping() throws {
    // 6m is 26 weeks of weekly points, 1y (or 12m, 365) a year of monthly ones.
    let cases: [(String, Int, ReportWindow.Grouping)] = [
      ("7", 7, .day), ("30", 30, .day), (" 90 ", 90, .day), ("6m", 182, .week),
      ("182", 182, .week), ("1Y", 365, .month), ("12m", 365, .month), ("365", 365, .month),
    ]
    for (text, days, grouping) in cases {
      let window = try ReportWindow.parse(text)
      #expect(window.days == days, "\(text)")
      #expect(window.grouping == grouping, "\(text)")
      #expect(window.description == String(days))
    }
    #expect(ReportWindow.all.map(\.days) == [7, 30, 90, 182, 365])
    #expect(ReportWindow(days: 45) == nil)
  }

  @Test func theCommandLineAndAPipelineFileShareTheMessage() {
    // The command line: exit 64 with the usage hint; a pipeline file: exit 78 at its line.
    do {
      _ = try ReportWindow.parse("45")
      Issue.record("45 was accepted")
    } catch let error as HealthError {
      #expect(error.code == .usage)
      #expect(error.message == "--window must be 7, 30, 90, 6m or 1y, not '45'")
    } catch { Issue.record("\(error)") }
    let line = SourceLocation(file: "night.pipeline", line: 4)
    do {
      _ = try ReportWindow.parse("2w", origin: "window", code: .configError, at: line)
      Issue.record("2w was accepted")
    } catch let error as HealthError {
      #expect(error.code == .configError)
      #expect(error.message == "window must be 7, 30, 90, 6m or 1y, not '2w'")
      #expect(error.location == line)
    } catch { Issue.record("\(error)") }
  }
}
