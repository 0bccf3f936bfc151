import FathomCore
import Foundation

extension FilmPane {
    /// The pane of an anchor of kind `FilmPane.anchorKind`; throws `ThinFilmError` naming the anchor
    /// when its kind differs or its payload is not a valid pane.
    public init(anchor: Anchor) throws {
        guard anchor.kind == Self.anchorKind else {
            throw ThinFilmError(problem: "anchor \(anchor.id) is a \"\(anchor.kind)\", not a \"\(Self.anchorKind)\"")
        }
        do {
            self = try anchor.payload.decode(FilmPane.self)
        } catch {
            throw ThinFilmError(
                problem: "anchor \(anchor.id): the payload is not a film pane (\(Self.describe(error)))")
        }
    }

    /// An anchor carrying this pane at `worldFromAnchor` (the pane lies in the anchor's x–y plane, facing +z).
    public func anchor(worldFromAnchor: RigidTransform, id: UUID = UUID(), createdAt: Date = Date()) -> Anchor {
        // A pane's JSON form holds only finite numbers, so encoding cannot fail.
        let payload = try! AnchorPayload(encoding: self)
        return Anchor(
            id: id, worldFromAnchor: worldFromAnchor, kind: Self.anchorKind, createdAt: createdAt, payload: payload)
    }

    /// A decoding error in a sentence.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "\"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): wrong type"
        case DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): missing value"
        default: "\(error)"
        }
    }
}
