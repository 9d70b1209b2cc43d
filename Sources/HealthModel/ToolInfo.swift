/// Identity of the tool, written into every table header and manifest.
public enum ToolInfo {
  /// The program name as users type it.
  public static let name = "healthpipe"
  /// The tool version. Bump on every release; table headers record it.
  public static let version = "0.1.0"
}
