import FathomCore
import Foundation

/// The state of an interactive detection session (FindSurface's GUI demos): the collected points,
/// the selected settings, a live preview searched on every frame, and the list of captured surfaces
/// with undo.
///
/// Thread-safe: every member may be called from any thread (state behind a lock). A preview runs
/// outside the lock; while one runs, further preview requests are skipped (`beginPreview()` returns
/// `nil`, `preview(…)` returns `.skipped`), as the demo skips frames while FindSurface is busy.
///
/// Captured surfaces' inliers are indices into the point buffer; they are excluded from later
/// searches while the buffer is only appended to. Clearing the points starts a new generation:
/// placed surfaces stay, but their inliers no longer exclude anything.
public final class SurfaceDetectionSession: @unchecked Sendable {
    private let lock = NSLock()
    private var storedSettings: DetectionSettings
    private var storedPoints: [SIMD3<Float>] = []
    private var generation = 0
    private var storedPreview: FoundSurface?
    private var previewGeneration = 0
    private var placed: [PlacedSurface] = []
    private var nextPlacedID = 1
    private var nextTicket = 1
    private var outstandingTicket: Int?
    /// The finder over the first points of the current generation, kept up to date incrementally.
    private var cachedFinder: (finder: SurfaceFinder, generation: Int)?
    /// What the next preview continues from (the latest preview's surface, its point generation).
    private var continuation: (search: SearchContinuation, generation: Int)?
    private var latestStart: SearchStart?

