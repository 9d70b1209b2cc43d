/// Prints a section: its measurements as one aligned table, its notes, and its budget
/// checks with PASS/MISS.
enum SectionPrinter {
  /// Prints the section's heading, table, notes and checks.
  static func print(_ section: BenchSection, _ measurements: [Measurement], _ checks: [BudgetCheck])
  {
    Console.out()
    Console.out("== \(section.title) ==")
    if !measurements.isEmpty {
      Console.out()
      measurementTable(measurements).print()
      var floor: Int64 = 0
      for m in measurements {
        if let note = m.note { Console.out("  \(m.name): \(note)") }
        if m.peakPolled { floor = max(floor, m.floorRSS) }
      }
      if floor > 0 {
        Console.out(
          "  ~ peak RSS read from /proc/PID/status (VmHWM) every 2 ms while the child ran: its"
            + " ru_maxrss was the bench's own \(Format.megabytes(floor)) MB")
      }
    }
    if !checks.isEmpty {
      Console.out()
      checkTable(checks).print()
    }
  }

  /// The measurement table.
  static func measurementTable(_ measurements: [Measurement]) -> TextTable {
    var table = TextTable(
      header: [
        "operation", "input", "MB", "records", "runs", "wall best", "wall median", "CPU best",
        "MB/s best", "MB/s median", "records/s best", "peak RSS MB",
      ])
    for m in measurements {
      let rate = m.recordsPerSecond(m.bestWall).map { Format.count(Int64($0.rounded())) } ?? "—"
      table.rows.append([
        m.name, m.input, m.inputBytes > 0 ? Format.megabytes(m.inputBytes) : "—",
        m.records.map(Format.count) ?? "—", "\(m.runs.count)", Format.seconds(m.bestWall),
        Format.seconds(m.medianWall), Format.seconds(m.bestCPU),
        m.inputBytes > 0 ? Format.rate(m.megabytesPerSecond(m.bestWall)) : "—",
        m.inputBytes > 0 ? Format.rate(m.megabytesPerSecond(m.medianWall)) : "—", rate,
        (m.peakPolled ? "~" : "") + Format.megabytes(m.peakRSS),
      ])
    }
    return table
  }

  /// The budget table.
  static func checkTable(_ checks: [BudgetCheck]) -> TextTable {
    var table = TextTable(
      header: ["budget check", "source", "best", "median", "budget", "status", "median status"])
    for c in checks {
      table.rows.append([
        c.what, c.source, Format.value(c.best, unit: c.unit),
        c.median.map { Format.value($0, unit: c.unit) } ?? "—", c.budgetText,
        c.pass ? "PASS" : "MISS", c.medianPass.map { $0 ? "PASS" : "MISS" } ?? "—",
      ])
    }
    return table
  }
}
