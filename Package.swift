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

    // System library shim for SQLite 3 (the `export --format sqlite` database).
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),

    // Shared model: catalog, samples, days, units, typed table files, errors, manifests.
    .target(name: "HealthCore", dependencies: ["CZlib"]),

    // The four stages. Each depends on HealthCore only; they meet through table files.
    .target(name: "Ingest", dependencies: ["HealthCore"]),
    .target(name: "Clean", dependencies: ["HealthCore"]),
    .target(name: "Aggregate", dependencies: ["HealthCore"]),
    .target(name: "Report", dependencies: ["HealthCore"]),

    // Results for other tools: the SQLite database (Datasette, DB Browser). Not a stage: it
    // reads the stages' table files, so no stage links SQLite.
    .target(name: "Interop", dependencies: ["HealthCore", "CSQLite"]),

    // Pipeline files, stage graph, caching, locking: the only library that knows every stage.
    .target(
      name: "Pipeline",
      dependencies: ["HealthCore", "Ingest", "Clean", "Aggregate", "Report", "Interop"]),

    // Thin command-line layer.
    .executableTarget(
      name: "healthpipe",
      dependencies: ["HealthCore", "Ingest", "Clean", "Aggregate", "Report", "Pipeline", "Interop"]),
    .executableTarget(
      name: "healthpipe-bench",
      dependencies: ["HealthCore", "Ingest", "Clean", "Aggregate", "Report", "Pipeline"]),

    .testTarget(name: "HealthCoreTests", dependencies: ["HealthCore"]),
    .testTarget(name: "IngestTests", dependencies: ["Ingest", "HealthCore"]),
    .testTarget(name: "CleanTests", dependencies: ["Clean", "HealthCore"]),
    .testTarget(name: "AggregateTests", dependencies: ["Aggregate", "HealthCore"]),
    .testTarget(name: "ReportTests", dependencies: ["Report", "HealthCore"]),
    .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "HealthCore"]),
    .testTarget(name: "InteropTests", dependencies: ["Interop", "HealthCore"]),
    .testTarget(name: "EndToEndTests", dependencies: ["healthpipe", "HealthCore"]),
  ]
)
