/// Why a world map file could not be read.
public struct WorldMapError: Error, Equatable, CustomStringConvertible {
    /// The file concerned.
    public var file: String
    /// What is wrong, in words a user can act on.
    public var problem: String

    /// Creates an error.
    public init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    /// `"<file>: <problem>"`.
    public var description: String { "\(file): \(problem)" }
}
