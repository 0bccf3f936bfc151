import Foundation

/// A floor plan as a DXF drawing, release 12 (AC1009) ASCII, which CAD tools and libraries open.
///
/// Layers: `WALLS` (each solid wall piece as a closed POLYLINE, openings cut out), `OPENINGS`
/// (door leaves as LINE plus their swing as ARC, window frames and panes as LINE, open passages
/// as DASHED lines), `ROOMS` (each room's outline as a closed POLYLINE), `TEXT` (room names and
/// areas as TEXT), `OBJECTS` (each piece of furniture's footprint as a closed POLYLINE) and `DIMENSIONS` (a dimension line with ticks and the wall length in metres on
/// every wall, drawn with LINE and TEXT rather than DIMENSION entities, which need blocks).
///
/// Coordinates: drawing units are metres (`$INSUNITS` 6); the drawing's X is world x and its Y is
/// world −z, so the plan appears as seen from above with world −z up. The plan is not rotated to
/// north (CAD users keep the scan's coordinates); the heading is stated in a TEXT when known.
/// Text is Windows-1252 (`$DWGCODEPAGE` ANSI_1252, so `m²` is one byte); other characters are
/// written as `\U+XXXX`, as AutoCAD does. Write files with `data(_:options:)`, which encodes it.
public enum FloorPlanDXF {
    /// The layers, their AutoCAD colour numbers and line types.
    static let layers: [(name: String, color: Int, lineType: String)] = [
        ("WALLS", 7, "CONTINUOUS"), ("OPENINGS", 4, "CONTINUOUS"), ("ROOMS", 8, "CONTINUOUS"),
        ("TEXT", 7, "CONTINUOUS"), ("DIMENSIONS", 3, "CONTINUOUS"), ("OBJECTS", 5, "CONTINUOUS"),
    ]

