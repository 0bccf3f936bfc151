import Foundation

/// Why a floor plan file could not be read or a plan could not be made.
public struct FloorPlanError: Error, Equatable, CustomStringConvertible {
    /// The file concerned, if any.
    public var file: String?
    /// What is wrong, in words a user can act on.
    public var problem: String

    /// Creates an error.
    public init(file: String? = nil, problem: String) {
        self.file = file
        self.problem = problem
    }

    /// `"<file>: <problem>"`, or the problem alone.
    public var description: String { file.map { "\($0): \(problem)" } ?? problem }
}
