/// The names under which a wearable vendor's data reaches healthpipe (docs/clean.md,
/// "Vendor names"): its own export's source (`Oura`, `WHOOP`, `Withings`) and the source its
/// app writes into Apple Health (`Health Mate` for Withings before 2023, `Connect` for Garmin
/// Connect). A priority entry that is a vendor's name matches all of them, so
/// `priority = manual, Oura, Withings, *` ranks the ring's and the scale's data whichever
/// export it came through.
enum VendorNames {
  /// Normalised names (`SourcePriority.normalise`) matched as part of a source name, and
  /// names matched only as the whole source name (`connect` alone is Garmin's; `OMRON
  /// connect` and Health Connect are not).
  struct Aliases: Sendable, Hashable {
    var contains: [String]
    var exactly: [String] = []
  }

  /// By the vendor's name as a priority entry writes it (normalised).
  static let aliases: [String: Aliases] = [
    "oura": Aliases(contains: ["oura"]),
    "whoop": Aliases(contains: ["whoop"]),
    "withings": Aliases(contains: ["withings", "health mate", "nokia health"]),
    "garmin": Aliases(contains: ["garmin"], exactly: ["connect", "garmin connect"]),
    "fitbit": Aliases(contains: ["fitbit"]),
  ]
}
