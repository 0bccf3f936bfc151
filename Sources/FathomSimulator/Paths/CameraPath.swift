import Foundation

/// A camera path evaluated at any time: the smooth motion of a `CameraPathDescription`.
public struct CameraPath: Sendable {
    /// The description.
    public let description: CameraPathDescription
    /// The natural duration: walking the whole curve, or the orbit's turns, seconds.
    public let duration: Double
    /// Walk only: positions along the curve (`[x, z]`) and cumulative arc lengths, metres.
    let curve: [SIMD2<Float>]
    let arcLength: [Float]

    /// Time to reach walking speed at the start of a walk, seconds.
    public static let accelerationTime: Double = 1
    /// How far ahead along the curve a walker looks, metres.
    public static let lookAhead: Float = 0.6
    /// Curve samples per waypoint segment.
    static let samplesPerSegment = 48

    /// Creates the path.
    /// - Throws: `SceneValidationError.invalidPath`.
    public init(_ description: CameraPathDescription) throws {
        try description.validate()
        self.description = description
        switch description {
        case .walk(let w):
            var pts = w.waypoints
            if w.closed { pts.append(w.waypoints[0]) }
            let n = pts.count
            func point(_ i: Int) -> SIMD2<Float> {
                if w.closed {
                    let m = n - 1  // distinct points
                    return pts[((i % m) + m) % m]
                }
                return pts[max(0, min(n - 1, i))]
            }
            var curve: [SIMD2<Float>] = []
            for seg in 0..<(n - 1) {
                let p0 = point(seg - 1)
                let p1 = point(seg)
                let p2 = point(seg + 1)
                let p3 = point(seg + 2)
                for k in 0..<Self.samplesPerSegment {
                    let t = Float(k) / Float(Self.samplesPerSegment)
                    let t2 = t * t
                    let t3 = t2 * t
                    let a = p1 * 2
                    let b = p2 - p0
                    let c = p0 * 2 - p1 * 5 + p2 * 4 - p3
                    let d = p1 * 3 - p0 - p2 * 3 + p3
                    curve.append((a + b * t + c * t2 + d * t3) * 0.5)
                }
            }
            curve.append(point(n - 1))
            var lengths: [Float] = [0]
            for i in 1..<curve.count { lengths.append(lengths[i - 1] + (curve[i] - curve[i - 1]).lengthXZ) }
            self.curve = curve
            arcLength = lengths
            duration = Double(lengths.last! / w.speed) + Self.accelerationTime / 2
        case .orbit(let o):
            curve = []
            arcLength = []
            duration = Double(o.turns * 360 / abs(o.degreesPerSecond))
        }
    }

    /// Total walking distance, metres (0 for an orbit).
    public var length: Float { arcLength.last ?? 0 }

    /// The floor-plan point at arc length `s` (clamped), `[x, z]`.
    func curvePoint(at s: Float) -> SIMD2<Float> {
        let s = max(0, min(length, s))
        var lo = 0
        var hi = arcLength.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if arcLength[mid] <= s { lo = mid } else { hi = mid }
        }
        let span = arcLength[hi] - arcLength[lo]
        let f = span > 0 ? (s - arcLength[lo]) / span : 0
        return curve[lo] + (curve[hi] - curve[lo]) * f
    }

    /// Distance walked at time `t`, metres.
    public func distanceWalked(at t: Double) -> Float {
        guard case .walk(let w) = description else { return 0 }
        let ta = Self.accelerationTime
        let s = t < ta ? Double(w.speed) * t * t / (2 * ta) : Double(w.speed) * (t - ta / 2)
        return Float(max(0, min(Double(length), s)))
    }

    /// The camera at time `t` seconds (clamped to the path).
    public func sample(at t: Double) -> PathSample {
        switch description {
        case .walk(let w):
            let s = distanceWalked(at: t)
            let p = curvePoint(at: s)
            let ahead = curvePoint(at: s + Self.lookAhead)
            let behind = curvePoint(at: s - Self.lookAhead)
            let dir = (ahead - p).lengthXZ > 1e-3 ? ahead - p : p - behind
            let tf = Float(t)
            let sweep = (w.headingOffsetDegrees + w.sweepDegrees * sin(2 * .pi * tf / w.sweepPeriod)) * .pi / 180
            let pitch = (w.pitchDegrees + 5 * sin(2 * .pi * tf / (1.7 * w.sweepPeriod))) * .pi / 180
            let bob = 0.01 * sin(2 * Float.pi * 1.8 * tf) * min(1, tf)
            return PathSample(
                position: SIMD3(p.x, w.eyeHeight + bob, p.y),
                heading: PathSample.heading(dx: dir.x, dz: dir.y) + sweep, pitch: pitch)
        case .orbit(let o):
            let angle = (o.startDegrees + o.degreesPerSecond * Float(t)) * .pi / 180
            let eye = SIMD3(o.center.x + o.radius * cos(angle), o.eyeHeight, o.center.z + o.radius * sin(angle))
            let f = o.center - eye
            let horizontal = (f.x * f.x + f.z * f.z).squareRoot()
            return PathSample(
                position: eye, heading: PathSample.heading(dx: f.x, dz: f.z), pitch: atan2(f.y, horizontal))
        }
    }
}
