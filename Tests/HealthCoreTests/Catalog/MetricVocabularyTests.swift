import HealthModel
import Testing

/// The one metric vocabulary (docs/architecture.md, "One vocabulary"): the files' words and
/// the words shown to people are named fields of one entry, and the catalog reads them.
@Suite struct MetricVocabularyTests {
  @Test("VO2 max: ASCII in the files, typographic for people, one entry")
  func vo2Max() throws {
    let w = try #require(SeriesVocabulary.format(of: .vo2Max))
    #expect(w.title == "VO2 max")
    #expect(w.shownTitle == "VO₂ max")
    #expect(w.unit == "mL/kg/min")
    #expect(w.shownUnit == "mL/kg/min")
    #expect(w.storedUnit == "mL/(kg·min)")
    #expect(w.header == "vo2_max [mL/kg/min]")
    #expect(MetricCatalog.byID[.vo2Max]?.displayName == "VO₂ max")
  }

  @Test("the people's unit differs from the file's where the report says so")
  func shownUnits() throws {
    let steps = try #require(SeriesVocabulary.format(of: .steps))
    #expect(
      (steps.unit, steps.shownUnit, steps.decimals, steps.shownDecimals) == ("count", "steps", 0, 0)
    )
    let sleep = try #require(SeriesVocabulary.format(of: .sleepAsleep))
    #expect((sleep.unit, sleep.shownUnit) == ("min", "h"))
    let ln = try #require(SeriesVocabulary.format(of: .hrvLnSDNN))
    #expect(
      (ln.title, ln.shownTitle, ln.unit, ln.shownUnit) == (
        "HRV, ln(SDNN)", "HRV (SDNN)", "ln ms", "ms"
      ))
    let rhr = try #require(SeriesVocabulary.format(of: .restingHeartRate))
    #expect((rhr.decimals, rhr.shownDecimals) == (1, 0))
    let spo2 = try #require(MetricCatalog.byID[.spo2])
    #expect(spo2.displayUnit == "%" && spo2.displayScale == 100)
  }

  @Test("every catalog metric's words for people are its vocabulary entry's")
  func catalogReadsTheVocabulary() throws {
    for info in MetricCatalog.all {
      let w = try #require(SeriesVocabulary.format(of: info.id), "\(info.id)")
      #expect(info.displayName == w.shownTitle)
      #expect(info.displayUnit == w.shownUnit)
      #expect(info.displayScale == w.scale)
    }
  }

  @Test("titles in the files are ASCII; column names are snake case of the id")
  func fileTitlesAreASCII() {
    for w in SeriesVocabulary.all {
      #expect(w.title.utf8.allSatisfy { $0 < 0x80 }, "\(w.metric): \(w.title)")
      #expect(w.name == ColumnNames.snakeCase(w.metric.rawValue))
    }
  }
}
