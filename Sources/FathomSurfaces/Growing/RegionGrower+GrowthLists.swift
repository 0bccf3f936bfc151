extension RegionGrower {
    /// The point and block lists of one growth (`grow`), passed to its steps as one inout value so
    /// that their accesses in the flood's inner loop are checked statically, not at run time.
    struct GrowthLists {
        /// The region's points (cloud indices), in the order they were taken.
        var inliers: [Int] = []
        /// Points looked at and left off the band (taken back when a refit reaches them).
        var offBand: [Int] = []
        /// Points left beyond the round's reach (looked at again when it widens).
        var beyond: [Int] = []
        /// Points whose neighbourhood crosses the model, with that neighbourhood's moments (tested
        /// again after each refit without a query).
        var misoriented: [(index: Int, patch: LocalPatch)] = []
        /// Inliers whose neighbourhood is still to be searched (the front).
        var queue: [Int] = []
        /// Claimed blocks whose neighbouring blocks are still to be judged, with the box bounding
        /// each block's region points, metres.
        var claimedCells: [(block: Int, lower: SIMD3<Float>, upper: SIMD3<Float>)] = []
        /// Blocks not claimed, judged again after the next refit.
        var mixedBlocks: [Int] = []
    }
}
