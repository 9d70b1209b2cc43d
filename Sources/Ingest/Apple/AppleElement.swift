#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The element names of an Apple Health export that the reader tells apart.
enum AppleElement: UInt8, CaseIterable {
  case healthData
  case exportDate
  case me
  case record
  case correlation
  case workout
  case workoutStatistics
  case workoutEvent
  case workoutRoute
  case fileReference
  case location
  case metadataEntry
  case hrvList
  case beat
  case activitySummary
  case workoutActivity
  case clinicalRecord
  case audiogram
  case sensitivityPoint
  case visionPrescription
  case rightEye
  case leftEye
  case attachment
  case other

  /// The element name as written.
  var name: String {
    switch self {
    case .healthData: "HealthData"
    case .exportDate: "ExportDate"
    case .me: "Me"
    case .record: "Record"
    case .correlation: "Correlation"
    case .workout: "Workout"
    case .workoutStatistics: "WorkoutStatistics"
    case .workoutEvent: "WorkoutEvent"
    case .workoutRoute: "WorkoutRoute"
    case .fileReference: "FileReference"
    case .location: "Location"
    case .metadataEntry: "MetadataEntry"
    case .hrvList: "HeartRateVariabilityMetadataList"
    case .beat: "InstantaneousBeatsPerMinute"
    case .activitySummary: "ActivitySummary"
    case .workoutActivity: "WorkoutActivity"
    case .clinicalRecord: "ClinicalRecord"
    case .audiogram: "Audiogram"
    case .sensitivityPoint: "SensitivityPoint"
    case .visionPrescription: "VisionPrescription"
    case .rightEye: "RightEye"
    case .leftEye: "LeftEye"
    case .attachment: "Attachment"
    case .other: "other"
    }
  }

  /// Top-level kinds skipped on purpose, with everything inside them: Correlation (its
  /// Records repeat top-level ones), clinical records, audiograms and vision prescriptions
  /// (not data healthpipe reports on). See docs/ingest-apple.md.
  var isSkippedContainer: Bool {
    switch self {
    case .correlation, .clinicalRecord, .audiogram, .visionPrescription: true
    default: false
    }
  }

  /// Whether Apple writes this kind somewhere inside a `top` element (Record or Workout):
  /// those are counted when not kept; anything else there is rejected as unexpected.
  func belongs(inside top: AppleElement) -> Bool {
    switch (top, self) {
    case (.record, .metadataEntry), (.record, .hrvList), (.record, .beat): true
    case (.workout, .metadataEntry), (.workout, .workoutEvent), (.workout, .workoutRoute),
      (.workout, .fileReference), (.workout, .location), (.workout, .workoutStatistics),
      (.workout, .workoutActivity):
      true
    default: false
    }
  }

  /// Whether the kind is a record of its own (read at the top level), so one nested
  /// inside another element is a record not read.
  var isRecordKind: Bool {
    switch self {
    case .record, .workout, .activitySummary, .correlation: true
    default: false
    }
  }

  /// Classifies a name by its length and bytes.
  @inline(__always)
  static func classify(_ n: UnsafeRawBufferPointer) -> AppleElement {
    @inline(__always) func eq(_ s: StaticString) -> Bool { bytesEqual(n, s) }
    switch n.count {
    case 2: return eq("Me") ? .me : .other
    case 6: return eq("Record") ? .record : .other
    case 7:
      if eq("Workout") { return .workout }
      return eq("LeftEye") ? .leftEye : .other
    case 8:
      if eq("Location") { return .location }
      return eq("RightEye") ? .rightEye : .other
    case 9: return eq("Audiogram") ? .audiogram : .other
    case 10:
      if eq("HealthData") { return .healthData }
      if eq("ExportDate") { return .exportDate }
      return eq("Attachment") ? .attachment : .other
    case 11: return eq("Correlation") ? .correlation : .other
    case 12:
      if eq("WorkoutEvent") { return .workoutEvent }
      if eq("WorkoutRoute") { return .workoutRoute }
      return .other
    case 13:
      if eq("MetadataEntry") { return .metadataEntry }
      if eq("FileReference") { return .fileReference }
      return .other
    case 14: return eq("ClinicalRecord") ? .clinicalRecord : .other
    case 15:
      if eq("ActivitySummary") { return .activitySummary }
      return eq("WorkoutActivity") ? .workoutActivity : .other
    case 16: return eq("SensitivityPoint") ? .sensitivityPoint : .other
    case 17: return eq("WorkoutStatistics") ? .workoutStatistics : .other
    case 18: return eq("VisionPrescription") ? .visionPrescription : .other
    case 27: return eq("InstantaneousBeatsPerMinute") ? .beat : .other
    case 32: return eq("HeartRateVariabilityMetadataList") ? .hrvList : .other
    default: return .other
    }
  }
}

/// Byte comparison of a name or value with a literal, inline: two overlapping word
/// compares from 8 bytes on, a short loop below (no call per attribute).
@inline(__always)
func bytesEqual(_ n: UnsafeRawBufferPointer, _ s: StaticString) -> Bool {
  let count = s.utf8CodeUnitCount
  guard n.count == count, count > 0, let a = n.baseAddress else { return n.count == count }
  let b = UnsafeRawPointer(s.utf8Start)
  if count >= 8 {
    return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
      && a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
  }
  var i = 0
  while i < count {
    if a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) {
      return false
    }
    i += 1
  }
  return true
}
