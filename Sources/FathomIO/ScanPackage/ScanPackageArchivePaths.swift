/// The rules for entry paths in a zipped scan package, shared by every reader of uploaded or local
/// archives (the library's `ScanPackage(url:)` and the server's upload check).
public enum ScanPackageArchivePaths {
    /// Why an entry path is unsafe to extract (it could escape the package folder), or `nil` when it
    /// stays inside: empty, backslashes, absolute, NUL, a `..` component or a drive letter are refused.
    public static func unsafeReason(_ path: String) -> String? {
        if path.isEmpty { return "empty path" }
        if path.contains("\\") { return "backslash in path" }
        if path.hasPrefix("/") { return "absolute path" }
        if path.contains("\0") { return "NUL in path" }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0 == ".." }) { return "'..' component" }
        if let first = components.first, first.count >= 2, first.dropFirst().first == ":" { return "drive letter" }
        return nil
    }

    /// The folder prefix (`""` or `"name/"`) under which the package's files lie in an archive whose
    /// entry paths are `paths`, or `nil` when there is no `config.json` at the root or under one
    /// top-level folder (`__MACOSX/` entries are ignored).
    public static func packagePrefix(_ paths: [String]) -> String? {
        let relevant = paths.filter { !$0.hasPrefix("__MACOSX/") }
        if relevant.contains("config.json") { return "" }
        let tops = Set(relevant.map { $0.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)[0] })
        guard tops.count == 1, let top = tops.first, relevant.contains("\(top)/config.json") else { return nil }
        return "\(top)/"
    }
}
