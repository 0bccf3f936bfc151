/// The capture layouts `fathom import` reads.
///
/// Each format has its own importer type and a page under `docs/import/` that states its camera,
/// depth and pose conventions; everything is converted to the scan package v1 conventions (ARKit's) at
/// the boundary, so nothing downstream knows where a capture came from.
public enum ImportFormat: String, Sendable, CaseIterable, Codable {
    /// Stray Scanner's folder: `depth/*.png`, `confidence/*.png`, `rgb.mp4`, `odometry.csv`, `camera_matrix.csv`.
    case stray
    /// Record3D's "EXR + JPG" export: `depth/*.exr`, `rgb/*.jpg`, `metadata.json`.
    case record3d
    /// An ARKitScenes raw sequence: `lowres_depth/`, `confidence/`, `lowres_wide/`, `lowres_wide.traj`, `lowres_wide_intrinsics/`.
    case arkitscenes
    /// ARKit-Data-Logger's text files: `ARKit_camera_pose.txt`, `ARKit_point_cloud.txt`.
    case arkitLogger = "arkit-logger"
    /// A RoomPlan `CapturedRoom` JSON file (becomes a floor plan, not a scan package).
    case roomplan
}
