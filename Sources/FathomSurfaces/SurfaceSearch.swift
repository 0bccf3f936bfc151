/// One surface search: what to look for, where, and how eagerly (FindSurface's parameters).
///
/// Defaults: lateral extension 10 (grow over the whole connected object), radial expansion 5 (an
/// inlier band of ±3 × `accuracy`), all smart conversions, mean distance estimated from the cloud,
/// no viewpoint, nothing excluded.
public struct SurfaceSearch: Sendable, Hashable {
    /// The type to look for (`.any` chooses).
    public var type: SurfaceType
    /// The start point.
    public var seed: SurfaceSeed
    /// The approximate radius of the region around the seed that belongs to the object, metres.
    public var seedRadius: Float
    /// The sensor's a-priori rms error of one point, metres.
    public var accuracy: Float
    /// The mean distance between neighbouring points, metres; `nil` to use the finder's estimate.
    public var meanDistance: Float?
    /// How far the region grows from the seed, 0…10: 0 keeps it within `seedRadius`, each level
    /// doubles the reach every two levels (level k reaches `seedRadius · 2^(k/2)`), 10 is unlimited.
    public var lateralExtension: Int
    /// How eagerly points off the surface are taken in, 0…10: the inlier band is
    /// ±(2 + 0.2 · level) × `accuracy` (level 5: ±3 × accuracy).
    public var radialExpansion: Int
    /// Which smart conversions apply.
    public var conversions: SurfaceConversions
    /// The sensor position, metres, to orient plane normals towards; `nil` uses the coordinate origin.
    public var viewpoint: SIMD3<Float>?
    /// Indices never taken as inliers (for example the inliers of surfaces already captured).
    public var excludedIndices: Set<Int>
    /// The seed of the random candidate draws, for reproducible results.
    public var randomSeed: UInt64

    /// Creates a search; parameters are checked when the search runs.
    public init(
        type: SurfaceType, seed: SurfaceSeed, seedRadius: Float, accuracy: Float, meanDistance: Float? = nil,
        lateralExtension: Int = 10, radialExpansion: Int = 5, conversions: SurfaceConversions = .all,
        viewpoint: SIMD3<Float>? = nil, excludedIndices: Set<Int> = [], randomSeed: UInt64 = 0x5EED
    ) {
        self.type = type
        self.seed = seed
        self.seedRadius = seedRadius
        self.accuracy = accuracy
        self.meanDistance = meanDistance
        self.lateralExtension = lateralExtension
        self.radialExpansion = radialExpansion
        self.conversions = conversions
        self.viewpoint = viewpoint
        self.excludedIndices = excludedIndices
        self.randomSeed = randomSeed
    }

    /// The half-width of the inlier band, metres.
    public var inlierBand: Float { accuracy * (2 + 0.2 * Float(radialExpansion)) }

    /// How far from the seed the region may grow, metres (`.infinity` at level 10).
    public var maximumReach: Float {
        lateralExtension >= 10 ? .infinity : seedRadius * Float.pow2(Float(lateralExtension) / 2)
    }
}

extension Float {
    /// 2 raised to `x`.
    static func pow2(_ x: Float) -> Float { Float(exp2(Double(x))) }
}

import Foundation
