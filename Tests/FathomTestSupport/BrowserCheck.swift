import Foundation

/// Loads a page in a real headless Chromium (Debian's `chromium`) and returns the DOM after its scripts
/// ran and the console messages it logged. Tests that use it are enabled only when `chromium` is
/// installed (`BrowserCheck.chromium != nil`); CI installs it.
public enum BrowserCheck {
    /// What the browser made of a page.
    public struct Result: Sendable {
        /// The serialized DOM after the scripts ran.
        public var dom: String
        /// Every console message the page logged (`console.log`, `console.error`, uncaught exceptions).
        public var consoleErrors: [String]

        /// The first value of an attribute `name="…"` in the DOM.
        public func attribute(_ name: String) -> String? {
            guard let r = dom.range(of: "\(name)=\"") else { return nil }
            return String(dom[r.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// The browser's path: `$FATHOM_CHROMIUM`, else `chromium` or `chromium-browser` in the usual places.
    public static let chromium: String? = {
        var candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium"]
        if let env = ProcessInfo.processInfo.environment["FATHOM_CHROMIUM"] { candidates.insert(env, at: 0) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Loads `page` (a file URL) with WebGL on the software rasterizer, waiting at most `timeout` seconds.
    public static func load(_ page: URL, timeout: TimeInterval = 60) throws -> Result {
        guard let chromium else { throw CocoaError(.fileNoSuchFile) }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("fathom-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
            "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000",
            "--dump-dom", page.absoluteString,
        ]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes on their own threads so neither fills up while the other is read.
        let outBox = DataBox(), errBox = DataBox()
        let group = DispatchGroup()
        for (pipe, box) in [(out, outBox), (err, errBox)] {
            group.enter()
            DispatchQueue.global().async {
                box.data = pipe.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            group.wait()
        }
        process.waitUntilExit()
        let console = String(decoding: errBox.data, as: UTF8.self).split(separator: "\n")
            .filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
            .filter { !isDriverPerformanceNotice($0) }.map(String.init)
        return Result(dom: String(decoding: outBox.data, as: UTF8.self), consoleErrors: console)
    }

    /// Whether a console line is the GL driver's own performance notice (for instance "GL Driver Message
    /// (OpenGL, Performance, …): GPU stall due to ReadPixels", which SwiftShader logs when a loaded machine
    /// reads pixels back), not something the page did wrong.
    static func isDriverPerformanceNotice(_ line: Substring) -> Bool {
        line.contains("GPU stall due to ReadPixels")
            || (line.contains("GL Driver Message") && line.contains("Performance"))
    }

    private final class DataBox: @unchecked Sendable { var data = Data() }
}
