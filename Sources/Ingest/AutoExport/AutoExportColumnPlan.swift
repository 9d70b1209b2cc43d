import HealthModel

/// What the Health Auto Export daily CSV reader does with each column, worked out once from
/// the header.
struct AutoExportColumnPlan {
  /// A column whose non-empty cells are one sample each.
  struct Value {
    let index: Int
    /// Per-type count key: the header without its unit (`Heart Rate Variability`).
    let type: String
    let metric: MetricID
    let unit: String
    let hrv: HRVKind
  }

  /// `Name [Min]`, `Name [Avg]`, `Name [Max]` columns read together as one sample per day
  /// (value = Avg, with minimum and maximum).
  struct Range {
    /// Per-type count key: the base name (`Heart Rate`).
    let type: String
    let metric: MetricID
    let unit: String
    let hrv: HRVKind
    var min: Int?
    var avg: Int?
    var max: Int?
    var label: String { type }
  }

  /// A `Sleep Analysis [Stage] (hr)` column.
  struct Sleep {
    let index: Int
    let type: String
    let stage: SleepStage?
    /// Minutes per unit; nil when the unit is not a time unit.
    let minutesFactor: Double?
    let unit: String
  }

  /// What a column is, by index: a trivial enum so that walking a row's cells copies no
  /// strings.
  enum Role {
    /// The date column.
    case date
    /// `values[slot]`.
    case value(Int)
    /// A member of a Min/Avg/Max group (read through `ranges`).
    case rangeMember
    /// `sleeps[slot]`.
    case sleep(Int)
    /// A column with an empty header.
    case unnamed
  }

  /// The role of each column.
  var roles: [Role] = []
  /// The `Date` column.
  var date: Int
  var values: [Value] = []
  var ranges: [Range] = []
  var sleeps: [Sleep] = []
  /// Columns with an empty header (their non-empty cells are counted, not kept).
  var unnamed: [Int] = []
  /// Manifest notes about the header (unknown units).
  var notes: [String] = []

  init(headers: [AutoExportColumnHeader]) {
    date = headers.firstIndex { $0.name.lowercased() == "date" } ?? 0
    var rangeIndex: [String: Int] = [:]
    roles = Array(repeating: .unnamed, count: headers.count)
    roles[date] = .date
    for (i, h) in headers.enumerated() where i != date {
      guard !h.text.isEmpty else {
        unnamed.append(i)
        continue
      }
      let unit = h.unit ?? ""
      let full = MetricCatalog.byAutoExportColumn[h.name.lowercased()]
      let baseInfo = MetricCatalog.byAutoExportColumn[h.base.lowercased()]
      if full == nil, let sub = h.sub?.lowercased(), sub == "min" || sub == "avg" || sub == "max" {
        let key = h.base.lowercased()
        if rangeIndex[key] == nil {
          rangeIndex[key] = ranges.count
          ranges.append(
            Range(
              type: h.base, metric: baseInfo?.id ?? MetricID(h.base), unit: unit,
              hrv: baseInfo?.hrvKind ?? .none))
          note(unknownUnit: unit, info: baseInfo, header: h)
        }
        let r = rangeIndex[key]!
        roles[i] = .rangeMember
        switch sub {
        case "min": ranges[r].min = i
        case "avg": ranges[r].avg = i
        default: ranges[r].max = i
        }
      } else if full == nil, baseInfo?.id == .sleep, let sub = h.sub {
        let factor = SleepUnits.minutesFactor(unit)
        if factor == nil {
          notes.append(
            "column '\(h.text)': '\(unit)' is not a unit of time; its sleep values are rejected")
        }
        roles[i] = .sleep(sleeps.count)
        sleeps.append(
          Sleep(
            index: i, type: h.name, stage: SleepUnits.stage(column: sub), minutesFactor: factor,
            unit: unit))
      } else {
        let info = full ?? (h.sub == nil ? baseInfo : nil)
        roles[i] = .value(values.count)
        values.append(
          Value(
            index: i, type: h.name, metric: info?.id ?? MetricID(h.name), unit: unit,
            hrv: info?.hrvKind ?? .none))
        note(unknownUnit: unit, info: info, header: h)
      }
    }
  }

  /// A unit healthpipe cannot convert for a known metric is kept as written (clean rejects
  /// those values as `unknown-unit`); the manifest says so up front.
  private mutating func note(
    unknownUnit unit: String, info: MetricInfo?, header: AutoExportColumnHeader
  ) {
    guard let info else { return }
    if UnitConverter.convert(1, from: unit, to: info.canonicalUnit, percent: .hundred) == nil {
      notes.append(
        "column '\(header.text)': unit '\(unit)' cannot be converted to \(info.canonicalUnit) for \(info.id); values kept as written, clean will reject them as unknown-unit"
      )
    }
  }
}
