import FathomCore
import Testing
@testable import FathomHands

@Suite struct PhysicsWorldTests {
    let table = TouchSurface.horizontal(center: SIMD3(0, 0.7, 0), sizeX: 1.0, sizeZ: 0.6)!

    func world(_ balls: [Ball], configuration: PhysicsConfiguration = PhysicsConfiguration()) -> PhysicsWorld {
        PhysicsWorld(configuration: configuration, surfaces: [table], balls: balls)
    }

    @Test func ballValidation() {
        #expect(Ball(position: .zero, radius: 0, mass: 1) == nil)
        #expect(Ball(position: .zero, radius: 0.05, mass: -1) == nil)
        #expect(Ball(position: SIMD3(.nan, 0, 0), radius: 0.05, mass: 1) == nil)
    }

    @Test func droppedBallComesToRestAtRadiusHeight() throws {
        let ball = try #require(Ball(position: SIMD3(0.1, 1.0, 0.05), radius: 0.05, mass: 0.2))
        var w = world([ball])
        var bounced = false
        var wasFalling = false
        for _ in 0..<(3 * 120) {
            w.step()
            if w.balls[0].velocity.y < 0 { wasFalling = true }
            if wasFalling && w.balls[0].velocity.y > 0.1 { bounced = true }
        }
        #expect(bounced)
        let b = w.balls[0]
        #expect(abs(b.position.y - 0.75) < 1e-3)
        #expect(b.velocity.length < 1e-3)
        #expect(abs(b.position.x - 0.1) < 1e-4 && abs(b.position.z - 0.05) < 1e-4)
        #expect(b.contactNormal == SIMD3(0, 1, 0))
    }

    @Test func energyNeverGrows() throws {
        var g = SeededGenerator(seed: 11)
        var balls: [Ball] = []
        for _ in 0..<6 {
            let p = SIMD3(Float.random(in: -0.3...0.3, using: &g), Float.random(in: 0.8...1.2, using: &g),
                          Float.random(in: -0.2...0.2, using: &g))
            let v = SIMD3(Float.random(in: -0.5...0.5, using: &g), 0, Float.random(in: -0.5...0.5, using: &g))
            balls.append(try #require(Ball(position: p, velocity: v, radius: Float.random(in: 0.02...0.06, using: &g),
                                           mass: Float.random(in: 0.05...0.5, using: &g))))
        }
        var w = world(balls)
        let start = w.mechanicalEnergy
        // Position corrections may lift a resting ball by at most one step's fall; allow that much.
        let tolerance = balls.reduce(Float(0)) { $0 + $1.mass } * 9.81 * 2e-3
        var previous = start
        var maximumRise: Float = 0
        for _ in 0..<(4 * 120) {
            w.step()
            let e = w.mechanicalEnergy
            maximumRise = max(maximumRise, e - previous)
            previous = e
            #expect(e <= start + tolerance)
        }
        #expect(maximumRise <= tolerance)
        #expect(w.mechanicalEnergy < start)
    }

    @Test func pushedBallMovesAwayAlongThePush() throws {
        let ball = try #require(Ball(position: SIMD3(0, 0.75, 0), radius: 0.05, mass: 0.1))
        var w = world([ball])
        for _ in 0..<60 { w.step() }
        let rest = w.balls[0].position
        // The touch approaches from −X at the touch height (1 cm above the table) and pushes through.
        w.movePusher(to: SIMD3(-0.15, 0.71, 0))
        w.advance(by: 1.0 / 30)
        for k in 1...15 {
            w.movePusher(to: SIMD3(-0.15 + Float(k) * 0.02, 0.71, 0))
            w.advance(by: 1.0 / 30)
        }
        w.movePusher(to: nil)
        for _ in 0..<30 { w.step() }
        let b = w.balls[0]
        #expect(b.position.x > rest.x + 0.1)
        #expect(b.velocity.x > 0.05)
        #expect(abs(b.position.z) < 1e-4)
        #expect(abs(b.position.y - 0.75) < 2e-3)
        // Rolling: it spins about −Z when moving along +X on an upward normal.
        #expect(b.rollingAngularVelocity.z < 0)
    }

    @Test func rollingBallSlowsDown() throws {
        let ball = try #require(Ball(position: SIMD3(-0.4, 0.75, 0), velocity: SIMD3(0.3, 0, 0), radius: 0.05, mass: 0.1))
        var w = world([ball], configuration: PhysicsConfiguration(rollingFriction: 0.05))
        for _ in 0..<120 { w.step() }
        // Deceleration 0.05 × 9.81 ≈ 0.49 m/s²: it stops after ≈ 0.61 s, ≈ 0.092 m on.
        #expect(w.balls[0].velocity.length < 1e-4)
        #expect(abs(w.balls[0].position.x - (-0.4 + 0.3 * 0.3 / (2 * 0.05 * 9.81))) < 0.01)
    }

    @Test func ballRollsOffTheEdgeAndFalls() throws {
        let ball = try #require(Ball(position: SIMD3(0.3, 0.75, 0), velocity: SIMD3(0.5, 0, 0), radius: 0.03, mass: 0.1))
        var w = world([ball])
        for _ in 0..<120 { w.step() }
        let b = w.balls[0]
        #expect(b.position.x > 0.5)
        #expect(b.position.y < 0.7 - 0.03)
        #expect(b.contactNormal == nil)
    }

    @Test func ballsCollideAndExchangeMomentum() throws {
        let a = try #require(Ball(position: SIMD3(-0.2, 0.75, 0), velocity: SIMD3(0.6, 0, 0), radius: 0.05, mass: 0.1))
        let b = try #require(Ball(position: SIMD3(0.05, 0.75, 0), radius: 0.05, mass: 0.1))
        var w = world([a, b], configuration: PhysicsConfiguration(restitution: 1, rollingFriction: 0))
        for _ in 0..<60 { w.step() }
        // Equal masses, elastic: the first stops, the second carries on.
        #expect(w.balls[0].velocity.x < 0.05)
        #expect(w.balls[1].velocity.x > 0.5)
        #expect(w.balls[1].position.x - w.balls[0].position.x >= 0.1 - 1e-4)
    }

    @Test func advanceUsesWholeFixedSteps() throws {
        let ball = try #require(Ball(position: SIMD3(0, 2, 0), radius: 0.05, mass: 0.1))
        var stepped = world([ball])
        var advanced = world([ball])
        for _ in 0..<10 { stepped.step() }
        advanced.advance(by: 10.5 / 120)
        #expect(advanced.balls == stepped.balls)
        #expect(abs(advanced.time - 10.0 / 120) < 1e-6)
    }
}
