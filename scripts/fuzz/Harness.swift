// The libFuzzer entry points shared by every Fathom fuzz target (see docs/fuzzing.md).
//
// A target file defines `enum FuzzTarget` with:
//   static func run(_ data: Data)                 — feed one input to the reader; must return normally
//                                                   for good and bad input alike (a typed error is fine)
//   static func seeds() throws -> [String: Data]  — seed inputs written by Fathom's own writers
// Untyped errors are crashes (`fuzzFail`), so a reader that throws anything but its documented error
// type is reported like a crash.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fathomFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    FuzzTarget.run(Data(bytes: bytes, count: count))
    return 0
}

/// With `FATHOM_FUZZ_WRITE_SEEDS=<dir>` the target writes its seed corpus there and exits.
@_cdecl("LLVMFuzzerInitialize")
public func fathomFuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>>>
) -> CInt {
    guard let dir = ProcessInfo.processInfo.environment["FATHOM_FUZZ_WRITE_SEEDS"] else { return 0 }
    do {
        let url = URL(fileURLWithPath: dir, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, data) in try FuzzTarget.seeds() {
            try data.write(to: url.appendingPathComponent(name))
        }
        exit(0)
    } catch {
        fputs("cannot write seeds: \(error)\n", stderr)
        exit(1)
    }
}

/// Stops the run: the input broke the reader's contract.
func fuzzFail(_ message: String) -> Never {
    fputs("FATHOM FUZZ FAILURE: \(message)\n", stderr)
    abort()
}

/// Runs `body`, accepting success and errors of type `E` only.
func expectOnly<E: Error>(_ type: E.Type, _ body: () throws -> Void) {
    do { try body() } catch is E {} catch { fuzzFail("untyped error \(Swift.type(of: error)): \(error)") }
}

/// A private scratch directory for readers that need a file (`FATHOM_FUZZ_SCRATCH`, else the temporary
/// directory), one per process.
let fuzzScratch: URL = {
    let base = ProcessInfo.processInfo.environment["FATHOM_FUZZ_SCRATCH"] ?? NSTemporaryDirectory()
    let url = URL(fileURLWithPath: base, isDirectory: true)
        .appendingPathComponent("fathom-fuzz-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

/// Writes `data` to a scratch file named `name` and returns its URL.
func scratchFile(_ name: String, _ data: Data) -> URL {
    let url = fuzzScratch.appendingPathComponent(name)
    do { try data.write(to: url) } catch { fuzzFail("cannot write scratch file \(url.path): \(error)") }
    return url
}
