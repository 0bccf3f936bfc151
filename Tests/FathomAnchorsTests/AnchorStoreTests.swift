import FathomAnchors
import FathomCore
import Foundation
import Testing

/// Anchors and times for store tests: a controllable clock is just explicit dates.
enum StoreFixtures {
    static func time(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + seconds) }

    static func anchor(_ n: Int) -> Anchor {
        Anchor(
            id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!,
            worldFromAnchor: RigidTransform(
                rotation: .rotation(axis: SIMD3(0, 1, 0), angle: Float(n) * 0.1), translation: SIMD3(Float(n), 1, -2)),
            kind: "film-pane", createdAt: time(Double(n) + 0.25), payload: .object(["index": .number(Double(n))]))
    }
}

@Suite struct AnchorStoreTests {
    typealias F = StoreFixtures

    @Test func capStartsTheOldestFadingAndRemovesItWhenTheFadeEnds() {
        var store = AnchorStore(configuration: AnchorStoreConfiguration(capacity: 3, fadeDuration: 1))
        for n in 0..<3 { #expect(store.place(F.anchor(n), at: F.time(Double(n))).isEmpty) }
        #expect(store.isFull)
        #expect(store.place(F.anchor(3), at: F.time(3)) == [F.anchor(0).id])
        #expect(store.count == 4)
        #expect(store.liveAnchors.map(\.id) == [1, 2, 3].map { F.anchor($0).id })
        #expect(store.fadingAnchors.map(\.id) == [F.anchor(0).id])
        #expect(store.opacity(of: F.anchor(0).id, at: F.time(3.25)) == 0.75)
        #expect(store.opacity(of: F.anchor(3).id, at: F.time(3.25)) == 1)
        #expect(store.opacity(of: UUID(), at: F.time(3.25)) == nil)
        #expect(store.update(at: F.time(3.99)).isEmpty)
        #expect(store.update(at: F.time(4)).map(\.id) == [F.anchor(0).id])
        #expect(store.count == 3)
        // Two quick placements: two fades, each ending one fade duration after it started.
        store.place(F.anchor(4), at: F.time(5))
        store.place(F.anchor(5), at: F.time(5.5))
        #expect(store.fadingAnchors.map(\.id) == [F.anchor(1).id, F.anchor(2).id])
        #expect(store.update(at: F.time(6)).map(\.id) == [F.anchor(1).id])
        #expect(store.opacity(of: F.anchor(2).id, at: F.time(6)) == 0.5)
        // Placing also clears finished fades.
        store.place(F.anchor(6), at: F.time(7))
        #expect(store.anchors.map(\.id) == [3, 4, 5, 6].map { F.anchor($0).id })
        #expect(store.fadingAnchors.map(\.id) == [F.anchor(3).id])
    }

    @Test func zeroFadeRemovesAtOnce() {
        var store = AnchorStore(configuration: AnchorStoreConfiguration(capacity: 2, fadeDuration: 0))
        for n in 0..<5 { store.place(F.anchor(n), at: F.time(Double(n))) }
        #expect(store.anchors.map(\.id) == [F.anchor(3).id, F.anchor(4).id])
    }

    @Test func undoRemovesTheLastPlacementAndRevivesWhatItFaded() {
        var store = AnchorStore(configuration: AnchorStoreConfiguration(capacity: 2, fadeDuration: 1))
        store.place(F.anchor(0), at: F.time(0))
        store.place(F.anchor(1), at: F.time(1))
        store.place(F.anchor(2), at: F.time(2))
        #expect(store.isFading(F.anchor(0).id))
        #expect(store.undoLastPlacement()?.id == F.anchor(2).id)
        #expect(!store.isFading(F.anchor(0).id))
        #expect(store.opacity(of: F.anchor(0).id, at: F.time(2.5)) == 1)
        #expect(store.liveAnchors.map(\.id) == [F.anchor(0).id, F.anchor(1).id])
        #expect(store.undoLastPlacement()?.id == F.anchor(1).id)
        #expect(store.undoLastPlacement()?.id == F.anchor(0).id)
        #expect(store.undoLastPlacement() == nil)
        #expect(!store.canUndo && store.isEmpty)
    }

    @Test func undoAfterTheFadeEndedLeavesTheFadedAnchorGone() {
        var store = AnchorStore(configuration: AnchorStoreConfiguration(capacity: 2, fadeDuration: 1))
        for n in 0..<3 { store.place(F.anchor(n), at: F.time(Double(n))) }
        store.update(at: F.time(3))
        #expect(store.undoLastPlacement()?.id == F.anchor(2).id)
        #expect(store.anchors.map(\.id) == [F.anchor(1).id])
        // A removed anchor's placement is skipped by undo.
        store.place(F.anchor(7), at: F.time(4))
        store.remove(id: F.anchor(7).id)
        #expect(store.undoLastPlacement()?.id == F.anchor(1).id)
    }

    @Test func removeClearAndTransform() {
        var store = AnchorStore(anchors: (0..<3).map(F.anchor))
        #expect(store.remove(id: F.anchor(1).id)?.id == F.anchor(1).id)
        #expect(store.remove(id: F.anchor(1).id) == nil)
        #expect(!store.canUndo)
        let shift = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: .pi / 2), translation: SIMD3(0, 0, 1))
        store.transform(by: shift)
        // Anchor 2 sat at (2, 1, −2): turned 90° about +y it is at (−2, 1, −2), plus (0, 0, 1).
        #expect(store.anchor(id: F.anchor(2).id)!.worldFromAnchor.translation.distance(to: SIMD3(-2, 1, -1)) < 1e-5)
        store.removeAll()
        #expect(store.isEmpty)
    }

    @Test func initialAnchorsBeyondTheCapKeepTheNewest() {
        let store = AnchorStore(configuration: AnchorStoreConfiguration(capacity: 2), anchors: (0..<5).map(F.anchor))
        #expect(store.anchors.map(\.id) == [F.anchor(3).id, F.anchor(4).id])
        #expect(AnchorStoreConfiguration().capacity == 100 && AnchorStoreConfiguration().fadeDuration == 1)
        #expect(AnchorStoreConfiguration(capacity: 0, fadeDuration: -1) == AnchorStoreConfiguration(capacity: 1, fadeDuration: 0))
    }
}
