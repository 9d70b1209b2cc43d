/// One person's Apple Watch and iPhone as an Apple export names them: the source names (with
/// the typographic apostrophe the Health app writes) and the `device` descriptions (whose
/// `HKDevice` pointer must never matter; docs/clean.md, "Source priority").
public enum Devices {
  /// The watch's source name.
  public static let watch = "Jane’s Apple Watch"
  /// The phone's source name.
  public static let phone = "Jane’s iPhone"
  /// The watch's `device` attribute.
  public static let watchDevice =
    "<<HKDevice: 0x283a1c1e0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
    + "hardware:Watch6,1, software:10.2>"
  /// The phone's `device` attribute.
  public static let phoneDevice =
    "<<HKDevice: 0x283a1c2f0>, name:iPhone, manufacturer:Apple Inc., model:iPhone, "
    + "hardware:iPhone14,2, software:17.2>"
}
