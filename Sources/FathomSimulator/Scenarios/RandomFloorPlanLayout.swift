import FathomCore

/// Random apartments for floor-plan evaluation: 1…5 rooms in a row, each a rectangle, an L (a corner
/// notch) or a room with a 45° wall (a chamfered corner), with doors between neighbours, windows in
/// the outer walls, low furniture against a wall, room labels and a walk through every room at
/// normal speed. Everything follows from the seed.
///
/// Rooms share one floor (y = 0) and one height; neighbours are separated by the wall thickness.
public enum RandomFloorPlanLayout {
    /// The shapes a room can take.
    public enum RoomShape: String, Sendable, CaseIterable {
        /// A rectangle.
        case rectangle
        /// A rectangle with a back corner cut out.
        case lShape
        /// A rectangle with a back corner cut at 45°.
        case diagonal
    }

    /// Room names used for labels, in order.
    public static let roomNames = ["Living room", "Kitchen", "Bedroom", "Office", "Dining room"]
    /// Distance of the walk from the walls, metres.
    static let walkInset: Float = 0.9
    /// Extra distance of the walk from the back wall (beyond notches and chamfers), metres.
    static let backInset: Float = 1.3
    /// Doors stay this far from room corners, metres.
    static let doorCornerClearance: Float = 0.3
    /// Furniture stays this far from the side walls (and their doors), metres.
    static let furnitureSideClearance: Float = 1.2

