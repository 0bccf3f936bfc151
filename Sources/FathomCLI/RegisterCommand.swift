import ArgumentParser
import Fathom
import Foundation

/// `fathom register`: aligns two point clouds and prints `targetFromSource`.
public struct RegisterCommand: OutputtingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Align a source point cloud to a target point cloud (PLY, XYZ).",
        discussion: """
            Global alignment by descriptor correspondences and robust sampling, then point-to-plane ICP. \
            With --gravity-aligned both clouds must have +y up (ARKit world frames) and only a yaw and a \
            translation are searched. The transform maps source coordinates to target coordinates; --json \
            prints it as 16 numbers, column-major. fitness is the inlier fraction over the space both \
            clouds saw (each cloud's points in cells the other also holds points in, both ways), rmse the \
            inliers' distance in metres.
            """)

    /// The cloud to move.
    @Argument(help: "The source point cloud (.ply or .xyz).")
    public var source: String

    /// The fixed cloud.
    @Argument(help: "The target point cloud (.ply or .xyz).")
    public var target: String

    /// Search a yaw and a translation only.
    @Flag(name: .customLong("gravity-aligned"), help: "Both clouds are gravity-aligned (+y up): search yaw and translation only.")
    public var gravityAligned = false

    /// Voxel edge of the downsampling, metres; `nil` derives every setting from the clouds.
    @Option(help: "Voxel edge of the downsampling, metres (radii scale with it). Default: derived from the clouds' measured spacing and noise, coarse to fine.")
    public var voxel: Float?

    /// Seed of the random sampling.
    @Option(help: "Seed of the random sampling.")
    public var seed: UInt64 = 0

    /// Print JSON.
    @Flag(help: "Print one JSON object.")
    public var json = false

    public init() {}

    public func validate() throws {
        if let voxel, !(voxel.isFinite && voxel > 0 && voxel <= 1) {
            throw ValidationError("--voxel must be a number of metres in (0, 1], not \(voxel)")
        }
    }

    /// The registration settings for a given `--voxel`: radii and distances scale with the voxel edge.
    var registrationConfiguration: RegistrationConfiguration {
        let c = RegistrationConfiguration(mode: gravityAligned ? .gravityAligned : .general)
        return voxel.map { c.scaled(toVoxel: $0) } ?? c
    }

    public func run(output out: CommandOutput) throws {
        let sourceCloud = try PointCloudFile.read(URL(fileURLWithPath: source))
        let targetCloud = try PointCloudFile.read(URL(fileURLWithPath: target))
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = Self.threadCPUSeconds()
        let result =
            voxel == nil
            ? PointCloudRegistrar.registerAdaptively(
                source: sourceCloud, target: targetCloud, mode: gravityAligned ? .gravityAligned : .general, seed: seed)
            : PointCloudRegistrar(configuration: registrationConfiguration)
                .register(source: sourceCloud, target: targetCloud, seed: seed)
        let elapsed = clock.now - start
        let cpuMilliseconds = (Self.threadCPUSeconds() - cpuStart) * 1e3
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
        if json {
            let report = Report(
                found: result.isFound, trusted: result.isTrusted,
                targetFromSource: result.targetFromSource.matrix.columnMajor, fitness: result.fitness,
                overlap: result.overlap, rmse: result.inlierRMSE, inliers: result.inlierCount,
                sourcePoints: result.sourcePointCount, reason: result.failure.map { "\($0)" },
                runnerUpRatio: result.runnerUpRatio, constraint: result.constraint,
                contradictionRate: result.contradictionRate, voxel: result.voxelSize,
                refinementVoxel: result.refinementVoxelSize, inlierDistance: result.inlierDistance,
                sharedCells: result.sharedCells,
                elapsedMilliseconds: (milliseconds * 1000).rounded() / 1000,
                cpuMilliseconds: (cpuMilliseconds * 1000).rounded() / 1000)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            out.line(String(decoding: try encoder.encode(report), as: UTF8.self))
            return
        }
        out.line("source: \(sourceCloud.count) points, target: \(targetCloud.count) points "
            + "(\(gravityAligned ? "gravity-aligned: yaw and translation" : "general rigid transform"), "
            + (voxel.map { "voxel \($0) m)" } ?? "voxel \(result.voxelSize) m, refined at \(result.refinementVoxelSize) m, from the data)"))
        guard result.isFound else {
            out.line("found: no (\(result.failure.map { "\($0)" } ?? "unknown"))")
            out.line(String(format: "elapsed: %.1f ms", milliseconds))
            return
        }
        out.line("found: yes, " + (result.isTrusted ? "trusted" : "not trusted (\(result.failure.map { "\($0)" } ?? ""))"))
        out.line("targetFromSource:")
        for row in 0..<4 {
            let m = result.targetFromSource.matrix.columnMajor
            out.line("  " + (0..<4).map { String(format: "%10.6f", m[$0 * 4 + row]) }.joined(separator: " "))
        }
        out.line(String(format: "fitness: %.4f (%d inliers of %d downsampled source points; overlap %.3f)",
                        result.fitness, result.inlierCount, result.sourcePointCount, result.overlap))
        out.line(String(format: "rmse: %.4f m", result.inlierRMSE))
        out.line(String(format: "elapsed: %.1f ms", milliseconds))
    }

    /// The JSON report.
    struct Report: Encodable {
        var found: Bool
        var trusted: Bool
        var targetFromSource: [Float]
        var fitness: Float
        var overlap: Float
        var rmse: Float
        var inliers: Int
        var sourcePoints: Int
        var reason: String?
        var runnerUpRatio: Float
        var constraint: Float
        /// Contradictions among the source points near the target's surfaces at the fine level (0
        /// without one): the evidence that decides a half-turned room from the true one.
        var contradictionRate: Float
        var voxel: Float
        var refinementVoxel: Float
        /// The inlier distance of the verdict, metres (at the search level).
        var inlierDistance: Float
        /// The cells both clouds saw, over which the fitness was measured (its independent observations).
        var sharedCells: Int
        var elapsedMilliseconds: Double
        var cpuMilliseconds: Double
    }

    /// CPU time of the calling thread, seconds (the registration runs on one thread, so this is its
    /// time without what other processes on a shared machine take).
    static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
