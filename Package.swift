// swift-tools-version:6.0
// healthpipe: personal health exports -> clean daily table, baselines, scores, streaks, reports.
// No third-party packages: the toolchain's Foundation/Dispatch/Testing and the system zlib only.
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

    // Shared model: catalog, samples, days, units, typed table files, errors, manifests.
    .target(name: "HealthCore", dependencies: ["CZlib"]),

    // The four stages. Each depends on HealthCore only; they meet through table files.
    .target(name: "Ingest", dependencies: ["HealthCore"]),
    .target(name: "Clean", dependencies: ["HealthCore"]),
    .target(name: "Aggregate", dependencies: ["HealthCore"]),
    .target(name: "Report", dependencies: ["HealthCore"]),

    // The sample-export generator (`healthpipe sample`, the bench, tests): writes every
    // format the readers read, and the zip writer it needs. Not a stage; HealthCore only.
    .target(name: "SampleExports", dependencies: ["HealthCore"]),

    // Pipeline files, stage graph, caching, locking: the only library that knows every stage.
    .target(name: "Pipeline", dependencies: ["HealthCore", "Ingest", "Clean", "Aggregate", "Report"]),

    // Thin command-line layer.
    .executableTarget(
      name: "healthpipe",
      dependencies: [
        "HealthCore", "Ingest", "Clean", "Aggregate", "Report", "Pipeline", "SampleExports",
      ]),
    .executableTarget(
      name: "healthpipe-bench",
      dependencies: [
        "HealthCore", "Ingest", "Clean", "Aggregate", "Report", "Pipeline", "SampleExports",
      ]),

    .testTarget(name: "HealthCoreTests", dependencies: ["HealthCore"]),
    .testTarget(name: "IngestTests", dependencies: ["Ingest", "HealthCore", "SampleExports"]),
    .testTarget(name: "CleanTests", dependencies: ["Clean", "HealthCore"]),
    .testTarget(name: "AggregateTests", dependencies: ["Aggregate", "HealthCore"]),
    .testTarget(name: "ReportTests", dependencies: ["Report", "HealthCore"]),
    .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "HealthCore"]),
    .testTarget(name: "SampleExportsTests", dependencies: ["SampleExports", "HealthCore"]),
    .testTarget(name: "EndToEndTests", dependencies: ["healthpipe", "HealthCore"]),
  ]
)
