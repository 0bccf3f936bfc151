import FathomCore
import FathomIO
import FathomTestSupport
import Foundation
import Testing

@Suite struct PointCloudWebViewTests {
    static func cloud(count: Int, seed: UInt64 = 3) -> PointCloud {
        var rng = SeededGenerator(seed: seed)
        let positions = (0..<count).map { _ in
            SIMD3<Float>(Float.random(in: -2...3, using: &rng), Float.random(in: 0...2.5, using: &rng),
                         Float.random(in: -4...1, using: &rng))
        }
        let colors = (0..<count).map { i in RGB8(r: UInt8(i % 256), g: UInt8((i / 256) % 256), b: 7) }
        return PointCloud(unchecked: positions, colors: colors)
    }

    @Test func payloadRoundTripsWithinHalfAQuantizationStep() {
        let c = Self.cloud(count: 1000)
        let p = PointCloudWebView.Payload(cloud: c)
        #expect(p.count == 1000)
        #expect(p.bytes.count == 9000)
        let (positions, colors) = p.decoded()
        let step = p.extent / 65535
        for (a, b) in zip(positions, c.positions) {
            let e = a - b
            #expect(abs(e.x) <= step.x * 0.51 + 1e-6 && abs(e.y) <= step.y * 0.51 + 1e-6 && abs(e.z) <= step.z * 0.51 + 1e-6)
        }
        #expect(colors == c.colors)
    }

    @Test func largeCloudsAreThinnedToTheCapAndNonFinitePointsLeftOut() {
        var c = Self.cloud(count: 10_001)
        c.positions[5] = SIMD3(.nan, 0, 0)
        let p = PointCloudWebView.Payload(cloud: c, maximumPoints: 1000)
        #expect(p.count <= 1000 && p.count >= 900)
        let decoded = p.decoded().positions
        #expect(decoded.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite })
    }

    @Test func pointsWithoutColourAreColouredByHeight() {
        let c = PointCloud(unchecked: [SIMD3(0, 0, 0), SIMD3(0, 1, 0)])
        let colors = PointCloudWebView.Payload(cloud: c).decoded().colors
        #expect(colors[0].b > colors[0].r)  // low: blue
        #expect(colors[1].r > colors[1].b)  // high: red
    }

    @Test func emptyCloudGivesAnEmptyButValidView() {
        let html = PointCloudWebView.html(cloud: PointCloud(), id: "empty")
        #expect(html.contains("id=\"empty\""))
        #expect(html.contains("data-points=\"0\""))
    }

    /// Opens the view in a real headless Chromium (when installed) and checks that WebGL drew the cloud
    /// and that the page logged no error.
    @Test(.enabled(if: BrowserCheck.chromium != nil))
    func aRealBrowserDrawsTheCloud() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fathom-webview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("view.html")
        let html = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>"
            + PointCloudWebView.html(cloud: Self.cloud(count: 20_000), id: "c1") + "</body></html>"
        try Data(html.utf8).write(to: page)
        let result = try BrowserCheck.load(page)
        #expect(result.dom.contains("data-status=\"drawn\""), "status: \(result.dom.prefix(400))")
        let drawn = result.attribute("data-drawn-pixels").flatMap(Int.init) ?? 0
        #expect(drawn > 2000)
        #expect(result.consoleErrors.isEmpty, "\(result.consoleErrors)")
    }
}
