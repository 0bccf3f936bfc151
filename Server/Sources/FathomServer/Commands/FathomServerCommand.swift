import ArgumentParser

/// `fathom-server`: the scan-conversion service (`serve`, the default) and its administration (`account`).
public struct FathomServerCommand: AsyncParsableCommand {
    /// The command's name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "fathom-server",
        abstract: "The Fathom scan-conversion service: upload scans, convert them into floor plans, get webhooks.",
        subcommands: [ServeCommand.self, AccountCommand.self, SampleScanCommand.self, SampleSessionsCommand.self],
        defaultSubcommand: ServeCommand.self)

    /// Creates the command.
    public init() {}
}

extension FathomServerCommand {
    /// Parses the command line and runs the chosen command, asynchronously when it is async.
    /// (Top-level code resolves `main()` to ArgumentParser's synchronous entry point, which cannot run
    /// async subcommands; this function is the executable's entry point instead.)
    public static func start(_ arguments: [String]? = nil) async {
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
