/// How a reflected colour is brought into the displayable sRGB range (a soap film reflects only a
/// few percent of the light, so its physical colour is dark).
public enum SRGBScaling: Sendable, Equatable {
    /// Multiply the colour (XYZ, hence linear sRGB) by this factor, then clip each channel to 0…1.
    /// `exposure(1)` is the physical colour relative to a perfect white reflector under the same light.
    case exposure(Double)
    /// Clip negative channels to 0, then divide by the largest channel so that it becomes 1: keeps the
    /// hue and saturation, discards brightness. Black stays black.
    case normalized
}
