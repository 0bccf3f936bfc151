@testable import FathomPlan
import FathomCore
import Testing

/// Hand-made case of a kitchen run (`hangingCells`, `hangingObjects`): a closed 4 × 3.6 m room,
/// 2.5 m high, its ceiling seen, with a counter under wall cabinets and a refrigerator beside them
/// along the back wall, each seen as a walk at eye height sees it.
@Suite struct ObjectHangingTests {
    /// Spacing of the hand-made points, metres.
    static let spacing = 0.01
    /// Tolerance on a found box's sides, metres (a cell and a bin of the edge profile).
    static let boxTolerance = 0.03
    /// Tolerance on a found top or bottom, metres.
    static let heightTolerance: Double = 0.015
    /// The counter's top, the cabinets' underside and top, and the refrigerator's top, metres.
    static let counterTop = 0.9
    static let cabinetsBottom = 1.45
    static let cabinetsTop = 2.1
    static let fridgeTop = 1.8

    /// The room's four walls, seen from inside.
    static var faces: [WallFace] { WallFace.handMadeRoom(width: 4, depth: 3.6) }

    /// Heights from `a` to `b` metres every `spacing`.
    static func column(from a: Double, to b: Double) -> [Float] {
        stride(from: a, through: b, by: spacing).map { Float($0) }
    }

    /// The points: the floor where nothing stands; a counter (x 1.0…3.0, z 3.0…3.6) whose top is seen
    /// everywhere (also under the cabinets) and whose front and left end are seen from the floor up;
    /// wall cabinets over its back (x 1.0…3.0, z 3.25…3.6) seen from below (their underside) and from
    /// the front (their front and left end up to their top); a refrigerator (x 3.02…3.72,
    /// z 2.95…3.6) seen from the front and the open side from the floor to its top, and on the side
    /// facing the counter above the counter's top up to the cabinets' underside or its own top
    /// (only its faces: its top is above eye height).
    static func kitchen() -> PlanPointGrid {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        func add(_ p: SIMD2<Double>, _ hs: [Float]) {
            for h in hs {
                positions.append(p)
                heights.append(h)
            }
        }
        for i in 1..<400 {
            for j in 1..<360 {
                let p = SIMD2(Double(i) * spacing, Double(j) * spacing)
                let counter = (1.0...3.0).contains(p.x) && p.y >= 3.0
                let fridge = (3.02...3.72).contains(p.x) && p.y >= 2.95
                if fridge { continue }
                if !counter {
                    add(p, [0])
                    continue
                }
                add(p, [Float(counterTop)])
                if p.y >= 3.25 { add(p, [Float(cabinetsBottom)]) }
            }
        }
        for i in 100...300 {
            let x = Double(i) * spacing
            add(SIMD2(x, 3.0), column(from: 0.05, to: counterTop))  // counter front
            add(SIMD2(x, 3.25), column(from: cabinetsBottom, to: cabinetsTop))  // cabinets front
        }
        for j in 300...360 { add(SIMD2(1.0, Double(j) * spacing), column(from: 0.05, to: counterTop)) }
        for j in 325...360 { add(SIMD2(1.0, Double(j) * spacing), column(from: cabinetsBottom, to: cabinetsTop)) }
        for i in 302...372 { add(SIMD2(Double(i) * spacing, 2.95), column(from: 0.05, to: fridgeTop)) }
        for j in 295...360 {
            let z = Double(j) * spacing
            add(SIMD2(3.72, z), column(from: 0.05, to: fridgeTop))
            add(SIMD2(3.02, z), column(from: counterTop, to: z < 3.25 ? fridgeTop : cabinetsBottom))
        }
        return PlanPointGrid(positions: positions, heights: heights, cellSize: FloorPlanExtractor.pointGridCellSize)
    }

