import FathomCore
import FathomTestSupport
import Testing

@Suite struct TransformTests {
    @Test func inverseAndCompositionRoundTrip() {
        let worldFromCamera = RigidTransform(
            rotation: .rotation(axis: SIMD3(0.3, 1, -0.2), angle: 0.9), translation: SIMD3(1, 1.5, -2))
        let p = SIMD3<Float>(0.2, -0.4, -1.7)
        let back = worldFromCamera.inverse.apply(to: worldFromCamera.apply(to: p))
        #expect(isClose(back, p, tolerance: 1e-5))
        let identity = worldFromCamera * worldFromCamera.inverse
        #expect(identity.isApproximatelyEqual(to: .identity))
        #expect(RigidTransform(worldFromCamera.matrix)!.isApproximatelyEqual(to: worldFromCamera))
    }

    @Test func matrixValidationRejectsBadPoses() {
        var m = Matrix4x4.identity
        m.columns.0.x = .nan
        #expect(RigidTransform(m) == nil)
        var scaled = Matrix4x4.identity
        scaled.columns.1.y = 2
        #expect(RigidTransform(scaled) == nil)
        #expect(Matrix4x4(columnMajor: [1, 2, 3]) == nil)
    }

    @Test func quaternionMatchesAxisAngle() {
        // 90° about +Z: (x, y, z, w) = (0, 0, sin 45°, cos 45°).
        let s = Float(0.5).squareRoot()
        let q = Matrix3x3(quaternion: SIMD4(0, 0, s, s))
        #expect(q.isApproximatelyEqual(to: .rotation(axis: SIMD3(0, 0, 1), angle: .pi / 2)))
        #expect(isClose(q * SIMD3(1, 0, 0), SIMD3(0, 1, 0), tolerance: 1e-6))
    }

    @Test func lookAtPointsCameraMinusZAtTarget() {
        let t = RigidTransform.lookAt(eye: SIMD3(0, 1.5, 2), target: SIMD3(0, 1.5, 0))!
        #expect(isClose(t.applyToDirection(SIMD3(0, 0, -1)), SIMD3(0, 0, -1), tolerance: 1e-6))
        #expect(isClose(t.applyToDirection(SIMD3(0, 1, 0)), SIMD3(0, 1, 0), tolerance: 1e-6))
        #expect(RigidTransform.lookAt(eye: .zero, target: SIMD3(0, 5, 0)) == nil)
    }
}

@Suite struct RotationAngleTests {
    @Test func smallAnglesAreAccurate() {
        for angle: Float in [0, 1e-6, 1e-4, 0.01, 1, 3] {
            let r = Matrix3x3.rotation(axis: SIMD3(0.2, -1, 0.5), angle: angle)
            #expect(abs(r.rotationAngle - angle) <= max(2e-7, angle * 1e-5))
        }
    }

    @Test func nearlyEqualTransformsCompareEqual() {
        let r = Matrix3x3.rotation(axis: SIMD3(0, 1, 0), angle: 2.1)
        let perturbed = Matrix3x3(columns: r.columns.0 + SIMD3(1e-7, 0, 0), r.columns.1, r.columns.2)
        let a = RigidTransform(rotation: r, translation: SIMD3(0.5, 1.4, -0.9))
        let b = RigidTransform(rotation: perturbed, translation: SIMD3(0.5, 1.4, -0.9))
        #expect(a.isApproximatelyEqual(to: b))
    }
}
