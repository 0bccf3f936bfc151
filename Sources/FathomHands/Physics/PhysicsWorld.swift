import FathomCore

/// A small, deterministic physics world for hand play: balls on bounded support surfaces under
/// gravity, rolling with rolling resistance, bouncing off each other, pushed by a kinematic sphere
/// (the touch point).
///
/// Fixed time step, semi-implicit Euler (velocity first, then position), contacts resolved by
/// projection with velocity impulses. A ball in contact rolls: the in-plane part of gravity
/// accelerates it by 5/7 (a solid sphere rolling without slipping), and rolling resistance slows it.
/// Surfaces are thin two-sided rectangles: a ball touching an edge is pushed away from the edge, so
/// balls roll off and fall past the rim.
public struct PhysicsWorld: Sendable {
    /// The settings.
    public var configuration: PhysicsConfiguration
    /// The support surfaces.
    public var surfaces: [TouchSurface]
    /// The balls.
    public var balls: [Ball]
    /// The pushing sphere, or `nil` when there is no touch.
    public private(set) var pusher: KinematicSphere?
    /// Simulated time, seconds.
    public private(set) var time: Double = 0
    private var pusherTarget: SIMD3<Float>?
    private var unsimulated: Float = 0

    /// Tolerance for treating a contact normal as degenerate (the centre on the surface), metres.
    static let degenerateDistance: Float = 1e-6
    /// Solid sphere: the share of in-plane gravity that accelerates a ball rolling without slipping.
    static let rollingAccelerationFactor: Float = 5.0 / 7.0

    /// Creates a world.
    public init(configuration: PhysicsConfiguration = PhysicsConfiguration(), surfaces: [TouchSurface] = [],
                balls: [Ball] = []) {
        self.configuration = configuration
        self.surfaces = surfaces
        self.balls = balls
    }

    /// Places the pushing sphere (the touch) at `position`, or removes it with `nil`. Over the next
    /// `advance(by:)` it moves there at constant speed; a new pusher appears at once.
    public mutating func movePusher(to position: SIMD3<Float>?, radius: Float = 0.01) {
        guard let position else {
            pusher = nil
            pusherTarget = nil
            return
        }
        if pusher == nil || pusher!.radius != radius {
            let start = pusher?.position ?? position
            pusher = KinematicSphere(position: start, radius: radius)
        }
        pusherTarget = position
    }

    /// Advances by `seconds` in whole fixed steps (the remainder carries over to the next call); the
    /// pusher reaches its target at the end.
    public mutating func advance(by seconds: Float) {
        unsimulated += max(0, seconds)
        let dt = configuration.timeStep
        let steps = Int((unsimulated / dt).rounded(.down))
        unsimulated -= Float(steps) * dt
        let start = pusher?.position
        for k in 0..<steps {
            if let start, let target = pusherTarget {
                let f = Float(k + 1) / Float(steps)
                let next = start + (target - start) * f
                pusher!.velocity = (next - pusher!.position) / dt
                pusher!.position = next
            }
            step()
        }
        if steps == 0, let target = pusherTarget { pusher?.position = target }
        pusher?.velocity = .zero
    }

    /// One fixed time step.
    public mutating func step() {
        let c = configuration
        let dt = c.timeStep
        let g = c.gravity
        for i in balls.indices {
            var v = balls[i].velocity + g * dt
            if let n = balls[i].contactNormal {
                // Rolling: only 5/7 of the in-plane gravity accelerates the centre.
                let gTangent = g - n * g.dot(n)
                v -= gTangent * ((1 - Self.rollingAccelerationFactor) * dt)
            }
            balls[i].velocity = v
            balls[i].position += v * dt
            balls[i].contactNormal = nil
        }
        for _ in 0..<c.contactIterations {
            resolveSurfaceContacts()
            resolveBallContacts()
            resolvePusherContacts()
        }
        applyRollingFriction()
        time += Double(dt)
    }

    /// Kinetic plus gravitational potential energy of the balls, joules (potential zero at the origin).
    public var mechanicalEnergy: Float {
        balls.reduce(0) { e, b in e + 0.5 * b.mass * b.velocity.lengthSquared - b.mass * configuration.gravity.dot(b.position) }
    }

    private mutating func resolveSurfaceContacts() {
        for i in balls.indices {
            for surface in surfaces {
                let b = balls[i]
                let d = surface.plane.signedDistance(to: b.position)
                guard abs(d) < b.radius else { continue }
                let delta = b.position - surface.closestPoint(to: b.position)
                let dist = delta.length
                guard dist < b.radius else { continue }
                let n = dist > Self.degenerateDistance ? delta / dist : (d >= 0 ? surface.normal : -surface.normal)
                balls[i].position += n * (b.radius - dist)
                bounce(&balls[i].velocity, normal: n, obstacleVelocity: .zero)
                balls[i].contactNormal = n
            }
        }
    }

    private mutating func resolveBallContacts() {
        guard balls.count > 1 else { return }
        for i in 0..<(balls.count - 1) {
            for j in (i + 1)..<balls.count {
                let delta = balls[j].position - balls[i].position
                let dist = delta.length
                let reach = balls[i].radius + balls[j].radius
                guard dist < reach, dist > Self.degenerateDistance else { continue }
                let n = delta / dist
                let wi = 1 / balls[i].mass, wj = 1 / balls[j].mass
                let push = (reach - dist) / (wi + wj)
                balls[i].position -= n * (push * wi)
                balls[j].position += n * (push * wj)
                let approach = (balls[j].velocity - balls[i].velocity).dot(n)
                guard approach < 0 else { continue }
                let e = -approach > configuration.bounceThreshold ? configuration.restitution : 0
                let impulse = -(1 + e) * approach / (wi + wj)
                balls[i].velocity -= n * (impulse * wi)
                balls[j].velocity += n * (impulse * wj)
            }
        }
    }

    private mutating func resolvePusherContacts() {
        guard let p = pusher else { return }
        for i in balls.indices {
            let delta = balls[i].position - p.position
            let dist = delta.length
            let reach = balls[i].radius + p.radius
            guard dist < reach, dist > Self.degenerateDistance else { continue }
            let n = delta / dist
            balls[i].position = p.position + n * reach
            bounce(&balls[i].velocity, normal: n, obstacleVelocity: p.velocity)
        }
    }

    /// Removes the approaching part of `velocity` relative to an obstacle along `normal` (pointing
    /// from the obstacle to the ball), reflected by the restitution when the impact is fast enough.
    private func bounce(_ velocity: inout SIMD3<Float>, normal n: SIMD3<Float>, obstacleVelocity: SIMD3<Float>) {
        let approach = (velocity - obstacleVelocity).dot(n)
        guard approach < 0 else { return }
        let e = -approach > configuration.bounceThreshold ? configuration.restitution : 0
        velocity -= n * ((1 + e) * approach)
    }

    private mutating func applyRollingFriction() {
        let slowdown = configuration.rollingFriction * configuration.gravity.length * configuration.timeStep
        for i in balls.indices {
            guard let n = balls[i].contactNormal else { continue }
            let v = balls[i].velocity
            let vn = n * v.dot(n)
            let vt = v - vn
            let speed = vt.length
            balls[i].velocity = vn + (speed > slowdown ? vt * (1 - slowdown / speed) : .zero)
        }
    }
}
