/// An uploaded scan: its owner, size and the check summary computed at upload.
public struct ScanRecord: Sendable, Equatable {
    /// The scan's identifier (`scan_…`).
    public var id: String
    /// The owning account.
    public var accountID: String
    /// When it was uploaded, seconds since 1970.
    public var createdAt: Double
    /// Size of the uploaded zip, bytes.
    public var byteCount: Int64
    /// The `ScanSummary` as JSON.
    public var summaryJSON: String

    /// A record with every field given.
    public init(id: String, accountID: String, createdAt: Double, byteCount: Int64, summaryJSON: String) {
        self.id = id
        self.accountID = accountID
        self.createdAt = createdAt
        self.byteCount = byteCount
        self.summaryJSON = summaryJSON
    }
}
