@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made case of a low piece's top (`findObjects`: under `tallObjectHeight` each cell counts
/// with its second-highest point): a sofa against the back wall of the closed 4 × 3.6 m room of
/// `objectsInHandMadeRoom`, the ceiling not seen.
@Suite struct ObjectLowTopTests {
    /// Spacing of the hand-made points, metres.
    static let spacing = 0.01
    /// Tolerance on a found top, metres (the target is 5 cm; the back's top is seen exactly).
    static let topTolerance = 0.015

    /// A sofa 2.0 m long (x 1.0…3.0) whose seat (z 2.68…3.38, 0.45 m high) stands before its back
    /// (z 3.38…3.58, 0.82 m high), its back 2 cm from the wall. Seen from above: the seat's top,
    /// the back's top and its front face from the seat up, the seat's front face. Above the back's
    /// top, three single points at 0.95, 1.05 and 1.15 m in three cells of it (the wall's noise
    /// behind it, flying pixels), one to a cell. The box's top is the back's, 0.82 m (before: the
    /// third of those points, 0.95 m).
    @Test func aSofasTopIsItsBacksTop() {
        let (x0, x1) = (1.0, 3.0)
        let (front, backFront, back) = (2.68, 3.38, 3.58)
        let (seat, backTop) = (0.45, 0.82)
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        func add(_ p: SIMD2<Double>, _ h: Double) {
            positions.append(p)
            heights.append(Float(h))
        }
        let w = Int(FloorPlanExtractor.handMadeRoomWidth / Self.spacing)
        let d = Int(FloorPlanExtractor.handMadeRoomDepth / Self.spacing)
        for i in 1..<w {
            for j in 1..<d {
                let p = SIMD2(Double(i) * Self.spacing, Double(j) * Self.spacing)
                if (x0...x1).contains(p.x) && p.y >= front { continue }
                add(p, 0)
            }
        }
        let floorClearance = Double(FloorPlanExtractor.objectFloorClearance) + Self.spacing
        for x in stride(from: x0, through: x1, by: Self.spacing) {
            for z in stride(from: front, to: backFront, by: Self.spacing) { add(SIMD2(x, z), seat) }
            for z in stride(from: backFront, through: back, by: Self.spacing) { add(SIMD2(x, z), backTop) }
            for h in stride(from: floorClearance, through: seat, by: Self.spacing) { add(SIMD2(x, front), h) }
            for h in stride(from: seat, through: backTop, by: Self.spacing) { add(SIMD2(x, backFront), h) }
        }
        for (x, h) in [(1.5, 0.95), (2.0, 1.05), (2.5, 1.15)] { add(SIMD2(x, 3.5), h) }
        let objects = FloorPlanExtractor.objectsInHandMadeRoom(
            positions: positions, heights: heights, ceilingSeen: false)
        #expect(objects.count == 1, "\(objects)")
        guard let sofa = objects.first else { return }
        #expect(abs(sofa.top - backTop) <= Self.topTolerance, "\(sofa)")
        #expect(sofa.category == .sofa, "\(sofa)")
    }
}
