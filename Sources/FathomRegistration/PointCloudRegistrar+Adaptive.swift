import Foundation
import FathomCore

extension PointCloudRegistrar {
    /// Registers `source` to `target` with settings that follow from the clouds themselves, coarse to
    /// fine: both are measured (`RegistrationCloudMeasurements`: spacing, noise, extent), searched at
    /// `RegistrationConfiguration.adapted(source:target:mode:)` and, where the data are dense enough for
    /// a finer level (`RegistrationConfiguration.fineStage(after:source:target:)`), refined there.
    ///
    /// The trust verdict and the quality figures (fitness, RMSE, runner-up) are those of the search
    /// level, where they are calibrated; the transform is the finest one.
    /// - Parameters:
    ///   - source: the cloud to move (any density; non-finite points are ignored).
    ///   - target: the fixed cloud.
    ///   - mode: the transforms searched (default gravity-aligned: yaw and translation).
    ///   - seed: seeds the random sampling.
    public static func registerAdaptively(
        source: PointCloud, target: PointCloud, mode: RegistrationMode = .gravityAligned, seed: UInt64 = 0
    ) -> RegistrationResult {
        let ms = RegistrationCloudMeasurements(measuring: source.positions)
        let mt = RegistrationCloudMeasurements(measuring: target.positions)
        let registrar = PointCloudRegistrar(configuration: .adapted(source: ms, target: mt, mode: mode))
        let result = registrar.register(source: source, target: target, seed: seed)
        guard let fine = RegistrationConfiguration.fineStage(after: registrar.configuration, source: ms, target: mt) else {
            return result
        }
        return registrar.refinedFurther(result, source: source, target: target, configuration: fine)
    }

    /// `result` refined by ICP at the finer settings `configuration` (same mode): its transform is
    /// replaced when the refinement keeps at least as many inliers at the fine level, and
    /// `refinementVoxelSize` records the level. Results that were not found are returned unchanged.
    public func refinedFurther(
        _ result: RegistrationResult, source: PointCloud, target: PointCloud, configuration fine: RegistrationConfiguration
    ) -> RegistrationResult {
        guard result.isFound, fine.mode == configuration.mode, fine.problem == nil else { return result }
        let refiner = PointCloudRegistrar(configuration: fine)
        let s = RegistrationCloud(positions: source.positions, configuration: fine, descriptorLimit: 0)
        let t = RegistrationCloud(positions: target.positions, configuration: fine, descriptorLimit: 0)
        guard s.count >= Self.minimumPointCount, t.count >= Self.minimumPointCount else { return result }
        let before = refiner.evaluate(result.targetFromSource, source: s, target: t)
        let (transform, iterations) = refiner.refine(result.targetFromSource, source: s, target: t)
        let after = refiner.evaluate(transform, source: s, target: t)
        guard after.inliers >= before.inliers else { return result }
        var out = result
        out.targetFromSource = transform
        out.icpIterations += iterations
        out.refinementVoxelSize = fine.voxelSize
        return out
    }
}
