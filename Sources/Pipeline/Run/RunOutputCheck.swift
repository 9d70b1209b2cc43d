import HealthCore
import HealthSystem
import Report

/// `run` refuses a pipeline that would write over one of its own inputs (exit 73, before
/// anything runs, and by `--plan`): the report's `out`, a work file, a manifest, the run
/// summary, a stamp or the lock being an input file or a pipeline file under another
/// spelling. Files are compared by identity (`OutputCollision`), as every command does.
enum RunOutputCheck {
  static func check(config: PipelineConfig, stages: [PipelineStage]) throws {
    let layout = WorkLayout(folder: config.workFolder)
    var outputs: [String] = []
    func add(_ path: String) { if !outputs.contains(path) { outputs.append(path) } }
    for stage in stages {
      for output in stage.outputs {
        add(output)
        add(StageManifest.path(for: output))
      }
      add(layout.folder + "/.stamps/\(stage.name).json")
    }
    add(StageManifest.path(for: layout.aggregate))
    add(layout.runSummary)
    add(layout.folder + "/.lock")
    let reportOut = config.report.out ?? layout.defaultReport(format: config.report.format)
    if config.report.format == .email, config.report.send {
      add(SentLedger.defaultPath(besides: reportOut))
    }
    var pipelineFiles = [config.path]
    for file in config.document.entries.map(\.location.file)
      + config.document.sections.map(\.location.file) where !pipelineFiles.contains(file)
    {
      pipelineFiles.append(file)
    }
    let inputs = config.inputs + pipelineFiles
    if config.report.format == .markdown {
      // The charts go beside the Markdown as `<stem>-<chart>.svg`; which charts depends on
      // the data, so any input of that form in the report's folder counts as an output.
      for svg in inputs where MarkdownReport.mayBeChart(svg, of: reportOut) { add(svg) }
    }
    try OutputCollision.check(
      outputs: outputs, inputs: inputs, code: .cannotCreate,
      hint:
        "change [report] out or [pipeline] work so that no file the run writes is one of its "
        + "inputs or pipeline files")
  }
}
