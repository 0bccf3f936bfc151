import Foundation

/// A floor plan as a USD scene: text (`.usda`) or packed as a USDZ archive.
///
/// Stage metadata: `upAxis = "Y"`, `metersPerUnit = 1`; points are world coordinates (the plan's
/// x and z, y from `floorY`). Under the default prim `/FloorPlan`:
/// - `Walls/<id>`: one `Mesh` per wall made of boxes: the full-height pieces between openings, and
///   over each opening the sill below its bottom and the lintel above its top, so openings are cut
///   out. A wall without a thickness gets `FloorPlanExportOptions.defaultWallThickness`, away from
///   the rooms. Each box face is wound counter-clockwise seen from outside (USD's right-handed
///   default).
/// - `Floors/<id>`: one `Mesh` per room at the floor, triangulated (ear clipping, so L-shapes and
///   other concave rooms are right), facing up.
/// - `Objects/<id>`: one `Mesh` per object (furniture), a box over its footprint from its bottom to its
///   top, with `custom string fathom:category`.
/// Every prim carries its plan id in `custom string fathom:id`; floors carry `fathom:label` and
/// `fathom:area` (m²). Prim names are the ids made into USD identifiers.
public enum FloorPlanUSD {
    /// Name of the layer inside a USDZ written by `usdz(_:options:)`.
    public static let usdzLayerName = "floorplan.usda"
    /// Sills and lintels thinner than this are left out, metres.
    static let minimumBoxHeight = 0.005

    /// The `.usda` text of `plan`.
    /// - Throws: `FloorPlanError` when the plan fails `validateForExport()`.
    public static func usda(_ plan: FloorPlan, options: FloorPlanExportOptions = .init()) throws -> String {
        try plan.validateForExport()
        let layout = FloorPlanLayout(plan: plan, defaultWallThickness: options.defaultWallThickness)
        var out = """
            #usda 1.0
            (
                defaultPrim = "FloorPlan"
                doc = "Fathom floor plan (fathom-floorplan v1): \(plan.walls.count) walls, \(plan.openings.count) openings, \(plan.rooms.count) rooms"
                metersPerUnit = 1
                upAxis = "Y"
            )

            def Xform "FloorPlan" (
                kind = "component"
            )
            {
                def Scope "Walls"
                {

            """
        var names = Set<String>()
        for w in layout.walls {
            var boxes: [(t0: Double, t1: Double, y0: Double, y1: Double)] = w.solidIntervals.map {
                ($0.lowerBound, $0.upperBound, 0, w.wall.height)
            }
            for p in w.placements {
                if p.opening.bottom > minimumBoxHeight { boxes.append((p.t0, p.t1, 0, min(p.opening.bottom, w.wall.height))) }
                if w.wall.height - p.opening.top > minimumBoxHeight {
                    boxes.append((p.t0, p.t1, max(0, p.opening.top), w.wall.height))
                }
            }
            var points: [SIMD3<Double>] = [], counts: [Int] = [], indices: [Int] = []
            for box in boxes where box.t1 > box.t0 && box.y1 > box.y0 {
                appendBox(
                    to: &points, counts: &counts, indices: &indices,
                    corner: { i, j, k in
                        let p = w.point(i == 0 ? box.t0 : box.t1, j == 0 ? w.lowerOffset : w.upperOffset)
                        return SIMD3(p.x, plan.floorY + (k == 0 ? box.y0 : box.y1), p.y)
                    })
            }
            out += mesh(
                name: uniqueName(w.wall.id, &names), points: points, counts: counts, indices: indices,
                color: SIMD3(0.85, 0.85, 0.82), attributes: ["custom string fathom:id = \(string(w.wall.id))"])
        }
        out += "    }\n\n    def Scope \"Floors\"\n    {\n"
        for room in plan.rooms {
            let points = room.polygon.map { SIMD3($0.x, plan.floorY, $0.y) }
            var indices: [Int] = []
            for (a, b, c) in FloorPlanGeometry.triangulate(room.polygon) {
                let ab = points[b] - points[a], ac = points[c] - points[a]
                let up = ab.z * ac.x - ab.x * ac.z  // y of ab × ac
                indices += up >= 0 ? [a, b, c] : [a, c, b]
            }
            var attributes = [
                "custom string fathom:id = \(string(room.id))",
                "custom double fathom:area = \(ExportNumber.fixed(room.area, decimals: 6))",
            ]
            if let label = room.label { attributes.append("custom string fathom:label = \(string(label))") }
            out += mesh(
                name: uniqueName(room.id, &names), points: points, counts: Array(repeating: 3, count: indices.count / 3),
                indices: indices, color: SIMD3(0.76, 0.64, 0.49), attributes: attributes)
        }
        out += "    }\n"
        if !plan.objects.isEmpty {
            out += "\n    def Scope \"Objects\"\n    {\n"
            for object in plan.objects where object.corners.count == 4 {
                var points: [SIMD3<Double>] = [], counts: [Int] = [], indices: [Int] = []
                let c = object.corners
                appendBox(
                    to: &points, counts: &counts, indices: &indices,
                    corner: { i, j, k in
                        // i along the first side, j along the second, k up.
                        let p = c[0] + (c[1] - c[0]) * Double(i) + (c[3] - c[0]) * Double(j)
                        return SIMD3(p.x, plan.floorY + (k == 0 ? object.bottom : object.top), p.y)
                    })
                out += mesh(
                    name: uniqueName(object.id, &names), points: points, counts: counts, indices: indices,
                    color: SIMD3(0.55, 0.62, 0.72),
                    attributes: [
                        "custom string fathom:id = \(string(object.id))",
                        "custom string fathom:category = \(string(object.category.rawValue))",
                    ])
            }
            out += "    }\n"
        }
        out += "}\n"
        return out
    }

