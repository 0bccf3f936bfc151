import FathomIO
import Foundation

/// Saves an `AnchorStore` when the app leaves the foreground or terminates, and (optionally) shortly
/// after the anchors change.
///
/// It holds no timer and no thread: the app calls `saveIfDue(_:at:)` from its frame loop (or any
/// timer) and `handle(_:store:at:)` from its lifecycle callbacks (`scenePhase` changes,
/// `applicationDidEnterBackground`, `applicationWillTerminate`). A save happens only when the live
/// anchors differ from what the file was last written with, so calling it every frame is cheap
/// (one comparison of ≤ capacity anchors).
///
/// Debouncing: a change is saved once the anchors have stayed the same for `quietInterval` seconds,
/// or `maximumDelay` seconds after the first unsaved change, whichever comes first. A failed save is
/// retried no sooner than `retryInterval` seconds later; lifecycle events always try at once.
public struct AnchorAutoSaver: Sendable {
    /// The app lifecycle moments at which unsaved anchors are written at once.
    public enum LifecycleEvent: String, Sendable, Hashable, CaseIterable {
        /// The app is about to become inactive (a call, the app switcher).
        case willResignActive
        /// The app moved to the background (it may be killed without further notice).
        case didEnterBackground
        /// The app is about to terminate.
        case willTerminate
    }

    /// The store file.
    public let url: URL
    /// Debounce and retry intervals.
    public let configuration: AnchorAutoSaveConfiguration
    /// Writes the bytes to the file; `AnchorStore.writeAtomically` unless injected (tests).
    private let writer: @Sendable (Data, URL) throws -> Void
    /// The live anchors the file was last written with.
    private var savedAnchors: [Anchor]
    /// The live anchors seen by the last check, and when they were first seen.
    private var observedAnchors: [Anchor]?
    private var observedSince: Date?
    /// When the oldest unsaved change was first seen.
    private var unsavedSince: Date?
    /// No debounced attempt before this time (after a failure).
    private var retryNotBefore: Date?
    /// Successful saves so far.
    public private(set) var saveCount = 0
    /// Failed saves so far.
    public private(set) var failureCount = 0
    /// The last failure, as text, or `nil` after a successful save.
    public private(set) var lastFailure: String?

    /// Creates a saver for `url`.
    /// - Parameters:
    ///   - savedStore: the store as the file holds it now (e.g. just loaded from it), so that an
    ///     unchanged store is not rewritten; `nil` counts as a file holding no anchor, so an empty store
    ///     never overwrites a file that could not be loaded (e.g. one of a newer format version).
    ///   - writer: writes the bytes; the default is `AnchorStore.writeAtomically(_:to:)`.
    public init(
        url: URL, configuration: AnchorAutoSaveConfiguration = AnchorAutoSaveConfiguration(),
        savedStore: AnchorStore? = nil,
        writer: @escaping @Sendable (Data, URL) throws -> Void = { try AnchorStore.writeAtomically($0, to: $1) }
    ) {
        self.url = url
        self.configuration = configuration
        self.writer = writer
        savedAnchors = savedStore?.liveAnchors ?? []
    }
}

extension AnchorAutoSaver {
    /// Whether `store`'s live anchors differ from what the file was last written with.
    public func hasUnsavedChanges(_ store: AnchorStore) -> Bool { store.liveAnchors != savedAnchors }

    /// Debounced saving: call it after changes or once per frame. Saves when the store has unsaved
    /// changes that have stayed unchanged for `quietInterval` or waited `maximumDelay`.
    /// - Returns: whether it saved.
    /// - Throws: what the writer throws (`FileWriteError`); the changes stay unsaved and are retried.
    @discardableResult
    public mutating func saveIfDue(_ store: AnchorStore, at now: Date) throws -> Bool {
        let live = store.liveAnchors
        guard live != savedAnchors else {
            observedAnchors = live
            unsavedSince = nil
            return false
        }
        if live != observedAnchors {
            observedAnchors = live
            observedSince = now
        }
        unsavedSince = unsavedSince ?? now
        guard let quiet = configuration.quietInterval else { return false }
        if let retry = retryNotBefore, now < retry { return false }
        let quietFor = now.timeIntervalSince(observedSince ?? now)
        let waitedFor = now.timeIntervalSince(unsavedSince ?? now)
        guard quietFor >= quiet || waitedFor >= configuration.maximumDelay else { return false }
        try save(store, live: live, at: now)
        return true
    }

    /// Saves at once when `store` has unsaved changes (what lifecycle events call).
    /// - Returns: whether it saved.
    /// - Throws: what the writer throws (`FileWriteError`).
    @discardableResult
    public mutating func flush(_ store: AnchorStore, at now: Date = Date()) throws -> Bool {
        let live = store.liveAnchors
        guard live != savedAnchors else { return false }
        try save(store, live: live, at: now)
        return true
    }

    /// Call from the app's lifecycle callbacks: every event flushes unsaved changes at once.
    /// - Returns: whether it saved.
    /// - Throws: what the writer throws (`FileWriteError`).
    @discardableResult
    public mutating func handle(_ event: LifecycleEvent, store: AnchorStore, at now: Date = Date()) throws -> Bool {
        try flush(store, at: now)
    }

    private mutating func save(_ store: AnchorStore, live: [Anchor], at now: Date) throws {
        do {
            try writer(try store.jsonData(savedAt: now), url)
        } catch {
            failureCount += 1
            lastFailure = "\(error)"
            retryNotBefore = now.addingTimeInterval(configuration.retryInterval)
            throw error
        }
        savedAnchors = live
        observedAnchors = live
        unsavedSince = nil
        retryNotBefore = nil
        lastFailure = nil
        saveCount += 1
    }
}
