import FathomCore

/// Whether two numbers agree within an absolute tolerance.
public func isClose<T: FloatingPoint>(_ a: T, _ b: T, tolerance: T) -> Bool { abs(a - b) <= tolerance }

/// Whether two vectors agree within an absolute tolerance on their distance.
public func isClose(_ a: SIMD3<Float>, _ b: SIMD3<Float>, tolerance: Float) -> Bool {
    a.distance(to: b) <= tolerance
}

/// The angle between two directions in degrees, ignoring sign when `unsigned` (axes).
public func angleDegrees(_ a: SIMD3<Float>, _ b: SIMD3<Float>, unsigned: Bool = false) -> Float {
    guard let u = a.normalized, let v = b.normalized else { return .infinity }
    var c = u.dot(v)
    if unsigned { c = abs(c) }
    return acosf(max(-1, min(1, c))) * 180 / .pi
}

/// A fresh temporary directory for one test, removed by the caller (or left for inspection).
public func makeTemporaryDirectory(_ name: String = "fathom-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(name)-\(UInt64.random(in: 0...UInt64.max))", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

import Foundation
