import Exports
import HealthCore
import HealthModel
import Testing

/// Files for people (docs/interop.md): CSV cells read `14.399999999999999` and
/// `0.9500000000000001`. Numbers are now written at a precision that fits the metric
/// (`SeriesFormat`), or, without one, with `significant` digits that keep every digit an input
/// wrote and drop a Double's binary noise. Expected texts are worked out by hand from the decimal
/// values.
@Suite("Numbers without float noise")
struct TidyNumbersTests {
  @Test("significant: noise goes, the input's digits stay")
  func significant() {
    // 14.4 and 0.95 are not exact in binary; their sums print with 17 digits.
    #expect(NumberFormatting.significant(14.399999999999999, 12) == "14.4")
    #expect(NumberFormatting.significant(0.9500000000000001, 12) == "0.95")
    #expect(NumberFormatting.significant(0.1 + 0.2, 12) == "0.3")
    #expect(NumberFormatting.significant(12.375855360000001, 12) == "12.37585536")
    // 184.44 lb × 0.45359237 = 83.6605767228 kg exactly in decimal: 12 digits, all kept.
    #expect(NumberFormatting.significant(184.44 * 0.45359237, 12) == "83.6605767228")
    #expect(NumberFormatting.significant(-2.5, 12) == "-2.5")
    #expect(NumberFormatting.significant(7608, 12) == "7608")
    // Rounding carries through nines: 9.9999996 at 6 digits is 10.
    #expect(NumberFormatting.significant(9.9999996, 6) == "10")
    #expect(NumberFormatting.significant(1_234_567, 6) == "1234570")
    #expect(NumberFormatting.significant(65.33333333333333, 6) == "65.3333")
    // Small and large magnitudes: plain from 0.0001, exponent form below and from 1e16.
    #expect(NumberFormatting.significant(0.0001234, 12) == "0.0001234")
    #expect(NumberFormatting.significant(0.00001234, 12) == "1.234e-05")
    #expect(NumberFormatting.significant(1e-07, 12) == "1e-07")
    #expect(NumberFormatting.significant(2.5e20, 12) == "2.5e+20")
    #expect(NumberFormatting.significant(0, 12) == "0")
    #expect(NumberFormatting.significant(.nan, 12) == "nan")
  }

  @Test("decimal: noise goes first, then half away from zero in decimal")
  func decimal() {
    // Sleep minutes summed from intervals: 128.75 stored as 128.74999999999997.
    #expect(NumberFormatting.decimal(128.74999999999997, 1) == "128.8")
    #expect(NumberFormatting.fixed(128.74999999999997, 1) == "128.7")  // what fixed did
    #expect(NumberFormatting.decimal(468.24999999999994, 1) == "468.3")
    #expect(NumberFormatting.decimal(2.25, 1) == "2.3")
    #expect(NumberFormatting.decimal(-2.25, 1) == "-2.3")
    #expect(NumberFormatting.decimal(0.06, 1) == "0.1")
    #expect(NumberFormatting.decimal(0.0012, 4) == "0.0012")
    #expect(NumberFormatting.decimal(0.0012, 2) == "0.00")
    #expect(NumberFormatting.decimal(-0.004, 2) == "0.00")  // no "-0.00"
    #expect(NumberFormatting.decimal(9.96, 1) == "10.0")
    #expect(NumberFormatting.decimal(6000.5, 0) == "6001")
    #expect(NumberFormatting.decimal(1234567.25, 1) == "1234567.3")
    #expect(NumberFormatting.decimal(0, 2) == "0.00")
    #expect(NumberFormatting.decimal(70, 1) == "70.0")
    #expect(NumberFormatting.decimal(2.5e20, 0) == "250000000000000000000")
  }

