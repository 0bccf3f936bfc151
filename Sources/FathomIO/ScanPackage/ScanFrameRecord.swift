import FathomCore
import Foundation

/// One entry of `arkitData.json`'s `frames` array, exactly as stored (the JSON form of `CameraFrame`).
struct ScanFrameRecord: Codable, Equatable {
    var frameNumber: Int
    var timestamp: Double
    /// worldFromCamera, 16 numbers, column-major; non-finite entries are stored as strings.
    var cameraTransform: [Float]
    /// 3×3 intrinsics, column-major, for `imageResolution`.
    var cameraIntrinsics: [Float]
    /// Width and height of the camera image, pixels.
    var imageResolution: [Int]
    var trackingState: String
    var worldMappingStatus: String?
    var orientation: String?

    init(_ frame: CameraFrame) {
        frameNumber = frame.frameNumber
        timestamp = frame.timestamp
        cameraTransform = frame.cameraTransform.columnMajor
        cameraIntrinsics = frame.intrinsics.columnMajor
        imageResolution = [frame.intrinsics.width, frame.intrinsics.height]
        trackingState = frame.trackingState.string
        worldMappingStatus = frame.worldMappingStatus?.rawValue
        orientation = frame.orientation?.rawValue
    }

    /// The camera frame, or a description of what is wrong with the record.
    func cameraFrame() -> Result<CameraFrame, RecordProblem> {
        guard let transform = Matrix4x4(columnMajor: cameraTransform) else {
            return .failure(.init("cameraTransform has \(cameraTransform.count) numbers, expected 16"))
        }
        guard imageResolution.count == 2 else {
            return .failure(.init("imageResolution has \(imageResolution.count) numbers, expected 2"))
        }
        guard
            let intrinsics = CameraIntrinsics(
                columnMajor: cameraIntrinsics, width: imageResolution[0], height: imageResolution[1])
        else {
            return .failure(.init("invalid cameraIntrinsics \(cameraIntrinsics) for resolution \(imageResolution)"))
        }
        guard let tracking = TrackingState(string: trackingState) else {
            return .failure(.init("unknown trackingState '\(trackingState)'"))
        }
        var mapping: WorldMappingStatus?
        if let worldMappingStatus {
            guard let m = WorldMappingStatus(rawValue: worldMappingStatus) else {
                return .failure(.init("unknown worldMappingStatus '\(worldMappingStatus)'"))
            }
            mapping = m
        }
        var orient: DeviceOrientation?
        if let orientation {
            guard let o = DeviceOrientation(rawValue: orientation) else {
                return .failure(.init("unknown orientation '\(orientation)'"))
            }
            orient = o
        }
        return .success(
            CameraFrame(
                frameNumber: frameNumber, timestamp: timestamp, cameraTransform: transform, intrinsics: intrinsics,
                trackingState: tracking, worldMappingStatus: mapping, orientation: orient))
    }

    /// Why a record does not make a camera frame.
    struct RecordProblem: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
