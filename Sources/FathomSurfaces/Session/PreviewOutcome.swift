/// What one frame's preview request did.
public enum PreviewOutcome: Sendable, Hashable {
    /// The previous preview was still running, so this frame's was skipped.
    case skipped
    /// No cloud point was inside the probe circle.
    case noSeed
    /// The search ran from `seed`.
    case searched(SurfaceSearchResult, seed: PickedSeed)
}