    /// Creates a session.
    public init(settings: DetectionSettings = DetectionSettings()) {
        storedSettings = settings
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Settings and points

    /// The current settings.
    public var settings: DetectionSettings {
        get { locked { storedSettings } }
        set { locked { storedSettings = newValue } }
    }

    /// The collected points, metres.
    public var points: [SIMD3<Float>] { locked { storedPoints } }

    /// The point-buffer generation, increased by `clearPoints()`.
    public var pointGeneration: Int { locked { generation } }

    /// Appends collected points.
    public func addPoints(_ newPoints: [SIMD3<Float>]) { locked { storedPoints += newPoints } }

    /// Clears the collected points (the demo's long press); the preview is dropped and captured
    /// surfaces stop excluding points.
    public func clearPoints() {
        locked {
            storedPoints.removeAll()
            generation += 1
            cachedFinder = nil
            storedPreview = nil
            continuation = nil
        }
    }

    /// A finder over the current points. The session keeps the last one it made and brings it up to
    /// date with the points added since (`SurfaceFinder.appending(_:)`: the spatial index is merged,
    /// not rebuilt), so a preview on every frame of a growing fused cloud pays for the new points,
    /// not for the whole cloud.
    /// - Throws: `SurfaceFinderError.emptyCloud` when no point has been collected.
    /// - Complexity: O(k log k + n) memory traffic for k new points of n; a full build after
    ///   `clearPoints()` or when the grid must be rebuilt.
    public func makeFinder() throws -> SurfaceFinder {
        let (snapshot, currentGeneration, cached) = locked { (storedPoints, generation, cachedFinder) }
        let finder: SurfaceFinder
        if let cached, cached.generation == currentGeneration, cached.finder.pointCount <= snapshot.count {
            finder = cached.finder.appending(Array(snapshot[cached.finder.pointCount...]))
        } else {
            finder = try SurfaceFinder(positions: snapshot)
        }
        locked {
            // Keep the newest finder of the current generation (another thread may have made a later one).
            if generation == currentGeneration, finder.pointCount >= cachedFinder?.finder.pointCount ?? 0 {
                cachedFinder = (finder, currentGeneration)
            }
        }
        return finder
    }

    /// One frame's preview over the session's own points: the finder brought up to date
    /// (`makeFinder()`), then `preview(finder:camera:screenPoint:)`. Skipped while the previous one runs.
    /// - Throws: `SurfaceFinderError` for invalid settings or when no point has been collected.
    public func preview(camera: PinholeCamera, screenPoint: SIMD2<Float>) throws -> PreviewOutcome {
        guard !isPreviewRunning else { return .skipped }
        return try preview(finder: makeFinder(), camera: camera, screenPoint: screenPoint)
    }

    // MARK: Preview

    /// The surface of the latest finished preview, or `nil`.
    public var preview: FoundSurface? { locked { storedPreview } }

    /// Starts a preview, or returns `nil` when one is still running (this frame is skipped).
    public func beginPreview() -> PreviewTicket? {
        locked {
            guard outstandingTicket == nil else { return nil }
            let number = nextTicket
            nextTicket += 1
            outstandingTicket = number
            var excluded: Set<Int> = []
            if storedSettings.excludesCapturedInliers {
                for p in placed where p.pointGeneration == generation { excluded.formUnion(p.surface.fit.inlierIndices) }
            }
            let previous = continuation.flatMap { $0.generation == generation ? $0.search : nil }
            return PreviewTicket(
                number: number, settings: storedSettings, excludedIndices: excluded, pointGeneration: generation,
                continuation: previous)
        }
    }

    /// Finishes the preview of `ticket` with its result (`nil` surface when nothing was found); the
    /// next preview searches from scratch. A result for an older point generation is dropped.
    public func completePreview(_ ticket: PreviewTicket, surface: FoundSurface?) {
        complete(ticket, surface: surface, continuation: nil, start: nil)
    }

    /// Finishes the preview of `ticket` with a continued search's result
    /// (`SurfaceFinder.find(_:continuing:)` from `ticket.continuation`); the next preview continues
    /// from it. A result for an older point generation is dropped.
    public func completePreview(_ ticket: PreviewTicket, continued: ContinuedSearch) {
        complete(ticket, surface: continued.result.surface, continuation: continued.continuation, start: continued.start)
    }

    private func complete(
        _ ticket: PreviewTicket, surface: FoundSurface?, continuation next: SearchContinuation?, start: SearchStart?
    ) {
        locked {
            guard outstandingTicket == ticket.number else { return }
            outstandingTicket = nil
            guard ticket.pointGeneration == generation else { return }
            storedPreview = surface
            previewGeneration = ticket.pointGeneration
            continuation = next.map { ($0, ticket.pointGeneration) }
            latestStart = start
        }
    }

    /// How the latest finished preview was obtained (continued from the one before, or a full
    /// search and why); `nil` before the first or after one completed with a bare surface.
    public var previewStart: SearchStart? { locked { latestStart } }

    /// Whether a preview is running.
    public var isPreviewRunning: Bool { locked { outstandingTicket != nil } }

    /// The search a ticket runs from a picked seed.
    public static func search(for ticket: PreviewTicket, seed: PickedSeed) -> SurfaceSearch {
        let s = ticket.settings
        return SurfaceSearch(
            type: s.type, seed: .index(seed.index), seedRadius: seed.seedRadius, accuracy: s.accuracy,
            meanDistance: s.meanDistance, lateralExtension: s.lateralExtension, radialExpansion: s.radialExpansion,
            conversions: s.conversions, excludedIndices: ticket.excludedIndices)
    }

    /// One frame's preview: skipped while the previous one runs; otherwise picks the seed under
    /// `screenPoint` (pixels) and searches `finder` (built over this session's points), continuing
    /// the previous preview's surface when the cloud only grew and the seed still lies on it
    /// (`SurfaceFinder.find(_:continuing:)`; `previewStart` tells which).
    /// - Throws: `SurfaceFinderError` for invalid settings (the preview is finished either way).
    public func preview(finder: SurfaceFinder, camera: PinholeCamera, screenPoint: SIMD2<Float>) throws -> PreviewOutcome {
        guard let ticket = beginPreview() else { return .skipped }
        var continued: ContinuedSearch?
        defer {
            if let continued {
                completePreview(ticket, continued: continued)
            } else {
                completePreview(ticket, surface: nil)
            }
        }
        let probe = SeedProbe(
            screenPoint: screenPoint, probeRadius: ticket.settings.probeRadius, rule: ticket.settings.pickingRule,
            circleFraction: ticket.settings.circleFraction)
        guard let seed = finder.pickSeed(camera: camera, probe: probe),
              !ticket.excludedIndices.contains(seed.index) else { return .noSeed }
        let search = try finder.find(Self.search(for: ticket, seed: seed), continuing: ticket.continuation)
        continued = search
        return .searched(search.result, seed: seed)
    }

    // MARK: Captured surfaces

    /// The captured surfaces, in capture order.
    public var placedSurfaces: [PlacedSurface] { locked { placed } }

    /// Captures the current preview into the placed surfaces; `nil` when there is no preview.
    @discardableResult
    public func capture() -> PlacedSurface? {
        locked {
            guard let surface = storedPreview else { return nil }
            let p = PlacedSurface(id: nextPlacedID, surface: surface, pointGeneration: previewGeneration)
            nextPlacedID += 1
            placed.append(p)
            storedPreview = nil
            return p
        }
    }

    /// Removes the most recently captured surface and returns it; `nil` when there is none.
    @discardableResult
    public func undo() -> PlacedSurface? { locked { placed.popLast() } }

    /// Removes every captured surface (the demo's long press on undo).
    public func undoAll() { locked { placed.removeAll() } }
}
