import ArgumentParser
import Fathom
import Foundation

/// `fathom fingertip MASK`: the fingertip of a hand segmentation mask (ARML's rule: the top-most hand
/// pixel, as displayed, whose four neighbours are hand pixels).
public struct FingertipCommand: OutputtingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "fingertip",
        abstract: "Find the fingertip in a hand segmentation mask (hand pixels are ≥ 128).")

    /// How the mask is turned for display, as a command-line value.
    public enum Orientation: String, ExpressibleByArgument, CaseIterable, Sendable {
        case up, right, down, left

        /// The library's orientation.
        var imageOrientation: ImageOrientation {
            switch self {
            case .up: .up
            case .right: .right
            case .down: .down
            case .left: .left
            }
        }
    }

    @Argument(help: "The mask image (.png or .pgm), grey levels; pixels ≥ 128 are hand.")
    var mask: String

    @Option(help: "How the mask is turned for display: up, right (portrait screen over a landscape sensor mask), down or left.")
    var orientation: Orientation = .up

    @Option(name: .customLong("minimum-count"), help: "The fewest robust hand pixels that make a fingertip.")
    var minimumCount: Int = 10

    @Option(help: "Also write the mask as displayed, with the fingertip marked in red, to this image (.png, .ppm).")
    var overlay: String?

    @Flag(help: "Print one JSON object: found, normalized [x, y] (displayed), pixel [x, y] (stored), count.")
    var json = false

    public init() {}

    public func validate() throws {
        guard minimumCount >= 1 else { throw ValidationError("--minimum-count must be at least 1 (got \(minimumCount))") }
    }

    public func run(output: CommandOutput) throws {
        let image = try ImageFile.readGray(URL(fileURLWithPath: mask))
        let detector = FingertipDetector(
            configuration: .init(minimumRobustPixelCount: minimumCount, orientation: orientation.imageOrientation))
        let tip = detector.fingertip(in: image)
        let count = tip?.robustPixelCount ?? detector.robustPixelCount(in: image)
        if let overlay {
            try ImageFile.write(detector.overlay(of: image, fingertip: tip, markerRadius: Self.markerRadius(image)),
                                to: URL(fileURLWithPath: overlay))
        }
        if json {
            if let tip {
                output.line(
                    "{\"found\": true, \"normalized\": [\(Self.decimal(tip.normalized.x)), \(Self.decimal(tip.normalized.y))], "
                        + "\"pixel\": [\(tip.pixel.x), \(tip.pixel.y)], \"count\": \(count)}")
            } else {
                output.line("{\"found\": false, \"normalized\": null, \"pixel\": null, \"count\": \(count)}")
            }
            return
        }
        output.line("mask: \(image.width)×\(image.height), orientation \(orientation.rawValue)")
        if let tip {
            output.line("fingertip: normalized (\(Self.decimal(tip.normalized.x)), \(Self.decimal(tip.normalized.y))), "
                + "pixel (\(tip.pixel.x), \(tip.pixel.y))")
        } else {
            output.line("fingertip: none")
        }
        output.line("robust hand pixels: \(count) (at least \(minimumCount) needed)")
    }

    /// The overlay's marker arm length: about 3% of the mask's larger side, at least 1 pixel.
    static func markerRadius(_ image: GrayImage) -> Int { max(1, max(image.width, image.height) / 32) }

    /// A number with six decimals.
    static func decimal(_ v: Float) -> String { String(format: "%.6f", Double(v)) }
}
