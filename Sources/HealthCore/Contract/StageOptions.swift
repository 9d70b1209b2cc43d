/// The options of a stage's entry point (`IngestOptions`, `CleanOptions`, ...). Each says
/// which of its values change what the stage writes: a pipeline keeps them in the stage's
/// stamp and reruns the stage when they change, without listing them itself. Paths are not
/// among them: the stamp records the files themselves.
public protocol StageOptions: Sendable {
  /// The values that change the stage's outputs, as canonical text by name.
  var cacheKey: [String: String] { get }
}
