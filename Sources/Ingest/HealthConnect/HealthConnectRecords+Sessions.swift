import HealthModel

extension HealthConnectRecords {
  /// Sleep: each session is an in-bed sample over its span; its stages
  /// (`sleep_stages_table`) are sleep samples of their stage; a session without stages is
  /// also one asleep sample over its span, as Android counts such a session as sleep
  /// (docs/ingest-health-connect.md, "Sleep"). The samples then go through clean's night
  /// rule like every other source's.
  func readSleep(_ table: HealthConnectTable) throws {
    let parents = try readParents(table)
    let stagesTable = "sleep_stages_table"
    var withStages: Set<Int64> = []
    if schema.has(stagesTable) {
      let keys = try database.prepare(
        "SELECT DISTINCT \(try schema.require("parent_key", in: stagesTable, path: path)) "
          + "FROM \(stagesTable)", table: stagesTable)
      while try keys.step() { withStages.insert(keys.int64(0)) }
    }
    let inBed = sink.counter(for: table.name)
    let asleep = sink.counter(for: table.name + ".asleep")
    for id in parents.keys.sorted() {
      let parent = parents[id]!
      let record = table.code * HealthConnectTable.recordFactor + id
      var outputs = [(SleepStage.inBed, inBed, table.name)]
      if !withStages.contains(id) {
        outputs.append((.asleepUnspecified, asleep, table.name + ".asleep"))
      }
      for (stage, counter, type) in outputs {
        sink.read(counter)
        if let problem = parent.problem {
          try rejectChild(
            problem, child: table.name, metric: .sleep, unit: "min", source: parent.source,
            start: nil, value: "", rowid: id, record: record, type: type)
          continue
        }
        try batch.keep(
          sleepSample(parent, start: parent.start, end: parent.end, stage: stage, record: record),
          counter: counter, sink: sink)
      }
      try tick()
    }
    if schema.has(stagesTable) { try readStages(stagesTable, parents: parents, table: table) }
  }

  private func readStages(
    _ stagesTable: String, parents: [Int64: HealthConnectParent], table: HealthConnectTable
  ) throws {
    let statement = try database.prepare(
      "SELECT \(try schema.require("parent_key", in: stagesTable, path: path)), "
        + "\(try schema.require("stage_start_time", in: stagesTable, path: path)), "
        + "\(try schema.require("stage_end_time", in: stagesTable, path: path)), "
        + "\(try schema.require("stage_type", in: stagesTable, path: path)), rowid "
        + "FROM \(stagesTable) ORDER BY rowid", table: stagesTable)
    let counter = sink.counter(for: stagesTable)
    let base = (100 + table.code) * HealthConnectTable.recordFactor
    while try statement.step() {
      sink.read(counter)
      let record = base + statement.int64(4)
      let parent = parents[statement.int64(0)]
      let start = HealthConnectRow.floorDiv(statement.int64(1), 1000)
      let end = HealthConnectRow.floorDiv(statement.int64(2), 1000)
      do {
        guard let p = parent else {
          throw HealthConnectRow.Problem(
            code: .missingField,
            reason: "its session \(statement.int64(0)) is not in \(table.name)")
        }
        if let problem = p.problem {
          throw HealthConnectRow.Problem(
            code: problem.code,
            reason: "its session \(table.name) row \(statement.int64(0)): \(problem.reason)")
        }
        guard statement.type(1) != .null, statement.type(2) != .null else {
          throw HealthConnectRow.Problem(code: .missingField, reason: "a stage time is NULL")
        }
        let type = statement.int64(3)
        guard let stage = Self.sleepStage(type) else {
          throw HealthConnectRow.Problem(
            code: .unknownCategory,
            reason: "stage_type \(type) is not a sleep stage healthpipe knows"
              + (type == 0 ? " (0 is Android's STAGE_TYPE_UNKNOWN)" : ""))
        }
        try batch.keep(
          sleepSample(p, start: start, end: end, stage: stage, record: record), counter: counter,
          sink: sink)
      } catch let problem as HealthConnectRow.Problem {
        try rejectChild(
          problem, child: stagesTable, metric: .sleep, unit: "min", source: parent?.source,
          start: start, end: end, value: String(statement.int64(3)), rowid: statement.int64(4),
          record: record)
      }
      try tick()
    }
  }

  private func sleepSample(
    _ p: HealthConnectParent, start: Int64, end: Int64, stage: SleepStage, record: Int64
  ) -> Sample {
    Sample(
      metric: .sleep, start: start, end: end, utcOffset: p.offset,
      value: Double(end - start) / 60, unit: "min", category: stage.rawValue, source: p.source,
      device: p.device, sourceKind: p.kind, userEntered: p.manual, origin: sink.origin(record))
  }

  /// AOSP's `SleepSessionRecord.StageType` as a healthpipe stage: awake (1), out of bed (3)
  /// and awake in bed (7) are awake; sleeping (2) is asleep without a stage; light (4) is
  /// core, deep (5) deep, REM (6) REM. Unknown (0) and other numbers are nil.
  static func sleepStage(_ type: Int64) -> SleepStage? {
    switch type {
    case 1, 3, 7: .awake
    case 2: .asleepUnspecified
    case 4: .asleepCore
    case 5: .asleepDeep
    case 6: .asleepREM
    default: nil
    }
  }

  /// Exercise sessions: one workout each, its value the session's minutes, its category
  /// the activity named after `exercise_type` (`ExerciseSessionType`).
  func readExercise(_ table: HealthConnectTable) throws {
    let statement = try database.prepare(
      "SELECT \(try HealthConnectRow.selectList(table, schema: schema, path: path)), "
        + "\(try schema.require("exercise_type", in: table.name, path: path)) FROM "
        + "\(table.name) ORDER BY \"row_id\"", table: table.name)
    let counter = sink.counter(for: table.name)
    while try statement.step() {
      sink.read(counter)
      let record = table.code * HealthConnectTable.recordFactor + statement.int64(0)
      do {
        let row = try HealthConnectRow.read(statement, interval: true, merged: false)
        let origin = apps.origin(app: row.app, device: row.device, manual: row.manual)
        try batch.keep(
          Sample(
            metric: .workout, start: row.start, end: row.end, utcOffset: row.offset,
            value: Double(row.end - row.start) / 60, unit: "min",
            category: HealthConnectExerciseTypes.name(statement.int64(9)), source: origin.source,
            device: origin.device, sourceKind: origin.kind, userEntered: row.manual,
            origin: sink.origin(record)),
          counter: counter, sink: sink)
      } catch let problem as HealthConnectRow.Problem {
        try reject(
          problem, statement: statement, table: table, type: table.name, metric: .workout,
          valueColumn: nil, record: record)
      }
      try tick()
    }
  }
}