    /// The USDZ archive of `plan`: `usda(_:options:)` stored as `usdzLayerName`, 64-byte aligned.
    /// - Throws: `FloorPlanError` when the plan fails `validateForExport()`.
    public static func usdz(_ plan: FloorPlan, options: FloorPlanExportOptions = .init()) throws -> Data {
        USDZArchive.data(files: [(usdzLayerName, Data(try usda(plan, options: options).utf8))])
    }

    /// Appends a box's 8 corners and 6 quads, each wound so its normal points away from the box centre.
    static func appendBox(
        to points: inout [SIMD3<Double>], counts: inout [Int], indices: inout [Int],
        corner: (Int, Int, Int) -> SIMD3<Double>
    ) {
        let base = points.count
        var centre = SIMD3<Double>.zero
        for i in 0..<2 { for j in 0..<2 { for k in 0..<2 {
            points.append(corner(i, j, k))
            centre += points[points.count - 1] / 8
        } } }
        func at(_ i: Int, _ j: Int, _ k: Int) -> Int { base + i * 4 + j * 2 + k }
        let faces = [
            [at(0, 0, 0), at(0, 1, 0), at(0, 1, 1), at(0, 0, 1)], [at(1, 0, 0), at(1, 1, 0), at(1, 1, 1), at(1, 0, 1)],
            [at(0, 0, 0), at(1, 0, 0), at(1, 0, 1), at(0, 0, 1)], [at(0, 1, 0), at(1, 1, 0), at(1, 1, 1), at(0, 1, 1)],
            [at(0, 0, 0), at(1, 0, 0), at(1, 1, 0), at(0, 1, 0)], [at(0, 0, 1), at(1, 0, 1), at(1, 1, 1), at(0, 1, 1)],
        ]
        for face in faces {
            let p0 = points[face[0]], p1 = points[face[1]], p2 = points[face[2]]
            let n = cross(p1 - p0, p2 - p0)
            let middle = face.reduce(SIMD3<Double>.zero) { $0 + points[$1] } / 4
            indices += (n * (middle - centre)).sum() >= 0 ? face : face.reversed()
            counts.append(4)
        }
    }

    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    /// One `Mesh` prim, indented for a child of a scope.
    static func mesh(
        name: String, points: [SIMD3<Double>], counts: [Int], indices: [Int], color: SIMD3<Double>,
        attributes: [String]
    ) -> String {
        func n(_ v: Double) -> String { ExportNumber.fixed(v, decimals: 6) }
        func tuple(_ p: SIMD3<Double>) -> String { "(\(n(p.x)), \(n(p.y)), \(n(p.z)))" }
        var lower = points.first ?? .zero, upper = lower
        for p in points {
            lower = pointwiseMin(lower, p)
            upper = pointwiseMax(upper, p)
        }
        var out = "        def Mesh \"\(name)\"\n        {\n"
        for a in attributes { out += "            \(a)\n" }
        out += "            float3[] extent = [\(tuple(lower)), \(tuple(upper))]\n"
        out += "            int[] faceVertexCounts = [\(counts.map(String.init).joined(separator: ", "))]\n"
        out += "            int[] faceVertexIndices = [\(indices.map(String.init).joined(separator: ", "))]\n"
        out += "            point3f[] points = [\(points.map(tuple).joined(separator: ", "))]\n"
        out += "            color3f[] primvars:displayColor = [\(tuple(color))] (\n                interpolation = \"constant\"\n            )\n"
        out += "            uniform token subdivisionScheme = \"none\"\n        }\n\n"
        return out
    }

    /// `id` as a USD prim name (letters, digits, `_`; not starting with a digit), unique in `names`.
    static func uniqueName(_ id: String, _ names: inout Set<String>) -> String {
        var base = String(id.unicodeScalars.map { s -> Character in
            (s.isASCII && (CharacterSet.alphanumerics.contains(s) || s == "_")) ? Character(s) : "_"
        })
        if base.isEmpty || base.first!.isNumber { base = "_" + base }
        var name = base
        var n = 2
        while !names.insert(name).inserted {
            name = "\(base)_\(n)"
            n += 1
        }
        return name
    }

    /// A quoted USD string with `\`, `"` and control characters escaped.
    static func string(_ text: String) -> String {
        var out = "\""
        for s in text.unicodeScalars {
            switch s {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if s.value < 0x20 { continue }
                out.unicodeScalars.append(s)
            }
        }
        return out + "\""
    }
}
