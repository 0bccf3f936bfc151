import ArgumentParser
import Fathom
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `fathom playback PACKAGE`: review a scan in the terminal, warnings first.
public struct PlaybackCommand: OutputtingCommand {
    /// The command's name, abstract and discussion.
    public static let configuration = CommandConfiguration(
        commandName: "playback",
        abstract: "Review a scan package in the terminal: timeline with warning marks, pose, state, depth.",
        discussion: """
            Keys: → or . or l step forward, ← or , or h step back, space play/pause, n next warning, \
            p previous warning, g first frame, G last frame, q quit. When standard input is not a \
            terminal (or with --summary) it prints the timeline summary and exits.
            """)

    /// The package directory or zip.
    @Argument(help: "Scan package directory or .zip.")
    public var package: String

    /// Timeline width in characters.
    @Option(help: "Timeline width, characters.")
    public var width = 60

    /// Print the summary and exit.
    @Flag(help: "Print the timeline summary and exit (the default when stdin is not a terminal).")
    public var summary = false

    /// Use the replayed monitor's events instead of the recorded ones.
    @Flag(help: "Show the events of a monitor replay instead of those recorded in feedback.json.")
    public var replay = false

    /// Creates the command with default options.
    public init() {}

    /// Checks the timeline width.
    public func validate() throws {
        guard width >= 10, width <= 400 else { throw ValidationError("--width must be within 10…400") }
    }

    /// Opens the package and runs the interactive view, or prints the summary.
    public func run(output: CommandOutput) throws {
        let scan = try ScanPackage(url: URL(fileURLWithPath: package))
        let report = try ScanCheckReport(package: scan)
        let recorded = scan.events.compactMap { MonitorEvent($0) }
        let useReplay = replay || scan.events.isEmpty
        var playback = try ScanPlayback(
            frames: scan.cameraFrames, events: useReplay ? report.events : recorded, labels: scan.labels)
        let source = useReplay ? "replayed monitor" : "recorded feedback.json"
        if summary || isatty(STDIN_FILENO) == 0 {
            printSummary(playback, source: source, output: output)
        } else {
            try interact(&playback, depth: report.depthStatistics, source: source, output: output)
        }
    }

    // MARK: Summary

    func printSummary(_ p: ScanPlayback, source: String, output: CommandOutput) {
        output.line("package: \(package)")
        output.line(
            "frames: \(p.frames.count), duration \(CheckCommand.fixed(p.durationSeconds)) s, events from \(source)")
        output.line("timeline: [\(p.timeline(width: width))]  (! warning, x fatal, | label, ^ cursor)")
        let warnings = p.warnings
        output.line("warnings: \(warnings.count)")
        for w in warnings {
            output.line(
                "  \(CheckCommand.fixed(w.timestamp - p.startTime).leftPadded(to: 8)) s  frame \(w.frameNumber)  \(w.code.rawValue) \(w.message)"
            )
        }
        output.line("labels: \(p.labels.count)")
        for l in p.labels {
            output.line(
                "  \(CheckCommand.fixed(l.timestamp - p.startTime).leftPadded(to: 8)) s  frame \(l.frameNumber)  \(l.text)"
            )
        }
    }

    // MARK: Interactive

    /// What a key press does.
    enum Action: Equatable {
        case perform(ScanPlayback.Command)
        case togglePlay
        case quit
    }

    /// The action of the bytes one key press delivers, or `nil` for other keys.
    static func action(for bytes: [UInt8]) -> Action? {
        switch bytes {
        case [0x1B, 0x5B, 0x43], Array(".".utf8), Array("l".utf8): .perform(.stepForward)
        case [0x1B, 0x5B, 0x44], Array(",".utf8), Array("h".utf8): .perform(.stepBackward)
        case Array("n".utf8): .perform(.nextWarning)
        case Array("p".utf8): .perform(.previousWarning)
        case Array("g".utf8): .perform(.start)
        case Array("G".utf8): .perform(.end)
        case Array(" ".utf8): .togglePlay
        case Array("q".utf8), [0x03], [0x1B]: .quit
        default: nil
        }
    }

    func render(_ p: ScanPlayback, depth: [DepthStatistics?], playing: Bool, source: String) -> String {
        var lines = ["fathom playback \(package)  (\(source))", "[\(p.timeline(width: width))]"]
        lines += p.statusLines(depth: depth.indices.contains(p.currentIndex) ? depth[p.currentIndex] : nil)
        lines.append("")
        lines.append("\(playing ? "playing" : "paused")  ←/→ step  space play/pause  n/p warning  g/G ends  q quit")
        return "\u{1B}[2J\u{1B}[H" + lines.joined(separator: "\r\n") + "\r\n"
    }

    func interact(_ p: inout ScanPlayback, depth: [DepthStatistics?], source: String, output: CommandOutput) throws {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            printSummary(p, source: source, output: output)
            return
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer {
            var restore = original
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &restore)
            output.write("\r\n")
        }
        let frameSeconds = 1.0 / 30
        var playing = false
        var clock = Date()
        var playTime = p.currentTime
        output.write(render(p, depth: depth, playing: playing, source: source))
        while true {
            var fds = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, playing ? Int32(frameSeconds * 1000) : -1)
            if ready > 0 {
                var buffer = [UInt8](repeating: 0, count: 8)
                let n = read(STDIN_FILENO, &buffer, buffer.count)
                if n <= 0 { return }
                switch Self.action(for: Array(buffer[..<n])) {
                case .perform(let command)?:
                    playing = false
                    p.perform(command)
                case .togglePlay?:
                    playing.toggle()
                    clock = Date()
                    playTime = p.currentTime
                case .quit?:
                    return
                case nil:
                    continue
                }
            }
            if playing {
                let now = Date()
                playTime += now.timeIntervalSince(clock)
                clock = now
                p.seek(to: playTime)
                if p.isAtEnd { playing = false }
            }
            output.write(render(p, depth: depth, playing: playing, source: source))
        }
    }
}
