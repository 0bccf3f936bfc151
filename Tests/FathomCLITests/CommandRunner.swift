import ArgumentParser
import FathomCLI

/// Runs `fathom ARGS…` in process and returns what it wrote.
/// - Throws: what the command throws (parse errors as ArgumentParser errors).
func runFathom(_ arguments: [String]) throws -> String {
    var command = try FathomCommand.parseAsRoot(arguments)
    let output = CommandOutput(echoes: false)
    if let c = command as? any OutputtingCommand {
        try c.run(output: output)
    } else {
        try command.run()
    }
    return output.text
}
