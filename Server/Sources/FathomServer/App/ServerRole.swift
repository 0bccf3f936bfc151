import ArgumentParser

/// What a server process runs.
public enum ServerRole: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// The HTTP API (and the webhook sender).
    case api
    /// Job workers (and the webhook sender), no HTTP.
    case worker
    /// Both: the single-process default.
    case all
}
