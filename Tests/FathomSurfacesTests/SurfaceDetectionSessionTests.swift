import FathomCore
import FathomTestSupport
import Testing

@testable import FathomSurfaces

/// The detection session, driven deterministically through `beginPreview` / `completePreview`.
@Suite struct SurfaceDetectionSessionTests {
    /// Two parallel walls (z = −2 and, 1 m to the right, z = −2.5), 1 cm grid.
    static func walls() -> [SIMD3<Float>] {
        var pts: [SIMD3<Float>] = []
        for i in 0..<60 { for j in 0..<60 { pts.append(SIMD3(Float(i) * 0.01 - 0.3, Float(j) * 0.01 - 0.3, -2)) } }
        for i in 0..<60 { for j in 0..<60 { pts.append(SIMD3(Float(i) * 0.01 + 0.7, Float(j) * 0.01 - 0.3, -2.5)) } }
        return pts
    }

    static let camera = PinholeCamera(intrinsics: .iPhoneWide1920x1440, worldFromCamera: .identity)
    static let centre = SIMD2<Float>(959.5, 719.5)

    func plane(_ s: FoundSurface?) -> PlaneSurface? {
        if case let .plane(p)? = s { return p }
        return nil
    }

    @Test func previewIsSkippedWhileOneIsRunning() throws {
        let session = SurfaceDetectionSession()
        let first = try #require(session.beginPreview())
        #expect(session.isPreviewRunning)
        #expect(session.beginPreview() == nil)
        session.addPoints(Self.walls())
        let finder = try session.makeFinder()
        #expect(try session.preview(finder: finder, camera: Self.camera, screenPoint: Self.centre) == .skipped)
        session.completePreview(first, surface: nil)
        #expect(!session.isPreviewRunning)
        let second = try #require(session.beginPreview())
        #expect(second.number == first.number + 1)
        session.completePreview(second, surface: nil)
    }

    @Test func previewCaptureUndoAndExclusion() throws {
        let session = SurfaceDetectionSession(settings: DetectionSettings(type: .plane, accuracy: 0.002))
        session.addPoints(Self.walls())
        let finder = try session.makeFinder()
        guard case let .searched(result, seed) = try session.preview(finder: finder, camera: Self.camera, screenPoint: Self.centre)
        else {
            Issue.record("no search ran")
            return
        }
        #expect(seed.index < 3600)
        let wall = try #require(plane(result.surface))
        #expect(wall.fit.inlierCount == 3600)
        #expect(angleDegrees(wall.normal, SIMD3(0, 0, 1)) < 0.1)  // towards the origin (the sensor)
        #expect(plane(session.preview) == wall)

        let placed = try #require(session.capture())
        #expect(placed.id == 1)
        #expect(session.preview == nil)
        #expect(session.capture() == nil)
        #expect(session.placedSurfaces.count == 1)

        // The captured wall's points are excluded: the probe now finds no seed there.
        #expect(try session.preview(finder: finder, camera: Self.camera, screenPoint: Self.centre) == .noSeed)
        // Without exclusion it is found again.
        session.settings.excludesCapturedInliers = false
        guard case .searched = try session.preview(finder: finder, camera: Self.camera, screenPoint: Self.centre) else {
            Issue.record("expected a search")
            return
        }
        session.capture()
        #expect(session.placedSurfaces.map(\.id) == [1, 2])
        #expect(session.undo()?.id == 2)
        #expect(session.placedSurfaces.map(\.id) == [1])
        session.undoAll()
        #expect(session.placedSurfaces.isEmpty)
        #expect(session.undo() == nil)
    }

    @Test func previewContinuesOnAGrowingCloud() throws {
        let session = SurfaceDetectionSession(settings: DetectionSettings(type: .plane, accuracy: 0.002))
        session.addPoints(Self.walls())
        guard case .searched = try session.preview(camera: Self.camera, screenPoint: Self.centre) else {
            Issue.record("no search ran")
            return
        }
        #expect(session.previewStart == .full(.noPreviousSurface))
        // The first wall again, offset by half the grid spacing within its plane: 3600 more of its points.
        session.addPoints(Self.walls()[0..<3600].map { $0 + SIMD3(0.005, 0.005, 0) })
        guard case let .searched(result, _) = try session.preview(camera: Self.camera, screenPoint: Self.centre) else {
            Issue.record("no search ran")
            return
        }
        #expect(session.previewStart == .continued(taken: 3600, dropped: 0))
        #expect(result.surface?.fit.inlierIndices == Array(0..<3600) + Array(7200..<10800))
        // Other settings search in full; so does a new point generation.
        session.settings.accuracy = 0.003
        _ = try session.preview(camera: Self.camera, screenPoint: Self.centre)
        #expect(session.previewStart == .full(.searchChanged))
        session.clearPoints()
        session.addPoints(Self.walls())
        _ = try session.preview(camera: Self.camera, screenPoint: Self.centre)
        #expect(session.previewStart == .full(.noPreviousSurface))
        #expect(session.preview?.fit.inlierCount == 3600)
    }

    @Test func clearingPointsDropsThePreviewAndStaleResults() throws {
        let session = SurfaceDetectionSession()
        session.addPoints(Self.walls())
        let ticket = try #require(session.beginPreview())
        session.clearPoints()
        #expect(session.points.isEmpty)
        #expect(session.pointGeneration == 1)
        #expect(throws: SurfaceFinderError.emptyCloud) { try session.makeFinder() }
        // A result computed on the old points is dropped.
        let fit = SurfaceFit(rms: 0, inlierIndices: [0], pointCount: 1)
        session.completePreview(ticket, surface: .sphere(SphereSurface(center: .zero, radius: 1, fit: fit)))
        #expect(session.preview == nil)
        #expect(!session.isPreviewRunning)
    }

    @Test func concurrentPreviewsNeverOverlap() async throws {
        let session = SurfaceDetectionSession(settings: DetectionSettings(type: .plane, accuracy: 0.002))
        session.addPoints(Self.walls())
        let finder = try session.makeFinder()
        let outcomes = try await withThrowingTaskGroup(of: PreviewOutcome.self) { group in
            for _ in 0..<8 {
                group.addTask { try session.preview(finder: finder, camera: Self.camera, screenPoint: Self.centre) }
            }
            return try await group.reduce(into: [PreviewOutcome]()) { $0.append($1) }
        }
        // Every outcome is a skip or a search finding the same wall; at least one search ran.
        let searched = outcomes.filter { if case .searched = $0 { true } else { false } }
        #expect(!searched.isEmpty)
        for case let .searched(r, _) in outcomes { #expect(r.surface?.fit.inlierCount == 3600) }
        #expect(!session.isPreviewRunning)
    }
}
