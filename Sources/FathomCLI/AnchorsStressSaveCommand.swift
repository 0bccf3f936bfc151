import ArgumentParser
import Fathom
import Foundation

/// `fathom anchors-stress-save` (hidden): saves a growing anchor store over and over, for crash tests
/// that kill the process mid-save and check that the file still loads.
///
/// Save *i* (0-based) holds the anchors *max(0, i − 99)…i*; anchor *k* has the identifier
/// `00000000-0000-0000-0000-<k, 12 digits>` and the payload `{"index": k, "padding": …}`. With `--map`,
/// each save also writes a world map holding those anchors and the first
/// min(`mapPointsPerSave` · (i + 1), `maximumMapPoints`) points of `mapPoint(_:)`.
public struct AnchorsStressSaveCommand: OutputtingCommand {
    /// The command's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "anchors-stress-save",
        abstract: "Save a growing anchor store in a loop (crash-safety tests).",
        shouldDisplay: false)

    /// The store file.
    @Argument(help: "The anchor store to write (.json).")
    public var file: String

    /// Saves to make.
    @Option(help: "Saves to make.")
    public var count: Int = 1000

    /// Padding per anchor payload, characters.
    @Option(name: .customLong("payload-bytes"), help: "Padding per anchor payload, characters (bigger files, longer saves).")
    public var payloadBytes: Int = 256

    /// Also save a world map in the loop.
    @Option(help: "Also save a growing world map (.json) in the loop.")
    public var map: String?

    /// Points added to the world map per save.
    public static let mapPointsPerSave = 50
    /// The most points the stress world map holds.
    public static let maximumMapPoints = 5_000

    /// Creates the command with its default options (ArgumentParser parses the rest).
    public init() {}

    /// Rejects bad flag values with a `ValidationError`.
    public func validate() throws {
        guard count > 0 else { throw ValidationError("--count must be positive") }
        guard payloadBytes >= 0 else { throw ValidationError("--payload-bytes must not be negative") }
    }

    /// Anchor `index` of the stress sequence.
    public static func anchor(_ index: Int, payloadBytes: Int) -> Anchor {
        Anchor(
            id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", index))!,
            worldFromAnchor: RigidTransform(translation: SIMD3(Float(index % 10), 1, -Float(index / 10))),
            kind: "stress", createdAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)),
            payload: .object([
                "index": .number(Double(index)), "padding": .string(String(repeating: "x", count: payloadBytes)),
            ]))
    }

    /// Point `index` of the stress world map, metres (a spiral; identifier `index`).
    public static func mapPoint(_ index: Int) -> SIMD3<Float> {
        let t = Float(index) * 0.01
        return SIMD3(cos(t * 7) * (1 + t * 0.1), t * 0.05, sin(t * 7) * (1 + t * 0.1))
    }

    /// Does the work, writing the report to `out`.
    public func run(output out: CommandOutput) throws {
        let url = URL(fileURLWithPath: file)
        var store = AnchorStore()
        for i in 0..<count {
            let now = Date(timeIntervalSince1970: 1_800_000_000 + Double(i))
            store.place(Self.anchor(i, payloadBytes: payloadBytes), at: now)
            try store.write(to: url, savedAt: now)
            if let map {
                let n = min(Self.mapPointsPerSave * (i + 1), Self.maximumMapPoints)
                let points = PointCloud(unchecked: (0..<n).map(Self.mapPoint), identifiers: (0..<n).map(UInt64.init))
                try WorldMap(points: points, anchors: store.liveAnchors, createdAt: now).write(to: URL(fileURLWithPath: map))
            }
        }
        out.line("saved \(count) times to \(file)")
    }
}
