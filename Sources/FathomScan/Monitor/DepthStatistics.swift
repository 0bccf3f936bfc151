import FathomCore

/// Summary of one depth reading, what the proximity rules need.
public struct DepthStatistics: Hashable, Sendable {
    /// Median of the valid depth samples, metres.
    public var medianDepthMetres: Float
    /// Fraction of samples with a valid (finite, positive) depth, 0…1.
    public var validFraction: Float

    /// Creates statistics; `nil` unless the median is finite and positive and the fraction in 0…1.
    public init?(medianDepthMetres: Float, validFraction: Float = 1) {
        guard medianDepthMetres.isFinite, medianDepthMetres > 0, validFraction >= 0, validFraction <= 1 else {
            return nil
        }
        self.medianDepthMetres = medianDepthMetres
        self.validFraction = validFraction
    }
}
