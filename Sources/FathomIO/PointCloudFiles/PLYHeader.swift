/// A parsed PLY header: the body format and the elements in file order.
struct PLYHeader {
    /// One property of an element.
    struct Property {
        enum Kind: Equatable {
            case scalar(PLYScalarType)
            case list(count: PLYScalarType, item: PLYScalarType)
        }
        var name: String
        var kind: Kind
    }

    /// One element (e.g. `vertex`, `face`) with its item count and properties.
    struct Element {
        var name: String
        var count: Int
        var properties: [Property]
        /// The header line that declared it (1-based).
        var line: Int

        /// Whether every property is a scalar (so each item has the same binary size).
        var isFixedSize: Bool { properties.allSatisfy { if case .scalar = $0.kind { true } else { false } } }

        /// The smallest binary size of one item, bytes (a list counts only its length field).
        var minimumBinarySize: Int {
            properties.reduce(0) { s, p in
                switch p.kind {
                case let .scalar(t): s + t.byteCount
                case let .list(c, _): s + c.byteCount
                }
            }
        }
    }

    var format: PLYFormat
    var elements: [Element]
    /// The byte offset of the first byte after the header.
    var bodyOffset: Int
    /// The 1-based line number of the first body line (ascii).
    var bodyLine: Int

    /// Parses the header at the start of `scanner`'s bytes, leaving `scanner` at the body.
    /// - Throws: `PointCloudFileError` naming the header line.
    static func parse(_ scanner: inout TextScanner, file: String) throws -> PLYHeader {
        func fail(_ line: Int, _ p: PointCloudFileError.Problem) -> PointCloudFileError {
            PointCloudFileError(file: file, location: .line(line), problem: p)
        }
        func tokens(_ l: TextScanner.Line) -> [String] {
            var c = l.start
            var out: [String] = []
            while let r = scanner.nextToken(&c, end: l.end) {
                out.append(String(decoding: UnsafeBufferPointer(start: scanner.base + r.lowerBound, count: r.count),
                                  as: UTF8.self))
            }
            return out
        }
        guard let first = scanner.nextLine(), tokens(first) == ["ply"] else { throw fail(1, .missingMagic) }
        var format: PLYFormat?
        var elements: [Element] = []
        while true {
            guard let line = scanner.nextLine() else {
                throw fail(scanner.lineNumber, .malformedHeader("the header has no 'end_header' line"))
            }
            let t = tokens(line)
            guard let keyword = t.first else { continue }
            switch keyword {
            case "comment", "obj_info":
                continue
            case "format":
                guard format == nil else { throw fail(line.number, .malformedHeader("a second 'format' line")) }
                guard t.count >= 2, let f = PLYFormat(rawValue: t[1]) else {
                    throw fail(line.number, .unknownFormat(t.dropFirst().joined(separator: " ")))
                }
                format = f
            case "element":
                guard t.count >= 2 else { throw fail(line.number, .malformedHeader("'element' without a name")) }
                guard t.count >= 3, let n = Int(t[2]), n >= 0 else {
                    throw fail(line.number, .badElementCount(element: t[1], token: t.count >= 3 ? t[2] : ""))
                }
                elements.append(Element(name: t[1], count: n, properties: [], line: line.number))
            case "property":
                guard !elements.isEmpty else {
                    throw fail(line.number, .malformedHeader("'property' before any 'element'"))
                }
                if t.count >= 2 && t[1] == "list" {
                    guard t.count == 5 else {
                        throw fail(line.number, .malformedHeader("expected 'property list <count type> <item type> <name>'"))
                    }
                    guard let c = PLYScalarType(name: t[2]) else { throw fail(line.number, .unknownPropertyType(t[2])) }
                    guard let i = PLYScalarType(name: t[3]) else { throw fail(line.number, .unknownPropertyType(t[3])) }
                    guard c.isInteger else {
                        throw fail(line.number, .malformedHeader("list count type '\(t[2])' is not an integer type"))
                    }
                    elements[elements.count - 1].properties.append(Property(name: t[4], kind: .list(count: c, item: i)))
                } else {
                    guard t.count == 3 else {
                        throw fail(line.number, .malformedHeader("expected 'property <type> <name>'"))
                    }
                    guard let s = PLYScalarType(name: t[1]) else { throw fail(line.number, .unknownPropertyType(t[1])) }
                    elements[elements.count - 1].properties.append(Property(name: t[2], kind: .scalar(s)))
                }
            case "end_header":
                guard let format else { throw fail(line.number, .unknownFormat("(no 'format' line)")) }
                return PLYHeader(format: format, elements: elements, bodyOffset: scanner.position,
                                 bodyLine: scanner.lineNumber)
            default:
                throw fail(line.number, .malformedHeader("unknown keyword '\(keyword)'"))
            }
        }
    }
}
