/// Counted nouns in English for the e-mail's two parts: `1 day`, `2 days`, `1 of 7 nights`.
/// Every count the digest writes goes through here, so neither part ever says "1 days".
public enum Plural {
  /// The noun for a count: `day` for 1, `days` otherwise (0 included, as English has it).
  public static func noun(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    count == 1 ? singular : (plural ?? singular + "s")
  }

  /// `1 day`, `3 days`, `0 weeks`; thousands grouped (`1,204 workouts`).
  public static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    Numbers.grouped(Double(count), 0) + " " + noun(count, singular, plural: plural)
  }

  /// `6 of 7 nights`, `1 of 1 day`: the noun agrees with the total.
  public static func of(_ part: Int, _ total: Int, _ singular: String) -> String {
    "\(part) of \(total) " + noun(total, singular)
  }
}
