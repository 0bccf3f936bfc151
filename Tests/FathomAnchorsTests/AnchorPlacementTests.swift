import FathomAnchors
import FathomCore
import FathomTestSupport
import Foundation
import Testing

@Suite struct AnchorPlacementTests {
    static let eye = SIMD3<Float>(1, 1.5, 2)
    static let degrees: Float = .pi / 180

    func expectPose(
        _ pose: RigidTransform, position: SIMD3<Float>, x: SIMD3<Float>, y: SIMD3<Float>, z: SIMD3<Float>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let c = pose.rotation.columns
        #expect(pose.translation.distance(to: position) < 1e-5, "position \(pose.translation)", sourceLocation: sourceLocation)
        #expect(c.0.distance(to: x) < 1e-5, "x \(c.0)", sourceLocation: sourceLocation)
        #expect(c.1.distance(to: y) < 1e-5, "y \(c.1)", sourceLocation: sourceLocation)
        #expect(c.2.distance(to: z) < 1e-5, "z \(c.2)", sourceLocation: sourceLocation)
        #expect(pose.rotation.isRotation, sourceLocation: sourceLocation)
    }

    @Test func levelCameraPlacesThePane08MetresAheadFacingIt() {
        let pose = AnchorPlacement.standard.worldFromAnchor(worldFromCamera: RigidTransform(translation: Self.eye))
        expectPose(pose, position: SIMD3(1, 1.5, 1.2), x: SIMD3(1, 0, 0), y: SIMD3(0, 1, 0), z: SIMD3(0, 0, 1))
    }

    @Test func yawedCameraLookingAlongMinusX() {
        // R_y(90°) turns the camera's −z (view) into world −x.
        let camera = RigidTransform(rotation: .rotation(axis: SIMD3(0, 1, 0), angle: 90 * Self.degrees), translation: Self.eye)
        let pose = AnchorPlacement(distance: 2)!.worldFromAnchor(worldFromCamera: camera)
        expectPose(pose, position: SIMD3(-1, 1.5, 2), x: SIMD3(0, 0, -1), y: SIMD3(0, 1, 0), z: SIMD3(1, 0, 0))
    }

    @Test func pitchedAndRolledCameraGivesATiltedPaneWithoutRoll() {
        // Looking 30° down: the camera's +z is (0, sin 30°, cos 30°); the pane tilts back with it, and
        // its +y is world up made perpendicular: (0, cos 30°, −sin 30°). Rolling the device changes nothing.
        let pitch = Matrix3x3.rotation(axis: SIMD3(1, 0, 0), angle: -30 * Self.degrees)
        let roll = Matrix3x3.rotation(axis: SIMD3(0, 0, 1), angle: 20 * Self.degrees)
        let s: Float = 0.5, c = Float(0.75).squareRoot()
        for rotation in [pitch, pitch * roll] {
            let pose = AnchorPlacement.standard.worldFromAnchor(
                worldFromCamera: RigidTransform(rotation: rotation, translation: Self.eye))
            expectPose(pose, position: Self.eye - 0.8 * SIMD3(0, s, c), x: SIMD3(1, 0, 0), y: SIMD3(0, c, -s), z: SIMD3(0, s, c))
        }
        let upright = AnchorPlacement(orientation: .upright)!.worldFromAnchor(
            worldFromCamera: RigidTransform(rotation: pitch * roll, translation: Self.eye))
        expectPose(upright, position: Self.eye - 0.8 * SIMD3(0, s, c), x: SIMD3(1, 0, 0), y: SIMD3(0, 1, 0), z: SIMD3(0, 0, 1))
    }

    @Test func straightDownUsesTheImageUpDirection() {
        // Looking straight down: the camera's +z is world +y and its +y (image up) is world −z.
        let camera = RigidTransform(rotation: .rotation(axis: SIMD3(1, 0, 0), angle: -90 * Self.degrees), translation: Self.eye)
        let facing = AnchorPlacement.standard.worldFromAnchor(worldFromCamera: camera)
        expectPose(facing, position: Self.eye - SIMD3(0, 0.8, 0), x: SIMD3(1, 0, 0), y: SIMD3(0, 0, -1), z: SIMD3(0, 1, 0))
        let upright = AnchorPlacement(orientation: .upright)!.worldFromAnchor(worldFromCamera: camera)
        expectPose(upright, position: Self.eye - SIMD3(0, 0.8, 0), x: SIMD3(1, 0, 0), y: SIMD3(0, 1, 0), z: SIMD3(0, 0, 1))
    }

    @Test func anchorFrontFacesTheCameraFromAnyPose() {
        var g = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            let camera = RigidTransform(
                rotation: .rotation(axis: g.nextUnitVector(), angle: Float.random(in: 0...Float.pi, using: &g)),
                translation: SIMD3(Float.random(in: -3...3, using: &g), 1.4, Float.random(in: -3...3, using: &g)))
            let pose = AnchorPlacement.standard.worldFromAnchor(worldFromCamera: camera)
            let toCamera = camera.translation - pose.translation
            #expect(abs(toCamera.length - 0.8) < 1e-4)
            #expect(pose.rotation.columns.2.dot(toCamera / toCamera.length) > 1 - 1e-4)
            #expect(pose.rotation.isRotation)
            // No roll: +x stays horizontal.
            #expect(abs(pose.rotation.columns.0.y) < 1e-4)
        }
    }

    @Test func invalidDistancesAreRejected() {
        #expect(AnchorPlacement(distance: 0) == nil)
        #expect(AnchorPlacement(distance: -1) == nil)
        #expect(AnchorPlacement(distance: .nan) == nil)
        #expect(AnchorPlacement.standard.distance == 0.8)
    }
}
