import FathomCore
import Foundation

/// Streams a package's frames in order, reading each frame's depth, colour and feature records on
/// demand (one record in memory at a time per stream).
///
/// `next()` throws because a record can fail to read after the package was opened (file removed,
/// I/O error); use it as `var it = package.frames(); while let frame = try it.next() { … }`, or
/// `ScanPackage.forEachFrame(_:)`.
public struct ScanFrameIterator {
    private let package: ScanPackage
    private var index = 0
    private var readers: [ScanStreamKind: ScanStreamReader] = [:]

    init(package: ScanPackage, startIndex: Int) {
        self.package = package
        index = startIndex
    }

    /// The next frame, or `nil` after the last one.
    /// - Throws: `ScanPackageError` when a record cannot be read.
    public mutating func next() throws -> SensorFrame? {
        guard index < package.cameraFrames.count else { return nil }
        let camera = package.cameraFrames[index]
        index += 1
        var frame = SensorFrame(camera: camera)
        if let r = package.recordsByFrame[.depth]?[camera.frameNumber] {
            frame.depth = try reader(.depth).readDepth(r)
        }
        if let r = package.recordsByFrame[.color]?[camera.frameNumber] {
            frame.color = try reader(.color).readColor(r)
        }
        if let r = package.recordsByFrame[.featurePoints]?[camera.frameNumber] {
            frame.features = try reader(.featurePoints).readFeaturePoints(r)
        }
        return frame
    }

    private mutating func reader(_ kind: ScanStreamKind) throws -> ScanStreamReader {
        if let r = readers[kind] { return r }
        let header: ScanStreamHeader? =
            switch kind {
            case .depth: package.depthHeader
            case .color: package.colorHeader
            case .featurePoints: package.featurePointsHeader
            }
        let r = try ScanStreamReader(
            url: package.storage.directory.appendingPathComponent(kind.fileName), header: header!,
            displayName: package.storage.displayName(kind.fileName))
        readers[kind] = r
        return r
    }
}
