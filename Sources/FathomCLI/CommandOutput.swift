import ArgumentParser
import Foundation

/// Where a command writes its report: standard output, or a buffer in tests.
///
/// Commands write through this instead of `print` so that tests can run them in process and compare
/// the exact output.
public final class CommandOutput: @unchecked Sendable {
    private let lock = NSLock()
    private let echoes: Bool
    private var buffer = ""

    /// Creates an output; `echoes` prints each write to standard output as well as keeping it.
    public init(echoes: Bool) { self.echoes = echoes }

    /// Standard output.
    public static let standard = CommandOutput(echoes: true)

    /// Writes `text` followed by a newline.
    public func line(_ text: String = "") { write(text + "\n") }

    /// Writes `text` as is.
    public func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if echoes {
            FileHandle.standardOutput.write(Data(text.utf8))
        } else {
            buffer += text
        }
    }

    /// Everything written so far (empty for an echoing output).
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}

/// A subcommand whose work writes to a `CommandOutput`, so tests can run it in process.
public protocol OutputtingCommand: ParsableCommandWithOutput {}

/// The requirement behind `OutputtingCommand` (split so that `run()` has a default).
public protocol ParsableCommandWithOutput: ParsableCommand {
    /// Does the command's work, writing its report to `output`.
    func run(output: CommandOutput) throws
}

extension OutputtingCommand {
    /// Runs with standard output.
    public func run() throws { try run(output: .standard) }
}

/// Progress lines on standard error, only when it is a terminal (so logs and tests stay clean).
public struct ProgressReporter: Sendable {
    /// Whether progress is shown.
    public let isEnabled: Bool

    /// Creates a reporter that shows progress when standard error is a terminal.
    public init(enabled: Bool = isatty(STDERR_FILENO) != 0) { isEnabled = enabled }

    /// Shows `fraction` (0…1) of `task` on one refreshed line.
    public func update(_ task: String, fraction: Double) {
        guard isEnabled else { return }
        let pct = Int((max(0, min(1, fraction)) * 100).rounded())
        FileHandle.standardError.write(Data("\r\(task): \(pct)%   ".utf8))
        if fraction >= 1 { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}


