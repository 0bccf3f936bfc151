/// Limits a zip must respect before anything is extracted from it: a hostile or damaged archive is
/// refused in milliseconds instead of filling a disk or holding a worker.
///
/// The expansion limit is relative to the archive: the entries together may declare at most
/// `expansionAllowanceByteCount + maximumExpansionRatio × archive bytes`, and never more than
/// `maximumTotalByteCount`. A scan package deflates to about 1.6× (depth, colour and feature streams
/// are noisy binary data; JSON reaches ~5×), so 100× leaves a wide margin while a zip bomb (ratios of
/// 1,000× and more) is refused.
struct ZipLimits: Sendable, Equatable {
    /// The most entries an archive may hold.
    var maximumEntryCount: Int
    /// The largest central directory read into memory, bytes.
    var maximumDirectoryByteCount: Int
    /// The longest entry name, bytes (UTF-8).
    var maximumPathByteCount: Int
    /// Total uncompressed bytes allowed per archive byte, on top of `expansionAllowanceByteCount`.
    var maximumExpansionRatio: Int
    /// Total uncompressed bytes every archive may declare whatever its size, bytes.
    var expansionAllowanceByteCount: Int
    /// Absolute cap on the total uncompressed bytes of one archive, bytes.
    var maximumTotalByteCount: Int

    /// 10,000 entries, a 64 MiB central directory, 1,024-byte names, 1 MiB + 100× the archive, at most 64 GiB in total.
    static let `default` = ZipLimits(
        maximumEntryCount: 10_000, maximumDirectoryByteCount: 64 << 20, maximumPathByteCount: 1024, maximumExpansionRatio: 100,
        expansionAllowanceByteCount: 1 << 20, maximumTotalByteCount: 64 << 30)

    /// The total uncompressed bytes allowed for an archive of `archiveByteCount` bytes.
    func totalByteLimit(archiveByteCount: Int) -> Int {
        let (scaled, overflow) = archiveByteCount.multipliedReportingOverflow(by: maximumExpansionRatio)
        if overflow { return maximumTotalByteCount }
        return min(maximumTotalByteCount, expansionAllowanceByteCount + scaled)
    }
}
