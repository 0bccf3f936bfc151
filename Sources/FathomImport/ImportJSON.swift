/// Helpers for JSON errors in import messages.
enum ImportJSON {
    /// A short description of a `DecodingError` naming the key path.
    static func describe(_ error: any Error) -> String {
        guard let e = error as? DecodingError else { return "\(error)" }
        func path(_ c: [any CodingKey]) -> String {
            c.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch e {
        case let .keyNotFound(key, ctx): return "missing key '\(path(ctx.codingPath))\(path(ctx.codingPath).isEmpty ? "" : ".")\(key.stringValue)'"
        case let .typeMismatch(_, ctx): return "wrong type at '\(path(ctx.codingPath))': \(ctx.debugDescription)"
        case let .valueNotFound(_, ctx): return "null at '\(path(ctx.codingPath))'"
        case let .dataCorrupted(ctx): return "invalid JSON\(ctx.codingPath.isEmpty ? "" : " at '\(path(ctx.codingPath))'"): \(ctx.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
