import Foundation

/// A floor plan as an SVG architectural drawing.
///
/// Seen from above: walls filled (their thickness, or `FloorPlanExportOptions.defaultWallThickness`
/// on the side away from the rooms when unknown), openings cut out of the walls (door leaves with
/// their swing arc, windows as a frame with a pane line, open passages as dashed head lines),
/// rooms shaded with their name and floor area (m²) at the interior point farthest from the walls,
/// a dimension line with the length on every wall, a scale bar, a north arrow, and a line giving
/// the number of rooms, their total area and the ceiling height.
///
/// Orientation: with `trueNorthDegrees` known (and `rotateToNorth`), the drawing is turned so that
/// true north is up. Otherwise the view is the plan's own: +x to the right, +z down the page
/// (world −z up), and the arrow is replaced by the words "north unknown".
/// Units: `svgPixelsPerMetre` user units per metre; lengths are labelled in metres.
public enum FloorPlanSVG {
    /// Height of the band under the drawing that holds the scale bar and north arrow, metres.
    static let legendBand = 0.9
    /// Room name text height, metres.
    static let roomTextHeight = 0.24
    /// Dimension text height, metres.
    static let dimensionTextHeight = 0.15
    /// How far extension lines start off the wall face and run past the dimension line, metres.
    static let extensionGap = 0.05, extensionOvershoot = 0.08
    /// Half length of the dimension ticks, metres.
    static let tickHalfLength = 0.06

