// swift-tools-version:6.0
// healthpipe: personal health exports -> clean daily table, baselines, scores, streaks, reports.
// No third-party packages: the toolchain's Foundation/Dispatch/Testing, the system zlib and
// the system SQLite only.
import PackageDescription

let package = Package(
  name: "healthpipe",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "healthpipe", targets: ["healthpipe"]),
    .executable(name: "healthpipe-bench", targets: ["healthpipe-bench"]),
    .library(name: "HealthCore", targets: ["HealthCore"]),
  ],
  targets: [
    // System library shim for zlib (inflate for export.zip, deflate for PNG/zip, CRC-32).
    .systemLibrary(name: "CZlib", path: "Sources/CZlib"),

    // System library shim for SQLite 3 (the `export --format sqlite` database, the Health
    // Connect reader and its sample generator).
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),

    // Shared model: catalog, samples, days, units, typed table files, errors, manifests, and
    // the contract between the stages (Contract/: the facts each stage hands on).
    .target(name: "HealthCore", dependencies: ["CZlib"]),

    // The four stages. Each depends on HealthCore only; they meet through typed table files
    // whose headers carry each stage's facts as a HealthCore type.
    // Ingest also links SQLite: an Android Health Connect export is a SQLite database.
    .target(name: "Ingest", dependencies: ["HealthCore", "CSQLite"]),
    .target(name: "Clean", dependencies: ["HealthCore"]),
    .target(name: "Aggregate", dependencies: ["HealthCore"]),
    .target(name: "Report", dependencies: ["HealthCore"]),

    // Results for other tools: the SQLite database (Datasette, DB Browser). Not a stage: it
    // reads the stages' table files, so no stage links SQLite.
    .target(name: "Interop", dependencies: ["HealthCore", "CSQLite"]),

    // The sample-export generator (`healthpipe sample`, the bench, tests): writes every
    // format the readers read, and the zip writer it needs (SQLite for Health Connect
    // exports). Not a stage.
    .target(name: "SampleExports", dependencies: ["HealthCore", "CSQLite"]),

    // Pipeline files, stage graph, caching, locking: the only library that knows every stage.
    .target(
      name: "Pipeline",
      dependencies: ["HealthCore", "Ingest", "Clean", "Aggregate", "Report", "Interop"]),

    // Option declarations, the parser and generated usage texts, shared by both programs.
    .target(name: "Arguments", dependencies: ["HealthCore"]),

    // Thin command-line layer: one file per command, each calling a stage or the pipeline.
    .executableTarget(
      name: "healthpipe",
      dependencies: [
        "HealthCore", "Arguments", "Ingest", "Clean", "Aggregate", "Report", "Pipeline",
        "Interop", "SampleExports",
      ]),
    // Benchmarks on generated exports, run against the release healthpipe as child processes.
    .executableTarget(
      name: "healthpipe-bench",
      dependencies: ["HealthCore", "Arguments", "Pipeline", "SampleExports"]),

    // What the test targets share: temporary folders, the process runner (the built binary,
    // python3), where the real exports are, and generated tables for the stages' tests and
    // the table-stages fuzz target. Never linked into a program.
    .target(name: "TestSupport", dependencies: ["HealthCore"], path: "Tests/TestSupport"),

    .testTarget(name: "HealthCoreTests", dependencies: ["HealthCore", "TestSupport"]),
    .testTarget(name: "ArgumentsTests", dependencies: ["Arguments", "HealthCore"]),
    .testTarget(
      name: "IngestTests", dependencies: ["Ingest", "HealthCore", "SampleExports", "TestSupport"]),
    .testTarget(name: "CleanTests", dependencies: ["Clean", "HealthCore", "TestSupport"]),
    .testTarget(name: "AggregateTests", dependencies: ["Aggregate", "HealthCore", "TestSupport"]),
    .testTarget(name: "ReportTests", dependencies: ["Report", "HealthCore", "TestSupport"]),
    .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "HealthCore", "TestSupport"]),
    .testTarget(name: "InteropTests", dependencies: ["Interop", "HealthCore", "TestSupport"]),
    .testTarget(
      name: "SampleExportsTests", dependencies: ["SampleExports", "HealthCore", "TestSupport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["healthpipe", "HealthCore", "TestSupport"]),
  ]
)
