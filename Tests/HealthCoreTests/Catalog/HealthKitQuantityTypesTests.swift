import HealthModel
import Testing

/// The table of HealthKit aggregation styles against Apple's header (`HKTypeIdentifiers.h`,
/// iOS 18 SDK), checked by hand for the types the issue names, and against the catalog.
@Suite("HealthKit quantity types: Apple's cumulative / discrete split")
struct HealthKitQuantityTypesTests {
  @Test("every identifier once; the header's 120 quantity types")
  func complete() {
    let ids = HealthKitQuantityTypes.all.map(\.identifier)
    #expect(Set(ids).count == ids.count)
    // Counted in the header: 8 body, 32 fitness, 3 hearing, 8 heart, 11 mobility,
    // 39 nutrition, 9 other, 1 reproductive, 7 respiratory, 2 vital signs.
    #expect(ids.count == 120)
    #expect(ids.allSatisfy { $0.hasPrefix("HKQuantityTypeIdentifier") })
  }

  @Test("styles as the header states them")
  func styles() {
    func style(_ name: String) -> HealthKitAggregationStyle? {
      HealthKitQuantityTypes.entry(named: "HKQuantityTypeIdentifier" + name)?.style
    }
    #expect(style("UVExposure") == .discrete(.arithmetic))
    #expect(style("EnvironmentalAudioExposure") == .discrete(.equivalentContinuousLevel))
    #expect(style("HeadphoneAudioExposure") == .discrete(.equivalentContinuousLevel))
    #expect(style("WalkingAsymmetryPercentage") == .discrete(.arithmetic))
    #expect(style("WalkingSpeed") == .discrete(.arithmetic))
    #expect(style("HeartRate") == .discrete(.temporallyWeighted))
    #expect(style("AppleSleepingBreathingDisturbances") == .discrete(.arithmetic))
    #expect(style("StepCount") == .cumulative)
    #expect(style("DietaryZinc") == .cumulative)
    #expect(style("NumberOfTimesFallen") == .cumulative)
    #expect(style("InsulinDelivery") == .cumulative)
    #expect(style("Unknown") == nil)
  }

  @Test("Health Auto Export's CSV columns and JSON names find the same entries")
  func autoExportNames() {
    let speed = HealthKitQuantityTypes.entry(named: "Stair Speed: Up")
    #expect(speed?.identifier == "HKQuantityTypeIdentifierStairAscentSpeed")
    #expect(HealthKitQuantityTypes.entry(named: "stair_speed_up") == speed)
    #expect(
      HealthKitQuantityTypes.entry(named: "walking asymmetry percentage")?.style.isCumulative
        == false)
    #expect(
      HealthKitQuantityTypes.entry(named: "six_minute_walking_test_distance")?.identifier
        == "HKQuantityTypeIdentifierSixMinuteWalkTestDistance")
    // Names seen in the real Health Auto Export JSON (`protein`, `total_fat`) are cumulative.
    #expect(HealthKitQuantityTypes.entry(named: "protein")?.style == .cumulative)
    #expect(HealthKitQuantityTypes.entry(named: "total_fat")?.style == .cumulative)
  }

  @Test(
    "the catalog's own metrics agree: sums are cumulative types, means and last values discrete")
  func catalogAgrees() {
    var checked = 0
    for info in MetricCatalog.all {
      for type in info.appleTypes where type.hasPrefix("HKQuantityTypeIdentifier") {
        let entry = HealthKitQuantityTypes.entry(named: type)
        #expect(entry != nil, "\(type) is missing from the table")
        #expect(
          entry?.style.isCumulative == (info.aggregation == .sum),
          "\(info.id): catalog \(info.aggregation), HealthKit \(String(describing: entry?.style))")
        checked += 1
      }
    }
    #expect(checked >= 30)
  }
}