    /// The DXF text of `plan`.
    /// - Throws: `FloorPlanError` when the plan fails `validateForExport()`.
    public static func document(_ plan: FloorPlan, options: FloorPlanExportOptions = .init()) throws -> String {
        try plan.validateForExport()
        let layout = FloorPlanLayout(plan: plan, defaultWallThickness: options.defaultWallThickness)
        var w = Writer()
        func cad(_ p: SIMD2<Double>) -> SIMD2<Double> { SIMD2(p.x, -p.y) }

        var lower = SIMD2(Double.infinity, .infinity), upper = -lower
        for wall in layout.walls {
            for p in wall.outline(-wall.extensionAtStart, wall.length + wall.extensionAtEnd) {
                lower = pointwiseMin(lower, cad(p))
                upper = pointwiseMax(upper, cad(p))
            }
        }
        for r in plan.rooms {
            for p in r.polygon {
                lower = pointwiseMin(lower, cad(p))
                upper = pointwiseMax(upper, cad(p))
            }
        }
        if lower.x > upper.x { (lower, upper) = (.zero, .zero) }

        w.section("HEADER")
        w.pair(9, "$ACADVER")
        w.pair(1, "AC1009")
        w.pair(9, "$DWGCODEPAGE")
        w.pair(3, "ANSI_1252")
        w.pair(9, "$INSUNITS")
        w.pair(70, "6")
        w.pair(9, "$EXTMIN")
        w.point(lower)
        w.pair(9, "$EXTMAX")
        w.point(upper)
        w.endSection()

        w.section("TABLES")
        w.table("LTYPE", count: 2)
        w.pair(0, "LTYPE")
        w.pair(2, "CONTINUOUS")
        w.pair(70, "0")
        w.pair(3, "Solid line")
        w.pair(72, "65")
        w.pair(73, "0")
        w.pair(40, "0.0")
        w.pair(0, "LTYPE")
        w.pair(2, "DASHED")
        w.pair(70, "0")
        w.pair(3, "Dashed __ __ __")
        w.pair(72, "65")
        w.pair(73, "2")
        w.pair(40, "0.15")
        w.pair(49, "0.1")
        w.pair(49, "-0.05")
        w.pair(0, "ENDTAB")
        w.table("LAYER", count: layers.count)
        for layer in layers {
            w.pair(0, "LAYER")
            w.pair(2, layer.name)
            w.pair(70, "0")
            w.pair(62, String(layer.color))
            w.pair(6, layer.lineType)
        }
        w.pair(0, "ENDTAB")
        w.table("STYLE", count: 1)
        w.pair(0, "STYLE")
        w.pair(2, "STANDARD")
        w.pair(70, "0")
        w.pair(40, "0.0")
        w.pair(41, "1.0")
        w.pair(50, "0.0")
        w.pair(71, "0")
        w.pair(42, w.number(options.dxfTextHeight))
        w.pair(3, "txt")
        w.pair(4, "")
        w.pair(0, "ENDTAB")
        w.endSection()

        w.section("BLOCKS")
        w.endSection()

        w.section("ENTITIES")
        for r in plan.rooms { w.polyline(r.polygon.map(cad), layer: "ROOMS") }
        for o in plan.objects where o.corners.count >= 3 { w.polyline(o.corners.map(cad), layer: "OBJECTS") }
        for wall in layout.walls {
            for piece in wall.solidIntervals {
                w.polyline(wall.outline(piece.lowerBound, piece.upperBound).map(cad), layer: "WALLS")
            }
        }
        for wall in layout.walls {
            for p in wall.placements {
                switch p.opening.kind {
                case .window:
                    let frame = wall.outline(p.t0, p.t1).map(cad)
                    w.line(frame[0], frame[3], layer: "OPENINGS")
                    w.line(frame[1], frame[2], layer: "OPENINGS")
                    for offset in [wall.lowerOffset, wall.upperOffset, (wall.lowerOffset + wall.upperOffset) / 2] {
                        w.line(cad(wall.point(p.t0, offset)), cad(wall.point(p.t1, offset)), layer: "OPENINGS")
                    }
                case .door:
                    let face = wall.insideFaceOffset
                    let hinge = cad(wall.point(p.t0, face))
                    let radius = p.t1 - p.t0
                    let tip = cad(wall.point(p.t0, face) + wall.insideSign * radius * wall.normal)
                    let jamb = cad(wall.point(p.t1, face))
                    w.line(hinge, tip, layer: "OPENINGS")
                    let a = jamb - hinge, b = tip - hinge
                    var from = atan2(a.y, a.x) * 180 / .pi, to = atan2(b.y, b.x) * 180 / .pi
                    if a.x * b.y - a.y * b.x < 0 { swap(&from, &to) }
                    w.arc(centre: hinge, radius: radius, fromDegrees: from, toDegrees: to, layer: "OPENINGS")
                case .opening:
                    for offset in [wall.lowerOffset, wall.upperOffset] {
                        w.line(
                            cad(wall.point(p.t0, offset)), cad(wall.point(p.t1, offset)), layer: "OPENINGS",
                            lineType: "DASHED")
                    }
                }
            }
        }
        let dimensionText = FloorPlanSVG.dimensionTextHeight
        for wall in layout.walls {
            let outward = -wall.insideSign
            let face = wall.outsideFaceOffset
            let line = FloorPlanSVG.dimensionOffset(wall, options)
            for t in [0, wall.length] {
                w.line(
                    cad(wall.point(t, face + outward * FloorPlanSVG.extensionGap)),
                    cad(wall.point(t, line + outward * FloorPlanSVG.extensionOvershoot)), layer: "DIMENSIONS")
                let diagonal = (wall.direction + outward * wall.normal) / 2.squareRoot() * FloorPlanSVG.tickHalfLength
                w.line(cad(wall.point(t, line) - diagonal), cad(wall.point(t, line) + diagonal), layer: "DIMENSIONS")
            }
            let a = cad(wall.point(0, line)), b = cad(wall.point(wall.length, line))
            w.line(a, b, layer: "DIMENSIONS")
            var degrees = atan2(b.y - a.y, b.x - a.x) * 180 / .pi
            if degrees > 90 { degrees -= 180 } else if degrees <= -90 { degrees += 180 }
            let at = cad(wall.point(wall.length / 2, line + outward * 0.7 * dimensionText))
            w.text(FloorPlanSVG.lengthText(wall.length), at: at, height: dimensionText, degrees: degrees, layer: "DIMENSIONS")
        }
        for (r, at) in zip(plan.rooms, layout.roomLabelPoints) {
            let p = cad(at)
            let h = options.dxfTextHeight
            let area = "\(ExportNumber.padded(r.area, decimals: 2)) m²"
            if let label = r.label, !label.isEmpty {
                w.text(label, at: p + SIMD2(0, 0.6 * h), height: h, degrees: 0, layer: "TEXT")
                w.text(area, at: p - SIMD2(0, 0.6 * h), height: 0.8 * h, degrees: 0, layer: "TEXT")
            } else {
                w.text(area, at: p, height: 0.8 * h, degrees: 0, layer: "TEXT")
            }
        }
        if let north = plan.trueNorthDegrees {
            let h = 0.6 * options.dxfTextHeight
            w.text(
                "world -z (up) heads \(ExportNumber.fixed(north, decimals: 2)) deg clockwise from true north",
                at: SIMD2((lower.x + upper.x) / 2, lower.y - options.dimensionOffset - 0.5), height: h, degrees: 0,
                layer: "TEXT")
        }
        w.endSection()
        w.pair(0, "EOF")
        return w.text
    }

