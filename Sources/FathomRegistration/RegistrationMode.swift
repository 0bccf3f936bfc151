import Foundation
/// Which rigid transforms a registration searches.
public enum RegistrationMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Both clouds are gravity-aligned (+y up, as ARKit's world frames are): the unknown is a turn
    /// (yaw) about +y and a translation — 4 degrees of freedom. Faster and more robust; use it for
    /// AR sessions.
    case gravityAligned
    /// Any rotation and translation — 6 degrees of freedom.
    case general
}
