/// The file names the stages give their outputs by default, and a pipeline's work folder
/// uses: each stage's tables are known by one name everywhere.
public enum StageFiles {
  /// Ingest's samples table.
  public static let samples = "samples.hpt"
  /// Ingest's rejects table.
  public static let ingestRejects = "rejects-ingest.hpt"
  /// Clean's cleaned samples table.
  public static let cleaned = "clean.hpt"
  /// Clean's rejects table.
  public static let cleanRejects = "rejects-clean.hpt"
  /// The aggregate stage's output folder (`AggregateFolder` lists its files).
  public static let aggregateFolder = "aggregate"

  /// The file `name` in the folder of `path` (just `name` when `path` has no folder): where
  /// a stage writes its rejects table when none is given.
  public static func beside(_ path: String, _ name: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return name }
    return String(path[...slash]) + name
  }
}
