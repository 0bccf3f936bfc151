import Foundation
import FathomCore

extension RegistrationCloud: Equatable {
    /// Equal when prepared with the same settings into the same points, normals, shapes and descriptors.
    public static func == (a: RegistrationCloud, b: RegistrationCloud) -> Bool {
        a.configuration == b.configuration && a.positions == b.positions && a.normals == b.normals
            && a.isPlanar == b.isPlanar && a.shapes == b.shapes && a.descriptors == b.descriptors
    }
}

extension RegistrationCloud: Codable {
    /// The layout of the stored descriptors; a stored cloud of another version does not decode (its
    /// owner recomputes it). Version 1: 32 float32 bins per point, as `computeDescriptors` makes them.
    public static let storageVersion = 1

    private enum CodingKeys: String, CodingKey {
        case storageVersion, configuration, positions, normals, shapes, axes, descriptors
    }

    /// Shape codes of the stored form.
    private enum ShapeCode: UInt8 {
        case unknown = 0, planarFine = 1, planarCoarse = 2, elongated = 3, isotropic = 4
    }

    /// Encodes the settings, the downsampled points (flat x y z), normals, one shape code per point
    /// with its axis, and the descriptors as little-endian float32 bytes (base64 in JSON).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.storageVersion, forKey: .storageVersion)
        try c.encode(configuration, forKey: .configuration)
        try c.encode(positions.flatMap { [$0.x, $0.y, $0.z] }, forKey: .positions)
        try c.encode(normals.flatMap { [$0.x, $0.y, $0.z] }, forKey: .normals)
        var codes: [UInt8] = []
        var axes: [Float] = []
        for (i, shape) in shapes.enumerated() {
            switch shape {
            case .unknown: codes.append(ShapeCode.unknown.rawValue)
            case .planar: codes.append(isPlanar[i] ? ShapeCode.planarFine.rawValue : ShapeCode.planarCoarse.rawValue)
            case .elongated(let a):
                codes.append(ShapeCode.elongated.rawValue)
                axes += [a.x, a.y, a.z]
            case .isotropic: codes.append(ShapeCode.isotropic.rawValue)
            }
        }
        try c.encode(Data(codes), forKey: .shapes)
        try c.encode(axes, forKey: .axes)
        var bytes = Data(capacity: descriptors.count * 64)
        for d in descriptors {
            for k in 0..<16 { withUnsafeBytes(of: d[k].bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
        }
        try c.encode(bytes, forKey: .descriptors)
    }

    /// Decodes a stored cloud, checking the version and that every array matches the point count.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decode(Int.self, forKey: .storageVersion)
        guard version == Self.storageVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .storageVersion, in: c, debugDescription: "storageVersion \(version), this build reads \(Self.storageVersion)")
        }
        let configuration = try c.decode(RegistrationConfiguration.self, forKey: .configuration)
        guard configuration.problem == nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .configuration, in: c, debugDescription: "invalid configuration: \(configuration.problem!)")
        }
        let flat = try c.decode([Float].self, forKey: .positions)
        let flatNormals = try c.decode([Float].self, forKey: .normals)
        let codes = [UInt8](try c.decode(Data.self, forKey: .shapes))
        let axes = try c.decode([Float].self, forKey: .axes)
        let bytes = try c.decode(Data.self, forKey: .descriptors)
        let n = flat.count / 3
        func corrupt(_ key: CodingKeys, _ what: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: what)
        }
        guard flat.count % 3 == 0, flat.allSatisfy({ $0.isFinite }) else { throw corrupt(.positions, "needs finite x y z per point") }
        guard flatNormals.count == flat.count else { throw corrupt(.normals, "\(flatNormals.count / 3) normals for \(n) points") }
        guard codes.count == n else { throw corrupt(.shapes, "\(codes.count) shape codes for \(n) points") }
        guard bytes.count == n * Self.descriptorWidth * 64 else {
            throw corrupt(.descriptors, "\(bytes.count) descriptor bytes for \(n) points (need \(n * Self.descriptorWidth * 64))")
        }
        func triple(_ v: [Float], _ i: Int) -> SIMD3<Float> { SIMD3(v[3 * i], v[3 * i + 1], v[3 * i + 2]) }
        let points = (0..<n).map { triple(flat, $0) }
        let normals = (0..<n).map { triple(flatNormals, $0) }
        var planar = [Bool](repeating: false, count: n)
        var shapes = [LocalShape](repeating: .unknown, count: n)
        var axis = 0
        for i in 0..<n {
            switch ShapeCode(rawValue: codes[i]) {
            case .unknown?: break
            case .planarFine?:
                planar[i] = true
                shapes[i] = .planar(normals[i])
            case .planarCoarse?: shapes[i] = .planar(normals[i])
            case .elongated?:
                guard axes.count >= 3 * (axis + 1) else { throw corrupt(.axes, "fewer axes than elongated points") }
                shapes[i] = .elongated(triple(axes, axis))
                axis += 1
            case .isotropic?: shapes[i] = .isotropic
            case nil: throw corrupt(.shapes, "unknown shape code \(codes[i])")
            }
        }
        var descriptors = [SIMD16<Float>](repeating: .zero, count: n * Self.descriptorWidth)
        bytes.withUnsafeBytes { raw in
            for d in 0..<descriptors.count {
                for k in 0..<16 {
                    let bits = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: (d * 16 + k) * 4, as: UInt32.self))
                    descriptors[d][k] = Float(bitPattern: bits)
                }
            }
        }
        self.init(
            configuration: configuration, positions: points, normals: normals, isPlanar: planar, shapes: shapes,
            descriptors: descriptors)
    }
}