  @Test("series formats: scale and decimals of the metric")
  func seriesFormats() throws {
    let spo2 = try #require(SeriesVocabulary.format(of: .spo2))
    // 0.964 × 100 is 96.39999999999999 in binary: written 96.4, unit %.
    #expect(spo2.text(0.964) == "96.4")
    #expect(spo2.header == "spo2 [%]")
    let rhr = try #require(SeriesVocabulary.format(of: .restingHeartRate))
    #expect(rhr.text(52.333333) == "52.3")
    #expect(rhr.header == "resting_heart_rate [bpm]")
    #expect(rhr.storedUnit == "count/min")
    #expect(
      SeriesVocabulary.format(of: .respiratoryRate)?.header == "respiratory_rate [breaths/min]")
    #expect(SeriesVocabulary.format(of: .hrvSDNN)?.header == "hrv_sdnn [ms]")
    let ln = try #require(SeriesVocabulary.format(of: .hrvLnSDNN))
    #expect(ln.header == "hrv_ln_sdnn [ln ms]")
    // ln(35) = 3.55534806148941...: 4 decimals.
    #expect(ln.text(3.5553480614894135) == "3.5553")
    #expect(SeriesVocabulary.format(of: .steps)?.text(7607.5) == "7608")
    #expect(SeriesVocabulary.format(of: .bodyFat)?.text(0.215) == "21.5")
    #expect(
      SeriesVocabulary.format(of: "HKQuantityTypeIdentifierEnvironmentalAudioExposure") == nil)
  }

  @Test("snake case names: ids, acronyms, digits and activity names")
  func snakeCase() {
    #expect(ColumnNames.snakeCase("restingHeartRate") == "resting_heart_rate")
    #expect(ColumnNames.snakeCase("hrvSDNN") == "hrv_sdnn")
    #expect(ColumnNames.snakeCase("hrvLnSDNN") == "hrv_ln_sdnn")
    #expect(ColumnNames.snakeCase("vo2Max") == "vo2_max")
    #expect(ColumnNames.snakeCase("spo2") == "spo2")
    #expect(ColumnNames.snakeCase("sleepREM") == "sleep_rem")
    #expect(ColumnNames.snakeCase("base14SD") == "base14_sd")
    #expect(
      ColumnNames.snakeCase("High Intensity Interval Training")
        == "high_intensity_interval_training")
    #expect(ColumnNames.snakeCase("=HYPERLINK(\"x\")") == "hyperlink_x")
    #expect(ColumnNames.snakeCase("Übung") == "ubung")
    #expect(ColumnNames.snakeCase("日本") == "")
  }

  @Test("every catalog and derived metric has a format, named once")
  func vocabularyCovers() {
    var ids = MetricCatalog.all.map(\.id) + MetricID.derivedSeries
    ids.append(.goalMet)
    for id in ids {
      #expect(SeriesVocabulary.format(of: id) != nil, "\(id) has no SeriesFormat")
    }
    let names = SeriesVocabulary.all.map(\.name)
    #expect(Set(names).count == names.count)
    // Stored units are the tables' own, so a row is recognised by its unit.
    for f in SeriesVocabulary.all {
      #expect(f.storedUnit == SeriesUnits.unit(of: f.metric))
      #expect(!f.description.isEmpty && !f.unit.isEmpty)
    }
  }

  @Test("every column of every table is described")
  func descriptionsCover() {
    let schemas: [(TableKind, [ColumnSpec])] = [
      (.samples, Sample.columns), (.rejects, Reject.columns), (.daily, DailyValue.columns),
      (.baselines, BaselineRow.columns), (.scores, ScoreRow.columns),
      (.streaks, StreakRow.columns), (.weekly, WeeklyRow.columns),
    ]
    for (kind, columns) in schemas {
      for c in columns {
        #expect(!TableDescriptions.column(kind, c.name).isEmpty, "\(kind).\(c.name)")
      }
    }
  }

  @Test("wide columns: vocabulary order, splits after totals, unique names")
  func wideLayout() {
    let columns = WideColumn.layout([
      (.workoutMinutes, "Running", false), (.steps, "", false), (.heartRate, "", true),
      (.workoutMinutes, "", false), (.workoutMinutes, "run", false),
      (.workoutMinutes, "Run", false), ("Walking Speed", "", true),
    ])
    #expect(
      columns.map(\.name) == [
        "steps", "heart_rate", "heart_rate_min", "heart_rate_max", "workout_minutes",
        // "Run" sorts before "Running" and "run" (byte order); "run" reads as "run" too.
        "workout_minutes_run", "workout_minutes_running", "workout_minutes_run_2",
      ])
    #expect(columns[2].header == "heart_rate_min [bpm]")
  }
}
