import Foundation

/// A small JSON Schema checker for the keywords `docs/floorplan-v1.schema.json` uses: `type`,
/// `const`, `enum`, `required`, `properties`, `additionalProperties: false`, `items`, `minItems`,
/// `maxItems`, `minimum`, `minLength` and local `$ref`s (`#/$defs/…`).
struct ExportJSONSchemaChecker {
    let root: [String: Any]

    /// Problems of `value` against the schema, each `"<path>: <problem>"`; empty when it conforms.
    func problems(_ value: Any) -> [String] {
        var out: [String] = []
        check(value, root, "$", &out)
        return out
    }

    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let ref = schema["$ref"] as? String, ref.hasPrefix("#/") else { return schema }
        var node: Any = root
        for key in ref.dropFirst(2).split(separator: "/") { node = (node as? [String: Any])?[String(key)] ?? [:] }
        return node as? [String: Any] ?? [:]
    }

    private func typeName(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if value is String { return "string" }
        if value is [Any] { return "array" }
        if value is [String: Any] { return "object" }
        if let n = value as? NSNumber {
            let d = n.doubleValue
            return d.rounded() == d ? "integer" : "number"
        }
        return "unknown"
    }

    private func matches(_ value: Any, _ type: String) -> Bool {
        let t = typeName(value)
        return t == type || (type == "number" && t == "integer")
    }

    private func same(_ a: Any, _ b: Any) -> Bool {
        if let a = a as? String, let b = b as? String { return a == b }
        if let a = a as? NSNumber, let b = b as? NSNumber { return a.doubleValue == b.doubleValue }
        return false
    }

    private func check(_ value: Any, _ rawSchema: [String: Any], _ path: String, _ out: inout [String]) {
        let schema = resolve(rawSchema)
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [type as? String ?? ""]
            guard types.contains(where: { matches(value, $0) }) else {
                out.append("\(path): is \(typeName(value)), expected \(types.joined(separator: " or "))")
                return
            }
        }
        if let constant = schema["const"], !same(value, constant) { out.append("\(path): is not \(constant)") }
        if let options = schema["enum"] as? [Any], !options.contains(where: { same(value, $0) }) {
            out.append("\(path): is not one of \(options)")
        }
        if let n = value as? NSNumber, !(value is String), let minimum = (schema["minimum"] as? NSNumber)?.doubleValue,
            n.doubleValue < minimum
        {
            out.append("\(path): \(n) is below \(minimum)")
        }
        if let s = value as? String, let minLength = schema["minLength"] as? Int, s.count < minLength {
            out.append("\(path): shorter than \(minLength)")
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                out.append("\(path): missing key \"\(key)\"")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, child) in object.sorted(by: { $0.key < $1.key }) {
                if let childSchema = properties[key] as? [String: Any] {
                    check(child, childSchema, "\(path).\(key)", &out)
                } else if (schema["additionalProperties"] as? Bool) == false {
                    out.append("\(path): unexpected key \"\(key)\"")
                }
            }
        }
        if let array = value as? [Any] {
            if let minItems = schema["minItems"] as? Int, array.count < minItems {
                out.append("\(path): \(array.count) items, at least \(minItems) expected")
            }
            if let maxItems = schema["maxItems"] as? Int, array.count > maxItems {
                out.append("\(path): \(array.count) items, at most \(maxItems) expected")
            }
            if let items = schema["items"] as? [String: Any] {
                for (i, child) in array.enumerated() { check(child, items, "\(path)[\(i)]", &out) }
            }
        }
    }
}
