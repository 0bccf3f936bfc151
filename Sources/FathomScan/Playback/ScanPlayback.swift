import FathomCore

/// A recorded scan under review: a cursor over its frames, with its events and labels.
///
/// Pure value logic for a playback view: step a frame forward or back, seek to a time, jump to the
/// previous or next warning, read the labels and the warnings active at the cursor.
public struct ScanPlayback: Sendable {
    /// Why a playback cannot be built.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// There are no frames.
        case noFrames
        /// Frame timestamps do not increase at the given index.
        case framesOutOfOrder(index: Int)

        /// The error in words.
        public var description: String {
            switch self {
            case .noFrames: "scan playback: the scan has no frames"
            case .framesOutOfOrder(let i): "scan playback: frame timestamps do not increase at index \(i)"
            }
        }
    }

    /// The frames, in increasing timestamp order.
    public let frames: [CameraFrame]
    /// The events, in time order.
    public let events: [MonitorEvent]
    /// The labels, in time order.
    public let labels: [ScanLabel]
    /// Index of the current frame in `frames`.
    public private(set) var currentIndex = 0
    private let indexByFrameNumber: [Int: Int]
    /// For each event, the index of its frame (by frame number, else by time).
    private let eventFrameIndices: [Int]
    /// For each label, the index of its frame (by frame number, else by time).
    private let labelFrameIndices: [Int]

    /// Creates a playback at the first frame; throws when there are no frames or their timestamps do
    /// not strictly increase. Events and labels are sorted by time (stable).
    public init(frames: [CameraFrame], events: [MonitorEvent] = [], labels: [ScanLabel] = []) throws {
        guard !frames.isEmpty else { throw Error.noFrames }
        for i in frames.indices.dropFirst() where !(frames[i].timestamp > frames[i - 1].timestamp) {
            throw Error.framesOutOfOrder(index: i)
        }
        self.frames = frames
        self.events = events.enumerated().sorted {
            ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset)
        }
        .map(\.element)
        self.labels = labels.sorted { $0.timestamp < $1.timestamp }
        var map: [Int: Int] = [:]
        for (i, f) in frames.enumerated() where map[f.frameNumber] == nil { map[f.frameNumber] = i }
        indexByFrameNumber = map
        func frameIndex(frameNumber: Int, timestamp: Double) -> Int {
            map[frameNumber] ?? Self.lastIndex(in: frames, atOrBefore: timestamp)
        }
        eventFrameIndices = self.events.map { frameIndex(frameNumber: $0.frameNumber, timestamp: $0.timestamp) }
        labelFrameIndices = self.labels.map { frameIndex(frameNumber: $0.frameNumber, timestamp: $0.timestamp) }
    }

    /// The last index whose frame is at or before `time` (0 when `time` is earlier than every frame).
    private static func lastIndex(in frames: [CameraFrame], atOrBefore time: Double) -> Int {
        guard time >= frames[0].timestamp else { return 0 }
        var lo = 0
        var hi = frames.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if frames[mid].timestamp <= time { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    // MARK: Cursor

    /// The current frame.
    public var currentFrame: CameraFrame { frames[currentIndex] }
    /// The current time, seconds.
    public var currentTime: Double { currentFrame.timestamp }
    /// Time of the first frame, seconds.
    public var startTime: Double { frames[0].timestamp }
    /// Time from the first to the last frame, seconds.
    public var durationSeconds: Double { frames[frames.count - 1].timestamp - frames[0].timestamp }
    /// `true` at the last frame.
    public var isAtEnd: Bool { currentIndex == frames.count - 1 }

    /// Moves `count` frames (negative: back), stopping at the ends; returns whether the cursor moved.
    @discardableResult
    public mutating func step(by count: Int = 1) -> Bool {
        let target = max(0, min(frames.count - 1, currentIndex + count))
        defer { currentIndex = target }
        return target != currentIndex
    }

    /// Moves to the last frame at or before `time` (the first frame when `time` is earlier).
    public mutating func seek(to time: Double) {
        currentIndex = Self.lastIndex(in: frames, atOrBefore: time)
    }

    /// Moves to the given frame number; returns `false` (and stays) when there is no such frame.
    @discardableResult
    public mutating func seek(toFrameNumber number: Int) -> Bool {
        guard let i = indexByFrameNumber[number] else { return false }
        currentIndex = i
        return true
    }

    // MARK: Warnings

    /// The warnings (and fatal events), in time order.
    public var warnings: [MonitorEvent] { events.filter { $0.code.isWarning } }

    /// Moves to the first warning on a later frame and returns it; `nil` (and stays) when there is
    /// none. An event belongs to the frame with its frame number (else the frame at its time).
    @discardableResult
    public mutating func jumpToNextWarning() -> MonitorEvent? {
        guard let k = events.indices.first(where: { events[$0].code.isWarning && eventFrameIndices[$0] > currentIndex })
        else { return nil }
        currentIndex = eventFrameIndices[k]
        return events[k]
    }

    /// Moves to the last warning on an earlier frame and returns it; `nil` (and stays) when there is
    /// none.
    @discardableResult
    public mutating func jumpToPreviousWarning() -> MonitorEvent? {
        guard let k = events.indices.last(where: { events[$0].code.isWarning && eventFrameIndices[$0] < currentIndex })
        else { return nil }
        currentIndex = eventFrameIndices[k]
        return events[k]
    }

    /// The events of the current frame.
    public var currentEvents: [MonitorEvent] {
        events.indices.filter { eventFrameIndices[$0] == currentIndex }.map { events[$0] }
    }

    /// The warnings active at the current frame (raised on it or before, and not yet cleared).
    public var activeWarnings: [ScanEventCode] {
        ScanEventCode.activeWarnings(
            after: events.indices.lazy.filter { eventFrameIndices[$0] <= currentIndex }
                .map { events[$0] })
    }

    // MARK: Labels

    /// The latest label on the current frame or before, if any.
    public var currentLabel: ScanLabel? {
        labels.indices.last { labelFrameIndices[$0] <= currentIndex }.map { labels[$0] }
    }
}
