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
    .library(name: "HealthCore", targets: ["HealthModel", "HealthSystem", "HealthCore"]),
  ],
  targets: [
    // System library shim for zlib (inflate for export.zip, deflate for PNG/zip, CRC-32).
    .systemLibrary(name: "CZlib", path: "Sources/CZlib"),

    // System library shim for SQLite 3 (the `export --format sqlite` database, the Health
    // Connect reader and its sample generator).
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),

    // The three core modules, split by role (docs/architecture.md, "Modules").
    // HealthModel: the values, with no I/O: catalog, samples and rejects, days and time,
    // units, errors and exit codes, statistics, the sleep rule's shared parts, habits.
    .target(name: "HealthModel"),
    // HealthSystem: the operating system: files, atomic writes, fingerprints, threads,
    // progress, checksums and zlib, and the one platform shim (Platform/).
    .target(name: "HealthSystem", dependencies: ["HealthModel", "CZlib"]),
    // HealthCore: the contract between the stages: typed table files and their schemas, the
    // facts each stage hands on (Contract/), manifests.
    .target(name: "HealthCore", dependencies: ["HealthModel", "HealthSystem"]),
    // Exports: the tables in other tools' formats: RFC 4180 CSV and NDJSON of any table
    // (`healthpipe export`), the wide daily CSV, the CSV on the Web sidecars, and what every
    // table and column means in words. Used by aggregate (its CSV files), Interop and the CLI.
    .target(name: "Exports", dependencies: ["HealthModel", "HealthSystem", "HealthCore"]),

    // The four stages. Each depends on the core modules only (and aggregate on Exports, for
    // its CSV files); they meet through typed table files whose headers carry each stage's
    // facts as a HealthCore type.
    // Ingest also links SQLite: an Android Health Connect export is a SQLite database.
    .target(
      name: "Ingest", dependencies: ["HealthModel", "HealthSystem", "HealthCore", "CSQLite"]),
    .target(name: "Clean", dependencies: ["HealthModel", "HealthSystem", "HealthCore"]),
    .target(
      name: "Aggregate", dependencies: ["HealthModel", "HealthSystem", "HealthCore", "Exports"]),
    .target(name: "Report", dependencies: ["HealthModel", "HealthSystem", "HealthCore"]),

    // Results for other tools: the SQLite database (Datasette, DB Browser). Not a stage: it
    // reads the stages' table files, so no stage links SQLite.
    .target(
      name: "Interop",
      dependencies: ["HealthModel", "HealthSystem", "HealthCore", "Exports", "CSQLite"]),

    // The sample-export generator (`healthpipe sample`, the bench, tests): writes every
    // format the readers read, and the zip writer it needs (SQLite for Health Connect
    // exports). Not a stage.
    .target(
      name: "SampleExports",
      dependencies: ["HealthModel", "HealthSystem", "HealthCore", "Exports", "CSQLite"]),

    // Pipeline files, stage graph, caching, locking: the only library that knows every stage.
    .target(
      name: "Pipeline",
      dependencies: [
        "HealthModel", "HealthSystem", "HealthCore", "Ingest", "Clean", "Aggregate", "Report",
        "Interop",
      ]),

    // Option declarations, the parser and generated usage texts, shared by both programs.
    .target(name: "Arguments", dependencies: ["HealthModel", "HealthSystem"]),

    // Thin command-line layer: one file per command, each calling a stage or the pipeline.
    .executableTarget(
      name: "healthpipe",
      dependencies: [
        "HealthModel", "HealthSystem", "HealthCore", "Exports", "Arguments", "Ingest", "Clean",
        "Aggregate", "Report", "Pipeline", "Interop", "SampleExports",
      ]),
    // Benchmarks on generated exports, run against the release healthpipe as child processes.
    .executableTarget(
      name: "healthpipe-bench",
      dependencies: [
        "HealthModel", "HealthSystem", "HealthCore", "Arguments", "Pipeline", "SampleExports",
      ]),

    // What the test targets share: temporary folders, the process runner (the built binary,
    // python3), where the real exports are, and generated tables for the stages' tests and
    // the table-stages fuzz target. Never linked into a program.
    .target(
      name: "TestSupport", dependencies: ["HealthModel", "HealthSystem", "HealthCore"],
      path: "Tests/TestSupport"),

    .testTarget(
      name: "HealthCoreTests",
      dependencies: ["HealthModel", "HealthSystem", "HealthCore", "TestSupport"]),
    .testTarget(
      name: "ExportsTests",
      dependencies: ["Exports", "HealthModel", "HealthSystem", "HealthCore", "TestSupport"]),
    .testTarget(name: "ArgumentsTests", dependencies: ["Arguments", "HealthModel"]),
    .testTarget(
      name: "IngestTests",
      dependencies: [
        "Ingest", "HealthModel", "HealthSystem", "HealthCore", "SampleExports", "TestSupport",
      ]),
    .testTarget(
      name: "CleanTests",
      dependencies: ["Clean", "HealthModel", "HealthSystem", "HealthCore", "TestSupport"]),
    .testTarget(
      name: "AggregateTests",
      dependencies: ["Aggregate", "HealthModel", "HealthSystem", "HealthCore", "TestSupport"]),
    .testTarget(
      name: "ReportTests", dependencies: ["Report", "HealthModel", "HealthCore", "TestSupport"]),
    .testTarget(
      name: "PipelineTests",
      dependencies: ["Pipeline", "HealthModel", "HealthSystem", "HealthCore", "TestSupport"]),
    .testTarget(
      name: "InteropTests",
      dependencies: ["Interop", "Exports", "HealthModel", "HealthCore", "TestSupport"]),
    .testTarget(
      name: "SampleExportsTests", dependencies: ["SampleExports", "HealthModel", "TestSupport"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["healthpipe", "HealthModel", "HealthSystem", "HealthCore", "TestSupport"]),
  ]
)
