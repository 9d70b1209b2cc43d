import Foundation
import TestSupport
import Testing

@testable import Report

/// The weekly e-mail's HTML part rendered by headless Chromium, as a mail client shows it
/// at 600 px, with its `<style>` block and without it (as Gmail in some views, Outlook's
/// Word engine and many webmail clients drop it).
@Suite(
  "Weekly e-mail rendered in Chromium, with and without <style>",
  .enabled(if: MailProbe.canRender, "needs chromium and python3 (apt-get install chromium)"))
struct DigestRenderTests {
  /// The fixture's e-mail written to a folder.
  static func eml(_ dir: TemporaryDirectory) throws -> String {
    let o = ReportOptions(
      inputDirectory: "unused", format: .email, output: "week.eml", window: .month,
      email: EmailSettings(to: "me@example.org", date: 0))
    let message = try #require(
      try ReportStage.render(Fixtures.inputs(WeeklyDigestTests.fixtureWithScores()), o).message)
    return try Fixtures.write(message.bytes, "week.eml", in: dir)
  }

  @Test("at 600 px: at most 1,800 px tall, and identical with <style> removed")
  func desktop() throws {
    let dir = TemporaryDirectory()
    let eml = try Self.eml(dir)
    let styled = try MailProbe.render(eml, in: dir.path, width: 600, strip: false)
    let stripped = try MailProbe.render(eml, in: dir.path, width: 600, strip: true)
    #expect(styled.height > 900 && styled.height <= 1_800, "\(styled.height) px")
    #expect(styled.width == 600, "content \(styled.width) px wide: it scrolls sideways")
    #expect(stripped.height == styled.height)
    #expect(stripped.width == 600)
    // The same pixels: nothing at 600 px depends on the <style> block.
    let a = try Data(contentsOf: URL(fileURLWithPath: styled.shot))
    let b = try Data(contentsOf: URL(fileURLWithPath: stripped.shot))
    #expect(a.count > 10_000)
    #expect(a == b, "the page looks different without <style>")
  }

  @Test("at 375 px without <style>: nothing overflows sideways")
  func phone() throws {
    let dir = TemporaryDirectory()
    let eml = try Self.eml(dir)
    let narrow = try MailProbe.render(eml, in: dir.path, width: 375, strip: true)
    #expect(narrow.width <= 375, "content \(narrow.width) px wide at 375 px")
    #expect(narrow.height > 0 && narrow.height <= 2_800, "\(narrow.height) px")
  }

  @Test("at 390 px, with and without <style>: chart text of at least 12 CSS px")
  func chartText() throws {
    let dir = TemporaryDirectory()
    let eml = try Self.eml(dir)
    for strip in [true, false] {
      let phone = try MailProbe.render(eml, in: dir.path, width: 390, strip: strip)
      // The charts' 14-unit text at the image's rendered width (340 units drawn at 2×).
      let px = WeekChart.fontSize * Double(phone.imageWidth) / WeekChart.width
      #expect(px >= 12, "chart text \(px) px in a \(phone.imageWidth) px image")
    }
  }
}

extension DigestRenderTests {
  /// `Reports/sample/weekly.eml`, made from SampleData by scripts/update-reports.sh.
  static let sample = RealData.repositoryRoot.appendingPathComponent("Reports/sample/weekly.eml")
    .path

  /// The sample's height budget at 600 px: 1,800 px for the digest, and 100 px more for
  /// the habits line (SampleData's six habits: a heading and two lines; docs/report-inputs.md).
  static let sampleBudget = 1_800 + 100

  @Test("the committed sample e-mail: at most 1,900 px at 600 px, the same without <style>")
  func sampleHeight() throws {
    let dir = TemporaryDirectory()
    let styled = try MailProbe.render(Self.sample, in: dir.path, width: 600, strip: false)
    let stripped = try MailProbe.render(Self.sample, in: dir.path, width: 600, strip: true)
    #expect(
      styled.height > 900 && styled.height <= Self.sampleBudget, "\(styled.height) px")
    #expect(styled.width == 600)
    #expect(stripped.height == styled.height)
  }
}
