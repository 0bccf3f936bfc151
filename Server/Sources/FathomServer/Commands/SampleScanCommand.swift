import ArgumentParser
import Foundation

/// `fathom-server sample-scan -o scan.zip`: writes a small simulated scan to try the server with.
public struct SampleScanCommand: ParsableCommand {
    /// The command's name and abstract.
    public static let configuration = CommandConfiguration(
        commandName: "sample-scan", abstract: "Write a small simulated room scan (zip) to upload.")

    /// Output zip.
    @Option(name: .shortAndLong, help: "The zip to write.") public var output: String
    /// Seed.
    @Option(help: "Simulator seed.") public var seed: UInt64 = 5
    /// Depth cadence.
    @Option(name: .customLong("depth-every"), help: "Depth on every n-th frame (smaller: longer jobs).")
    public var depthEvery = 8

    /// Creates the command.
    public init() {}

    /// Refuses an existing output and a cadence below 1.
    public func validate() throws {
        guard depthEvery >= 1 else { throw ValidationError("--depth-every must be at least 1") }
        guard !FileManager.default.fileExists(atPath: output) else { throw ValidationError("'\(output)' already exists") }
    }

    public func run() throws {
        try SampleScan.write(to: URL(fileURLWithPath: output), seed: seed, depthEvery: depthEvery)
        print("wrote \(output)")
    }
}