    /// The refrigerator is a column seen from the floor to its top, the counter's cells under the
    /// cabinets hold the counter's top with an empty 0.55 m under the cabinets' underside: three
    /// boxes, the counter (2.0 × 0.6 m, 0.9 m high), the refrigerator (0.7 × 0.65 m, 1.8 m high) and
    /// the cabinets (from 1.45 to 2.1 m). (Before, the cells under the cabinets were tall and joined
    /// the refrigerator's: two boxes, neither of them the refrigerator nor the cabinets.)
    @Test func aRefrigeratorBesideACounterUnderWallCabinetsIsItsOwnBox() {
        let room = [SIMD2(0.0, 0.0), SIMD2(4.0, 0.0), SIMD2(4.0, 3.6), SIMD2(0.0, 3.6)]
        let objects = FloorPlanExtractor().findObjects(
            grid: Self.kitchen(), faces: Self.faces, rooms: [room], ceilingHeight: 2.5, ceilingSeen: true)
        #expect(objects.count == 3, "\(objects)")
        func extent(_ o: FloorPlanObject) -> (x: ClosedRange<Double>, z: ClosedRange<Double>) {
            let xs = o.corners.map(\.x)
            let zs = o.corners.map(\.y)
            return (xs.min()!...xs.max()!, zs.min()!...zs.max()!)
        }
        func near(_ a: Double, _ b: Double, _ tolerance: Double = ObjectHangingTests.boxTolerance) -> Bool { abs(a - b) <= tolerance }
        if let counter = objects.first(where: { $0.bottom == 0 && near($0.top, Self.counterTop, Self.heightTolerance) }) {
            let e = extent(counter)
            #expect(near(e.x.lowerBound, 1.0) && near(e.x.upperBound, 3.0), "\(e)")
            #expect(near(e.z.lowerBound, 3.0) && near(e.z.upperBound, 3.6), "\(e)")
        } else {
            Issue.record("no counter in \(objects)")
        }
        if let fridge = objects.first(where: { $0.bottom == 0 && near($0.top, Self.fridgeTop, Self.heightTolerance) }) {
            let e = extent(fridge)
            #expect(near(e.x.lowerBound, 3.02) && near(e.x.upperBound, 3.72), "\(e)")
            #expect(near(e.z.lowerBound, 2.95) && near(e.z.upperBound, 3.6), "\(e)")
            #expect(fridge.category == .storage)
        } else {
            Issue.record("no refrigerator in \(objects)")
        }
        if let cabinets = objects.first(where: { $0.bottom > 0 }) {
            let e = extent(cabinets)
            #expect(near(cabinets.bottom, Self.cabinetsBottom, Self.heightTolerance), "\(cabinets)")
            #expect(near(cabinets.top, Self.cabinetsTop, Self.heightTolerance), "\(cabinets)")
            #expect(near(e.x.lowerBound, 1.0) && near(e.x.upperBound, 3.0), "\(e)")
            // Its back stops at the wall's clearance (the cells there are the wall's).
            #expect(near(e.z.lowerBound, 3.25) && e.z.upperBound >= 3.6 - FloorPlanExtractor.objectWallClearance - 0.03,
                "\(e)")
        } else {
            Issue.record("no wall cabinets in \(objects)")
        }
    }

    /// A bookcase's column with open shelves (its front seen at each shelf, 0.35 m apart, nothing
    /// between) is not a piece with something hanging over it: its gaps are narrower than
    /// `hangingGap` and its low parts are not one level; it stays one 1.8 m box.
    @Test func shelvesAreNotAHangingPart() {
        var positions: [SIMD2<Double>] = []
        var heights: [Float] = []
        for i in 1..<400 {
            for j in 1..<360 {
                let p = SIMD2(Double(i) * Self.spacing, Double(j) * Self.spacing)
                let bookcase = (1.0...2.0).contains(p.x) && p.y >= 3.2
                guard bookcase else {
                    positions.append(p)
                    heights.append(0)
                    continue
                }
                // Shelves every 0.35 m (their tops seen), the top at 1.8 m.
                for shelf in stride(from: 0.4, through: 1.8, by: 0.35) {
                    positions.append(p)
                    heights.append(Float(shelf))
                }
            }
        }
        let objects = FloorPlanExtractor.objectsInHandMadeRoom(
            positions: positions, heights: heights, ceilingSeen: true)
        #expect(objects.count == 1, "\(objects)")
        #expect(objects.allSatisfy { $0.bottom == 0 && abs($0.top - 1.8) <= Self.heightTolerance }, "\(objects)")
    }
}
