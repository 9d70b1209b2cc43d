import HealthCore
import Report

/// Where a pipeline run keeps its files inside the work folder.
public struct WorkLayout: Sendable {
  /// The work folder.
  public var folder: String

  /// A layout for a work folder.
  public init(folder: String) { self.folder = folder }

  /// Ingest's samples table.
  public var samples: String { folder + "/" + StageFiles.samples }
  /// Ingest's rejects.
  public var ingestRejects: String { folder + "/" + StageFiles.ingestRejects }
  /// Clean's samples table.
  public var cleaned: String { folder + "/" + StageFiles.cleaned }
  /// Clean's rejects.
  public var cleanRejects: String { folder + "/" + StageFiles.cleanRejects }
  /// The aggregate output folder.
  public var aggregate: String { folder + "/" + StageFiles.aggregateFolder }
  /// The run summary.
  public var runSummary: String { folder + "/run-summary.json" }
  /// The default report path for a format.
  public func defaultReport(format: ReportFormat) -> String {
    switch format {
    case .markdown: folder + "/report/report.md"
    case .email: folder + "/report/weekly.eml"
    case .html: folder + "/report/report.html"
    }
  }
}
