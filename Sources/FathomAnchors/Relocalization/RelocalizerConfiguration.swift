import FathomCore
import FathomRegistration
/// Settings of `Relocalizer`, with documented defaults.
public struct RelocalizerConfiguration: Sendable, Hashable {
    /// The registration of the session's cloud to the map (default: gravity-aligned defaults). With
    /// `adaptsToMap` its distances are replaced by ones measured from the map.
    public var registration = RegistrationConfiguration()
    /// Derive the registration's voxel edge, radii and distances from the map's measured spacing and
    /// noise (`RegistrationConfiguration.adapting(source:target:)`, the map standing for both clouds:
    /// the session samples the same room with the same sensor); default false, which keeps
    /// `registration` as given — its defaults are designed for filtered world maps
    /// (`WorldMapBuilder`), and the scenario sweep holds its figures with them. Turn it on for maps of
    /// another density (raw feature-point maps, dense clouds).
    public var adaptsToMap = false
    /// Session time between attempts, seconds (default 0.5).
    public var attemptInterval: Double = 0.5
    /// Session time after which the relocalizer gives up, seconds (default 10).
    public var timeout: Double = 10
    /// No attempt is made before the session holds this many features (default 30).
    public var minimumFeatureCount: Int = 30
    /// A feature joins the session cloud once seen in this many frames (default 2); spurious
    /// detections, seen once, stay out.
    public var minimumSamplesPerFeature: Int = 2
    /// Trusted results needed in a row, agreeing within `agreementDistance`, before the relocalizer
    /// accepts (default 1: the first trusted result).
    public var requiredAgreements: Int = 1
    /// Two results agree when they move the map's points by at most this, metres (default 0.1).
    public var agreementDistance: Float = 0.1

    /// The defaults.
    public init() {}

    /// The registration settings used against a map with these points: `registration`, its distances
    /// adapted to the map's measured spacing and noise when `adaptsToMap`.
    public func registration(forMap points: PointCloud) -> RegistrationConfiguration {
        guard adaptsToMap else { return registration }
        let measured = RegistrationCloudMeasurements(measuring: points.positions)
        return registration.adapting(source: measured, target: measured)
    }

    /// A description of the first invalid setting, or `nil` when all are valid.
    public var problem: String? {
        if let p = registration.problem { return p }
        guard attemptInterval.isFinite, attemptInterval > 0 else { return "attemptInterval must be positive" }
        guard timeout.isFinite, timeout > 0 else { return "timeout must be positive" }
        guard minimumFeatureCount >= 0 else { return "minimumFeatureCount must be ≥ 0" }
        guard minimumSamplesPerFeature >= 1 else { return "minimumSamplesPerFeature must be ≥ 1" }
        guard requiredAgreements >= 1 else { return "requiredAgreements must be ≥ 1" }
        guard agreementDistance.isFinite, agreementDistance > 0 else { return "agreementDistance must be positive" }
        return nil
    }
}
