import Foundation
import FathomCore

extension RegistrationConfiguration {
    /// The voxel edge of the defaults, metres: every distance of `init()` is a fixed multiple of it, and
    /// `scaled(toVoxel:)` keeps those multiples.
    public static let referenceVoxelSize: Float = 0.05
    /// Adapted voxel edges are at least this many times the sparser cloud's point spacing (fewer,
    /// averaged points per voxel; descriptors then see enough neighbours).
    public static let voxelPerSpacing: Float = 2
    /// Adapted voxel edges are at least this many times the noisier cloud's measured noise.
    public static let voxelPerNoise: Float = 2.5
    /// The global search's point budget per cloud (denser clouds get a larger voxel edge; points on
    /// surfaces thin with the square of the edge; see `adaptedVoxelSize`).
    public static let maximumGlobalPoints = 6000
    /// The mean spacing of points on surfaces (the square root of the area per point) is about this
    /// many times the median nearest-neighbour distance the measurements report.
    public static let meanSpacingPerNearestNeighbour: Float = 2
    /// The fine refinement works on at most about this many points per cloud.
    public static let maximumFinePoints = 40_000
    /// A fine refinement runs when its voxel edge is below this fraction of the coarse one.
    public static let fineStageRatio: Float = 0.7
    /// Inlier distances are at least this many times the combined noise of the two clouds.
    public static let inlierDistancePerNoise: Float = 2.5
    /// Adapted settings trust an inlier RMSE of at most `rmsePerNoise` times the clouds' combined
    /// measured noise, kept between the defaults' ratio to the inlier distance (0.525, the floor for
    /// clean clouds) and this fraction of the inlier distance. Points spread evenly over the inlier
    /// ball (no alignment at all) score √(3/5) ≈ 0.77 of it; sparse noisy clouds score about 0.65
    /// even when aligned, since their nearest neighbours lie a spacing and a needle apart.
    public static let maximumRelativeRMSE: Float = 0.72
    /// Adapted settings trust an inlier RMSE up to this many times the combined measured noise (within
    /// the bounds of `maximumRelativeRMSE`).
    public static let rmsePerNoise: Float = 3.5

    /// The defaults with every distance (radii, tolerances, the trusted RMSE) scaled by
    /// `voxel / referenceVoxelSize`: the same method at another resolution. `voxel` must be positive.
    public func scaled(toVoxel voxel: Float) -> RegistrationConfiguration {
        var c = self
        let scale = voxel / voxelSize
        c.voxelSize = voxel
        c.normalRadius *= scale
        c.descriptorRadius *= scale
        c.pairTolerance *= scale
        c.minimumSampleSpread *= scale
        c.correspondenceInlierDistance *= scale
        c.icpStartDistance *= scale
        c.inlierDistance *= scale
        c.coverageRadius *= scale
        c.maximumRMSE *= scale
        return c
    }

    /// The voxel edge, metres, at which clouds measured as `source` and `target` are registered
    /// globally: at least `voxelPerSpacing` times the sparser spacing and `voxelPerNoise` times the
    /// larger noise, and large enough that neither cloud keeps more than about `maximumGlobalPoints`.
    public static func adaptedVoxelSize(
        source: RegistrationCloudMeasurements, target: RegistrationCloudMeasurements, maximumPoints: Int = maximumGlobalPoints
    ) -> Float {
        var v = max(source.spacing, target.spacing) * voxelPerSpacing
        v = max(v, max(source.noise, target.noise) * voxelPerNoise)
        // Points on surfaces: n points a mean spacing d apart thin to about n·d²/v² at edge v, and the
        // median nearest neighbour (the measured spacing) lies about half the mean spacing away.
        for m in [source, target] where m.pointCount > maximumPoints && m.spacing > 0 {
            v = max(v, m.spacing * meanSpacingPerNearestNeighbour * (Float(m.pointCount) / Float(maximumPoints)).squareRoot())
        }
        guard v.isFinite, v > 0 else { return referenceVoxelSize }
        // A cloud can also be large in extent: keep a few voxels across it.
        let e = max(source.extent, target.extent)
        if e > 0 { v = min(v, e / 8) }
        return max(v, 1e-4)
    }

    /// Settings for registering clouds measured as `source` and `target`: the defaults scaled to
    /// `adaptedVoxelSize(source:target:)`, with inlier distances no tighter than
    /// `inlierDistancePerNoise` times the combined noise and the trusted RMSE relative to the measured
    /// noise (`rmsePerNoise`, bounded by `maximumRelativeRMSE`).
    public static func adapted(
        source: RegistrationCloudMeasurements, target: RegistrationCloudMeasurements, mode: RegistrationMode = .gravityAligned
    ) -> RegistrationConfiguration {
        RegistrationConfiguration(mode: mode).adapting(source: source, target: target)
    }

    /// These settings with every distance adapted to clouds measured as `source` and `target` (as
    /// `adapted(source:target:mode:)` does); the mode, counts and fractions are kept.
    public func adapting(source: RegistrationCloudMeasurements, target: RegistrationCloudMeasurements)
        -> RegistrationConfiguration
    {
        var c = scaled(toVoxel: Self.adaptedVoxelSize(source: source, target: target))
        c.applyNoiseFloor(source: source, target: target)
        let combined = (source.noise * source.noise + target.noise * target.noise).squareRoot()
        let lower = c.inlierDistance * (maximumRMSE / inlierDistance)
        let upper = c.inlierDistance * Self.maximumRelativeRMSE
        c.maximumRMSE = min(upper, max(lower, combined * Self.rmsePerNoise))
        return c
    }

    /// Settings for registering `source` to `target` (measured first).
    public static func adapted(source: PointCloud, target: PointCloud, mode: RegistrationMode = .gravityAligned)
        -> RegistrationConfiguration
    {
        adapted(
            source: RegistrationCloudMeasurements(measuring: source.positions),
            target: RegistrationCloudMeasurements(measuring: target.positions), mode: mode)
    }

    /// Settings of the fine refinement after a global registration with `coarse`, or `nil` when the
    /// data allow no finer level (sparse clouds): the voxel edge as small as the spacing, noise and
    /// `maximumFinePoints` allow; ICP starts at the coarse level's `icpStartDistance`.
    public static func fineStage(
        after coarse: RegistrationConfiguration, source: RegistrationCloudMeasurements, target: RegistrationCloudMeasurements
    ) -> RegistrationConfiguration? {
        let v = adaptedVoxelSize(source: source, target: target, maximumPoints: maximumFinePoints)
        guard v < coarse.voxelSize * fineStageRatio else { return nil }
        var c = coarse.scaled(toVoxel: v)
        c.applyNoiseFloor(source: source, target: target)
        // ICP at the fine level starts from the search level's answers, which can be off by as much as
        // that level's own ICP reach.
        c.icpStartDistance = max(c.icpStartDistance, coarse.icpStartDistance)
        return c
    }

    /// Raises the inlier and ICP distances to `inlierDistancePerNoise` times the combined noise.
    mutating func applyNoiseFloor(source: RegistrationCloudMeasurements, target: RegistrationCloudMeasurements) {
        let combined = (source.noise * source.noise + target.noise * target.noise).squareRoot()
        let floor = combined * Self.inlierDistancePerNoise
        guard floor.isFinite, floor > inlierDistance else { return }
        let scale = floor / inlierDistance
        inlierDistance = floor
        icpStartDistance = max(icpStartDistance, floor * 2)
        maximumRMSE *= scale
        coverageRadius = max(coverageRadius, floor * 2)
    }
}
