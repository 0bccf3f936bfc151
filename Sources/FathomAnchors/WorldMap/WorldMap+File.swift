import FathomCore
import FathomIO
import FathomRegistration
import Foundation

extension WorldMap {
    /// The JSON form: points as flat arrays (x, y, z per point), column-major transforms.
    private struct File: Codable {
        var format: String
        var formatVersion: Int
        var createdAt: Double
        var extentMin: [Float]
        var extentMax: [Float]
        var positions: [Float]
        var identifiers: [UInt64]?
        var normals: [Float]?
        var anchors: [Anchor]
        /// Since version 2; absent or unreadable (another descriptor version) means "recompute".
        var registration: LenientCloud?
    }

    /// A stored registration cloud that decodes to `nil` instead of failing (a newer or older
    /// descriptor layout is recomputed, not an error).
    private struct LenientCloud: Codable {
        var cloud: RegistrationCloud?
        init(_ cloud: RegistrationCloud?) { self.cloud = cloud }
        init(from decoder: any Decoder) throws { cloud = try? RegistrationCloud(from: decoder) }
        func encode(to encoder: any Encoder) throws { try cloud?.encode(to: encoder) }
    }

    /// Reads a world map, checking its format marker, version and array sizes; errors name the file.
    public init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw WorldMapError(file: url.path, problem: "cannot read the file (\(error.localizedDescription))")
        }
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: data) } catch {
            throw WorldMapError(file: url.path, problem: "not a world map (\(error))")
        }
        guard file.format == Self.formatName else {
            throw WorldMapError(file: url.path, problem: "format is \"\(file.format)\", expected \"\(Self.formatName)\"")
        }
        guard file.formatVersion >= 1, file.formatVersion <= Self.formatVersion else {
            throw WorldMapError(
                file: url.path,
                problem: "formatVersion \(file.formatVersion) is not supported (this build reads 1…\(Self.formatVersion))")
        }
        let count = file.positions.count / 3
        guard file.positions.count % 3 == 0, file.extentMin.count == 3, file.extentMax.count == 3 else {
            throw WorldMapError(file: url.path, problem: "positions and extent must hold 3 numbers per point")
        }
        if let ids = file.identifiers, ids.count != count {
            throw WorldMapError(file: url.path, problem: "\(ids.count) identifiers for \(count) points")
        }
        if let normals = file.normals, normals.count != 3 * count {
            throw WorldMapError(file: url.path, problem: "\(normals.count / 3) normals for \(count) points")
        }
        guard file.positions.allSatisfy({ $0.isFinite }) else {
            throw WorldMapError(file: url.path, problem: "positions hold a non-finite number")
        }
        func triples(_ v: [Float]) -> [SIMD3<Float>] {
            stride(from: 0, to: v.count, by: 3).map { SIMD3(v[$0], v[$0 + 1], v[$0 + 2]) }
        }
        var cloud = PointCloud()
        cloud.positions = triples(file.positions)
        cloud.identifiers = file.identifiers ?? []
        cloud.normals = file.normals.map(triples) ?? []
        self.init(
            points: cloud,
            extent: BoundingBox(
                min: SIMD3(file.extentMin[0], file.extentMin[1], file.extentMin[2]),
                max: SIMD3(file.extentMax[0], file.extentMax[1], file.extentMax[2])),
            anchors: file.anchors, createdAt: Date(timeIntervalSince1970: file.createdAt),
            registrationCloud: file.registration?.cloud)
    }

    /// The map as JSON bytes.
    public func jsonData() throws -> Data {
        func flat(_ v: [SIMD3<Float>]) -> [Float] { v.flatMap { [$0.x, $0.y, $0.z] } }
        let file = File(
            format: Self.formatName, formatVersion: Self.formatVersion, createdAt: createdAt.timeIntervalSince1970,
            extentMin: [extent.min.x, extent.min.y, extent.min.z], extentMax: [extent.max.x, extent.max.y, extent.max.z],
            positions: flat(points.positions), identifiers: points.hasIdentifiers ? points.identifiers : nil,
            normals: points.hasNormals ? flat(points.normals) : nil, anchors: anchors,
            registration: registrationCloud.map(LenientCloud.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(file)
    }

    /// Writes the map atomically (temp file, fsync, rename): a crash leaves the old file or the new one.
    /// Temporary files of earlier saves that a crash interrupted are deleted afterwards (one process
    /// may save a given file at a time).
    public func write(to url: URL) throws {
        try AtomicFile.write(try jsonData(), to: url)
        AnchorStore.removeStaleTemporaryFiles(besides: url)
    }
}
