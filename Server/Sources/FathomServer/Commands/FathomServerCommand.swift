import ArgumentParser

/// `fathom-server`: the scan-conversion service (`serve`, the default) and its administration (`account`).
public struct FathomServerCommand: AsyncParsableCommand {
    /// The command's name, abstract and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "fathom-server",
        abstract: "The Fathom scan-conversion service: upload scans, convert them into floor plans, get webhooks.",
        subcommands: [ServeCommand.self, AccountCommand.self, SampleScanCommand.self],
        defaultSubcommand: ServeCommand.self)

    /// Creates the command.
    public init() {}
}
