import FathomCore
import Foundation

/// Decodes a video's frames in order through the `ffmpeg` executable (FFmpeg's command-line tool),
/// scaled to a chosen size and piped as raw RGB: colour for Stray Scanner's `rgb.mp4` (HEVC) without
/// linking a codec. Optional: `locate()` returns `nil` when FFmpeg is not installed, and the import
/// goes on without colour.
final class FFmpegVideoReader {
    /// Where to look for `ffmpeg` besides `PATH`.
    static let fallbackDirectories = ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]

    let video: URL
    let width: Int
    let height: Int
    private let process: Process
    private let output: FileHandle
    /// The index of the next frame the pipe will deliver.
    private(set) var nextIndex = 0
    private var ended = false

    /// The `ffmpeg` executable on `PATH` (or a usual folder), or `nil`.
    static func locate() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = path.split(separator: ":").map(String.init) + fallbackDirectories
        for d in directories {
            let candidate = URL(fileURLWithPath: d).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Starts decoding `video` scaled to `width × height`.
    /// - Throws: when the process cannot start.
    init(executable: URL, video: URL, width: Int, height: Int) throws {
        self.video = video
        self.width = width
        self.height = height
        process = Process()
        process.executableURL = executable
        process.arguments = [
            "-v", "error", "-nostdin", "-noautorotate", "-i", video.path, "-map", "0:v:0", "-f", "rawvideo", "-pix_fmt", "rgb24",
            "-vf", "scale=\(width):\(height)", "-",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        output = pipe.fileHandleForReading
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? output.close()
    }

    /// The frame at `index` (frames are read forward; earlier frames cannot be read again), or `nil`
    /// when the video ends before it.
    func frame(at index: Int) -> RGBImage? {
        guard index >= nextIndex, !ended else { return nil }
        let count = width * height * 3
        while nextIndex < index {
            guard read(count) != nil else { return nil }
            nextIndex += 1
        }
        guard let bytes = read(count) else { return nil }
        nextIndex += 1
        var pixels = [RGB8](repeating: .black, count: width * height)
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for i in 0..<(width * height) { pixels[i] = RGB8(r: raw[3 * i], g: raw[3 * i + 1], b: raw[3 * i + 2]) }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Exactly `count` bytes from the pipe, or `nil` at its end.
    private func read(_ count: Int) -> Data? {
        var data = Data()
        data.reserveCapacity(count)
        while data.count < count {
            let chunk = output.readData(ofLength: count - data.count)
            if chunk.isEmpty {
                ended = true
                return nil
            }
            data.append(chunk)
        }
        return data
    }
}
