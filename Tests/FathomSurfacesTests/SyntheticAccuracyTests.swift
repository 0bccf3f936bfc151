import FathomCore
import FathomSimulator
import FathomTestSupport
import Testing

@testable import FathomSurfaces

/// Errors of a found surface against the truth of a synthetic scene.
struct SurfaceErrors {
    var typeMatches = false
    var radiusRelative: Float = .infinity
    var axisDegrees: Float = .infinity
    var precision: Float = 0
    var recall: Float = 0
}

/// Compares a result with a scene's truth; precision and recall against the true points within the
/// band of ±3 × accuracy of the true surface.
func errors(of result: SurfaceSearchResult, in scene: SyntheticPrimitiveScene) -> SurfaceErrors {
    var e = SurfaceErrors()
    guard let s = result.surface else { return e }
    switch (s, scene.truth) {
    case let (.plane(p), .plane(_, n)):
        e.typeMatches = true
        e.radiusRelative = 0
        e.axisDegrees = angleDegrees(p.normal, n, unsigned: true)
    case let (.sphere(p), .sphere(c, r)):
        e.typeMatches = true
        e.radiusRelative = abs(p.radius - r) / r
        e.axisDegrees = 0
        _ = c
    case let (.cylinder(p), .cylinder(_, a, r)):
        e.typeMatches = true
        e.radiusRelative = abs(p.radius - r) / r
        e.axisDegrees = angleDegrees(p.axis, a, unsigned: true)
    case let (.cone(p), .cone(_, a, t)):
        e.typeMatches = true
        e.radiusRelative = abs(p.halfAngle - t) / t
        e.axisDegrees = angleDegrees(p.axis, a, unsigned: true)
    case let (.torus(p), .torus(_, a, big, small)):
        e.typeMatches = true
        e.radiusRelative = max(abs(p.meanRadius - big) / big, abs(p.tubeRadius - small) / small)
        e.axisDegrees = angleDegrees(p.axis, a, unsigned: true)
    default:
        return e
    }
    let found = Set(s.fit.inlierIndices)
    let truePoints = 0..<scene.objectCount
    let hits = truePoints.reduce(0) { $0 + (found.contains($1) ? 1 : 0) }
    e.precision = Float(hits) / Float(max(found.count, 1))
    e.recall = Float(hits) / Float(scene.objectCount)
    return e
}

func search(_ scene: SyntheticPrimitiveScene, _ type: SurfaceType, accuracy: Float) -> SurfaceSearch {
    SurfaceSearch(type: type, seed: .index(0), seedRadius: scene.seedRadius, accuracy: accuracy)
}

@Suite struct SyntheticAccuracyTests {
    static let cases: [(SyntheticPrimitiveScene.Kind, SurfaceType)] = [
        (.plane, .plane), (.sphere, .sphere), (.cylinder, .cylinder), (.cone, .cone), (.torus, .torus),
    ]

    @Test(arguments: [UInt64(1), 2])
    func findsEachPrimitiveAtOneMillimetreNoise(seed: UInt64) throws {
        for (kind, type) in Self.cases {
            let scene = SyntheticPrimitiveScene(kind, noise: 0.001, seed: seed &* 31 &+ UInt64(type.hashValue & 0))
            let finder = try SurfaceFinder(positions: scene.positions)
            let result = try finder.find(search(scene, type, accuracy: 0.001))
            let e = errors(of: result, in: scene)
            #expect(e.typeMatches, "\(kind) seed \(seed): \(result)")
            #expect(e.radiusRelative <= 0.005, "\(kind) seed \(seed) radius error \(e.radiusRelative)")
            #expect(e.axisDegrees <= 0.5, "\(kind) seed \(seed) axis error \(e.axisDegrees)°")
            #expect(e.precision >= 0.95, "\(kind) seed \(seed) precision \(e.precision)")
            #expect(e.recall >= 0.95, "\(kind) seed \(seed) recall \(e.recall)")
        }
    }
}