    /// A random layout.
    /// - Parameters:
    ///   - seed: the seed of every choice.
    ///   - roomCount: 1…5 rooms; nil draws it from the seed.
    ///   - shapes: the shapes to draw from (default all).
    public static func scene(
        seed: UInt64, roomCount: Int? = nil, shapes: [RoomShape] = RoomShape.allCases
    ) -> SceneDescription {
        var g = SeededGenerator(seed: seed)
        let count = max(1, min(5, roomCount ?? Int.random(in: 1...5, using: &g)))
        let height = Float.random(in: 2.4...2.8, using: &g)
        let thickness = Float.random(in: 0.1...0.2, using: &g)
        struct Plan {
            var x0: Float, x1: Float, depth: Float
            var shape: RoomShape
            var cutLeft: Bool
            var cut: SIMD2<Float>
        }
        var plans: [Plan] = []
        var x: Float = 0
        for _ in 0..<count {
            let w = Float.random(in: 3.2...5.0, using: &g)
            let d = Float.random(in: 3.2...5.0, using: &g)
            let shape = shapes.randomElement(using: &g) ?? .rectangle
            let cut = SIMD2(Float.random(in: 0.8...1.2, using: &g), Float.random(in: 0.8...1.2, using: &g))
            plans.append(Plan(x0: x, x1: x + w, depth: d, shape: shape, cutLeft: Bool.random(using: &g), cut: cut))
            x += w + thickness
        }
        // Polygons (counter-clockwise as the simulator wants: up the left side, along the back, down the
        // right side, back along the front), with the index of each room's right wall and the
        // z-extent of its side walls.
        var rooms: [RoomDescription] = []
        var rightWall: [Int] = []
        var leftTop: [Float] = []
        var rightTop: [Float] = []
        var backSpan: [(Float, Float)] = []
        for p in plans {
            let (x0, x1, d) = (p.x0, p.x1, p.depth)
            var polygon: [SIMD2<Float>]
            switch (p.shape, p.cutLeft) {
            case (.rectangle, _):
                polygon = [SIMD2(x0, 0), SIMD2(x0, d), SIMD2(x1, d), SIMD2(x1, 0)]
                leftTop.append(d)
                rightTop.append(d)
                backSpan.append((x0, x1))
            case (.lShape, false):
                polygon = [
                    SIMD2(x0, 0), SIMD2(x0, d), SIMD2(x1 - p.cut.x, d), SIMD2(x1 - p.cut.x, d - p.cut.y),
                    SIMD2(x1, d - p.cut.y), SIMD2(x1, 0),
                ]
                leftTop.append(d)
                rightTop.append(d - p.cut.y)
                backSpan.append((x0, x1 - p.cut.x))
            case (.lShape, true):
                polygon = [
                    SIMD2(x0, 0), SIMD2(x0, d - p.cut.y), SIMD2(x0 + p.cut.x, d - p.cut.y), SIMD2(x0 + p.cut.x, d),
                    SIMD2(x1, d), SIMD2(x1, 0),
                ]
                leftTop.append(d - p.cut.y)
                rightTop.append(d)
                backSpan.append((x0 + p.cut.x, x1))
            case (.diagonal, false):
                polygon = [SIMD2(x0, 0), SIMD2(x0, d), SIMD2(x1 - p.cut.x, d), SIMD2(x1, d - p.cut.x), SIMD2(x1, 0)]
                leftTop.append(d)
                rightTop.append(d - p.cut.x)
                backSpan.append((x0, x1 - p.cut.x))
            case (.diagonal, true):
                polygon = [SIMD2(x0, 0), SIMD2(x0, d - p.cut.x), SIMD2(x0 + p.cut.x, d), SIMD2(x1, d), SIMD2(x1, 0)]
                leftTop.append(d - p.cut.x)
                rightTop.append(d)
                backSpan.append((x0 + p.cut.x, x1))
            }
            rightWall.append(polygon.count - 2)
            rooms.append(RoomDescription(polygon: polygon, height: height, wallThickness: thickness))
        }
        // Doors between neighbours, on the left room's right wall (which runs from its top down to z = 0).
        var doorCentres: [Float] = []
        for k in 0..<(count - 1) {
            let width = Float.random(in: 0.8...1.0, using: &g)
            let top = min(rightTop[k], leftTop[k + 1])
            let lo = doorCornerClearance + width / 2
            let hi = max(lo, top - doorCornerClearance - width / 2)
            let zc = Float.random(in: lo...hi, using: &g)
            doorCentres.append(zc)
            rooms[k].openings.append(
                OpeningDescription(
                    kind: .door, wall: rightWall[k], offset: rightTop[k] - zc - width / 2, width: width, bottom: 0,
                    top: min(height - 0.1, 2.05)))
        }
        // A window in each front wall (the last edge, from (x1, 0) to (x0, 0)).
        for k in 0..<count {
            let length = plans[k].x1 - plans[k].x0
            let width = Float.random(in: 0.8...1.5, using: &g)
            let offset = Float.random(in: 0.4...(length - width - 0.4), using: &g)
            let bottom = Float.random(in: 0.8...1.0, using: &g)
            let top = min(height - 0.15, Float.random(in: 2.0...2.2, using: &g))
            rooms[k].openings.append(
                OpeningDescription(
                    kind: .window, wall: rooms[k].polygon.count - 1, offset: offset, width: width, bottom: bottom,
                    top: top))
        }
        // Low furniture against the back wall, clear of the side walls.
        var objects: [ObjectDescription] = []
        let depthOf: [Float] = plans.map(\.depth)
        for k in 0..<count {
            let (b0, b1) = backSpan[k]
            let lo = max(b0, plans[k].x0 + furnitureSideClearance)
            let hi = min(b1, plans[k].x1 - furnitureSideClearance)
            let width = Float.random(in: 0.8...1.8, using: &g)
            guard hi - lo >= width + 0.1 else { continue }
            let boxHeight = Float.random(in: 0.4...0.9, using: &g)
            let boxDepth = Float.random(in: 0.5...0.9, using: &g)
            let cx = Float.random(in: (lo + width / 2)...(hi - width / 2), using: &g)
            objects.append(
                ObjectDescription(
                    name: "furniture \(k + 1)", shape: .box(size: SIMD3(width, boxHeight, boxDepth)),
                    position: SIMD3(cx, boxHeight / 2, depthOf[k] - boxDepth / 2 - 0.02), color: "green"))
        }
        // Labels and the walk.
        var labels: [SceneLabel] = []
        var waypoints: [SIMD2<Float>] = []
        func add(_ p: SIMD2<Float>) {
            if let last = waypoints.last, (p - last).lengthXZ < 0.3 { return }
            waypoints.append(p)
        }
        for k in 0..<count {
            let (x0, x1, d) = (plans[k].x0, plans[k].x1, plans[k].depth)
            labels.append(SceneLabel(text: roomNames[k % roomNames.count], position: SIMD2((x0 + x1) / 2, 1.0)))
            if k > 0 { add(SIMD2(x0 + 0.4, doorCentres[k - 1])) }
            add(SIMD2(x0 + walkInset, walkInset))
            add(SIMD2(x0 + walkInset, d - backInset))
            add(SIMD2(x1 - walkInset, d - backInset))
            add(SIMD2(x1 - walkInset, walkInset))
            // Close the loop along the front, looking at the back and the left wall.
            add(SIMD2(x0 + walkInset + 0.5, walkInset))
            if k < count - 1 {
                add(SIMD2(x1 - walkInset, doorCentres[k]))
                add(SIMD2(x1 - 0.4, doorCentres[k]))
            }
        }
        return SceneDescription(
            rooms: rooms, objects: objects, labels: labels,
            path: .walk(WalkPath(waypoints: waypoints, headingOffsetDegrees: 35)))
    }
}
