/// Invalid parameters for a surface search. ("Nothing found" is a result, not an error.)
public enum SurfaceFinderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The cloud has no finite points.
    case emptyCloud
    /// The seed index is not a point of the cloud (`count` points).
    case seedIndexOutOfRange(index: Int, count: Int)
    /// The seed point or the seed's cloud point is not finite.
    case nonFiniteSeed
    /// A length parameter (`seedRadius`, `accuracy`, `meanDistance`) is not positive and finite.
    case nonPositive(parameter: String, value: Float)
    /// A search level (`lateralExtension`, `radialExpansion`) is outside 0…10.
    case levelOutOfRange(parameter: String, value: Int)

    /// A sentence naming the invalid parameter and its value.
    public var description: String {
        switch self {
        case .emptyCloud: "the point cloud has no finite points"
        case let .seedIndexOutOfRange(i, n): "seed index \(i) is out of range (the cloud has \(n) points)"
        case .nonFiniteSeed: "the seed point is not finite"
        case let .nonPositive(p, v): "\(p) must be positive and finite (got \(v))"
        case let .levelOutOfRange(p, v): "\(p) must be between 0 and 10 (got \(v))"
        }
    }
}
