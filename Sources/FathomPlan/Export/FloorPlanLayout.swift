import Foundation

/// The drawing geometry shared by the exports: each wall's body, room side, corner joins and
/// openings, and each room's label point. Built from a validated plan.
struct FloorPlanLayout: Sendable {
    /// Wall ends closer than this are joined as one corner, metres.
    static let cornerJoinTolerance = 0.03
    /// Corners sharper than this (between the walls' outgoing directions) are not extended, radians.
    static let sharpestJoinedCorner = Double.pi / 3
    /// How far beyond a face the room side is probed, metres.
    static let roomProbeDistance = 0.05
    /// Walls thinner than this are drawn this thick, metres; a thickness of 0 (both faces seen on
    /// one line, which a plan should not hold) is drawn `defaultWallThickness` thick, centred.
    static let minimumDrawnThickness = 0.02
    /// Solid pieces shorter than this are dropped, metres.
    static let minimumPieceLength = 0.001

    /// One layout per wall, in the plan's order.
    var walls: [FloorPlanWallLayout]
    /// One label point per room (`[x, z]`, metres), in the plan's order.
    var roomLabelPoints: [SIMD2<Double>]

    /// Lays out a plan; walls without a thickness get `defaultWallThickness` (metres) on the side
    /// away from the rooms (their line is the seen, inner face).
    init(plan: FloorPlan, defaultWallThickness: Double) {
        let polygons = plan.rooms.map(\.polygon)
        walls = plan.walls.map { wall in
            let length = wall.length
            let direction = (wall.end - wall.start) / length
            let normal = SIMD2(-direction.y, direction.x)
            let probe = (wall.thickness ?? 0) / 2 + Self.roomProbeDistance
            var votes = 0.0, bothSides = 0
            for fraction in [0.25, 0.5, 0.75] {
                let base = wall.start + fraction * length * direction
                let plus = polygons.contains { FloorPlanGeometry.contains($0, base + probe * normal) }
                let minus = polygons.contains { FloorPlanGeometry.contains($0, base - probe * normal) }
                if plus != minus { votes += plus ? 1 : -1 }
                if plus && minus { bothSides += 1 }
            }
            let side: Double = votes > 0 ? 1 : (votes < 0 ? -1 : 0)
            let lower: Double, upper: Double
            if let t = wall.thickness, t > 0 {
                let drawn = max(t, Self.minimumDrawnThickness)
                lower = -drawn / 2
                upper = drawn / 2
            } else if wall.thickness == 0 {
                (lower, upper) = (-defaultWallThickness / 2, defaultWallThickness / 2)
            } else if side > 0 {
                (lower, upper) = (-defaultWallThickness, 0)
            } else if side < 0 {
                (lower, upper) = (0, defaultWallThickness)
            } else {
                (lower, upper) = (-defaultWallThickness / 2, defaultWallThickness / 2)
            }
            return FloorPlanWallLayout(
                wall: wall, direction: direction, normal: normal, length: length, lowerOffset: lower,
                upperOffset: upper, roomSide: side, roomsOnBothSides: bothSides >= 2)
        }
        for opening in plan.openings {
            guard let index = walls.firstIndex(where: { $0.wall.id == opening.wallId }) else { continue }
            let w = walls[index]
            let a = ((opening.start - w.wall.start) * w.direction).sum()
            let b = ((opening.end - w.wall.start) * w.direction).sum()
            let t0 = max(0, min(w.length, min(a, b)))
            let t1 = max(0, min(w.length, max(a, b)))
            walls[index].placements.append(.init(opening: opening, t0: t0, t1: t1))
        }
        for i in walls.indices { walls[i].placements.sort { $0.t0 < $1.t0 } }
        roomLabelPoints = polygons.map(FloorPlanGeometry.labelPoint)
        joinCorners()
    }

    /// Extends each wall end that meets another wall's end so the bodies close the corner (mitre
    /// length `halfWidth / tan(angle / 2)` for the angle between the walls' outgoing directions).
    private mutating func joinCorners() {
        let snapshot = walls
        for i in walls.indices {
            for atStart in [true, false] {
                let w = snapshot[i]
                let p = atStart ? w.wall.start : w.wall.end
                let outgoing = atStart ? w.direction : -w.direction
                var nearest: (distance: Double, outgoing: SIMD2<Double>)?
                for (j, other) in snapshot.enumerated() where j != i {
                    for otherAtStart in [true, false] {
                        let q = otherAtStart ? other.wall.start : other.wall.end
                        let d = FloorPlanGeometry.distance(p, q)
                        if d <= Self.cornerJoinTolerance, d < (nearest?.distance ?? .infinity) {
                            nearest = (d, otherAtStart ? other.direction : -other.direction)
                        }
                    }
                }
                guard let nearest else { continue }
                let angle = acos(max(-1, min(1, (outgoing * nearest.outgoing).sum())))
                guard angle >= Self.sharpestJoinedCorner else { continue }
                let halfWidth = max(abs(w.lowerOffset), abs(w.upperOffset))
                let extension_ = halfWidth / tan(angle / 2)
                if atStart { walls[i].extensionAtStart = extension_ } else { walls[i].extensionAtEnd = extension_ }
            }
        }
    }
}
