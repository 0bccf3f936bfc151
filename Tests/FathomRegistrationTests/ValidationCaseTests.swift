import FathomCore
import FathomRegistration
import Foundation
import Testing

/// Eight cases of the independent validation set (sparse raw feature-point maps from a generator that
/// is not Fathom's simulator), registered with the defaults only: the same-room pairs must be found to
/// within 3 cm and 1° and trusted, the wrong-room pairs must not be trusted.
@Suite struct ValidationCaseTests {
    /// One case of `Fixtures/relocalization/cases.json`.
    struct Case: Decodable {
        var id: String
        var kind: String
        var source: String
        var target: String
        var targetFromSource: [Double]?
    }

    /// The fixture folder.
    static var folder: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("relocalization")
    }

    /// The cases.
    static func cases() throws -> [Case] {
        struct File: Decodable { var cases: [Case] }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: folder.appendingPathComponent("cases.json"))).cases
    }

    /// Reads a binary little-endian float32 x y z PLY (the fixtures' only layout).
    static func readPLY(_ relative: String) throws -> PointCloud {
        let data = try Data(contentsOf: folder.appendingPathComponent(relative))
        let marker = Data("end_header\n".utf8)
        let header = try #require(data.range(of: marker))
        let text = String(decoding: data[..<header.lowerBound], as: UTF8.self)
        let countLine = try #require(text.split(separator: "\n").first { $0.hasPrefix("element vertex") })
        let count = try #require(Int(countLine.split(separator: " ")[2]))
        var points: [SIMD3<Float>] = []
        points.reserveCapacity(count)
        data[header.upperBound...].withUnsafeBytes { raw in
            for i in 0..<count {
                let x = raw.loadUnaligned(fromByteOffset: i * 12, as: Float.self)
                let y = raw.loadUnaligned(fromByteOffset: i * 12 + 4, as: Float.self)
                let z = raw.loadUnaligned(fromByteOffset: i * 12 + 8, as: Float.self)
                points.append(SIMD3(x, y, z))
            }
        }
        return PointCloud(unchecked: points)
    }

    @Test func defaultsGiveTheRightAnswerOrNoTrust() throws {
        let cases = try Self.cases()
        #expect(cases.filter { $0.targetFromSource != nil }.count == 4 && cases.count == 8)
        for c in cases { try check(c) }
    }

    /// Registers one case and checks the outcome.
    func check(_ c: Case) throws {
        let source = try Self.readPLY(c.source), target = try Self.readPLY(c.target)
        let r = PointCloudRegistrar.registerAdaptively(source: source, target: target, mode: .gravityAligned, seed: 1)
        guard let m = c.targetFromSource else {
            #expect(!r.isTrusted, "\(c.id): a wrong room was trusted (fitness \(r.fitness), runner-up \(r.runnerUpRatio))")
            #expect(r.failure != nil)
            return
        }
        let truth = try #require(Matrix4x4(columnMajor: m.map(Float.init)).flatMap(RigidTransform.init))
        let metres = r.targetFromSource.translation.distance(to: truth.translation)
        let degrees = (r.targetFromSource.rotation.transposed * truth.rotation).rotationAngle * 180 / .pi
        #expect(metres <= 0.03 && degrees <= 1, "\(c.id): error \(metres) m, \(degrees)°")
        #expect(r.isTrusted, "\(c.id): not trusted: \(r.failure.map { "\($0)" } ?? "")")
        // Sparse maps (about 10 cm apart): the search works at a voxel of about twice that spacing.
        #expect(r.voxelSize > 0.08 && r.voxelSize < 0.3, "voxel \(r.voxelSize) m")
    }
}
