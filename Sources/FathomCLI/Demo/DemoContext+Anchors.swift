import Fathom
import Foundation

extension DemoContext {
    /// Film panes the demo places, at these fractions of the scan.
    static let paneMoments: [Double] = [0.35, 0.6, 0.85]

    /// Persistent anchors over the recorded scan: the session gate decides when placing is allowed,
    /// three soap-film panes are placed 0.8 m in front of the camera, the store and a world map of the
    /// session's feature points are saved atomically, and the panes are exported with thin-film
    /// colours (USDA and glTF). A strip of film colours by thickness goes into the report.
    mutating func anchors() throws {
        guard let package, let simulation else { return }
        var gate = SessionGate()
        var builder = WorldMapBuilder()
        var store = AnchorStore()
        let placement = AnchorPlacement()!
        let frameCount = package.frameCount
        let targets = Self.paneMoments.map { Int(Double(frameCount) * $0) }
        var nextTarget = 0
        var lastTimestamp = 0.0
        var blockedMessages: [String: Int] = [:]
        var iterator = package.frames()
        let origin = Date(timeIntervalSince1970: 0)
        var idGenerator = SeededGenerator(seed: seed)
        while let frame = try iterator.next() {
            _ = builder.add(frame)
            lastTimestamp = frame.camera.timestamp
            let allowed = gate.update(frame)
            if !allowed { blockedMessages[gate.message, default: 0] += 1 }
            guard nextTarget < targets.count, frame.frameNumber >= targets[nextTarget], allowed,
                let worldFromCamera = frame.camera.worldFromCamera
            else { continue }
            let pane = try FilmPane(
                widthMetres: 0.4, heightMetres: 0.3, topThicknessNanometres: 120, bottomThicknessNanometres: 900,
                seed: seed &+ UInt64(nextTarget))
            let time = origin.addingTimeInterval(frame.camera.timestamp)
            let anchor = pane.anchor(worldFromAnchor: placement.worldFromAnchor(worldFromCamera: worldFromCamera),
                                     id: Self.uuid(using: &idGenerator), createdAt: time)
            _ = store.place(anchor, at: time)
            nextTarget += 1
        }
        // Session time stands in for the clock, so the demo's files repeat exactly.
        try store.write(to: file("anchors.json"), savedAt: origin.addingTimeInterval(lastTimestamp))
        let map = builder.worldMap(anchors: store.liveAnchors, createdAt: origin)
        try map.write(to: file("map.json"))
        worldMap = map
        let scene = try FilmPaneScene(anchors: store.liveAnchors)
        try scene.write(to: file("panes.usda"))
        try scene.write(to: file("panes.gltf"))

        // Map quality against the simulator's landmarks.
        var errors: [Float] = []
        for (p, id) in zip(map.points.positions, map.points.identifiers) {
            if let truth = simulation.truePosition(ofFeature: id) { errors.append(p.distance(to: truth)) }
        }
        errors.sort()
        let median = errors.isEmpty ? Float.nan : errors[errors.count / 2]

        report.section("Anchors and thin film")
        report.paragraph(
            "Placing is allowed only while tracking is normal and the world map is mapped or extending. Three "
                + "soap-film panes were placed 0.8 m in front of the camera and saved atomically with a world map "
                + "of the session's feature points; the panes are exported with per-vertex thin-film colours "
                + "(two-surface Airy interference, Fresnel s/p, CIE 1931 under D65, sRGB).")
        report.figures([(try writePNG(Self.filmStrip(), "thin-film.png"),
                         "Soap film (n = 1.33) from 0 to 1000 nm, left to right; top row at normal incidence, bottom at 60°")])
        let c300 = ThinFilm.soap.color(thicknessNanometres: 300).chromaticity ?? .zero
        let c500 = ThinFilm.soap.color(thicknessNanometres: 500).chromaticity ?? .zero
        report.table(header: ["measure", "value"], rows: [
            ["panes placed", "\(store.count) → anchors.json, panes.usda, panes.gltf"],
            ["placing blocked (frames, by message)",
             blockedMessages.sorted { $0.value > $1.value }.map { "\($0.key): \($0.value)" }.joined(separator: "; ")],
            ["world map", "\(map.points.count) points → map.json, median error \(fmt(median * 1000, 1)) mm to the true landmarks"],
            ["film chromaticity xy at 300 / 500 nm",
             "(\(fmt(c300.x, 3)), \(fmt(c300.y, 3))) / (\(fmt(c500.x, 3)), \(fmt(c500.y, 3)))"],
        ])
        summary.append("anchors: \(store.count) panes placed, world map of \(map.points.count) points (median error \(fmt(median * 1000, 1)) mm)")
    }

    /// A version-4 UUID from a seeded generator, so that the demo's outputs repeat exactly.
    static func uuid(using generator: inout SeededGenerator) -> UUID {
        var b = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        b[6] = b[6] & 0x0F | 0x40
        b[8] = b[8] & 0x3F | 0x80
        return UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }

    /// A 400 × 60 picture of film colours: thickness 0…1000 nm across, 0° above and 60° below.
    static func filmStrip() -> RGBImage {
        let width = 400, height = 60
        var image = RGBImage(width: width, height: height, repeating: RGB8(r: 0, g: 0, b: 0))
        for x in 0..<width {
            let thickness = 1000 * Double(x) / Double(width - 1)
            for (row, angle) in [(0, 0.0), (1, 60.0)] {
                let rgb = ThinFilm.soap.color(thicknessNanometres: thickness, incidenceAngleDegrees: angle)
                    .encodedSRGB(.exposure(8))
                let pixel = RGB8(r: UInt8(rgb.x * 255 + 0.5), g: UInt8(rgb.y * 255 + 0.5), b: UInt8(rgb.z * 255 + 0.5))
                for y in (row * height / 2)..<((row + 1) * height / 2) { image[x, y] = pixel }
            }
        }
        return image
    }
}
