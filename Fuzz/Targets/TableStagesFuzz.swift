import Aggregate
import Clean
import HealthCore
import HealthModel
import HealthSystem
import Report
import TestSupport

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// libFuzzer target: the stages behind a table file whose checksums hold (docs/reliability.md, "Fuzzing").
///
/// The fuzzer's bytes become a table file with every CRC-32 recomputed (`TableCRCFixer`), so
/// the values reach the stages that read that kind of table, as a damaged-but-checksummed
/// or hand-made file would:
/// - `samples`: clean, aggregate on clean's output, and aggregate on the fuzzed table itself
///   (a table that skipped clean), then the HTML, Markdown and e-mail reports of the result;
/// - `rejects`: aggregate counting it for the data-quality facts;
/// - `daily`, `baselines`, `scores`, `streaks`, `weekly`: the reports of a good aggregate
///   folder with that table replaced.
///
/// The oracle: a stage either finishes (its counts reconcile, or it throws 70) or refuses
/// with exit 65; no stage traps, and nothing else escapes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTableStages(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  TableCRCFixer.fix(&bytes)
  let work = Fuzz.folder + "/stages"
  removeTree(work)
  mkdir(work, 0o700)
  let path = bytes.withUnsafeBytes { Fuzz.scratchFile("stages/table.hpt", $0) }
  let kind: TableKind
  do {
    kind = try TableFileReader(path: path).header.kind
  } catch {
    Fuzz.check(error)
    return 0
  }
  switch kind {
  case .samples:
    stage {
      _ = try CleanStage.run(
        CleanOptions(input: path, output: work + "/clean.hpt"), progress: .silent)
      aggregateAndReport(work + "/clean.hpt", folder: work + "/agg-clean")
    }
    aggregateAndReport(path, folder: work + "/agg-raw")
  case .rejects:
    stage {
      _ = try AggregateStage.run(
        AggregateOptions(
          input: FuzzAggregate.good.cleaned, outputDirectory: work + "/agg",
          asOf: .day(FuzzAggregate.asOf), rejectsInputs: [path]), progress: .silent)
    }
  case .daily, .baselines, .scores, .streaks, .weekly, .habits:
    let folder = work + "/agg"
    mkdir(folder, 0o700)
    for name in FuzzAggregate.tables {
      let source = name == kind.rawValue + ".hpt" ? path : FuzzAggregate.good.folder + "/" + name
      copyFile(source, to: folder + "/" + name)
    }
    report(folder)
  }
  return 0
}

/// Runs one stage, applying the oracle to what it throws (`allowed`: the exit codes a
/// refusal may have; 65 unless the caller expects another documented refusal).
private func stage(allowed: Set<ExitCode> = [.dataError], _ body: () throws -> Void) {
  do { try body() } catch { Fuzz.check(error, allowed: allowed) }
}

/// Aggregate of a samples table, then every report of the result when it succeeded.
private func aggregateAndReport(_ samples: String, folder: String) {
  var ran = false
  stage {
    _ = try AggregateStage.run(
      AggregateOptions(input: samples, outputDirectory: folder, asOf: .day(FuzzAggregate.asOf)),
      progress: .silent)
    ran = true
  }
  if ran { report(folder) }
}

/// The HTML, Markdown and e-mail reports of an aggregate folder (as of aggregate's date and
/// of a fixed one), written beside it. A fixed date other than the one the folder's daily
/// table records is refused with exit 64 (docs/report-inputs.md); the fuzzed table, or the
/// seeds made as of the day they were made, may record any date.
private func report(_ folder: String) {
  let built = (try? TableFile.header(of: folder + "/" + AggregateFolder.daily)).flatMap {
    $0.facts.aggregate?.asOf
  }
  for (format, asOf) in [
    (ReportFormat.html, nil), (.markdown, FuzzAggregate.asOf), (.email, nil),
  ] {
    let refused = asOf != nil && built != nil && built != asOf
    stage(allowed: refused ? [.dataError, .usage] : [.dataError]) {
      var options = ReportOptions(
        inputDirectory: folder, format: format, output: folder + "-report." + format.rawValue,
        asOf: asOf.map { .day($0) }, window: format == .markdown ? .quarter : .week)
      options.email.to = "fuzz@example.org"
      _ = try ReportStage.run(options, progress: .silent)
    }
  }
}

/// A good aggregate folder made once per process from 120 synthetic days, whose tables
/// stand beside the fuzzed one.
private enum FuzzAggregate {
  static let asOf = LocalDay(iso: "2024-06-30")!
  static let tables = AggregateFolder.tables

  struct Good: Sendable {
    var cleaned: String
    var folder: String
  }

  static let good: Good = {
    let base = Fuzz.folder + "/good"
    mkdir(base, 0o700)
    let cleaned = base + "/clean.hpt"
    do {
      _ = try CleanedSampleSynthesizer.writeTable(
        days: 120, endingAt: asOf, seed: 11, to: cleaned)
      _ = try AggregateStage.run(
        AggregateOptions(input: cleaned, outputDirectory: base + "/agg", asOf: .day(asOf)),
        progress: .silent)
    } catch {
      fuzzFail("cannot build the good aggregate folder: \(error)")
    }
    return Good(cleaned: cleaned, folder: base + "/agg")
  }()
}

private func copyFile(_ from: String, to destination: String) {
  guard let bytes = try? FileReader.readAll(from) else { fuzzFail("cannot read \(from)") }
  bytes.withUnsafeBytes { raw in
    let fd = open(destination, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if fd < 0 { fuzzFail("cannot write \(destination)") }
    _ = write(fd, raw.baseAddress, raw.count)
    close(fd)
  }
}

/// Removes a scratch folder tree (files and one level of subfolders are all it holds).
private func removeTree(_ path: String) {
  guard let dir = opendir(path) else { return }
  while let entry = readdir(dir) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    if name == "." || name == ".." { continue }
    let child = path + "/" + name
    if unlink(child) != 0 { removeTree(child) }
  }
  closedir(dir)
  rmdir(path)
}
