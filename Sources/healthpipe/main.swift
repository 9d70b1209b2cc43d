// healthpipe: a thin command-line layer over the stage modules.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(CommandLineInterface.main(Array(CommandLine.arguments.dropFirst())))
