import ArgumentParser
import Fathom

/// The `fathom` command: AR spatial perception from the command line.
public struct FathomCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "fathom",
        abstract: "Open AR spatial perception: surfaces, point sources, room scans, hand touch.",
        subcommands: [
            DemoCommand.self,
            SimulateCommand.self,
            InfoCommand.self,
            FindCommand.self,
            CheckCommand.self,
            PlaybackCommand.self,
            FingertipCommand.self,
            CloudCommand.self, FeaturesCommand.self, DepthImageCommand.self,
            RegisterCommand.self, RelocalizeCommand.self,
        ])

    public init() {}
}
