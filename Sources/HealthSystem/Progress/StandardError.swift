import HealthModel

/// Unbuffered writes to standard error, for diagnostics.
public enum StandardError {
  /// Writes one diagnostic line at once: its control characters escaped
  /// (`TerminalText`), then a line break.
  public static func writeLine(_ line: String) {
    write(TerminalText.escaped(line) + "\n")
  }

  /// Writes text to stderr at once.
  public static func write(_ text: String) {
    let sink = FileDescriptorSink(fd: 2)
    try? sink.write(text)
    try? sink.flush()
  }
}
