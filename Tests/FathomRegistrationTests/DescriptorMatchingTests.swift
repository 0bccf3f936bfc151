import FathomCore
import FathomTestSupport
import Testing

@testable import FathomRegistration

/// The fast paths of the global search against plain reference versions: descriptor matching (16
/// candidates at a time, transposed) and the mapped space (occupied cells dilated once each).
@Suite struct DescriptorMatchingTests {
    /// Squared descriptor distances closer than this (relative) are ties whose order may differ between
    /// two summation orders.
    static let tieTolerance: Float = 1e-5

    /// The `k` nearest target descriptors of source point `i`, by a plain scalar loop over every
    /// described target point (the first of equals wins), with their squared distances.
    static func reference(_ i: Int, source: RegistrationCloud, target: RegistrationCloud, k: Int) -> [(Int, Float)] {
        var all: [(Int, Float)] = []
        for j in 0..<target.count {
            var norm: Float = 0
            var d: Float = 0
            for lane in 0..<RegistrationCloud.descriptorWidth {
                let a = source.descriptors[i * 2 + lane], b = target.descriptors[j * 2 + lane]
                for bin in 0..<16 {
                    norm += b[bin] * b[bin]
                    d += (a[bin] - b[bin]) * (a[bin] - b[bin])
                }
            }
            if norm > 0 { all.append((j, d)) }
        }
        return Array(all.sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }.prefix(k))
    }

    @Test func matchingFindsTheSameNearestDescriptorsAsAPlainLoop() {
        let target = RegistrationFixtures.furnishedCorner(seed: 21)
        let move = RegistrationFixtures.yawTransform(0.8, SIMD3(0.4, 0, -0.3))
        let registrar = PointCloudRegistrar(configuration: RegistrationTests.fast())
        let s = registrar.prepareSource(PointCloud(unchecked: target.map(move.apply(to:))))
        let t = registrar.prepare(PointCloud(unchecked: target))
        var g = SeededGenerator(seed: 4)
        let matches = registrar.matchDescriptors(source: s, target: t, using: &g)
        let k = registrar.configuration.correspondencesPerKeypoint
        // A target count that is not a multiple of 16 exercises the padded last block.
        #expect(t.count % 16 != 0, "\(t.count) target points")
        #expect(matches.count == registrar.configuration.maximumKeypoints * k)
        let sourceIndex = Dictionary(s.positions.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var checked = 0
        for start in stride(from: 0, to: matches.count, by: k) {
            let i = sourceIndex[matches[start].source]!
            let expected = Self.reference(i, source: s, target: t, k: k)
            for m in 0..<k {
                let found = matches[start + m].target
                let (j, d) = expected[m]
                if found != t.positions[j] {
                    // Only a near-tie may come out in another order.
                    let foundIndex = t.positions.firstIndex(of: found)!
                    let other = Self.reference(i, source: s, target: t, k: t.count).first { $0.0 == foundIndex }!.1
                    #expect(abs(other - d) <= Self.tieTolerance * max(1, d), "keypoint \(i) match \(m): \(other) vs \(d)")
                }
                checked += 1
            }
        }
        #expect(checked == matches.count)
    }

    @Test func theMappedSpaceIsEachPointsCellAndItsNeighbours() {
        let points = RegistrationFixtures.furnishedCorner(seed: 22)
        let edge: Float = 0.25
        var perPoint = Set<SIMD3<Int32>>()
        for p in points {
            let c = RegistrationCloud.cell(p, inverseEdge: 1 / edge)
            for dz: Int32 in -1...1 { for dy: Int32 in -1...1 { for dx: Int32 in -1...1 { perPoint.insert(c &+ SIMD3(dx, dy, dz)) } } }
        }
        let dilated = RegistrationCloud.dilated(RegistrationCloud.occupiedCells(points, edge: edge))
        #expect(dilated == perPoint)
        #expect(dilated.count > RegistrationCloud.occupiedCells(points, edge: edge).count)
    }
}