    /// The SVG document of `plan`.
    /// - Throws: `FloorPlanError` when the plan fails `validateForExport()`.
    public static func document(_ plan: FloorPlan, options: FloorPlanExportOptions = .init()) throws -> String {
        try plan.validateForExport()
        let layout = FloorPlanLayout(plan: plan, defaultWallThickness: options.defaultWallThickness)
        let north = options.rotateToNorth ? plan.trueNorthDegrees : nil
        let angle = (north ?? 0) * .pi / 180
        let rotation = (cos(angle), sin(angle))
        func rotated(_ p: SIMD2<Double>) -> SIMD2<Double> {
            SIMD2(p.x * rotation.0 - p.y * rotation.1, p.x * rotation.1 + p.y * rotation.0)
        }

        // Extent of everything drawn on the plan, in rotated metres.
        var lower = SIMD2(Double.infinity, .infinity), upper = -lower
        func cover(_ p: SIMD2<Double>) {
            let r = rotated(p)
            lower = pointwiseMin(lower, r)
            upper = pointwiseMax(upper, r)
        }
        for w in layout.walls {
            for p in w.outline(-w.extensionAtStart, w.length + w.extensionAtEnd) { cover(p) }
            let d = dimensionOffset(w, options)
            cover(w.point(0, d))
            cover(w.point(w.length, d))
        }
        for r in plan.rooms { r.polygon.forEach(cover) }
        if lower.x > upper.x {
            lower = .zero
            upper = SIMD2(1, 1)
        }
        let scale = options.svgPixelsPerMetre
        let margin = options.svgMargin
        func page(_ p: SIMD2<Double>) -> SIMD2<Double> { (rotated(p) - lower + margin) * scale }
        func num(_ v: Double) -> String { ExportNumber.fixed(v, decimals: 2) }
        func xy(_ p: SIMD2<Double>) -> String { "\(num(page(p).x)),\(num(page(p).y))" }
        let stroke = scale / 100
        let width = (upper.x - lower.x + 2 * margin) * scale
        let drawingHeight = (upper.y - lower.y + 2 * margin) * scale
        let height = drawingHeight + legendBand * scale

        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(num(width))" height="\(num(height))" \
            viewBox="0 0 \(num(width)) \(num(height))" font-family="Helvetica, Arial, sans-serif">
            <title>Floor plan</title>
            <desc>\(plan.walls.count) walls, \(plan.openings.count) openings, \(plan.rooms.count) rooms; \
            1 m = \(num(scale)) units; \(north == nil ? "view from above, world -z up" : "true north up")</desc>
            <rect x="0" y="0" width="\(num(width))" height="\(num(height))" fill="#ffffff"/>

            """

        out += "<g id=\"rooms\" fill=\"#f3efe6\" stroke=\"none\">\n"
        for r in plan.rooms {
            out += "<polygon data-room=\"\(xml(r.id))\" points=\"\(r.polygon.map(xy).joined(separator: " "))\"/>\n"
        }
        out += "</g>\n<g id=\"objects\" fill=\"#dde3ea\" stroke=\"#7a8799\" stroke-width=\"\(num(0.6 * stroke))\">\n"
        for o in plan.objects where o.corners.count >= 3 {
            out += "<polygon data-object=\"\(xml(o.id))\" class=\"\(o.category.rawValue)\" "
            out += "points=\"\(o.corners.map(xy).joined(separator: " "))\"/>\n"
        }
        out += "</g>\n<g id=\"walls\" fill=\"#262626\" stroke=\"none\">\n"
        for w in layout.walls {
            for piece in w.solidIntervals {
                let points = w.outline(piece.lowerBound, piece.upperBound).map(xy).joined(separator: " ")
                out += "<polygon data-wall=\"\(xml(w.wall.id))\" points=\"\(points)\"/>\n"
            }
        }
        out += "</g>\n<g id=\"openings\" fill=\"none\" stroke=\"#262626\" stroke-width=\"\(num(stroke))\">\n"
        for w in layout.walls {
            for p in w.placements {
                let id = xml(p.opening.id)
                switch p.opening.kind {
                case .window:
                    let frame = w.outline(p.t0, p.t1).map(xy).joined(separator: " ")
                    let mid = (w.lowerOffset + w.upperOffset) / 2
                    out += "<g data-opening=\"\(id)\" class=\"window\"><polygon fill=\"#ffffff\" points=\"\(frame)\"/>"
                    out += "<line x1=\"\(num(page(w.point(p.t0, mid)).x))\" y1=\"\(num(page(w.point(p.t0, mid)).y))\" "
                    out += "x2=\"\(num(page(w.point(p.t1, mid)).x))\" y2=\"\(num(page(w.point(p.t1, mid)).y))\"/></g>\n"
                case .door:
                    let face = w.insideFaceOffset
                    let hinge = w.point(p.t0, face)
                    let leafLength = p.t1 - p.t0
                    let tip = hinge + w.insideSign * leafLength * w.normal
                    let jamb = w.point(p.t1, face)
                    let a = page(jamb) - page(hinge), b = page(tip) - page(hinge)
                    let sweep = a.x * b.y - a.y * b.x > 0 ? 1 : 0
                    let r = num(leafLength * scale)
                    out += "<g data-opening=\"\(id)\" class=\"door\">"
                    out += "<line stroke-width=\"\(num(2 * stroke))\" x1=\"\(num(page(hinge).x))\" y1=\"\(num(page(hinge).y))\" "
                    out += "x2=\"\(num(page(tip).x))\" y2=\"\(num(page(tip).y))\"/>"
                    out += "<path stroke-width=\"\(num(0.75 * stroke))\" d=\"M \(xy(jamb)) A \(r) \(r) 0 0 \(sweep) \(xy(tip))\"/></g>\n"
                case .opening:
                    out += "<g data-opening=\"\(id)\" class=\"opening\" stroke-dasharray=\"\(num(4 * stroke)) \(num(3 * stroke))\">"
                    for offset in [w.lowerOffset, w.upperOffset] {
                        let a = page(w.point(p.t0, offset)), b = page(w.point(p.t1, offset))
                        out += "<line x1=\"\(num(a.x))\" y1=\"\(num(a.y))\" x2=\"\(num(b.x))\" y2=\"\(num(b.y))\"/>"
                    }
                    out += "</g>\n"
                }
            }
        }
        out += "</g>\n<g id=\"dimensions\" stroke=\"#555555\" stroke-width=\"\(num(0.6 * stroke))\" fill=\"#555555\" "
        out += "font-size=\"\(num(dimensionTextHeight * scale))\" text-anchor=\"middle\">\n"
        for w in layout.walls {
            let outward = -w.insideSign
            let face = w.outsideFaceOffset
            let line = dimensionOffset(w, options)
            var d = "<g data-wall=\"\(xml(w.wall.id))\">"
            for t in [0, w.length] {
                let a = page(w.point(t, face + outward * extensionGap))
                let b = page(w.point(t, line + outward * extensionOvershoot))
                d += "<line x1=\"\(num(a.x))\" y1=\"\(num(a.y))\" x2=\"\(num(b.x))\" y2=\"\(num(b.y))\"/>"
                let diagonal = (w.direction + outward * w.normal) / 2.squareRoot() * tickHalfLength
                let c = page(w.point(t, line) - diagonal), e = page(w.point(t, line) + diagonal)
                d += "<line stroke-width=\"\(num(1.5 * stroke))\" x1=\"\(num(c.x))\" y1=\"\(num(c.y))\" x2=\"\(num(e.x))\" y2=\"\(num(e.y))\"/>"
            }
            let a = page(w.point(0, line)), b = page(w.point(w.length, line))
            d += "<line x1=\"\(num(a.x))\" y1=\"\(num(a.y))\" x2=\"\(num(b.x))\" y2=\"\(num(b.y))\"/>"
            let textAt = page(w.point(w.length / 2, line + outward * (0.35 * dimensionTextHeight)))
            var degrees = atan2(b.y - a.y, b.x - a.x) * 180 / .pi
            if degrees > 90 { degrees -= 180 } else if degrees <= -90 { degrees += 180 }
            d += "<text stroke=\"none\" dominant-baseline=\"middle\" x=\"\(num(textAt.x))\" y=\"\(num(textAt.y))\" "
            d += "transform=\"rotate(\(num(degrees)) \(num(textAt.x)) \(num(textAt.y)))\">\(lengthText(w.length))</text></g>\n"
            out += d
        }
        out += "</g>\n<g id=\"labels\" fill=\"#1a1a1a\" text-anchor=\"middle\" font-size=\"\(num(roomTextHeight * scale))\">\n"
        for (r, at) in zip(plan.rooms, layout.roomLabelPoints) {
            let p = page(at)
            let area = "\(ExportNumber.padded(r.area, decimals: 2)) m²"
            if let label = r.label, !label.isEmpty {
                out += "<text data-room=\"\(xml(r.id))\" x=\"\(num(p.x))\" y=\"\(num(p.y - 0.05 * scale))\">"
                out += "<tspan font-weight=\"bold\">\(xml(label))</tspan>"
                out += "<tspan x=\"\(num(p.x))\" dy=\"\(num(1.1 * roomTextHeight * scale))\" font-size=\"\(num(0.8 * roomTextHeight * scale))\">\(area)</tspan></text>\n"
            } else {
                out += "<text data-room=\"\(xml(r.id))\" x=\"\(num(p.x))\" y=\"\(num(p.y + 0.3 * roomTextHeight * scale))\" "
                out += "font-size=\"\(num(0.8 * roomTextHeight * scale))\">\(area)</text>\n"
            }
        }
        out += "</g>\n"
        let totalArea = plan.rooms.reduce(0) { $0 + $1.area }
        out += "<text id=\"summary\" x=\"\(num(width / 2))\" y=\"\(num(drawingHeight + 0.45 * scale))\" text-anchor=\"middle\" "
        out += "font-size=\"\(num(0.16 * scale))\" fill=\"#555555\">\(plan.rooms.count) room\(plan.rooms.count == 1 ? "" : "s"), "
        out += "\(ExportNumber.padded(totalArea, decimals: 2)) m² · ceiling \(lengthText(plan.ceilingHeight))</text>\n"
        out += legend(
            top: drawingHeight, width: width, scale: scale, drawingWidth: upper.x - lower.x, stroke: stroke,
            north: plan.trueNorthDegrees, rotatedToNorth: north != nil)
        out += "</svg>\n"
        return out
    }

    /// Offset across the wall of its dimension line, metres: outside the rooms, or at half the
    /// distance for a partition wall (rooms on both sides), to keep it clear of the room labels.
    static func dimensionOffset(_ w: FloorPlanWallLayout, _ options: FloorPlanExportOptions) -> Double {
        w.outsideFaceOffset - w.insideSign * options.dimensionOffset * (w.roomsOnBothSides ? 0.5 : 1)
    }

    /// A length for people: metres with two decimals (`3.20 m`).
    static func lengthText(_ metres: Double) -> String { "\(ExportNumber.padded(metres, decimals: 2)) m" }

    /// The longest 1-2-5 length (metres) no longer than a third of the drawing, at least 1 m.
    static func scaleBarLength(drawingWidth: Double) -> Int {
        var best = 1
        for candidate in [1, 2, 5, 10, 20, 50, 100, 200, 500] where Double(candidate) <= drawingWidth / 3 {
            best = candidate
        }
        return best
    }

    /// The scale bar (left) and the north arrow or "north unknown" (right) under the drawing.
    static func legend(
        top: Double, width: Double, scale: Double, drawingWidth: Double, stroke: Double, north: Double?,
        rotatedToNorth: Bool
    ) -> String {
        func num(_ v: Double) -> String { ExportNumber.fixed(v, decimals: 2) }
        let metres = scaleBarLength(drawingWidth: drawingWidth)
        let step = metres <= 5 ? 1 : metres / 5
        let x0 = 0.5 * scale, y0 = top + 0.2 * scale, barHeight = 0.12 * scale
        var out = "<g id=\"scale-bar\" data-metres=\"\(metres)\" stroke=\"#262626\" stroke-width=\"\(num(stroke))\" "
        out += "font-size=\"\(num(0.16 * scale))\" text-anchor=\"middle\">\n"
        var m = 0
        while m < metres {
            let fill = (m / step) % 2 == 0 ? "#262626" : "#ffffff"
            out += "<rect x=\"\(num(x0 + Double(m) * scale))\" y=\"\(num(y0))\" width=\"\(num(Double(step) * scale))\" "
            out += "height=\"\(num(barHeight))\" fill=\"\(fill)\"/>\n"
            m += step
        }
        for label in [0, metres] {
            out += "<text stroke=\"none\" fill=\"#262626\" x=\"\(num(x0 + Double(label) * scale))\" "
            out += "y=\"\(num(y0 + barHeight + 0.2 * scale))\">\(label == 0 ? "0" : "\(label) m")</text>\n"
        }
        out += "</g>\n"
        let cx = width - 0.6 * scale, cy = top + 0.4 * scale, r = 0.25 * scale
        guard let north else {
            out += "<text id=\"north-unknown\" x=\"\(num(cx))\" y=\"\(num(cy))\" text-anchor=\"middle\" "
            out += "font-size=\"\(num(0.14 * scale))\" fill=\"#555555\">north unknown</text>\n"
            return out
        }
        // North on the page: up when the drawing was rotated, else turned counter-clockwise by the heading.
        let degrees = rotatedToNorth ? 0 : -north
        out += "<g id=\"north-arrow\" transform=\"rotate(\(num(degrees)) \(num(cx)) \(num(cy)))\">"
        out += "<polygon fill=\"#262626\" points=\"\(num(cx)),\(num(cy - r)) \(num(cx + 0.4 * r)),\(num(cy + r)) "
        out += "\(num(cx)),\(num(cy + 0.55 * r)) \(num(cx - 0.4 * r)),\(num(cy + r))\"/>"
        out += "<text x=\"\(num(cx))\" y=\"\(num(cy - 1.15 * r))\" text-anchor=\"middle\" font-size=\"\(num(0.18 * scale))\" "
        out += "font-weight=\"bold\" fill=\"#262626\">N</text></g>\n"
        return out
    }

    /// Text escaped for XML character data and attribute values; control characters dropped.
    static func xml(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if scalar.value < 0x20 && scalar != "\t" { continue }
                if (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
