import Foundation
import FathomCore

extension PointCloudRegistrar {
    /// 6-DoF registration through gravity: each cloud's up direction is estimated from its surfaces
    /// (`GravityEstimate`), both clouds are levelled (up onto +y), the levelled pair is registered in
    /// the gravity-aligned mode (yaw and translation: a minimal sample of two correspondences instead
    /// of three, descriptors that keep their height structure), and the answer, moved back to the
    /// clouds' own frames, is settled by 6-DoF ICP at the inlier distance (the two up estimates are
    /// each off by a fraction of a degree). `nil` when either up direction cannot be estimated.
    ///
    /// The verdict is the gravity-aligned one on the levelled clouds; the settled transform (ICP on up
    /// to `settlingICPPoints` source points) is kept only when it has at least as many inliers as the
    /// levelled answer.
    static func registerLevelled(
        source: PointCloud, target: PointCloud,
        measured: (source: RegistrationCloudMeasurements, target: RegistrationCloudMeasurements), seed: UInt64
    ) -> RegistrationResult? {
        let search = RegistrationConfiguration.adapted(source: measured.source, target: measured.target, mode: .gravityAligned)
        guard
            let upSource = GravityEstimate(RegistrationCloud(positions: source.positions, configuration: search, descriptorLimit: 0)),
            let upTarget = GravityEstimate(RegistrationCloud(positions: target.positions, configuration: search, descriptorLimit: 0))
        else { return nil }
        let levelledFromSource = RigidTransform(rotation: upSource.levelledFromCloud)
        let levelledFromTarget = RigidTransform(rotation: upTarget.levelledFromCloud)
        var result = registerMeasured(
            source: PointCloud(unchecked: source.positions.map(levelledFromSource.apply(to:))),
            target: PointCloud(unchecked: target.positions.map(levelledFromTarget.apply(to:))), measured: measured,
            mode: .gravityAligned, seed: seed)
        guard result.isFound else { return result }
        result.targetFromSource = levelledFromTarget.inverse * result.targetFromSource * levelledFromSource
        // Settled in 6 DoF at the level the answer came from (the fine one for dense clouds).
        var general = RegistrationConfiguration.adapted(source: measured.source, target: measured.target, mode: .general)
        if let fine = RegistrationConfiguration.fineStage(after: general, source: measured.source, target: measured.target) {
            general = fine
        }
        general.icpStartDistance = general.inlierDistance * Self.levelledSettlingReach
        let settler = PointCloudRegistrar(configuration: general)
        let s = RegistrationCloud(positions: source.positions, configuration: general, descriptorLimit: 0, normals: false)
        let t = RegistrationCloud(positions: target.positions, configuration: general, descriptorLimit: 0)
        guard s.count >= minimumPointCount, t.count >= minimumPointCount else { return result }
        let before = settler.evaluate(result.targetFromSource, source: s, target: t)
        let (transform, iterations) = settler.refine(
            result.targetFromSource, source: s, target: t, maximumPoints: settlingICPPoints)
        guard settler.evaluate(transform, source: s, target: t).inliers >= before.inliers else { return result }
        result.targetFromSource = transform
        result.icpIterations += iterations
        return result
    }

    /// The 6-DoF settling of a levelled answer starts at this many inlier distances: each up estimate
    /// is off by a fraction of a degree, a few centimetres across a room.
    static let levelledSettlingReach: Float = 2
}
