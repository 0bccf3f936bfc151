/// Why an uploaded zip was refused (reported to the client as 422 with `reason`).
public struct ZipRejection: Error, Sendable, Equatable, CustomStringConvertible {
    /// One sentence naming the entry (when there is one) and the problem.
    public var reason: String

    /// A rejection with its reason.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}
