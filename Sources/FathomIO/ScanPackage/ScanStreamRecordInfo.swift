/// Where one record of a binary stream lies, from the stream's index pass.
public struct ScanStreamRecordInfo: Sendable, Equatable {
    /// The frame the record belongs to.
    public var frameNumber: Int
    /// The record's timestamp, seconds.
    public var timestamp: Double
    /// The record's first byte in the file.
    public var offset: Int
    /// The record's length, bytes.
    public var byteCount: Int

    /// Creates a record description.
    public init(frameNumber: Int, timestamp: Double, offset: Int, byteCount: Int) {
        self.frameNumber = frameNumber
        self.timestamp = timestamp
        self.offset = offset
        self.byteCount = byteCount
    }
}
