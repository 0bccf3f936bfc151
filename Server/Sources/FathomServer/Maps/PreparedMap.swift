import Fathom
import Foundation

/// A stored world map made ready to localize sessions against: its registrar and its registration
/// cloud (taken from the file when it was prepared with the same settings, else computed once).
/// Immutable, so one instance serves concurrent requests.
public struct PreparedMap: Sendable {
    /// The map as stored (its anchors are kept in the store, not here).
    public let map: WorldMap
    /// The registration settings: the relocalizer's defaults with `mode`.
    public let registrar: PointCloudRegistrar
    /// The map's points prepared for registration.
    public let target: RegistrationCloud

    /// Prepares `map` for registrations in `mode` (gravity-aligned: yaw and translation; general: any
    /// rigid motion). O(map points) unless the map carries a matching prepared cloud.
    /// - Parameter adaptsToMap: whether the registration's distances are measured from the map
    ///   (`RelocalizerConfiguration.adaptsToMap`) rather than the relocalizer's fixed settings, which are
    ///   designed for filtered world maps (`WorldMapBuilder`'s, as the server builds from scans).
    public init(map: WorldMap, mode: RegistrationMode, adaptsToMap: Bool) {
        let configuration = Self.configuration(mode: mode, adaptsToMap: adaptsToMap)
        var settings = configuration.registration(forMap: map.points)
        // Settings measured from a degenerate map (all points in one spot, say) may be unusable: then
        // the fixed ones, which answer "not trusted" for such a map.
        if settings.problem != nil { settings = configuration.registration }
        registrar = PointCloudRegistrar(configuration: settings)
        if let stored = map.registrationCloud, stored.configuration == registrar.configuration {
            target = stored
        } else {
            target = registrar.prepare(map.points)
        }
        self.map = map
    }

    /// The relocalizer's settings with `mode` and `adaptsToMap`.
    public static func configuration(mode: RegistrationMode, adaptsToMap: Bool) -> RelocalizerConfiguration {
        var configuration = RelocalizerConfiguration()
        configuration.registration.mode = mode
        configuration.adaptsToMap = adaptsToMap
        return configuration
    }

    /// Registers a session's points (metres, the session's world frame) to the map. The result's
    /// `targetFromSource` is `mapFromSession`; its trust verdict says whether to believe it.
    /// - Parameter seed: seeds the registration's random sampling (the same request gives the same answer).
    public func localize(_ sessionPoints: [SIMD3<Float>], seed: UInt64) -> RegistrationResult {
        var generator = SeededGenerator(seed: seed)
        return registrar.register(source: PointCloud(unchecked: sessionPoints), target: target, using: &generator)
    }
}
