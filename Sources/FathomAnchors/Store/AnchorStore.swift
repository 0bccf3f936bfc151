import FathomCore
import Foundation

/// The anchors a session has placed, with a cap, fading, undo and atomic persistence.
///
/// A value type: it holds no clock, no lock and no file. Every time-dependent call takes the current
/// time (`at now: Date`), so an app passes the frame time and a test passes whatever it wants; being
/// a value, it is `Sendable` by construction, and an app that shares one between threads keeps it in
/// its own actor (or on the main actor with the rest of its UI state).
///
/// **Cap and fade.** At most `configuration.capacity` anchors are *live*. Placing one more starts the
/// oldest live anchor *fading*: it stays in `anchors` with an opacity falling linearly from 1 to 0 over
/// `configuration.fadeDuration` seconds, and is removed by the first `place`/`update` at or after the
/// end of its fade. Fading anchors do not count against the cap, so right after a placement the store
/// briefly holds more than `capacity` anchors.
///
/// **Undo.** `undoLastPlacement()` removes the most recent placement still present and brings back
/// (fully opaque) the anchors that placement had started fading, if they have not been removed yet.
public struct AnchorStore: Sendable, Equatable {
    /// Cap and fade duration.
    public let configuration: AnchorStoreConfiguration
    /// Every anchor held, live and fading, in placement order (oldest first).
    public private(set) var anchors: [Anchor]
    /// When each fading anchor started fading.
    private var fadeStartTimes: [UUID: Date] = [:]
    /// Placements that can be undone, oldest first: one per anchor still held that was placed (not
    /// loaded), so the history never outgrows the store.
    private var placements: [Placement] = []

    /// One undoable placement: the anchor placed and those it pushed into fading.
    private struct Placement: Sendable, Equatable {
        var placed: UUID
        var startedFading: [UUID]
    }

    /// Creates a store holding `anchors` (oldest first) as live anchors; when there are more than the
    /// capacity, only the newest `capacity` are kept. Nothing can be undone yet.
    /// - Precondition: identifiers are unique.
    public init(configuration: AnchorStoreConfiguration = AnchorStoreConfiguration(), anchors: [Anchor] = []) {
        precondition(Set(anchors.map(\.id)).count == anchors.count, "anchor identifiers must be unique")
        self.configuration = configuration
        self.anchors = Array(anchors.suffix(configuration.capacity))
    }
}

extension AnchorStore {
    /// The number of anchors held, live and fading.
    public var count: Int { anchors.count }
    /// Whether the store holds no anchor.
    public var isEmpty: Bool { anchors.isEmpty }
    /// The anchors not fading, oldest first: what a save keeps.
    public var liveAnchors: [Anchor] { anchors.filter { fadeStartTimes[$0.id] == nil } }
    /// The anchors fading out, oldest first.
    public var fadingAnchors: [Anchor] { anchors.filter { fadeStartTimes[$0.id] != nil } }
    /// Whether the live anchors fill the capacity (the next placement starts a fade).
    public var isFull: Bool { anchors.count - fadeStartTimes.count >= configuration.capacity }
    /// Whether there is a placement to undo.
    public var canUndo: Bool { !placements.isEmpty }

    /// The anchor with identifier `id`, or `nil` when the store does not hold it.
    public func anchor(id: UUID) -> Anchor? { anchors.first { $0.id == id } }

    /// Whether anchor `id` is fading out.
    public func isFading(_ id: UUID) -> Bool { fadeStartTimes[id] != nil }

    /// The opacity of anchor `id` at time `now`: 1 while live; for a fading anchor
    /// 1 − (now − fade start) / fadeDuration, clamped to 0…1 (0 once its fade has ended, until `update`
    /// removes it); `nil` when the store does not hold it.
    public func opacity(of id: UUID, at now: Date) -> Float? {
        guard anchor(id: id) != nil else { return nil }
        guard let start = fadeStartTimes[id] else { return 1 }
        guard configuration.fadeDuration > 0 else { return 0 }
        let fraction = now.timeIntervalSince(start) / configuration.fadeDuration
        return Float(min(1, max(0, 1 - fraction)))
    }

    /// Places an anchor: removes anchors whose fade has ended by `now`, adds `anchor` as the newest,
    /// and, when the live anchors then exceed the capacity, starts the oldest live ones fading at `now`.
    /// - Returns: the identifiers of the anchors that started fading.
    /// - Precondition: the store does not already hold an anchor with this identifier.
    @discardableResult
    public mutating func place(_ anchor: Anchor, at now: Date) -> [UUID] {
        precondition(self.anchor(id: anchor.id) == nil, "anchor \(anchor.id) is already in the store")
        update(at: now)
        anchors.append(anchor)
        var started: [UUID] = []
        var live = anchors.count - fadeStartTimes.count
        for a in anchors where live > configuration.capacity && fadeStartTimes[a.id] == nil {
            fadeStartTimes[a.id] = now
            started.append(a.id)
            live -= 1
        }
        placements.append(Placement(placed: anchor.id, startedFading: started))
        update(at: now)
        return started
    }

    /// Removes the anchors whose fade has ended by `now` (call it once per frame).
    /// - Returns: the anchors removed, oldest first.
    @discardableResult
    public mutating func update(at now: Date) -> [Anchor] {
        guard !fadeStartTimes.isEmpty else { return [] }
        let fade = configuration.fadeDuration
        let expired = anchors.filter { a in
            fadeStartTimes[a.id].map { now.timeIntervalSince($0) >= fade } ?? false
        }
        for a in expired { _ = remove(id: a.id) }
        return expired
    }

    /// Undoes the most recent placement whose anchor is still held: removes that anchor and makes the
    /// anchors it pushed into fading live again (those already removed stay removed).
    /// - Returns: the anchor removed, or `nil` when there is nothing to undo.
    @discardableResult
    public mutating func undoLastPlacement() -> Anchor? {
        guard let last = placements.popLast(), let removed = remove(id: last.placed) else { return nil }
        for id in last.startedFading { fadeStartTimes[id] = nil }
        return removed
    }

    /// Removes anchor `id` at once (no fade).
    /// - Returns: the anchor removed, or `nil` when the store did not hold it.
    @discardableResult
    public mutating func remove(id: UUID) -> Anchor? {
        guard let index = anchors.firstIndex(where: { $0.id == id }) else { return nil }
        fadeStartTimes[id] = nil
        placements.removeAll { $0.placed == id }
        return anchors.remove(at: index)
    }

    /// Removes every anchor and forgets the undo history.
    public mutating func removeAll() {
        anchors.removeAll()
        fadeStartTimes.removeAll()
        placements.removeAll()
    }

    /// Moves every anchor by a rigid transform, e.g. `newWorldFromOldWorld` after relocalization.
    public mutating func transform(by newFromOld: RigidTransform) {
        for i in anchors.indices { anchors[i].worldFromAnchor = newFromOld * anchors[i].worldFromAnchor }
    }
}
