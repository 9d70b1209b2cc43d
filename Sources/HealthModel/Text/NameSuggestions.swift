/// "Did you mean" for names people type into pipeline files (keys, metrics): the known
/// names closest to a misspelt one by edit distance.
public enum NameSuggestions {
  /// Up to `limit` of `candidates` nearest to `name` by case-insensitive edit distance,
  /// nearest first (ties in the candidates' order), within `max(2, name.count / 3)` edits.
  public static func closest(to name: String, in candidates: [String], limit: Int = 3)
    -> [String]
  {
    let wanted = Array(name.lowercased())
    let bound = max(2, wanted.count / 3)
    var scored: [(name: String, distance: Int, position: Int)] = []
    var seen = Set<String>()
    for (position, candidate) in candidates.enumerated() where seen.insert(candidate).inserted {
      let d = editDistance(wanted, Array(candidate.lowercased()))
      if d <= bound { scored.append((candidate, d, position)) }
    }
    scored.sort { ($0.distance, $0.position) < ($1.distance, $1.position) }
    return scored.prefix(limit).map(\.name)
  }

  /// Levenshtein distance (insertions, deletions, substitutions) between two character
  /// arrays.
  public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
