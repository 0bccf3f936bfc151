import FathomCore
import FathomIO
import FathomTestSupport
import Foundation
import Testing

// Shared helpers of the FathomIO tests: seeded clouds, exact comparisons, error capture,
// hand-built PLY and PNG bytes, and seeded file damage.

/// A seeded cloud with every attribute, including values that are hard to print exactly.
func makeTestCloud(count: Int, seed: UInt64) -> PointCloud {
    var g = SeededGenerator(seed: seed)
    var positions: [SIMD3<Float>] = [SIMD3(0.1, -1e-7, 123456.78), SIMD3(-0.0, 3.4028235e38, 1.1754944e-38)]
    var normals: [SIMD3<Float>] = [SIMD3(1, 0, 0), SIMD3(0, -1, 0)]
    var colors: [RGB8] = [RGB8(r: 0, g: 128, b: 255), RGB8(r: 255, g: 0, b: 1)]
    var confidences: [UInt8] = [0, 255]
    var identifiers: [UInt64] = [UInt64.max, 0x8000_0000_0000_0001]
    while positions.count < count {
        positions.append(SIMD3(Float.random(in: -50...50, using: &g), Float.random(in: -50...50, using: &g),
                               Float.random(in: -1e-3...1e-3, using: &g)))
        let n = SIMD3(Float.random(in: -1...1, using: &g), Float.random(in: -1...1, using: &g), 0.5)
        normals.append(n / (n * n).sum().squareRoot())
        colors.append(RGB8(r: .random(in: 0...255, using: &g), g: .random(in: 0...255, using: &g),
                           b: .random(in: 0...255, using: &g)))
        confidences.append(.random(in: 0...2, using: &g))
        identifiers.append(.random(in: 0...UInt64.max, using: &g))
    }
    return PointCloud(unchecked: Array(positions.prefix(count)), colors: Array(colors.prefix(count)),
                      normals: Array(normals.prefix(count)), confidences: Array(confidences.prefix(count)),
                      identifiers: Array(identifiers.prefix(count)))
}

/// `cloud` restricted to `attributes`.
func keeping(_ cloud: PointCloud, _ attributes: PointCloudAttributes) -> PointCloud {
    PointCloud(unchecked: cloud.positions,
               colors: attributes.contains(.colors) ? cloud.colors : [],
               normals: attributes.contains(.normals) ? cloud.normals : [],
               confidences: attributes.contains(.confidences) ? cloud.confidences : [],
               identifiers: attributes.contains(.identifiers) ? cloud.identifiers : [])
}

/// Bitwise equality of positions and normals (so -0.0 and 0.0 differ), plus the other attributes.
func expectBitExact(_ a: PointCloud, _ b: PointCloud, sourceLocation: SourceLocation = #_sourceLocation) {
    func bits(_ v: [SIMD3<Float>]) -> [UInt32] { v.flatMap { [$0.x.bitPattern, $0.y.bitPattern, $0.z.bitPattern] } }
    #expect(bits(a.positions) == bits(b.positions), sourceLocation: sourceLocation)
    #expect(bits(a.normals) == bits(b.normals), sourceLocation: sourceLocation)
    #expect(a.colors == b.colors, sourceLocation: sourceLocation)
    #expect(a.confidences == b.confidences, sourceLocation: sourceLocation)
    #expect(a.identifiers == b.identifiers, sourceLocation: sourceLocation)
}

/// Builds PLY bytes from a header (lines joined with `\n`) and a binary body.
func plyBytes(_ headerLines: [String], body: [UInt8] = []) -> Data {
    Data((headerLines.joined(separator: "\n") + "\n").utf8) + Data(body)
}

/// The error thrown by `body`, which must be a `PointCloudFileError`.
func pointCloudError(_ body: () throws -> Void) -> PointCloudFileError? {
    do {
        try body()
        return nil
    } catch let e as PointCloudFileError {
        return e
    } catch {
        return nil
    }
}

/// The error thrown by `body`, which must be an `ImageFileError`.
func imageError(_ body: () throws -> Void) -> ImageFileError? {
    do {
        try body()
        return nil
    } catch let e as ImageFileError {
        return e
    } catch {
        return nil
    }
}

/// A chunk of PNG bytes with a correct CRC (for building damaged files).
func pngChunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    var crcTable = [UInt32](repeating: 0, count: 256)
    for n in 0..<256 {
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        crcTable[n] = c
    }
    let body = Array(type.utf8) + payload
    var crc: UInt32 = 0xFFFF_FFFF
    for b in body { crc = crcTable[Int((crc ^ UInt32(b)) & 0xFF)] ^ (crc >> 8) }
    crc ^= 0xFFFF_FFFF
    func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    return be(UInt32(payload.count)) + body + be(crc)
}

/// `count` damaged copies of `original`.
func mutants(of original: [UInt8], count: Int, seed: UInt64) -> [[UInt8]] {
    var g = SeededGenerator(seed: seed)
    return (0..<count).map { _ in
        var b = original
        switch Int.random(in: 0..<4, using: &g) {
        case 0:
            b = Array(b.prefix(Int.random(in: 0...b.count, using: &g)))
        case 1:
            for _ in 0..<Int.random(in: 1...4, using: &g) where !b.isEmpty {
                b[Int.random(in: 0..<b.count, using: &g)] = .random(in: 0...255, using: &g)
            }
        case 2:
            let digits = Array("0123456789-.e 9\n".utf8)
            for _ in 0..<Int.random(in: 1...3, using: &g) where !b.isEmpty {
                b.insert(digits[Int.random(in: 0..<digits.count, using: &g)], at: Int.random(in: 0..<b.count, using: &g))
            }
        default:
            if !b.isEmpty { b.remove(at: Int.random(in: 0..<b.count, using: &g)) }
        }
        return b
    }
}
