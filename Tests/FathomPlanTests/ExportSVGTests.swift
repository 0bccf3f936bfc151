import FathomPlan
import Foundation
import Testing

@Suite struct ExportSVGTests {
    let plan = ExportFixtures.threeRooms

    func parsed(_ plan: FloorPlan, options: FloorPlanExportOptions = .init()) throws -> [XMLElementRecord] {
        let svg = try FloorPlanSVG.document(plan, options: options)
        let (elements, error) = parseXML(svg)
        #expect(error == nil, "the SVG is not well-formed XML: \(error ?? "")")
        return elements
    }

    @Test func isWellFormedWithEveryPart() throws {
        let elements = try parsed(plan)
        #expect(elements.first?.name == "svg")
        #expect(elements.first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        let groups = Set(elements.compactMap { $0.name == "g" ? $0.attributes["id"] : nil })
        #expect(groups.isSuperset(of: ["rooms", "walls", "openings", "dimensions", "labels", "scale-bar", "north-arrow"]))
        // Openings cut walls in two: w2, w3, w4, w7 and w10 hold one opening each.
        var pieces: [String: Int] = [:]
        for e in elements where e.name == "polygon" && e.ancestors.last == "g" {
            if let wall = e.attributes["data-wall"] { pieces[wall, default: 0] += 1 }
        }
        #expect(pieces.count == 13)
        for id in ["w2", "w3", "w4", "w7", "w10"] { #expect(pieces[id] == 2, "wall \(id)") }
        #expect(pieces.values.reduce(0, +) == 18)
        let kinds = elements.compactMap { $0.attributes["data-opening"] != nil ? $0.attributes["class"] : nil }
        #expect(kinds.sorted() == ["door", "door", "opening", "window", "window"])
        // Every door has a swing arc.
        #expect(elements.filter { $0.name == "path" && $0.ancestorClasses.last == "door" && ($0.attributes["d"] ?? "").contains(" A ") }.count == 2)
    }

    @Test func labelsAreasAndDimensions() throws {
        let elements = try parsed(plan)
        let texts = elements.filter { $0.name == "text" || $0.name == "tspan" }.map(\.text)
        #expect(texts.contains("Living room"))
        #expect(texts.contains("Kitchen & Dining <1>"))
        #expect(texts.contains("26.50 m²"))
        #expect(texts.filter { $0 == "9.00 m²" }.count == 2)
        // One dimension per wall: 5 m, √2 m (the 45° wall), …
        let dimensions = elements.filter { $0.name == "text" && $0.ancestors.contains("g") && $0.text.hasSuffix(" m") && !$0.text.contains("²") }
            .map(\.text)
        #expect(dimensions.filter { $0 == "5.00 m" }.count == 1)
        #expect(dimensions.filter { $0 == "1.41 m" }.count == 1)
        #expect(dimensions.filter { $0 == "3.00 m" }.count == 8)
        #expect(elements.contains { $0.attributes["id"] == "scale-bar" && $0.attributes["data-metres"] == "2" })
        #expect(elements.first { $0.attributes["id"] == "summary" }?.text == "3 rooms, 44.50 m² · ceiling 2.50 m")
    }

    @Test func drawsAtScaleAndRotatesNorthUp() throws {
        // Without north: +x right, +z down; w1 runs along x from −0.05 (corner) to 5 + 0.05·tan(22.5°).
        let plain = try parsed(ExportFixtures.threeRoomsWithoutNorth)
        let w1 = svgPoints(plain.first { $0.attributes["data-wall"] == "w1" && $0.name == "polygon" }?.attributes["points"])
        #expect(w1.count == 4)
        let expectedLength = (5 + 0.05 + 0.05 * tan(Double.pi / 8)) * 100
        #expect(abs((w1[1] - w1[0]).x - expectedLength) < 0.02)
        #expect(abs((w1[1] - w1[0]).y) < 0.02)
        #expect(abs(abs((w1[3] - w1[0]).y) - 10) < 0.02)
        #expect(plain.contains { $0.attributes["id"] == "north-unknown" })
        #expect(!plain.contains { $0.attributes["id"] == "north-arrow" })
        // With −z heading 30° east of north, the drawing turns 30° clockwise so north is up.
        let rotated = try parsed(plan)
        let r1 = svgPoints(rotated.first { $0.attributes["data-wall"] == "w1" && $0.name == "polygon" }?.attributes["points"])
        let d = r1[1] - r1[0]
        #expect(abs(atan2(d.y, d.x) * 180 / .pi - 30) < 0.01)
        #expect(abs((d * d).sum().squareRoot() - expectedLength) < 0.02)
        let arrow = rotated.first { $0.attributes["id"] == "north-arrow" }
        #expect(arrow?.attributes["transform"]?.hasPrefix("rotate(0 ") == true)
        // Not rotating: the arrow turns 30° counter-clockwise instead.
        let unrotated = try parsed(plan, options: FloorPlanExportOptions(rotateToNorth: false))
        #expect(unrotated.first { $0.attributes["id"] == "north-arrow" }?.attributes["transform"]?.hasPrefix("rotate(-30 ") == true)
    }

    @Test func doorLeafSwingsIntoARoomWithItsWidth() throws {
        let elements = try parsed(ExportFixtures.threeRoomsWithoutNorth)
        // o1 in w4 (z = 3, rooms on both sides): hinge at x = 4 on the +z face, leaf 0.9 m towards +z.
        let leaf = elements.first { $0.name == "line" && $0.ancestorClasses.last == "door" }
        let x1 = Double(leaf?.attributes["x1"] ?? "") ?? .nan, y1 = Double(leaf?.attributes["y1"] ?? "") ?? .nan
        let x2 = Double(leaf?.attributes["x2"] ?? "") ?? .nan, y2 = Double(leaf?.attributes["y2"] ?? "") ?? .nan
        #expect(abs(x2 - x1) < 0.02)
        #expect(abs((y2 - y1) - 90) < 0.02)
        let arc = elements.first { $0.name == "path" && $0.ancestorClasses.last == "door" }?.attributes["d"] ?? ""
        #expect(arc.contains(" A 90 90 0 0 "))
    }

    @Test func roomLabelSitsAtTheLShapesWidestPoint() throws {
        // The L's pole of inaccessibility: equidistant from the walls x = 0, z = 0 and the inner
        // corner (3, 3): a = 3√2 / (1 + √2) ≈ 1.757 m on both axes.
        let a = 3 * 2.0.squareRoot() / (1 + 2.0.squareRoot())
        let p = FloorPlanGeometry.labelPoint(plan.rooms[0].polygon)
        #expect(abs(p.x - a) < 0.02 && abs(p.y - a) < 0.02)
        #expect(FloorPlanGeometry.signedDistance(plan.rooms[0].polygon, p) > a - 0.02)
    }

    @Test func awkwardLabelsStayWellFormed() throws {
        var awkward = plan
        awkward.rooms[0].label = "Bob's \"den\"\u{1}\u{FFFE} ]]> & <b>"
        let elements = try parsed(awkward)
        #expect(elements.contains { $0.name == "tspan" && $0.text == "Bob's \"den\" ]]> & <b>" })
    }

    @Test func emptyPlanIsStillAValidDrawing() throws {
        let elements = try parsed(FloorPlan(floorY: 0, ceilingHeight: 2.4))
        #expect(elements.first?.name == "svg")
        #expect(!elements.contains { $0.attributes["data-wall"] != nil })
    }
}
