import Dispatch
import HealthSystem

/// What step 2 keeps of one resolved group of metrics once its rows are released: the
/// summary's part and where each metric's cleaned rows and rejects are on the scratch file.
struct ResolvedGroup: Sendable {
  /// Counts, tally and night windows of the group.
  var part: CleanSummary.Part
  /// Per metric pool id of the group: its planned rows (nil: none kept).
  var plans: [UInt32: CleanedPlan.Entry?] = [:]
  /// Per metric pool id of the group: its rejects (nil: none).
  var runs: [UInt32: RejectRuns.Run?] = [:]
}

/// The groups of metrics clean resolves, and their resolution on several threads
/// (docs/clean.md, "Memory"). Each metric is a group of its own, except the workout
/// metrics, which are one group (a workout's energy and distance rows follow it).
enum ResolveGroup {
  /// The groups in table order (a group at its first metric): `metricOrder` is every
  /// metric pool id in table order.
  static func groups(metricOrder: [UInt32], pools: SampleStore) -> [[UInt32]] {
    let workoutGroup = metricOrder.filter { pools.metricInfo[Int($0)]?.kind == .workout }
    var groups: [[UInt32]] = []
    for metric in metricOrder {
      if workoutGroup.contains(metric) {
        if metric == workoutGroup.first { groups.append(workoutGroup) }
      } else {
        groups.append([metric])
      }
    }
    return groups
  }

  /// Runs `resolve` on every group, on `workers` threads at once (the calling thread is one
  /// of them), and returns the results in the order of `groups`. The largest groups (by
  /// rows in `partitions`) are started first, so the threads finish close together; a
  /// thread takes the next group when it is done with one, so at most `workers` groups'
  /// rows are held at a time. The first error in the order of `groups` is thrown, after
  /// every thread has stopped.
  static func resolveAll(
    _ groups: [[UInt32]], workers: Int, partitions: MetricPartitions,
    resolve: @escaping @Sendable ([UInt32]) throws -> ResolvedGroup
  ) throws -> [ResolvedGroup] {
    let sizes = groups.map { $0.reduce(0) { $0 + partitions.count(of: $1) } }
    let largestFirst = groups.indices.sorted { a, b in
      sizes[a] != sizes[b] ? sizes[a] > sizes[b] : a < b
    }
    let jobs = BoundedHandoff<Int>(capacity: max(1, groups.count))
    for g in largestFirst { jobs.put(g) }
    jobs.close()
    let done = BoundedHandoff<(Int, Result<ResolvedGroup, any Error>)>(
      capacity: max(1, groups.count))
    let threads = max(1, min(workers, groups.count))
    let work: @Sendable (Int) -> Void = { _ in
      while let g = jobs.take() {
        done.put((g, Result { try resolve(groups[g]) }))
      }
    }
    if threads == 1 {
      work(0)
    } else {
      DispatchQueue.concurrentPerform(iterations: threads, execute: work)
    }
    done.close()
    var results = [Result<ResolvedGroup, any Error>?](repeating: nil, count: groups.count)
    while let (g, result) = done.take() { results[g] = result }
    return try results.map { try $0!.get() }
  }
}
