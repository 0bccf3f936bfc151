import FathomPlan
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The repository's root folder (for `docs/` and `scripts/`), found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// An element of a parsed XML document: its name, attributes and own text.
struct XMLElementRecord {
    var name: String
    var attributes: [String: String]
    var text: String
    /// Names of the enclosing elements, outermost first.
    var ancestors: [String]
    /// `class` attributes of the enclosing elements, outermost first.
    var ancestorClasses: [String]
}

/// Parses XML with Foundation's XMLParser; nil when the document is not well-formed.
func parseXML(_ text: String) -> (elements: [XMLElementRecord], error: String?) {
    final class Collector: NSObject, XMLParserDelegate {
        var elements: [XMLElementRecord] = []
        var stack: [Int] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let ancestors = stack.map { elements[$0].name }
            let classes = stack.compactMap { elements[$0].attributes["class"] }
            elements.append(XMLElementRecord(name: name, attributes: attributes, text: "", ancestors: ancestors, ancestorClasses: classes))
            stack.append(elements.count - 1)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let top = stack.last { elements[top].text += string }
        }
    }
    let parser = XMLParser(data: Data(text.utf8))
    let collector = Collector()
    parser.delegate = collector
    let ok = parser.parse()
    return (collector.elements, ok ? nil : "\(parser.parserError.map { "\($0)" } ?? "unknown error") at line \(parser.lineNumber)")
}

/// Numbers of an SVG `points` attribute as points.
func svgPoints(_ attribute: String?) -> [SIMD2<Double>] {
    let numbers = (attribute ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    return stride(from: 0, to: numbers.count - 1, by: 2).map { SIMD2(numbers[$0], numbers[$0 + 1]) }
}

/// One DXF group: code and value.
struct DXFGroup: Equatable {
    var code: Int
    var value: String
}

/// Splits DXF text into groups; nil when a code line is not an integer or the lines are odd.
func dxfGroups(_ text: String) -> [DXFGroup]? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    guard lines.count % 2 == 0 else { return nil }
    var groups: [DXFGroup] = []
    for i in stride(from: 0, to: lines.count, by: 2) {
        guard let code = Int(lines[i].trimmingCharacters(in: .whitespaces)) else { return nil }
        groups.append(DXFGroup(code: code, value: lines[i + 1]))
    }
    return groups
}

/// A DXF entity: its type and groups up to the next code 0.
struct DXFEntity {
    var type: String
    var groups: [DXFGroup]
    /// The first value of `code`.
    func value(_ code: Int) -> String? { groups.first { $0.code == code }?.value }
    /// The first value of `code` as a number.
    func number(_ code: Int) -> Double? { value(code).flatMap(Double.init) }
    /// The layer (code 8).
    var layer: String { value(8) ?? "" }
}

/// The entities of the ENTITIES section.
func dxfEntities(_ groups: [DXFGroup]) -> [DXFEntity] {
    guard let start = groups.indices.first(where: { groups[$0] == DXFGroup(code: 2, value: "ENTITIES") }) else { return [] }
    var entities: [DXFEntity] = []
    for g in groups[(start + 1)...] {
        if g.code == 0 {
            if g.value == "ENDSEC" { break }
            entities.append(DXFEntity(type: g.value, groups: []))
        } else if !entities.isEmpty {
            entities[entities.count - 1].groups.append(g)
        }
    }
    return entities
}

/// Whether `python3` can import every module in `modules`.
func pythonHas(_ modules: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", modules.map { "import \($0)" }.joined(separator: "; ")]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}

/// Runs `python3 args…`; returns the exit status and standard output.
func runPython(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
