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
    ///
    /// The simulator draws fresh spurious identifiers in every frame, so over a long walk they would
    /// outnumber the landmarks many times; an evenly chosen subset of them is kept so that they make up
    /// `spuriousFraction` of the map (default 0.1, the share in real accumulated maps).
    public func rawFeatureMap(frameLimit: Int? = nil, spuriousFraction: Double = 0.1) -> PointCloud {
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
        let spurious = ids.indices.filter { truePosition(ofFeature: ids[$0]) == nil }
        let landmarks = ids.count - spurious.count
        let fraction = min(max(spuriousFraction, 0), 0.99)
        let wanted = Int((Double(landmarks) * fraction / (1 - fraction)).rounded())
        var drop = Set<Int>()
        if spurious.count > wanted {
            let step = Double(spurious.count) / Double(max(wanted, 1))
            var keep = Set<Int>()
            var x = 0.0
            while keep.count < wanted, Int(x) < spurious.count {
                keep.insert(spurious[Int(x)])
                x += step
            }
            drop = Set(spurious).subtracting(keep)
        }
        let kept = ids.indices.filter { !drop.contains($0) }
        var cloud = PointCloud(unchecked: kept.map { positions[$0] })
        cloud.identifiers = kept.map { ids[$0] }
        return cloud
    }
}
