/// The synthetic person and their devices: fixed facts that never depend on the seed.
///
/// Source names carry the quirks of real exports: a typographic apostrophe (U+2019) and,
/// in the watch's name, a no-break space (U+00A0) as Apple writes it.
enum PersonProfile {
  /// The watch's source name: `Sam’s Apple Watch` with U+2019 and U+00A0.
  static let watchName = "Sam\u{2019}s Apple\u{00A0}Watch"
  /// The phone's source name.
  static let phoneName = "Sam\u{2019}s iPhone"
  /// The connected scale's app (Withings).
  static let scaleName = "Health Mate"
  /// The Health app itself, the source of hand entries.
  static let healthAppName = "Health"
  /// The blood pressure cuff's app.
  static let cuffName = "OMRON connect"
  /// The sleep ring, as its export names itself (a comma, so CSV must quote it).
  static let ringName = "Oura Ring, Gen3"
  /// The sleep app of `AppleShape.sleepApp`.
  static let sleepAppName = "AutoSleep"
  /// Its version.
  static let sleepAppVersion = "6.9.2"
  /// Health Auto Export's joined source list for phone + watch metrics.
  static let autoExportJoinedSources = phoneName + "|" + watchName

  /// Watch hardware and device description parts.
  static let watchHardware = "Watch6,2"
  /// Phone hardware.
  static let phoneHardware = "iPhone14,2"
  /// Scale app version string.
  static let scaleAppVersion = "6.12.1"
  /// Scale app build written as `sourceVersion`.
  static let scaleSourceVersion = "6121041"
  /// Withings user id in the scale's metadata.
  static let withingsUser = "28841907"
  /// Cuff app version.
  static let cuffVersion = "2.14.0"

  /// Date of birth, sex and the rest of `<Me>`.
  static let dateOfBirth = "1988-04-12"
  /// Height in feet as the Health app stores it for a US user (5 ft 10 in).
  static let heightFeet = 5.83333

  /// Height in metres (for BMI).
  static let heightMetres = 1.778
}
