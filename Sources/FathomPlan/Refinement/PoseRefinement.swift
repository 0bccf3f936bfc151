import FathomCore

/// A pose refiner at work on one scan, with the correction found at each fused frame.
struct PoseRefinement {
    /// The refiner.
    var refiner: DepthPoseRefiner
    /// Per fused frame (in frame order): its number and the correction (refined · recorded⁻¹).
    var corrections: [(frameNumber: Int, correction: RigidTransform)] = []

    /// The correction for any frame: that of the latest fused frame at or before it (the first
    /// fused frame's before it), identity without any.
    func correction(forFrame frameNumber: Int) -> (RigidTransform, aligned: Bool) {
        guard !corrections.isEmpty else { return (.identity, false) }
        var lo = 0
        var hi = corrections.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if corrections[mid].frameNumber <= frameNumber { lo = mid } else { hi = mid - 1 }
        }
        return (corrections[lo].correction, corrections[lo].frameNumber == frameNumber)
    }
}
