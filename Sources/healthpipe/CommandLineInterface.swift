import Arguments
import Foundation
import HealthModel
import HealthSystem

/// Dispatches `healthpipe COMMAND ...` to a command and maps errors to exit codes.
enum CommandLineInterface {
  /// Runs the command line and returns the process exit code.
  static func main(_ arguments: [String]) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    TemporaryFiles.removeOnTermination()
    guard let name = arguments.first else {
      StandardError.write(HelpCommand.overview)
      return ExitCode.usage.rawValue
    }
    if name == "--version" || name == "-V" { return run(VersionCommand.command, []) }
    if name == "--help" || name == "-h" { return run(HelpCommand.command, []) }
    guard let command = CommandRegistry.all.first(where: { $0.name == name }) else {
      report(
        HealthError.usage(
          "unknown command '\(name)'",
          hint: "the commands are: " + CommandRegistry.all.map(\.name).joined(separator: ", ")))
      return ExitCode.usage.rawValue
    }
    return run(command, Array(arguments.dropFirst()))
  }

  private static func run(_ command: Command, _ arguments: [String]) -> Int32 {
    do {
      var parsed = try ParsedArguments(arguments, spec: command.options)
      if parsed.helpRequested {
        StandardError.write(command.usage.text + "\n")
        return ExitCode.success.rawValue
      }
      let code = try command.run(&parsed)
      return code.rawValue
    } catch let error as HealthError where error.isBrokenPipe {
      return endByBrokenPipe()
    } catch let error as HealthError {
      report(error)
      return error.code.rawValue
    } catch {
      report(HealthError.internalError("unexpected error: \(error)"))
      return ExitCode.internalError.rawValue
    }
  }

  /// Ends the process as the default SIGPIPE action would: `healthpipe export T | head`
  /// stops quietly like `cat` (no message; a shell reports status 141). SIGPIPE is ignored
  /// while commands run, so a mailer that dies cannot kill us mid-send; here it is
  /// restored and raised. Returns 141 should the signal not end the process.
  static func endByBrokenPipe() -> Int32 {
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
    return 128 + SIGPIPE
  }

  /// Prints an error on stderr in the form `healthpipe: error: <where>: <what>` + hint.
  static func report(_ error: HealthError) {
    let useColor =
      SystemCalls.isTerminal(2) && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    let label = useColor ? "\u{1B}[1;31merror:\u{1B}[0m" : "error:"
    // Paths and texts from inputs are escaped (TerminalText): only the label is styled.
    var text = "healthpipe: \(label) "
    if let location = error.location { text += TerminalText.escaped("\(location)") + ": " }
    text += TerminalText.escaped(error.message) + "\n"
    if let hint = error.hint { text += "hint: " + TerminalText.escaped(hint) + "\n" }
    StandardError.write(text)
  }
}
