import ArgumentParser
import Fathom
import Foundation

/// `fathom anchors`: lists the anchors of a saved anchor store.
public struct AnchorsCommand: OutputtingCommand {
    /// The command's name and help.
    public static let configuration = CommandConfiguration(
        commandName: "anchors",
        abstract: "List the anchors of a saved anchor store (fathom-anchors JSON).")

    /// The store file.
    @Argument(help: "The anchor store (.json).")
    public var store: String

    /// Creates the command with its default options (ArgumentParser parses the rest).
    public init() {}

    /// Does the work, writing the report to `out`.
    public func run(output out: CommandOutput) throws {
        let store = try AnchorStore(contentsOf: URL(fileURLWithPath: store))
        out.line("\(store.count) anchor\(store.count == 1 ? "" : "s")")
        let dates = ISO8601DateFormatter()
        for a in store.anchors {
            let p = a.worldFromAnchor.translation
            let position = String(format: "(%.3f, %.3f, %.3f)", p.x, p.y, p.z)
            out.line("\(a.id.uuidString)  \(a.kind)  at \(position) m  placed \(dates.string(from: a.createdAt))")
        }
    }
}
