import Pipeline

/// libFuzzer target: the pipeline file parser and the settings check behind it
/// (`PipelineFileParser.parse(text:path:)`, then `PipelineConfigLoader.load`). The file is
/// placed in an empty scratch folder, so includes and inputs it names mostly do not exist.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipelineFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let document = try PipelineFileParser.parse(text: text, path: Fuzz.folder + "/fuzz.pipeline")
    _ = try PipelineConfigLoader.load(document)
  } catch {
    Fuzz.check(error, allowed: [.configError])
  }
  return 0
}
