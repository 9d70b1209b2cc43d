import HealthCore

/// A report shows one date: the aggregate folder's tables were computed as of one day
/// (streaks, baselines, scores and weekly rows all stop there), so a report asked for
/// another day would mix dates (charts at that day, streaks at the aggregate's). Such a
/// request is refused with a hint instead.
enum AsOfMatch {
  /// Throws a usage error (64) when `requested` is given and differs from `built`, the
  /// as-of date recorded in the aggregate tables of `directory`.
  static func check(requested: LocalDay?, built: LocalDay?, directory: String) throws {
    guard let requested, let built, requested != built else { return }
    throw HealthError(
      .usage,
      "--as-of \(requested) does not match the aggregate folder, which was built as of \(built)",
      at: SourceLocation(file: directory),
      hint: "leave out --as-of to report as of \(built), or rebuild the folder first: "
        + "healthpipe aggregate CLEAN.hpt --out \(directory) --as-of \(requested)")
  }
}