    /// Accumulates group-code / value pairs.
    struct Writer {
        /// The text so far.
        var text = ""

        /// One pair: the code right-aligned in three columns, then the value, each on its own line.
        mutating func pair(_ code: Int, _ value: String) {
            let c = String(code)
            text += String(repeating: " ", count: max(0, 3 - c.count)) + c + "\n" + value + "\n"
        }

        /// A coordinate with six decimals.
        func number(_ v: Double) -> String { ExportNumber.padded(v, decimals: 6) }

        mutating func point(_ p: SIMD2<Double>, codes: (Int, Int, Int) = (10, 20, 30)) {
            pair(codes.0, number(p.x))
            pair(codes.1, number(p.y))
            pair(codes.2, "0.0")
        }

        mutating func section(_ name: String) {
            pair(0, "SECTION")
            pair(2, name)
        }

        mutating func endSection() { pair(0, "ENDSEC") }

        mutating func table(_ name: String, count: Int) {
            pair(0, "TABLE")
            pair(2, name)
            pair(70, String(count))
        }

        mutating func line(_ a: SIMD2<Double>, _ b: SIMD2<Double>, layer: String, lineType: String? = nil) {
            pair(0, "LINE")
            pair(8, layer)
            if let lineType { pair(6, lineType) }
            point(a)
            point(b, codes: (11, 21, 31))
        }

        mutating func polyline(_ points: [SIMD2<Double>], layer: String) {
            pair(0, "POLYLINE")
            pair(8, layer)
            pair(66, "1")
            point(.zero)
            pair(70, "1")
            for p in points {
                pair(0, "VERTEX")
                pair(8, layer)
                point(p)
            }
            pair(0, "SEQEND")
            pair(8, layer)
        }

        mutating func arc(
            centre: SIMD2<Double>, radius: Double, fromDegrees: Double, toDegrees: Double, layer: String
        ) {
            pair(0, "ARC")
            pair(8, layer)
            point(centre)
            pair(40, number(radius))
            pair(50, number(fromDegrees))
            pair(51, number(toDegrees))
        }

        /// Middle-centred text at `at`.
        mutating func text(_ value: String, at: SIMD2<Double>, height: Double, degrees: Double, layer: String) {
            pair(0, "TEXT")
            pair(8, layer)
            point(at)
            pair(40, number(height))
            pair(1, FloorPlanDXF.codePageText(value))
            if degrees != 0 { pair(50, number(degrees)) }
            pair(72, "1")
            point(at, codes: (11, 21, 31))
            pair(73, "2")
        }
    }

    /// `text` in the drawing's code page (ANSI_1252): ASCII and Latin-1 letters (U+00A0…U+00FF,
    /// which Windows-1252 holds at the same byte values) kept, others written as `\U+XXXX`
    /// (beyond U+FFFF: `?`); control characters dropped.
    static func codePageText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F { continue }
            if scalar.value < 0x80 || (0xA0...0xFF).contains(scalar.value) {
                out.unicodeScalars.append(scalar)
            } else if scalar.value <= 0xFFFF {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\U+" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out += "?"
            }
        }
        return out
    }

    /// The file bytes of a document made by `document(_:options:)`: one byte per character
    /// (Windows-1252), as `$DWGCODEPAGE` says.
    public static func data(_ plan: FloorPlan, options: FloorPlanExportOptions = .init()) throws -> Data {
        let text = try document(plan, options: options)
        return Data(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
    }
}
