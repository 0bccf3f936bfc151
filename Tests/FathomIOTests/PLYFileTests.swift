import FathomCore
import FathomIO
import FathomTestSupport
import Foundation
import Testing

@Suite struct PLYFileTests {
    static let attributeSets: [PointCloudAttributes] = [
        [], [.colors], [.normals], [.confidences], [.identifiers], [.colors, .normals], .all,
    ]

    @Test(arguments: PLYFormat.allCases, [PLYWriteOptions.Precision.float, .double])
    func roundTripsEveryAttributeCombinationExactly(format: PLYFormat, precision: PLYWriteOptions.Precision) throws {
        let full = makeTestCloud(count: 50, seed: 7)
        for attributes in Self.attributeSets {
            let cloud = keeping(full, attributes)
            let data = PLYFile.encode(cloud, options: PLYWriteOptions(format: format, precision: precision))
            let result = try PLYFile.decode(data, fileName: "rt.ply")
            #expect(result.plyFormat == format)
            #expect(result.warnings.isEmpty)
            #expect(PointCloudAttributes(presentIn: result.cloud) == attributes)
            expectBitExact(result.cloud, cloud)
        }
    }

    @Test func writesOnlyTheRequestedAttributesThatArePresent() throws {
        let cloud = keeping(makeTestCloud(count: 5, seed: 1), [.colors, .normals])
        let options = PLYWriteOptions(format: .ascii, attributes: [.colors, .identifiers])
        let text = String(decoding: PLYFile.encode(cloud, options: options), as: UTF8.self)
        #expect(text.contains("property uchar red"))
        #expect(!text.contains("nx"))
        #expect(!text.contains("identifier"))
        let back = try PLYFile.decode(PLYFile.encode(cloud, options: options)).cloud
        expectBitExact(back, keeping(cloud, [.colors]))
    }

    @Test func headerUsesDocumentedIdentifierLayout() throws {
        let cloud = try PointCloud(positions: [SIMD3(1, 2, 3)], identifiers: [0x0000_0002_0000_0001])
        let text = String(decoding: PLYFile.encode(cloud, options: PLYWriteOptions(format: .ascii)), as: UTF8.self)
        #expect(text.hasSuffix("property uint identifier_lo\nproperty uint identifier_hi\nend_header\n1.0 2.0 3.0 1 2\n"))
    }

    @Test func readsHandWrittenAsciiWithCommentsFacesListsAndAlpha() throws {
        let text = """
            ply
            format ascii 1.0
            comment made by hand
            obj_info generator: none
            element face 2
            property list uchar int vertex_indices
            element vertex 3
            property float x
            property float32 y
            property double z
            property list uchar float extra
            property uchar red
            property uint8 green
            property uchar blue
            property uchar alpha
            property short unknown_thing
            end_header
            3 0 1 2
            4 0 1 2 0

            1 2 3 2 0.5 0.25 255 0 10 128 -7
            -1.5 2.5e-3 1e2 0 1 2 3 0 -32768
            0 0 0 1 9 4 5 6 255 32767
            """
        let result = try PLYFile.decode(Data(text.utf8), fileName: "hand.ply")
        #expect(result.cloud.positions == [SIMD3(1, 2, 3), SIMD3(-1.5, 0.0025, 100), SIMD3(0, 0, 0)])
        #expect(result.cloud.colors == [RGB8(r: 255, g: 0, b: 10), RGB8(r: 1, g: 2, b: 3), RGB8(r: 4, g: 5, b: 6)])
        #expect(!result.cloud.hasNormals && !result.cloud.hasConfidences && !result.cloud.hasIdentifiers)
    }

