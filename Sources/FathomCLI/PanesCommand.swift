import ArgumentParser
import Fathom
import Foundation

/// `fathom panes MAP -o OUT`: the soap-film panes placed in a world map, exported as USDA or glTF.
public struct PanesCommand: OutputtingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "panes",
        abstract: "Export the film panes (anchors of kind \"film-pane\") of a world map as .usda or .gltf.",
        discussion: """
            Each pane is meshed in its anchor's frame and placed by its worldFromAnchor; vertex colours are
            the film's reflected colour (linear sRGB, times --exposure and clipped, or --normalize'd), seen
            from --eye (world space, metres) or, by default, from 0.8 m in front of each pane.
            """)

    @Argument(help: "The world map file (fathom-worldmap JSON).")
    var map: String

    @Option(name: [.customShort("o"), .customLong("output")], help: "The export: a .usda or .gltf file.")
    var output: String

    @Option(help: "Vertices across and down per pane, e.g. 17x13.")
    var grid: String = "17x13"

    @Option(help: "Multiplies the film colour before clipping (> 0).")
    var exposure: Double = 10

    @Flag(help: "Scale each colour so its brightest channel is 1 instead of using an exposure.")
    var normalize = false

    @Option(help: "One eye for all panes, world space, metres: X,Y,Z.")
    var eye: String?

    public init() {}

    public func validate() throws {
        _ = try ThinFilmCommand.gridSize(grid)
        _ = try eyePosition()
        guard exposure.isFinite, exposure > 0 else {
            throw ValidationError("--exposure must be positive (got \(exposure))")
        }
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard ext == "usda" || ext == "gltf" else {
            throw ValidationError("-o must name a .usda or .gltf file (got \(output))")
        }
    }

    public func run(output commandOutput: CommandOutput) throws {
        let map = try WorldMap(contentsOf: URL(fileURLWithPath: map))
        let scene: FilmPaneScene
        do { scene = try FilmPaneScene(anchors: map.anchors) } catch let error as ThinFilmError {
            throw ThinFilmError(problem: "\(self.map): \(error.problem)")
        }
        let (columns, rows) = try ThinFilmCommand.gridSize(grid)
        let configuration = FilmPaneScene.Configuration(
            mesh: .init(columns: columns, rows: rows, scaling: normalize ? .normalized : .exposure(exposure)),
            eyeInWorld: try eyePosition())
        try scene.write(to: URL(fileURLWithPath: output), configuration: configuration)
        commandOutput.line(
            "wrote \(output): \(scene.panes.count) pane\(scene.panes.count == 1 ? "" : "s") "
                + "(of \(map.anchors.count) anchor\(map.anchors.count == 1 ? "" : "s")), \(columns) × \(rows) vertices each"
        )
    }

    /// `--eye X,Y,Z`, or `nil`.
    func eyePosition() throws -> SIMD3<Float>? {
        guard let eye else { return nil }
        let numbers = eye.split(separator: ",").compactMap { Float($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 3, numbers.allSatisfy(\.isFinite) else {
            throw ValidationError("--eye must be three numbers X,Y,Z in metres (got \(eye))")
        }
        return SIMD3(numbers[0], numbers[1], numbers[2])
    }
}
