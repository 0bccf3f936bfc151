/// Why a thin-film computation, a film pane or a pane export was refused.
public struct ThinFilmError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in words a user can act on (naming the anchor or file concerned, if any).
    public var problem: String

    /// Creates an error.
    public init(problem: String) { self.problem = problem }

    /// The problem.
    public var description: String { problem }
}
