import FathomCore
import FathomIO
import FathomTestSupport
import Foundation
import Testing

@Suite struct XYZFileTests {
    @Test func readsMixedSeparatorsCommentsBlankLinesAndExtraColumns() throws {
        let text = "# exported\n\n1 2 3\n4\t5\t6 255 0 0\n  # indented comment\n7,8,9\n-1.5, 2e-3 ,\t1e2, extra\r\n\n"
        let result = try XYZFile.decode(Data(text.utf8), fileName: "a.xyz")
        #expect(result.cloud.positions == [SIMD3(1, 2, 3), SIMD3(4, 5, 6), SIMD3(7, 8, 9), SIMD3(-1.5, 0.002, 100)])
        #expect(result.warnings.isEmpty)
        #expect(result.format == .xyz)
    }

    @Test func dropsATruncatedLastLineWithAWarning() throws {
        let result = try XYZFile.decode(Data("1 2 3\n4 5 6\n7 8".utf8), fileName: "cut.xyz")
        #expect(result.cloud.positions == [SIMD3(1, 2, 3), SIMD3(4, 5, 6)])
        #expect(result.warnings == ["cut.xyz: line 3: truncated last line dropped (too few values on the line: expected 3, found 2)"])
        let partial = try XYZFile.decode(Data("1 2 3\n4 5 6.2e".utf8), fileName: "cut.xyz")
        #expect(partial.cloud.count == 1)
        #expect(partial.warnings.count == 1)
    }

    @Test func shortLineInTheMiddleIsAnError() throws {
        let e = pointCloudError { _ = try XYZFile.decode(Data("1 2 3\n4 5\n7 8 9\n".utf8), fileName: "b.xyz") }
        #expect(e == PointCloudFileError(file: "b.xyz", location: .line(2), problem: .tooFewValues(expected: 3, found: 2)))
        #expect(e?.description == "b.xyz: line 2: too few values on the line: expected 3, found 2")
        // A short last line that does end with a newline was not cut off: an error too.
        let ended = pointCloudError { _ = try XYZFile.decode(Data("1 2 3\n4 5\n".utf8), fileName: "b.xyz") }
        #expect(ended?.location == .line(2))
    }

    @Test func nonNumericTokenIsAnError() throws {
        let e = pointCloudError { _ = try XYZFile.decode(Data("1 2 3\n\n4 y 6\n".utf8), fileName: "c.txt") }
        #expect(e == PointCloudFileError(file: "c.txt", location: .line(3), problem: .nonNumericToken("y")))
    }

    @Test func skipsAPtsCountHeaderAndWarnsOnMismatch() throws {
        let ok = try XYZFile.decode(Data("2\n1 2 3 10 255 0 0\n4 5 6 10 0 255 0\n".utf8), fileName: "s.pts")
        #expect(ok.cloud.positions == [SIMD3(1, 2, 3), SIMD3(4, 5, 6)])
        #expect(ok.warnings.isEmpty)
        let off = try XYZFile.decode(Data("3\n1 2 3\n".utf8), fileName: "s.pts")
        #expect(off.cloud.count == 1)
        #expect(off.warnings == ["s.pts: line 1: header declares 3 points but 1 were read"])
    }

    @Test func roundTripsPositionsExactly() throws {
        let cloud = PointCloud(unchecked: makeTestCloud(count: 100, seed: 11).positions)
        let back = try XYZFile.decode(XYZFile.encode(cloud)).cloud
        expectBitExact(back, cloud)
    }

    @Test func emptyAndCommentOnlyFilesGiveEmptyClouds() throws {
        #expect(try XYZFile.decode(Data()).cloud.isEmpty)
        #expect(try XYZFile.decode(Data("# nothing\n\n".utf8)).cloud.isEmpty)
    }
}
