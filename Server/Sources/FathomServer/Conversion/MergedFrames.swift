import Fathom
import Synchronization

/// The frames of several packages one after the other, keeping every `depthStep`-th depth frame (frames
/// without depth pass through for the camera path). A read error stops the sequence and is kept in
/// `failure` for the caller to throw.
final class MergedFrames: Sequence, Sendable {
    /// The first read error.
    final class Failure: Sendable {
        let stored = Mutex<(any Error)?>(nil)
        var error: (any Error)? { stored.withLock { $0 } }
    }

    let packages: [ScanPackage]
    let depthStep: Int
    let failure = Failure()

    init(packages: [ScanPackage], depthStep: Int) {
        self.packages = packages
        self.depthStep = depthStep
    }

    func makeIterator() -> Iterator { Iterator(owner: self) }

    struct Iterator: IteratorProtocol {
        let owner: MergedFrames
        var packageIndex = 0
        var current: ScanFrameIterator?
        var depthSeen = 0

        init(owner: MergedFrames) { self.owner = owner }

        mutating func next() -> SensorFrame? {
            while packageIndex < owner.packages.count {
                if current == nil { current = owner.packages[packageIndex].frames() }
                do {
                    guard var iterator = current, let frame = try iterator.next() else {
                        current = nil
                        packageIndex += 1
                        continue
                    }
                    current = iterator
                    if frame.depth != nil {
                        defer { depthSeen += 1 }
                        if depthSeen % owner.depthStep != 0 { continue }
                    }
                    return frame
                } catch {
                    owner.failure.stored.withLock { if $0 == nil { $0 = error } }
                    packageIndex = owner.packages.count
                    return nil
                }
            }
            return nil
        }
    }
}
