/// A point cloud as parallel arrays (struct of arrays, Open3D's layout): positions plus optional
/// per-point colours, normals, confidences and identifiers. A missing attribute is an empty array;
/// a present one has exactly one entry per point.
public struct PointCloud: Sendable, Equatable {
    /// Point positions, metres, in the frame the cloud is expressed in (usually world).
    public var positions: [SIMD3<Float>]
    /// Per-point colours, or empty.
    public var colors: [RGB8]
    /// Per-point unit normals, or empty.
    public var normals: [SIMD3<Float>]
    /// Per-point confidences (0 low, 1 medium, 2 high for LiDAR), or empty.
    public var confidences: [UInt8]
    /// Per-point identifiers (ARKit feature identifiers), or empty.
    public var identifiers: [UInt64]

    /// Creates a cloud, checking that every present attribute has one entry per point.
    /// - Throws: `PointCloudError.attributeCountMismatch` naming the attribute.
    public init(
        positions: [SIMD3<Float>], colors: [RGB8] = [], normals: [SIMD3<Float>] = [],
        confidences: [UInt8] = [], identifiers: [UInt64] = []
    ) throws {
        let n = positions.count
        for (name, c) in [("colors", colors.count), ("normals", normals.count),
                          ("confidences", confidences.count), ("identifiers", identifiers.count)]
        where c != 0 && c != n {
            throw PointCloudError.attributeCountMismatch(attribute: name, expected: n, actual: c)
        }
        self.init(unchecked: positions, colors: colors, normals: normals, confidences: confidences,
                  identifiers: identifiers)
    }

    /// Creates a cloud without checking attribute counts.
    public init(
        unchecked positions: [SIMD3<Float>], colors: [RGB8] = [], normals: [SIMD3<Float>] = [],
        confidences: [UInt8] = [], identifiers: [UInt64] = []
    ) {
        self.positions = positions
        self.colors = colors
        self.normals = normals
        self.confidences = confidences
        self.identifiers = identifiers
    }

    /// An empty cloud.
    public init() { self.init(unchecked: []) }

    /// The number of points.
    public var count: Int { positions.count }
    /// Whether there are no points.
    public var isEmpty: Bool { positions.isEmpty }
    /// Whether colours are present.
    public var hasColors: Bool { !colors.isEmpty }
    /// Whether normals are present.
    public var hasNormals: Bool { !normals.isEmpty }
    /// Whether confidences are present.
    public var hasConfidences: Bool { !confidences.isEmpty }
    /// Whether identifiers are present.
    public var hasIdentifiers: Bool { !identifiers.isEmpty }

    /// The bounding box of the finite positions, or `nil` when there are none.
    public var bounds: BoundingBox? { BoundingBox(points: positions) }

    /// The points at `indices`, in that order, with all attributes.
    public func selecting<S: Sequence>(_ indices: S) -> PointCloud where S.Element: BinaryInteger {
        var out = PointCloud()
        for i in indices {
            let k = Int(i)
            out.positions.append(positions[k])
            if hasColors { out.colors.append(colors[k]) }
            if hasNormals { out.normals.append(normals[k]) }
            if hasConfidences { out.confidences.append(confidences[k]) }
            if hasIdentifiers { out.identifiers.append(identifiers[k]) }
        }
        return out
    }

    /// The cloud mapped by a rigid transform (positions and normals).
    public func transformed(by transform: RigidTransform) -> PointCloud {
        var out = self
        out.positions = positions.map(transform.apply(to:))
        out.normals = normals.map(transform.applyToDirection(_:))
        return out
    }

    /// Appends another cloud's points. An attribute stays present only if both clouds have it (or this
    /// one was empty).
    public mutating func append(_ other: PointCloud) {
        if isEmpty {
            self = other
            return
        }
        func merge<T>(_ a: inout [T], _ b: [T]) { if !a.isEmpty && !b.isEmpty { a += b } else { a = [] } }
        merge(&colors, other.colors)
        merge(&normals, other.normals)
        merge(&confidences, other.confidences)
        merge(&identifiers, other.identifiers)
        positions += other.positions
    }

    /// The mean distance from each point to its nearest neighbour, metres, estimated from up to
    /// `sampleCount` evenly spaced points; `nil` for fewer than two points.
    public func meanNearestNeighbourDistance(index: SpatialIndex? = nil, sampleCount: Int = 1000) -> Float? {
        guard count >= 2 else { return nil }
        let idx = index ?? SpatialIndex(positions: positions)
        let step = max(1, count / sampleCount)
        var sum: Double = 0, n = 0
        for i in stride(from: 0, to: count, by: step) {
            if let d = idx.nearest(to: positions[i], excluding: i) {
                sum += Double(d.distance)
                n += 1
            }
        }
        return n > 0 ? Float(sum / Double(n)) : nil
    }
}

/// A point cloud whose attributes are inconsistent.
public enum PointCloudError: Error, Equatable, CustomStringConvertible {
    /// An attribute array has neither zero entries nor one per point.
    case attributeCountMismatch(attribute: String, expected: Int, actual: Int)

    public var description: String {
        switch self {
        case let .attributeCountMismatch(a, e, n):
            "point cloud attribute '\(a)' has \(n) entries; expected 0 or \(e) (one per point)"
        }
    }
}
