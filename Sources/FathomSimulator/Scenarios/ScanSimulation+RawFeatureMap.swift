import FathomCore
import Foundation

extension ScanSimulation {
    /// The feature points of the first `frameLimit` frames (all by default) as an app accumulates
    /// ARKit's raw feature points: one point per identifier at its last-seen position, unfiltered —
    /// spurious points, mistriangulated samples and needle noise along the ray included — in the
    /// session's world frame, with identifiers.
    ///
    /// This is the map the ARKit-Data-Logger app writes, and the "sparse raw feature-point map" of the
    /// relocalization benchmarks: about 10 cm between points, noise of about 1 cm per metre of range.
    public func rawFeatureMap(frameLimit: Int? = nil) -> PointCloud {
        var slot: [UInt64: Int] = [:]
        var positions: [SIMD3<Float>] = []
        var ids: [UInt64] = []
        let last = min(frameCount, frameLimit ?? frameCount)
        let batch = 32
        for start in stride(from: 0, to: last, by: batch) {
            for frame in renderFrames(start..<min(last, start + batch)) {
                guard let f = frame.features else { continue }
                for (id, p) in zip(f.identifiers, f.positions) {
                    if let s = slot[id] {
                        positions[s] = p
                    } else {
                        slot[id] = positions.count
                        positions.append(p)
                        ids.append(id)
                    }
                }
            }
        }
        var cloud = PointCloud(unchecked: positions)
        cloud.identifiers = ids
        return cloud
    }
}
