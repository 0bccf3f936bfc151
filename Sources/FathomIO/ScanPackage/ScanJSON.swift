import Foundation

/// The JSON conventions of the scan package's files.
///
/// JSON has no NaN or infinity; the package writes non-finite numbers as the strings `"NaN"`,
/// `"Infinity"` and `"-Infinity"` and reads them back (see `docs/scan-package-v1.md`, Fathom additions).
enum ScanJSON {
    /// The string written for NaN.
    static let nanString = "NaN"
    /// The string written for +∞.
    static let positiveInfinityString = "Infinity"
    /// The string written for −∞.
    static let negativeInfinityString = "-Infinity"

    /// An encoder with sorted keys, compact output and non-finite numbers as strings.
    static func encoder(pretty: Bool = false) -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        e.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: positiveInfinityString, negativeInfinity: negativeInfinityString, nan: nanString)
        return e
    }

    /// A decoder that accepts the non-finite strings.
    static func decoder() -> JSONDecoder {
        let d = JSONDecoder()
        d.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: positiveInfinityString, negativeInfinity: negativeInfinityString, nan: nanString)
        return d
    }

    /// Decodes `T` from the file at `url`, mapping failures to `ScanPackageError` naming `displayName`.
    static func read<T: Decodable>(_ type: T.Type, from url: URL, displayName: String) throws -> T {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            if !FileManager.default.fileExists(atPath: url.path) {
                throw ScanPackageError(.missingFile, file: displayName, problem: "required file is missing")
            }
            throw ScanPackageError(.io, file: displayName, problem: "cannot read: \(error.localizedDescription)")
        }
        return try decode(type, from: data, displayName: displayName)
    }

    /// Decodes `T` from `data`, mapping failures to `ScanPackageError` naming `displayName`.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, displayName: String) throws -> T {
        do { return try decoder().decode(type, from: data) } catch let e as ScanPackageError {
            throw e
        } catch let DecodingError.dataCorrupted(c) {
            throw ScanPackageError(
                .corrupt, file: displayName, problem: "invalid JSON\(path(c.codingPath)): \(c.debugDescription)")
        } catch let DecodingError.keyNotFound(k, c) {
            throw ScanPackageError(
                .corrupt, file: displayName, problem: "missing key '\(k.stringValue)'\(path(c.codingPath))")
        } catch let DecodingError.typeMismatch(_, c) {
            throw ScanPackageError(
                .corrupt, file: displayName, problem: "wrong type\(path(c.codingPath)): \(c.debugDescription)")
        } catch let DecodingError.valueNotFound(_, c) {
            throw ScanPackageError(.corrupt, file: displayName, problem: "missing value\(path(c.codingPath))")
        } catch {
            throw ScanPackageError(.corrupt, file: displayName, problem: "invalid JSON: \(error)")
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        if codingPath.isEmpty { return "" }
        return " at " + codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
