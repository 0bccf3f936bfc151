import ArgumentParser
import Fathom
import Foundation

/// `fathom map`: builds a world map from a recorded session's feature points.
public struct MapCommand: OutputtingCommand {
    /// The command's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Build a world map (feature points, normals, extent, anchors) from a scan package.",
        discussion: """
            Feature points of frames with normal tracking are filtered per identifier; features seen in \
            fewer than --min-observations frames are dropped, the rest thinned to one per --voxel cube \
            (the cube grows until at most --max-points remain), and normals are fitted to each point's \
            neighbours. With --anchors, the anchors of a saved anchor store are included. The map is \
            fathom-worldmap JSON (see docs/anchors.md).
            """)

    /// The scan package.
    @Argument(help: "The scan package (directory or .zip).")
    public var package: String

    /// Where to write the map.
    @Option(name: .shortAndLong, help: "Output world map (.json).")
    public var output: String

    /// An anchor store whose anchors the map carries.
    @Option(help: "An anchor store (.json) whose anchors the map carries.")
    public var anchors: String?

    /// Thinning voxel edge, metres.
    @Option(help: "Thinning voxel edge, metres (one feature kept per voxel).")
    public var voxel: Float = 0.02

    /// Point cap.
    @Option(name: .customLong("max-points"), help: "The most points the map holds.")
    public var maxPoints: Int = 20_000

    /// Observation filter.
    @Option(name: .customLong("min-observations"), help: "Features seen in fewer frames are dropped.")
    public var minObservations: Int = 3

    /// No normals.
    @Flag(name: .customLong("no-normals"), help: "Write no normals.")
    public var noNormals = false

    /// Use frames whose tracking is limited too.
    @Flag(name: .customLong("all-frames"), help: "Use the feature points of frames whose tracking is not normal too.")
    public var allFrames = false

    /// Creates the command with its default options (ArgumentParser parses the rest).
    public init() {}

    /// Rejects bad flag values with a `ValidationError`.
    public func validate() throws {
        guard voxel.isFinite && voxel > 0 else { throw ValidationError("--voxel must be a positive number of metres") }
        guard maxPoints > 0 else { throw ValidationError("--max-points must be positive") }
        guard minObservations > 0 else { throw ValidationError("--min-observations must be positive") }
    }

    /// Does the work, writing the report to `out`.
    public func run(output out: CommandOutput) throws {
        let scan = try ScanPackage(url: URL(fileURLWithPath: package))
        let store = try anchors.map { try AnchorStore(contentsOf: URL(fileURLWithPath: $0)) }
        var builder = WorldMapBuilder(configuration: WorldMapBuilderConfiguration(
            minimumObservationCount: minObservations, voxelSize: voxel, maximumPointCount: maxPoints,
            estimatesNormals: !noNormals, requiresNormalTracking: !allFrames))
        var gate = SessionGate()
        var readyFrame: SensorFrame?
        var iterator = scan.frames()
        while let frame = try iterator.next() {
            builder.add(frame)
            if gate.update(frame), readyFrame == nil { readyFrame = frame }
        }
        // With the prepared registration cloud (descriptors), so that relocalizing needs no recomputing.
        let map = builder.worldMap(anchors: store?.anchors ?? []).preparedForRelocalization()
        try map.write(to: URL(fileURLWithPath: output))
        out.line("frames: \(builder.frameCount), used \(builder.usedFrameCount), skipped \(builder.skippedFrameCount) (tracking not normal)")
        out.line("features: \(builder.featureCount), in map \(map.points.count)")
        out.line("normals: \(map.points.hasNormals ? "estimated" : "none")")
        out.line("anchors: \(map.anchors.count)")
        let size = map.extent.size
        out.line(String(format: "extent: %.2f × %.2f × %.2f m", size.x, size.y, size.z))
        if let readyFrame {
            out.line(String(format: "placing allowed from frame %d (t = %.2f s)", readyFrame.frameNumber, readyFrame.timestamp))
        } else {
            out.line("placing never allowed (last status: \(gate.message))")
        }
        out.line("wrote \(output)")
    }
}
