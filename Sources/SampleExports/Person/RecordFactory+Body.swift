import HealthModel

extension RecordFactory {
  /// Scale readings (Withings, through Health Mate) and weights typed into the Health app.
  func body(
    _ type: SyntheticRecordType, _ plan: DayPlan, _ rng: inout SeededRandom,
    _ out: inout [SyntheticRecord]
  ) {
    // One stream per weigh-in so all four types see the same reading.
    var reading = stream(plan, 400)
    let mass = RecordFactory.round(plan.body.weightKg + reading.normal(0, 0.15), 2)
    let fat = RecordFactory.round(plan.body.bodyFat + reading.normal(0, 0.004), 3)
    let sparseDay = density == .sample && ![1, 3, 6].contains(plan.weekday)
    if let t = plan.weighIn, !sparseDay {
      var value: Double?
      switch type {
      case .bodyMass: value = mass
      case .bodyFat: value = fat
      case .bodyMassIndex: value = mass / (PersonProfile.heightMetres * PersonProfile.heightMetres)
      case .leanBodyMass: value = density == .full ? mass * (1 - fat) : nil
      default: value = nil
      }
      if let value {
        var r = record(type, .scale, t, t, value, &rng, delay: 30...180)
        if type == .bodyMass || density == .full { r.meta |= RecordMeta.withings }
        out.append(r)
      }
    }
    if type == .bodyMass, let t = plan.manualWeighIn {
      let pounds = (plan.body.weightKg + reading.normal(0.3, 0.3)) / 0.453_592_37
      var r = record(.bodyMass, .healthApp, t, t, (pounds * 10).rounded() / 10, &rng, delay: 3...40)
      r.meta |= RecordMeta.userEntered
      out.append(r)
    }
  }

  /// Blood pressure from the cuff app (the same pair is repeated inside a `Correlation`).
  func bloodPressure(
    _ type: SyntheticRecordType, _ plan: DayPlan, _ rng: inout SeededRandom,
    _ out: inout [SyntheticRecord]
  ) {
    guard let t = plan.bloodPressure else { return }
    var reading = stream(plan, 401)
    let systolic = reading.normal(118 + (plan.sick ? 6 : 0), 5)
    let diastolic = reading.normal(76, 4)
    let created = reading.int(40...200)
    var r = record(
      type, .cuff, t, t, type == .systolic ? systolic : diastolic, &reading,
      delay: created...created)
    r.meta |= RecordMeta.notUserEntered
    out.append(r)
  }

  /// Height and the sleep duration goal: one record each, on the Apple export's first day.
  func firstDayRecords(
    _ type: SyntheticRecordType, _ plan: DayPlan, _ rng: inout SeededRandom,
    _ out: inout [SyntheticRecord]
  ) {
    guard plan.day == calendar.appleFirst else { return }
    let t = plan.sleep.sleep.end + 3600 + Int64(rng.int(0...1800))
    if type == .height {
      var r = record(.height, .healthApp, t, t, PersonProfile.heightFeet, &rng, delay: 2...30)
      r.meta |= RecordMeta.userEntered
      out.append(r)
    } else {
      out.append(record(.sleepGoal, .phone, t, t, 8, &rng, delay: 0...5))
    }
  }
}
