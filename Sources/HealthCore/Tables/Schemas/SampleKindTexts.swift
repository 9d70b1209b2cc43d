import HealthModel

/// The two kind columns of the samples table written by id (`RowWriter.string(id:text:)`):
/// after a kind's first row in a block its dictionary index is found without building,
/// hashing or comparing its text. The bytes are those of writing `rawValue`; no two kinds
/// share an id.
extension SourceKind {
  /// The kind's id in its column: its place in `allCases`.
  @inline(__always)
  var tableTextID: UInt32 {
    switch self {
    case .watch: 0
    case .phone: 1
    case .scale: 2
    case .app: 3
    case .manual: 4
    case .unknown: 5
    }
  }
}

extension HRVKind {
  /// The kind's id in its column: its place in `allCases`.
  @inline(__always)
  var tableTextID: UInt32 {
    switch self {
    case .none: 0
    case .sdnn: 1
    case .rmssd: 2
    }
  }
}
