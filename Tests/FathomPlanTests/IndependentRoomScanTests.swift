import FathomIO
import FathomPlan
import Foundation
import Testing

/// A scan from the independent room-scan generator (`scripts/independent-rooms`, written from public
/// descriptions of the iPhone LiDAR and of homes, not from FathomSimulator), imported from its Stray
/// Scanner capture by `fathom import`: case `empty-7015`, an L-shaped room (4.64 × 3.67 m, 2.53 m high)
/// with a door, two windows and a sideboard, walked once round by hand (26 s, 128 × 96 depth at 2 Hz,
/// the generator's noise, flying pixels and dropouts). The truth is the generator's, written as a
/// fathom-floorplan document. Regenerate both with
/// `python3 scripts/independent-rooms/generate.py --out DIR --cases empty-7015 --depth-size 128x96 --depth-every 6`
/// then `fathom import DIR/empty-7015/stray -o empty-7015.zip` (see docs/independent-rooms.md).
@Suite struct IndependentRoomScanTests {
    /// `Tests/Fixtures/IndependentRooms` (outside the test target's folder, so SwiftPM has no
    /// unhandled files to warn about and the manifest needs no resources).
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("IndependentRooms")

    /// The room closes on the true L (measured IoU 0.990, area +0.11 %), every true wall is found
    /// within 2 cm on average (measured 1.0 cm), nothing matches no true wall, the door and both
    /// windows are found with their kinds and nothing is invented, no wall is drawn twice, and the
    /// sideboard comes out as a box.
    @Test func lShapedRoomOfTheIndependentGenerator() throws {
        let package = try ScanPackage(url: Self.fixtures.appendingPathComponent("empty-7015.zip"))
        let truth = try FloorPlan(contentsOf: Self.fixtures.appendingPathComponent("empty-7015-truth-plan.json"))
        let result = try FloorPlanExtractor().extract(package: package)
        let plan = result.plan
        let c = FloorPlanComparison(found: plan, truth: truth, iouCellSize: 0.01)
        #expect(truth.rooms.count == 1 && truth.walls.count == 6 && truth.openings.count == 3)
        #expect(c.matchedRoomCount == 1 && c.spuriousRoomIds.isEmpty)
        #expect(c.minimumRoomIoU >= 0.98)
        #expect(c.maximumRoomAreaError <= 0.01)
        #expect(c.missedWallCount == 0)
        #expect(c.meanWallPositionError <= 0.02)
        #expect(c.meanWallLengthError <= 0.02)
        #expect(c.spuriousWallIds.isEmpty)
        #expect(c.doorAndWindowRecall == 1)
        #expect(c.openings.allSatisfy { $0.kindMatches == true })
        #expect(c.inventedOpeningIds.isEmpty)
        #expect(plan.doubledWalls().isEmpty)
        #expect(abs(plan.floorY - truth.floorY) <= 0.02)
        let o = FloorPlanObjectComparison(found: plan.objects, truth: truth.objects, iouCellSize: 0.01)
        #expect(o.recall == 1)
    }
}
