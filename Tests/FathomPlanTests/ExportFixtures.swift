import FathomPlan

/// Hand-built plans for the export tests.
enum ExportFixtures {
    /// Three rooms, metres, world x and z (seen from above, +z down the page):
    /// - r1 "Living room": an L (0…6 × 0…3 plus 0…3 × 3…6) whose corner at (6, 0) is cut by a 45°
    ///   wall from (5, 0) to (6, 1): 27 − 0.5 = 26.5 m², perimeter 22 + √2 m.
    /// - r2 "Kitchen & Dining <1>": 3…6 × 3…6, 9 m².
    /// - r3 unlabelled: 6…9 × 0…3, 9 m².
    /// Walls run along the room outlines: some with a thickness (then the line is the centre line),
    /// some without (w2, w6, w8, w13). Openings: a door between r1 and r2 (o1), a window in the west
    /// wall (o2), a 1.4 m passage between r1 and r3 (o3), a window in the 45° wall (o4) and an
    /// outside door in r3 (o5). True north: −z heads 30° clockwise from north.
    static var threeRooms: FloorPlan {
        let h = 2.5
        func wall(_ id: String, _ a: SIMD2<Double>, _ b: SIMD2<Double>, _ t: Double?) -> FloorPlanWall {
            FloorPlanWall(id: id, start: a, end: b, height: h, thickness: t)
        }
        return FloorPlan(
            floorY: -1.2, ceilingHeight: h,
            walls: [
                wall("w1", SIMD2(0, 0), SIMD2(5, 0), 0.1),
                wall("w2", SIMD2(5, 0), SIMD2(6, 1), nil),
                wall("w3", SIMD2(6, 1), SIMD2(6, 3), 0.1),
                wall("w4", SIMD2(3, 3), SIMD2(6, 3), 0.1),
                wall("w5", SIMD2(3, 3), SIMD2(3, 6), 0.1),
                wall("w6", SIMD2(3, 6), SIMD2(0, 6), nil),
                wall("w7", SIMD2(0, 6), SIMD2(0, 0), 0.2),
                wall("w8", SIMD2(3, 6), SIMD2(6, 6), nil),
                wall("w9", SIMD2(6, 6), SIMD2(6, 3), 0.1),
                wall("w10", SIMD2(6, 0), SIMD2(9, 0), 0.1),
                wall("w11", SIMD2(9, 0), SIMD2(9, 3), 0.1),
                wall("w12", SIMD2(9, 3), SIMD2(6, 3), 0.1),
                wall("w13", SIMD2(6, 1), SIMD2(6, 0), nil),
            ],
            openings: [
                FloorPlanOpening(id: "o1", wallId: "w4", kind: .door, start: SIMD2(4, 3), end: SIMD2(4.9, 3), bottom: 0, top: 2.05),
                FloorPlanOpening(id: "o2", wallId: "w7", kind: .window, start: SIMD2(0, 3.2), end: SIMD2(0, 2), bottom: 0.9, top: 2.1),
                FloorPlanOpening(id: "o3", wallId: "w3", kind: .opening, start: SIMD2(6, 1.4), end: SIMD2(6, 2.8), bottom: 0, top: 2.1),
                FloorPlanOpening(id: "o4", wallId: "w2", kind: .window, start: SIMD2(5.2, 0.2), end: SIMD2(5.8, 0.8), bottom: 1.0, top: 2.0),
                FloorPlanOpening(id: "o5", wallId: "w10", kind: .door, start: SIMD2(7, 0), end: SIMD2(7.9, 0), bottom: 0, top: 2.05),
            ],
            rooms: [
                FloorPlanRoom(
                    id: "r1", label: "Living room",
                    polygon: [SIMD2(0, 0), SIMD2(5, 0), SIMD2(6, 1), SIMD2(6, 3), SIMD2(3, 3), SIMD2(3, 6), SIMD2(0, 6)]),
                FloorPlanRoom(
                    id: "r2", label: "Kitchen & Dining <1>", polygon: [SIMD2(3, 3), SIMD2(6, 3), SIMD2(6, 6), SIMD2(3, 6)]),
                FloorPlanRoom(id: "r3", label: nil, polygon: [SIMD2(6, 0), SIMD2(9, 0), SIMD2(9, 3), SIMD2(6, 3)]),
            ],
            trueNorthDegrees: 30)
    }

    /// The plan with its north unknown.
    static var threeRoomsWithoutNorth: FloorPlan {
        var plan = threeRooms
        plan.trueNorthDegrees = nil
        return plan
    }
}
