extension FloorPlan {
    /// Walls shorter than this cannot be drawn, metres.
    public static let minimumExportWallLength = 0.001

    /// Checks that the plan can be drawn: finite numbers, walls of non-zero length and positive
    /// height, non-negative thicknesses, rooms with at least three corners, openings on existing
    /// walls with `top > bottom`, and identifiers unique within walls, openings and rooms.
    /// - Throws: `FloorPlanError` naming the element and the problem.
    public func validateForExport() throws {
        func fail(_ problem: String) -> FloorPlanError { FloorPlanError(problem: problem) }
        func finite(_ p: SIMD2<Double>) -> Bool { p.x.isFinite && p.y.isFinite }
        guard floorY.isFinite else { throw fail("floorY is not a finite number") }
        guard ceilingHeight.isFinite, ceilingHeight >= 0 else {
            throw fail("ceilingHeight \(ceilingHeight) is not a non-negative number")
        }
        if let north = trueNorthDegrees, !north.isFinite { throw fail("trueNorthDegrees is not a finite number") }
        var wallIds = Set<String>()
        for w in walls {
            guard wallIds.insert(w.id).inserted else { throw fail("wall id \"\(w.id)\" is used twice") }
            guard finite(w.start), finite(w.end) else { throw fail("wall \(w.id) has a non-finite end point") }
            guard w.length >= Self.minimumExportWallLength else {
                throw fail("wall \(w.id) has zero length (start and end are the same point)")
            }
            guard w.height.isFinite, w.height > 0 else { throw fail("wall \(w.id) has height \(w.height), not > 0") }
            if let t = w.thickness, !(t.isFinite && t >= 0) {
                throw fail("wall \(w.id) has thickness \(t), not a non-negative number")
            }
        }
        var openingIds = Set<String>()
        for o in openings {
            guard openingIds.insert(o.id).inserted else { throw fail("opening id \"\(o.id)\" is used twice") }
            guard wallIds.contains(o.wallId) else {
                throw fail("opening \(o.id) refers to wall \"\(o.wallId)\", which the plan does not have")
            }
            guard finite(o.start), finite(o.end), o.bottom.isFinite, o.top.isFinite else {
                throw fail("opening \(o.id) has a non-finite coordinate")
            }
            guard o.top > o.bottom else { throw fail("opening \(o.id) has top \(o.top) ≤ bottom \(o.bottom)") }
        }
        var roomIds = Set<String>()
        for r in rooms {
            guard roomIds.insert(r.id).inserted else { throw fail("room id \"\(r.id)\" is used twice") }
            guard r.polygon.count >= 3 else { throw fail("room \(r.id) has \(r.polygon.count) corners, needs 3") }
            guard r.polygon.allSatisfy(finite) else { throw fail("room \(r.id) has a non-finite corner") }
        }
    }
}
