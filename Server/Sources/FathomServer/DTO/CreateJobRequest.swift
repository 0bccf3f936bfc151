/// `POST /v1/jobs` body: the scans to convert into one floor plan.
public struct CreateJobRequest: Codable, Sendable {
    /// One or more scan identifiers of the caller's account.
    public var scans: [String]
}
