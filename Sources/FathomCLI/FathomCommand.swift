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
            ThinFilmCommand.self, PanesCommand.self,
            MapCommand.self, AnchorsCommand.self, AnchorsStressSaveCommand.self,
            PlanCommand.self,
            RegisterCommand.self, RelocalizeCommand.self,
            ImportCommand.self,
        ])

    public init() {}
}
