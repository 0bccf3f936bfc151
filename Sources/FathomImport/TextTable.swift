import Foundation

/// A text file of numbers split into lines and fields (comma, space or tab separated), read with
/// bounds: at most `maximumBytes` are read, and every line keeps its 1-based number for errors.
struct TextTable {
    /// The largest text file read, bytes (1 GiB).
    static let maximumBytes = 1 << 30

    /// One non-empty, non-comment line.
    struct Line {
        /// 1-based line number in the file.
        var number: Int
        /// The fields, trimmed.
        var fields: [Substring]
    }

    /// The file's name, for errors.
    let name: String
    /// The lines, without empty ones and (when asked) without `#` comments.
    let lines: [Line]

    /// Reads `url`.
    /// - Throws: `ImportError` when the file is missing, unreadable, too large or not UTF-8.
    init(url: URL, displayName: String, skipComments: Bool = true) throws {
        name = displayName
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            if let size = attributes[.size] as? Int, size > Self.maximumBytes {
                throw ImportError(.malformed, file: displayName, problem: "the file has \(size) bytes (at most \(Self.maximumBytes) are read)")
            }
            data = try Data(contentsOf: url)
        } catch let e as ImportError {
            throw e
        } catch {
            throw ImportError(.missingFile, file: displayName, problem: "cannot read the file (\(error.localizedDescription))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportError(.malformed, file: displayName, problem: "the file is not UTF-8 text")
        }
        var out: [Line] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || (skipComments && line.hasPrefix("#")) { continue }
            let fields = line.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map {
                $0.drop(while: { $0 == " " })
            }
            out.append(Line(number: number, fields: fields.map { Substring($0) }))
        }
        lines = out
    }

    /// The numbers of `line`, or an error naming the file, line and field when one is not a number.
    func numbers(_ line: Line, as type: Double.Type = Double.self) throws -> [Double] {
        try line.fields.enumerated().map { i, f in
            guard let v = Double(f) else {
                throw ImportError(.malformed, file: name, problem: "line \(line.number): field \(i + 1) '\(f.prefix(40))' is not a number")
            }
            return v
        }
    }
}
