/// How a capture is imported: one configuration value for every importer.
public struct ImportOptions: Sendable {
    /// The format, or `nil` to recognise it from the files present.
    public var format: ImportFormat?
    /// Keep every K-th frame of the capture (1 = all), counted over the capture's frame list.
    public var every: Int
    /// Import colour frames when the capture has them and a decoder is available.
    public var includeColor: Bool
    /// Called between frames; returning `true` (or the current task being cancelled) stops the import
    /// with `ImportError.Kind.cancelled` and leaves no output behind.
    public var isCancelled: @Sendable () -> Bool

    /// Creates options.
    /// - Precondition: `every` ≥ 1.
    public init(
        format: ImportFormat? = nil, every: Int = 1, includeColor: Bool = true,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        precondition(every >= 1, "every must be at least 1")
        self.format = format
        self.every = every
        self.includeColor = includeColor
        self.isCancelled = isCancelled
    }
}
