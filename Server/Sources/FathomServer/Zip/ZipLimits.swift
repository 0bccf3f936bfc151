/// The limits an uploaded zip must respect before anything in it is extracted.
public struct ZipLimits: Sendable, Equatable {
    /// Most entries (files and folders) in one archive.
    public var maximumEntryCount: Int
    /// Most bytes all entries may expand to together.
    public var maximumUncompressedByteCount: Int64
    /// Largest ratio of expanded to stored bytes, over the whole archive and for each entry larger
    /// than `ratioCheckedEntryByteCount`. Deflate reaches about 1,000:1 on constant data; scan
    /// packages (binary depth and colour records, JSON) stay far below 20:1.
    public var maximumExpansionRatio: Double
    /// Entries that expand to fewer bytes than this are exempt from the per-entry ratio (small JSON
    /// files compress well and are harmless).
    public var ratioCheckedEntryByteCount: Int64
    /// Longest time extraction may take, seconds.
    public var maximumExtractionSeconds: Double

    /// Limits with defaults: 10,000 entries, 8 GiB expanded, ratio 100, per-entry ratio from 1 MiB, 120 s.
    public init(
        maximumEntryCount: Int = 10_000, maximumUncompressedByteCount: Int64 = 8 << 30,
        maximumExpansionRatio: Double = 100, ratioCheckedEntryByteCount: Int64 = 1 << 20,
        maximumExtractionSeconds: Double = 120
    ) {
        self.maximumEntryCount = maximumEntryCount
        self.maximumUncompressedByteCount = maximumUncompressedByteCount
        self.maximumExpansionRatio = maximumExpansionRatio
        self.ratioCheckedEntryByteCount = ratioCheckedEntryByteCount
        self.maximumExtractionSeconds = maximumExtractionSeconds
    }
}
