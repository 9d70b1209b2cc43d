// healthpipe-bench: the performance budgets (docs/performance.md), measured on generated
// exports with each operation in its own child process. See docs/performance.md.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(BenchRun.main(Array(CommandLine.arguments.dropFirst())))
