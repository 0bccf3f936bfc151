import FathomPlan
import FathomTestSupport
import Foundation
import Testing

@Suite struct ExportUSDTests {
    let plan = ExportFixtures.threeRooms

    /// A `def Mesh` of the USDA text: name, points and faces.
    struct Mesh {
        var name: String
        var points: [SIMD3<Double>] = []
        var counts: [Int] = []
        var indices: [Int] = []

        /// Signed volume (divergence theorem over fan triangles): positive when faces point outwards.
        var volume: Double {
            var v = 0.0, k = 0
            for n in counts {
                let face = indices[k..<(k + n)].map { points[$0] }
                for i in 1..<(n - 1) {
                    let a = face[0], b = face[i], c = face[i + 1]
                    v += (a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x) + a.z * (b.x * c.y - b.y * c.x)) / 6
                }
                k += n
            }
            return v
        }
    }

    func meshes(_ usda: String) -> [Mesh] {
        var result: [Mesh] = []
        func values(_ line: Substring) -> [Double] {
            guard let equals = line.range(of: " = [")?.upperBound, let close = line.lastIndex(of: "]") else { return [] }
            return line[equals..<close].split(whereSeparator: { "(), ".contains($0) }).compactMap { Double($0) }
        }
        for line in usda.split(separator: "\n") {
            let s = line.trimmingCharacters(in: .whitespaces)
            if s.hasPrefix("def Mesh \"") {
                result.append(Mesh(name: String(s.dropFirst(10).dropLast())))
            } else if s.hasPrefix("point3f[] points") {
                let v = values(line)
                result[result.count - 1].points = stride(from: 0, to: v.count, by: 3).map { SIMD3(v[$0], v[$0 + 1], v[$0 + 2]) }
            } else if s.hasPrefix("int[] faceVertexCounts") {
                result[result.count - 1].counts = values(line).map { Int($0) }
            } else if s.hasPrefix("int[] faceVertexIndices") {
                result[result.count - 1].indices = values(line).map { Int($0) }
            }
        }
        return result
    }

    @Test func stageAndPrims() throws {
        let usda = try FloorPlanUSD.usda(plan)
        #expect(usda.hasPrefix("#usda 1.0\n"))
        #expect(usda.contains("upAxis = \"Y\""))
        #expect(usda.contains("metersPerUnit = 1"))
        #expect(usda.contains("defaultPrim = \"FloorPlan\""))
        #expect(usda.contains("custom string fathom:label = \"Kitchen & Dining <1>\""))
        let all = meshes(usda)
        #expect(all.map(\.name) == (1...13).map { "w\($0)" } + ["r1", "r2", "r3"])
        for m in all {
            #expect(m.counts.reduce(0, +) == m.indices.count, "\(m.name)")
            #expect(m.indices.allSatisfy { $0 >= 0 && $0 < m.points.count }, "\(m.name)")
        }
        // Braces balance.
        #expect(usda.filter { $0 == "{" }.count == usda.filter { $0 == "}" }.count)
    }

    @Test func wallVolumesCutOpeningsAndFaceOutwards() throws {
        let all = meshes(try FloorPlanUSD.usda(plan))
        let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
        // w1: 5 m plus corner extensions 0.05 (90° at (0,0)) and 0.05·tan(22.5°) (135° at (5,0)),
        // 0.1 m thick, 2.5 m high; no openings.
        let w1Length = 5 + 0.05 + 0.05 * tan(Double.pi / 8)
        #expect(abs(try #require(byName["w1"]).volume - w1Length * 0.1 * 2.5) < 1e-4)
        // w4: 3 m + 0.05 at both corners, minus the 0.9 m door, plus the lintel above it (2.05…2.5 m).
        #expect(abs(try #require(byName["w4"]).volume - ((3.1 - 0.9) * 0.1 * 2.5 + 0.9 * 0.1 * 0.45)) < 1e-4)
        // w7 (0.2 m thick, 6 m + 0.1 at both ends): the window leaves a sill (0…0.9) and a lintel (2.1…2.5).
        let w7 = (6.2 - 1.2) * 0.2 * 2.5 + 1.2 * 0.2 * (0.9 + 0.4)
        #expect(abs(try #require(byName["w7"]).volume - w7) < 1e-4)
        for m in all where m.name.hasPrefix("w") { #expect(m.volume > 0, "\(m.name) has inward faces") }
    }

    @Test func floorsAreTriangulatedFacingUp() throws {
        let all = meshes(try FloorPlanUSD.usda(plan))
        for (room, mesh) in zip(plan.rooms, all.suffix(3)) {
            #expect(mesh.counts.allSatisfy { $0 == 3 })
            #expect(mesh.counts.count <= room.polygon.count - 2 && mesh.counts.count >= 1)
            var area = 0.0
            for k in stride(from: 0, to: mesh.indices.count, by: 3) {
                let a = mesh.points[mesh.indices[k]], b = mesh.points[mesh.indices[k + 1]], c = mesh.points[mesh.indices[k + 2]]
                let normalY = (b - a).z * (c - a).x - (b - a).x * (c - a).z
                #expect(normalY > 0, "triangle of \(room.id) faces down")
                area += normalY / 2
            }
            #expect(abs(area - room.area) < 1e-6)
        }
    }

    @Test func usdzIsAStoredAlignedZip() throws {
        let usdz = try FloorPlanUSD.usdz(plan)
        let usda = Data(try FloorPlanUSD.usda(plan).utf8)
        let bytes = [UInt8](usdz)
        func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func u32(_ i: Int) -> UInt32 { UInt32(u16(i)) | UInt32(u16(i + 2)) << 16 }
        #expect(u32(0) == 0x0403_4B50)
        #expect(u16(8) == 0)  // stored
        let nameLength = u16(26), extraLength = u16(28)
        #expect(String(decoding: bytes[30..<(30 + nameLength)], as: UTF8.self) == FloorPlanUSD.usdzLayerName)
        let dataStart = 30 + nameLength + extraLength
        #expect(dataStart % 64 == 0)
        #expect(Int(u32(18)) == usda.count && Int(u32(22)) == usda.count)
        #expect(Data(bytes[dataStart..<(dataStart + usda.count)]) == usda)
        #expect(u32(14) == USDZArchive.crc32(usda))
        // End of central directory: one entry, directory right after the data.
        let end = bytes.count - 22
        #expect(u32(end) == 0x0605_4B50)
        #expect(u16(end + 10) == 1)
        #expect(Int(u32(end + 16)) == dataStart + usda.count)
        #expect(u32(Int(u32(end + 16))) == 0x0201_4B50)
    }

    @Test func archiveAlignsEveryFileAndChecksumsAreZips() {
        #expect(USDZArchive.crc32(Data("123456789".utf8)) == 0xCBF4_3926)
        let files: [(name: String, contents: Data)] = [("a.usda", Data("#usda 1.0\n".utf8)), ("textures/b.png", Data(count: 1000)), ("c", Data())]
        let bytes = [UInt8](USDZArchive.data(files: files))
        var offset = 0
        for file in files {
            let nameLength = Int(bytes[offset + 26]) | Int(bytes[offset + 27]) << 8
            let extraLength = Int(bytes[offset + 28]) | Int(bytes[offset + 29]) << 8
            let start = offset + 30 + nameLength + extraLength
            #expect(start % USDZArchive.alignment == 0, "\(file.name)")
            #expect(Data(bytes[start..<(start + file.contents.count)]) == file.contents)
            offset = start + file.contents.count
        }
    }

    @Test func opensInUSDWhenInstalled() throws {
        let dir = try makeTemporaryDirectory("plan-usd")
        defer { try? FileManager.default.removeItem(at: dir) }
        let usdz = dir.appendingPathComponent("room.usdz"), usda = dir.appendingPathComponent("room.usda")
        try FloorPlanExport.write(plan, format: .usdz, to: usdz)
        try FloorPlanExport.write(plan, format: .usda, to: usda)
        guard pythonHas(["pxr.Usd"]) else { return }  // the structure tests above stand in
        let script = repositoryRoot.appendingPathComponent("scripts/validate-plan-exports.py").path
        let (status, output) = try runPython([script, usdz.path, usda.path])
        #expect(status == 0, "\(output)")
        #expect(!output.contains("FAIL"), "\(output)")
        #expect(output.contains("16 meshes"), "\(output)")
    }
}
