import HealthModel

extension AppleExportParser {
  /// Reads a top-level `Workout` start tag into `workout`.
  func beginWorkout() {
    workout = PendingWorkout()
    workout.line = Int64(scanner.tagLine)
    if let defect = scanner.defect { workout.note(.malformed, defect) }
    var sawStart = false
    var sawEnd = false
    var sourceAttr: XMLAttribute?
    var legacySourceAttr: XMLAttribute?
    for i in 0..<scanner.attributeCount {
      let a = scanner.attribute(i)
      let n = scanner.name(of: a)
      if bytesEqual(n, "workoutActivityType") {
        workout.activity = WorkoutActivity.name(intern(a, in: &words))
      } else if bytesEqual(n, "duration") {
        workout.duration = scanner.value(of: a)
      } else if bytesEqual(n, "durationUnit") {
        workout.durationUnit = intern(a, in: &units)
      } else if bytesEqual(n, "totalDistance") {
        workout.totalDistance = scanner.value(of: a)
      } else if bytesEqual(n, "totalDistanceUnit") {
        workout.totalDistanceUnit = intern(a, in: &units)
      } else if bytesEqual(n, "totalEnergyBurned") {
        workout.totalEnergy = scanner.value(of: a)
      } else if bytesEqual(n, "totalEnergyBurnedUnit") {
        workout.totalEnergyUnit = intern(a, in: &units)
      } else if bytesEqual(n, "sourceName") {
        sourceAttr = a
      } else if bytesEqual(n, "source") {
        legacySourceAttr = a
      } else if bytesEqual(n, "HKWasUserEntered") {
        workout.userEntered = isYes(a)
      } else if bytesEqual(n, "HKTimeZone") {
        workout.zone = intern(a, in: &words)
      } else if bytesEqual(n, "device") {
        let d = device(a)
        workout.device = d.text
        workout.deviceKind = d.kind
      } else if bytesEqual(n, "startDate") {
        sawStart = true
        workout.start = parseDate(a)
        if workout.start == nil {
          workout.note(.badDate, "startDate '\(scanner.value(of: a))' is not a date with an offset")
        }
      } else if bytesEqual(n, "endDate") {
        sawEnd = true
        workout.end = parseDate(a)
        if workout.end == nil {
          workout.note(.badDate, "endDate '\(scanner.value(of: a))' is not a date with an offset")
        }
      }
    }
    // iOS 8 wrote the source as `source`; `sourceName` wins where both are present.
    if let a = sourceAttr ?? legacySourceAttr { workout.source = intern(a, in: &sources) }
    if !sawStart { workout.note(.missingField, "Workout has no startDate") }
    if !sawEnd { workout.note(.missingField, "Workout has no endDate") }
  }

  /// A `WorkoutStatistics` child: energy and distance sums are kept for the totals.
  func workoutStatistics() {
    var type = ""
    var sum: String?
    var unit = ""
    for i in 0..<scanner.attributeCount {
      let a = scanner.attribute(i)
      let n = scanner.name(of: a)
      if bytesEqual(n, "type") {
        type = intern(a, in: &words)
      } else if bytesEqual(n, "sum") {
        sum = scanner.value(of: a)
      } else if bytesEqual(n, "unit") {
        unit = intern(a, in: &units)
      }
    }
    let statistic = sum.map { WorkoutStatistic(type: type, sum: $0, unit: unit) }
    if let statistic, type == "HKQuantityTypeIdentifierActiveEnergyBurned" {
      workout.energyStatistics.append(statistic)
    } else if let statistic, type.hasPrefix("HKQuantityTypeIdentifierDistance") {
      workout.distanceStatistics.append(statistic)
    } else {
      skipped[Int(AppleElement.workoutStatistics.rawValue)] += 1
    }
  }

  /// Emits the pending workout, then its energy and distance totals (attributes before
  /// iOS 16, `WorkoutStatistics` after), each as its own sample.
  func finishWorkout() throws {
    sink.read(type: "Workout")
    guard workout.problem == nil, let start = workout.start, let end = workout.end else {
      return try rejectWorkout()
    }
    var minutes: Double
    if let text = workout.duration {
      guard let d = DecimalParser.parseTrimmingSpaces(text) else {
        workout.note(.badNumber, "duration '\(text)' is not a number")
        return try rejectWorkout()
      }
      switch workout.durationUnit ?? "min" {
      case "min": minutes = d
      case "s", "sec": minutes = d / 60
      case "hr", "h": minutes = d * 60
      case let other:
        workout.note(.badNumber, "durationUnit '\(other)' is not min, s or hr")
        return try rejectWorkout()
      }
    } else {
      minutes = Double(end.epoch - start.epoch) / 60
      durationsFromDates += 1
    }
    let utcOffset = offset(start: start, zone: workout.zone)
    let kind: SourceKind =
      workout.userEntered ? .manual : (workout.device.isEmpty ? .app : workout.deviceKind)
    func sample(_ metric: MetricID, _ value: Double, _ unit: String) -> Sample {
      Sample(
        metric: metric, start: start.epoch, end: end.epoch, utcOffset: utcOffset, value: value,
        unit: unit, category: workout.activity, source: workout.source, device: workout.device,
        sourceKind: kind, userEntered: workout.userEntered, origin: sink.origin(workout.line))
    }
    try sink.keep(sample(.workout, minutes, "min"), type: "Workout")

    var energies = workout.energyStatistics
    if let total = workout.totalEnergy {
      energies = [
        WorkoutStatistic(type: "totalEnergyBurned", sum: total, unit: workout.totalEnergyUnit)
      ]
    }
    var distances = workout.distanceStatistics
    if let total = workout.totalDistance {
      distances = [
        WorkoutStatistic(type: "totalDistance", sum: total, unit: workout.totalDistanceUnit)
      ]
    }
    for (metric, typeName, list) in [
      (MetricID.workoutEnergy, "Workout.energy", energies),
      (MetricID.workoutDistance, "Workout.distance", distances),
    ] {
      for statistic in list {
        sink.read(type: typeName)
        if let value = DecimalParser.parseTrimmingSpaces(statistic.sum) {
          try sink.keep(sample(metric, value, statistic.unit), type: typeName)
        } else {
          try sink.reject(
            type: typeName, code: .badNumber,
            reason: "\(statistic.type) '\(statistic.sum)' is not a number",
            metric: metric.rawValue, start: start.epoch, end: end.epoch, utcOffset: utcOffset,
            value: statistic.sum, unit: statistic.unit, source: workout.source,
            record: workout.line)
        }
      }
    }
  }

  private func rejectWorkout() throws {
    let problem = workout.problem ?? RecordProblem(code: .malformed, reason: "unreadable workout")
    try sink.reject(
      type: "Workout", code: problem.code, reason: problem.reason,
      metric: MetricID.workout.rawValue,
      start: workout.start?.epoch, end: workout.end?.epoch, utcOffset: workout.start?.offset,
      value: workout.duration ?? "", unit: workout.durationUnit ?? "", source: workout.source,
      record: workout.line)
  }
}
