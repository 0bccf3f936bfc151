import FathomCore

/// The per-search quantities shared by the fits of one search.
struct SearchContext {
    let seedIndex: Int
    let seedPosition: SIMD3<Float>
    /// The seed radius, metres.
    let seedRadius: Float
    /// Inlier band half-width, metres.
    let band: Double
    /// The a-priori rms error of a point (the search's accuracy), metres.
    let accuracy: Float
    /// Growth reach from the seed, metres.
    let reach: Float
    /// Radius of the neighbourhoods that local normals are estimated from, metres.
    let normalRadius: Double
    /// The local point spacing, metres.
    let spacing: Float
    /// Flood-fill connection radius, metres.
    let connectionRadius: Float
    /// Flood-fill connection radius when the orientation test is off, metres (fewer, wider queries:
    /// no covered point relies on another point's test).
    let wideConnectionRadius: Float
    /// Indices within the seed radius (excluded ones left out): ascending, or in the index's query
    /// order when the finder is order-free.
    let ball: [Int]
    let excluded: Set<Int>
    let randomSeed: UInt64
    private var cachedNeighbourhood: SeedNeighbourhood? = nil

    init(finder: SurfaceFinder, search: SurfaceSearch, seedIndex: Int) {
        self.seedIndex = seedIndex
        let seed = finder.positions[seedIndex]
        seedPosition = seed
        seedRadius = search.seedRadius
        band = Double(search.inlierBand)
        accuracy = search.accuracy
        normalRadius = min(SurfaceFinder.normalRadiusBands * band, SurfaceFinder.normalRadiusSeedFraction * Double(search.seedRadius))
        reach = max(search.maximumReach, search.seedRadius)
        let excluded = search.excludedIndices
        self.excluded = excluded
        // Order-free: from the seed's coordinates, not its index (the same draws for any order of
        // the cloud).
        randomSeed = search.randomSeed ^ (finder.orderFree ? OrderFreeSampling.hash(seed) : UInt64(seedIndex))
        var ball: [Int] = []
        finder.index.forEachNeighbor(of: seed, radius: search.seedRadius) { i, _ in ball.append(i) }
        if !excluded.isEmpty { ball.removeAll { excluded.contains($0) } }
        // Order-free: kept in the query's order (cells in grid order, points within a cell in
        // coordinate order: `CoordinateOrderedIndex`), not by index, so the subsample drawn from it
        // and the growth's start follow the points' coordinates.
        if !finder.orderFree { ball.sort() }
        self.ball = ball
        // Local spacing: the grid spacing of the ball's points over a disc of the seed radius,
        // kept within a factor of two of the given (or estimated) mean distance.
        let meanDistance = search.meanDistance ?? finder.estimatedMeanDistance
        let local = search.seedRadius * (Float.pi / Float(max(ball.count, 1))).squareRoot()
        let spacing = min(max(local, meanDistance / 2), meanDistance * 2)
        self.spacing = spacing
        // Connected means within a few local spacings; where the index's cells are much coarser than
        // that, up to half a cell (at most a quarter of the seed radius), since a query scans whole
        // cells anyway and a wider reach needs fewer queries. Without the orientation test the reach
        // may go to a whole cell (at most half the seed radius).
        let spacingRadius = SurfaceFinder.connectionSpacings * spacing
        connectionRadius = max(
            spacingRadius, min(finder.index.cellSize / 2, search.seedRadius * SurfaceFinder.connectionSeedFraction))
        wideConnectionRadius = max(
            spacingRadius,
            min(finder.index.cellSize * SurfaceFinder.wideConnectionCellFraction,
                search.seedRadius * SurfaceFinder.wideConnectionSeedFraction))
    }

    /// The seed neighbourhood used for initial estimates (computed once per search; normals only
    /// when a curved type asks for them).
    mutating func neighbourhood(positions: [SIMD3<Float>], withNormals: Bool) -> SeedNeighbourhood {
        if let n = cachedNeighbourhood, n.hasNormals || !withNormals { return n }
        var generator = SeededGenerator(seed: randomSeed)
        let n = SeedNeighbourhood(
            seed: SIMD3<Double>(positions[seedIndex]), ballIndices: ball, positions: positions,
            withNormals: withNormals, normalRadius: normalRadius, generator: &generator)
        cachedNeighbourhood = n
        return n
    }
}