    @Test func readsBigEndianDoublesWithElementsAroundTheVertices() throws {
        func be<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.bigEndian) { Array($0) } }
        // face before (2 faces, list uchar int), vertices (double x y z, uchar confidence, float nx ny nz),
        // then an 'edge' element after (2 x int).
        var body: [UInt8] = []
        body += [3] + be(Int32(0)) + be(Int32(1)) + be(Int32(2))
        body += [0]
        let points: [(Double, Double, Double)] = [(1.25, -2.5, 1e-3), (-0.1, 0.2, 300)]
        for (i, p) in points.enumerated() {
            body += be(p.0.bitPattern) + be(p.1.bitPattern) + be(p.2.bitPattern)
            body += [UInt8(i + 1)]
            body += be(Float(0).bitPattern) + be(Float(i == 0 ? 1 : -1).bitPattern) + be(Float(0).bitPattern)
        }
        body += be(Int32(0)) + be(Int32(1)) + be(Int32(1)) + be(Int32(0))
        let data = plyBytes([
            "ply", "format binary_big_endian 1.0", "element face 2", "property list uchar int vertex_indices",
            "element vertex 2", "property float64 x", "property double y", "property double z",
            "property uchar confidence", "property float nx", "property float ny", "property float nz",
            "element edge 2", "property int vertex1", "property int vertex2", "end_header",
        ], body: body)
        let result = try PLYFile.decode(data, fileName: "be.ply")
        #expect(result.warnings.isEmpty)
        #expect(result.cloud.positions == [SIMD3(1.25, -2.5, Float(1e-3)), SIMD3(Float(-0.1), 0.2, 300)])
        #expect(result.cloud.confidences == [1, 2])
        #expect(result.cloud.normals == [SIMD3(0, 1, 0), SIMD3(0, -1, 0)])
    }

    @Test func readsLittleEndianVertexWithListAndIntegerCoordinates() throws {
        func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] { withUnsafeBytes(of: v.littleEndian) { Array($0) } }
        var body: [UInt8] = []
        body += le(Int16(-3)) + [2] + le(UInt16(7)) + le(UInt16(8)) + le(Int32(40)) + le(Float(0.5).bitPattern)
        body += le(Int16(5)) + [0] + le(Int32(-1)) + le(Float(1).bitPattern)
        let data = plyBytes([
            "ply", "format binary_little_endian 1.0", "element vertex 2", "property int16 x",
            "property list uint8 ushort neighbours", "property int y", "property float z",
            "end_header",
        ], body: body)
        let cloud = try PLYFile.decode(data).cloud
        #expect(cloud.positions == [SIMD3(-3, 40, 0.5), SIMD3(5, -1, 1)])
    }

    @Test func scalesFloatColoursAndReadsSingleIdentifier() throws {
        let text = """
            ply
            format ascii 1.0
            element vertex 2
            property float x
            property float y
            property float z
            property float red
            property float green
            property float blue
            property uint identifier
            end_header
            0 0 0 1 0.5 0 4000000000
            1 1 1 0 0.2 2 7
            """
        let cloud = try PLYFile.decode(Data(text.utf8)).cloud
        #expect(cloud.colors == [RGB8(r: 255, g: 128, b: 0), RGB8(r: 0, g: 51, b: 255)])
        #expect(cloud.identifiers == [4_000_000_000, 7])
    }

    @Test func ignoresIncompleteNormalsWithAWarning() throws {
        let text = "ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\n"
            + "property float nx\nend_header\n1 2 3 0.5\n"
        let result = try PLYFile.decode(Data(text.utf8), fileName: "n.ply")
        #expect(result.cloud.positions == [SIMD3(1, 2, 3)])
        #expect(!result.cloud.hasNormals)
        #expect(result.warnings == ["n.ply: line 3: incomplete normals (need nx, ny, nz) ignored"])
    }

    @Test func warnsAboutDataAfterTheLastElement() throws {
        let head = ["ply", "format ascii 1.0", "element vertex 1"] + Self.xyzHeader
        let text = try PLYFile.decode(plyBytes(head + ["1 2 3", "4 5 6", "7 8 9"]), fileName: "x.ply")
        #expect(text.cloud.positions == [SIMD3(1, 2, 3)])
        #expect(text.warnings == ["x.ply: line 9: 2 lines after the last element were ignored"])
        let binaryHead = ["ply", "format binary_little_endian 1.0", "element vertex 1"] + Self.xyzHeader
        let binary = try PLYFile.decode(plyBytes(binaryHead, body: [UInt8](repeating: 0, count: 15)), fileName: "y.ply")
        #expect(binary.cloud.positions == [SIMD3(0, 0, 0)])
        #expect(binary.warnings == ["y.ply: 3 bytes after the last element were ignored"])
    }

    @Test func readsAnEmptyCloudAndCRLFHeaders() throws {
        let text = "ply\r\nformat ascii 1.0\r\nelement vertex 0\r\nproperty float x\r\nproperty float y\r\n"
            + "property float z\r\nend_header\r\n"
        #expect(try PLYFile.decode(Data(text.utf8)).cloud.isEmpty)
    }

    @Test func writesAndReadsFilesOnDisk() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("cloud.ply")
        let cloud = makeTestCloud(count: 20, seed: 3)
        try PLYFile.write(cloud, to: url, options: PLYWriteOptions(format: .binaryBigEndian, precision: .double))
        expectBitExact(try PLYFile.read(url).cloud, cloud)
    }

    // MARK: Malformed files

    static let xyzHeader = ["property float x", "property float y", "property float z", "end_header"]

    @Test func missingMagic() throws {
        let e = pointCloudError { _ = try PLYFile.decode(Data("plx\nformat ascii 1.0\n".utf8), fileName: "a.ply") }
        #expect(e == PointCloudFileError(file: "a.ply", location: .line(1), problem: .missingMagic))
        #expect(e?.description == "a.ply: line 1: not a PLY file: the first line is not 'ply'")
        #expect(pointCloudError { _ = try PLYFile.decode(Data(), fileName: "empty.ply") }?.problem == .missingMagic)
    }

    @Test func unknownFormat() throws {
        let data = plyBytes(["ply", "format binary_middle_endian 1.0", "element vertex 1"] + Self.xyzHeader)
        let e = pointCloudError { _ = try PLYFile.decode(data, fileName: "f.ply") }
        #expect(e?.location == .line(2))
        #expect(e?.problem == .unknownFormat("binary_middle_endian 1.0"))
        #expect(e?.description.hasPrefix("f.ply: line 2: unknown PLY format") == true)
        let none = pointCloudError { _ = try PLYFile.decode(plyBytes(["ply", "element vertex 0"] + Self.xyzHeader)) }
        #expect(none?.problem == .unknownFormat("(no 'format' line)"))
    }

    @Test(arguments: ["many", "-3", "", "99999999999999999999", "1.5"])
    func badElementCount(token: String) throws {
        let data = plyBytes(["ply", "format ascii 1.0", "comment c", "element vertex \(token)"] + Self.xyzHeader)
        let e = pointCloudError { _ = try PLYFile.decode(data, fileName: "c.ply") }
        #expect(e == PointCloudFileError(file: "c.ply", location: .line(4),
                                         problem: .badElementCount(element: "vertex", token: token)))
    }

    @Test func missingCoordinates() throws {
        let data = plyBytes(["ply", "format ascii 1.0", "element vertex 1", "property float x",
                             "property list uchar float y", "end_header", "1 0"])
        let e = pointCloudError { _ = try PLYFile.decode(data, fileName: "m.ply") }
        #expect(e == PointCloudFileError(file: "m.ply", location: .line(3), problem: .missingCoordinates(["y", "z"])))
        let noVertex = plyBytes(["ply", "format ascii 1.0", "element face 0", "property uchar a", "end_header"])
        #expect(pointCloudError { _ = try PLYFile.decode(noVertex) }?.problem == .missingVertexElement)
    }

    @Test func unknownPropertyType() throws {
        let data = plyBytes(["ply", "format ascii 1.0", "element vertex 1", "property float128 x"])
        let e = pointCloudError { _ = try PLYFile.decode(data, fileName: "t.ply") }
        #expect(e == PointCloudFileError(file: "t.ply", location: .line(4), problem: .unknownPropertyType("float128")))
        let list = plyBytes(["ply", "format ascii 1.0", "element face 1", "property list uchar quad idx"])
        #expect(pointCloudError { _ = try PLYFile.decode(list) }?.problem == .unknownPropertyType("quad"))
    }

    @Test func missingEndHeader() throws {
        let data = plyBytes(["ply", "format ascii 1.0", "element vertex 1", "property float x"])
        let e = pointCloudError { _ = try PLYFile.decode(data, fileName: "h.ply") }
        #expect(e?.location == .line(5))
        #expect(e?.description.contains("no 'end_header'") == true)
    }

    @Test func truncatedBinaryNamesCountsAndOffset() throws {
        let header = plyBytes(["ply", "format binary_little_endian 1.0", "element vertex 10"] + Self.xyzHeader)
        let data = header + Data(repeating: 0, count: 50)
        let e = pointCloudError { _ = try PLYFile.decode(data, fileName: "tb.ply") }
        #expect(e == PointCloudFileError(
            file: "tb.ply", location: .byteOffset(header.count),
            problem: .truncatedBinary(element: "vertex", expectedCount: 10, bytesNeeded: 120, bytesAvailable: 50)))
        #expect(e?.description == "tb.ply: byte offset \(header.count): truncated binary data: 10 'vertex' items "
            + "need 120 bytes but only 50 remain")
    }

    @Test func truncatedBinaryListElement() throws {
        // A face whose list says 200 ints but the file ends.
        let data = plyBytes(["ply", "format binary_little_endian 1.0", "element face 1",
                             "property list uchar int idx", "element vertex 0"] + Self.xyzHeader, body: [200, 1, 2])
        let e = pointCloudError { _ = try PLYFile.decode(data, fileName: "tl.ply") }
        // The face starts at the body; its list length byte is read, then 800 bytes are missing.
        let bodyStart = data.count - 3
        #expect(e == PointCloudFileError(
            file: "tl.ply", location: .byteOffset(bodyStart + 1),
            problem: .truncatedBinary(element: "face", expectedCount: 1, bytesNeeded: 801, bytesAvailable: 3)))
    }

    @Test(arguments: [PLYFormat.ascii, .binaryLittleEndian, .binaryBigEndian])
    func hugeCountFailsFastWithoutAllocating(format: PLYFormat) throws {
        let data = plyBytes(["ply", "format \(format.headerName) 1.0", "element vertex 1000000000000"] + Self.xyzHeader)
            + Data("1 2 3\n".utf8)
        let e = pointCloudError { _ = try PLYFile.decode(data, fileName: "huge.ply") }
        switch e?.problem {
        case let .truncatedBinary(_, n, _, have)?: #expect(n == 1_000_000_000_000 && have == 6)
        case let .truncatedText(_, n, read)?: #expect(n == 1_000_000_000_000 && read == 1)
        default: Issue.record("unexpected \(String(describing: e))")
        }
    }

    @Test func asciiErrorsNameTheLine() throws {
        let head = ["ply", "format ascii 1.0", "element vertex 3"] + Self.xyzHeader
        let few = pointCloudError { _ = try PLYFile.decode(plyBytes(head + ["1 2 3", "4 5"]), fileName: "a.ply") }
        #expect(few == PointCloudFileError(file: "a.ply", location: .line(9), problem: .tooFewValues(expected: 3, found: 2)))
        #expect(few?.description == "a.ply: line 9: too few values on the line: expected 3, found 2")
        let word = pointCloudError { _ = try PLYFile.decode(plyBytes(head + ["1 2 3", "4 five 6"]), fileName: "a.ply") }
        #expect(word == PointCloudFileError(file: "a.ply", location: .line(9), problem: .nonNumericToken("five")))
        let short = pointCloudError { _ = try PLYFile.decode(plyBytes(head + ["1 2 3", "4 5 6"]), fileName: "a.ply") }
        #expect(short == PointCloudFileError(file: "a.ply", location: .line(10),
                                             problem: .truncatedText(element: "vertex", expectedCount: 3, readCount: 2)))
        let colour = ["ply", "format ascii 1.0", "element vertex 1", "property float x", "property float y",
                      "property float z", "property uchar red", "property uchar green", "property uchar blue",
                      "end_header", "1 2 3 256 0 0"]
        let range = pointCloudError { _ = try PLYFile.decode(plyBytes(colour), fileName: "a.ply") }
        #expect(range == PointCloudFileError(file: "a.ply", location: .line(11),
                                             problem: .valueOutOfRange(token: "256", type: "uchar")))
    }

    @Test func readErrorsNameTheFileOnDisk() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("broken.ply")
        try plyBytes(["ply", "format ascii 1.0", "element vertex x"]).write(to: url)
        let e = pointCloudError { _ = try PLYFile.read(url) }
        #expect(e?.description == "broken.ply: line 3: bad element count 'x' for element 'vertex'")
        let missing = pointCloudError { _ = try PLYFile.read(dir.appendingPathComponent("none.ply")) }
        #expect(missing?.file == "none.ply")
        #expect(missing?.location == .file)
    }
}
