import FathomAnchors
import FathomCore
import Foundation
import Testing

@Suite struct FilmPaneTests {
    static func pane(seed: UInt64 = 7) -> FilmPane {
        try! FilmPane(
            widthMetres: 0.4, heightMetres: 0.3, topThicknessNanometres: 100, bottomThicknessNanometres: 900, seed: seed
        )
    }

    @Test func invalidPanesAreRefused() {
        #expect(throws: ThinFilmError.self) { try FilmPane(widthMetres: 0) }
        #expect(throws: ThinFilmError.self) { try FilmPane(heightMetres: .infinity) }
        #expect(throws: ThinFilmError.self) { try FilmPane(topThicknessNanometres: -1) }
        #expect(throws: ThinFilmError.self) { try FilmPane(bottomThicknessNanometres: 20_000) }
        #expect(throws: ThinFilmError.self) { try FilmPane(seed: FilmPane.maximumSeed + 1) }
        #expect(throws: ThinFilmError.self) { try FilmPane(refractiveIndex: 0.5) }
    }

    @Test func anchorPayloadRoundTripsThroughAWorldMapFile() throws {
        let pane = try FilmPane(
            widthMetres: 0.5, heightMetres: 0.25, topThicknessNanometres: 50, bottomThicknessNanometres: 1200,
            seed: FilmPane.maximumSeed, refractiveIndex: 1.4)
        let pose = RigidTransform(
            rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 0.4), translation: SIMD3(0.2, 1.4, -0.8))
        let anchor = pane.anchor(worldFromAnchor: pose)
        #expect(anchor.kind == "film-pane")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("panes-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try WorldMap(points: PointCloud(), anchors: [anchor]).write(to: url)
        let loaded = try WorldMap(contentsOf: url)
        #expect(try FilmPane(anchor: loaded.anchors[0]) == pane)
        let placed = try PlacedFilmPane(anchor: loaded.anchors[0])
        #expect(placed.anchorID == anchor.id && placed.worldFromAnchor.isApproximatelyEqual(to: pose))
    }

    @Test func jsonFormAndDefaultIndex() throws {
        let json = #"{"width": 0.4, "height": 0.3, "thicknessRange": [120, 800], "seed": 3}"#
        let pane = try JSONDecoder().decode(FilmPane.self, from: Data(json.utf8))
        #expect(pane.topThicknessNanometres == 120 && pane.bottomThicknessNanometres == 800)
        #expect(pane.seed == 3 && pane.refractiveIndex == 1.33)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(
            String(decoding: try encoder.encode(pane), as: UTF8.self)
                == #"{"height":0.3,"index":1.33,"seed":3,"thicknessRange":[120,800],"width":0.4}"#)
    }

    @Test func badPayloadsNameTheAnchor() throws {
        let id = UUID()
        let cases: [(AnchorPayload, String)] = [
            (.object(["width": .number(0.4), "height": .number(0.3), "seed": .number(1)]), "thicknessRange"),
            (
                .object([
                    "width": .number(-1), "height": .number(0.3), "thicknessRange": .array([.number(1), .number(2)]),
                    "seed": .number(1),
                ]), "width"
            ),
            (
                .object([
                    "width": .number(1), "height": .number(0.3), "thicknessRange": .array([.number(1)]),
                    "seed": .number(1),
                ]), "[top, bottom]"
            ),
            (
                .object([
                    "width": .number(1), "height": .number(0.3), "thicknessRange": .array([.number(1), .number(2)]),
                    "seed": .number(1.5),
                ]), "seed"
            ),
        ]
        for (payload, word) in cases {
            let anchor = Anchor(id: id, worldFromAnchor: .identity, kind: FilmPane.anchorKind, payload: payload)
            let error = #expect(throws: ThinFilmError.self) { try FilmPane(anchor: anchor) }
            #expect(error?.problem.contains(id.uuidString) == true)
            #expect(error?.problem.contains(word) == true, "\(error?.problem ?? "")")
        }
        let other = Anchor(worldFromAnchor: .identity, kind: "note")
        #expect(throws: ThinFilmError.self) { try FilmPane(anchor: other) }
    }

    @Test func thicknessFieldDrainsDownwardWithinTheRange() {
        let field = FilmThicknessField(pane: Self.pane())
        var rowMeans: [Double] = []
        let n = 64
        for j in 0...n {
            var sum = 0.0
            for i in 0...n {
                let t = field.thicknessNanometres(u: Double(i) / Double(n), v: Double(j) / Double(n))
                #expect(t >= 100 && t <= 900)
                sum += t
            }
            rowMeans.append(sum / Double(n + 1))
        }
        // Thin at the top, thick at the bottom; the drainage gradient dominates the swirl.
        #expect(rowMeans.first! < 250 && rowMeans.last! > 750)
        for k in stride(from: 0, to: n - 7, by: 8) { #expect(rowMeans[k + 8] > rowMeans[k]) }
    }

    @Test func thicknessFieldIsSmoothAndSwirls() {
        let field = FilmThicknessField(pane: Self.pane())
        let n = 128
        var largestStep = 0.0
        var acrossRowSpread = 0.0
        for j in 0...n {
            var row: [Double] = []
            for i in 0...n {
                let t = field.thicknessNanometres(u: Double(i) / Double(n), v: Double(j) / Double(n))
                if let last = row.last { largestStep = max(largestStep, abs(t - last)) }
                row.append(t)
            }
            acrossRowSpread = max(acrossRowSpread, row.max()! - row.min()!)
        }
        // Smooth: a 1/128 step moves the thickness by far less than the 800 nm range…
        #expect(largestStep < 40)
        // …yet rows are not flat: the swirl bends the bands.
        #expect(acrossRowSpread > 60)
    }

    @Test func seedsAreReproducibleAndDistinct() {
        let a = FilmThicknessField(pane: Self.pane(seed: 1))
        let b = FilmThicknessField(pane: Self.pane(seed: 1))
        let c = FilmThicknessField(pane: Self.pane(seed: 2))
        var differs = false
        for (u, v) in [(0.3, 0.4), (0.7, 0.5), (0.5, 0.6)] {
            #expect(a.thicknessNanometres(u: u, v: v) == b.thicknessNanometres(u: u, v: v))
            if abs(a.thicknessNanometres(u: u, v: v) - c.thicknessNanometres(u: u, v: v)) > 1 { differs = true }
        }
        #expect(differs)
    }
}
