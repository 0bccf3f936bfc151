import FathomCore
import FathomTestSupport
import Foundation
import Testing

@testable import FathomIO

/// Synthetic packages built in code with a seed: a few frames with 8×6 depth maps holding NaN and 0,
/// YCbCr or RGB colour frames, feature points, a NaN pose, labels, azimuth and events.
enum SyntheticScan {
    static let depthWidth = 8
    static let depthHeight = 6
    static let colorWidth = 8
    static let colorHeight = 6

    /// `count` frames starting at frame number 100, 1/30 s apart; frame index 2 has a NaN/∞ pose
    /// and no depth; frame index 3 has no colour and no features.
    static func frames(count: Int = 6, rgb: Bool = false, seed: UInt64 = 7) -> [SensorFrame] {
        var g = SeededGenerator(seed: seed)
        return (0..<count).map { i in
            let number = 100 + i * 2
            let t = 1000.25 + Double(i) / 30
            var m = (0..<16).map { _ in Float.random(in: -3...3, using: &g) }
            if i == 2 {
                m[5] = .nan
                m[12] = .infinity
                m[13] = -.infinity
            }
            let camera = CameraFrame(
                frameNumber: number, timestamp: t, cameraTransform: Matrix4x4(columnMajor: m)!,
                intrinsics: CameraIntrinsics(
                    fx: 1450.5 + Float(i), fy: 1449.25, cx: 959.5, cy: 719.5, width: 1920, height: 1440)!,
                trackingState: i == 1 ? .limited(.excessiveMotion) : .normal,
                worldMappingStatus: i == 0 ? nil : .extending, orientation: i == 0 ? nil : .landscapeRight)
            var frame = SensorFrame(camera: camera)
            if i != 2 {
                var depth = (0..<(depthWidth * depthHeight)).map { _ in Float.random(in: 0.3...5, using: &g) }
                depth[0] = .nan
                depth[1] = 0
                depth[7] = Float(bitPattern: 0x7FC0_1234)  // a NaN with a payload survives bit for bit
                let confidence = (0..<(depthWidth * depthHeight)).map { _ in UInt8.random(in: 0...2, using: &g) }
                frame.depth = DepthFrame(
                    frameNumber: number, timestamp: t,
                    depth: DepthMap(width: depthWidth, height: depthHeight, pixels: depth)!,
                    confidence: ConfidenceMap(width: depthWidth, height: depthHeight, pixels: confidence)!)
            }
            if i != 3 {
                let image: ColorImage
                if rgb {
                    image = .rgb(
                        RGBImage(
                            width: colorWidth, height: colorHeight,
                            pixels: (0..<(colorWidth * colorHeight)).map { _ in
                                RGB8(
                                    r: .random(in: 0...255, using: &g), g: .random(in: 0...255, using: &g),
                                    b: .random(in: 0...255, using: &g))
                            })!)
                } else {
                    let luma = (0..<(colorWidth * colorHeight)).map { _ in UInt8.random(in: 0...255, using: &g) }
                    let chroma = (0..<(colorWidth * colorHeight / 2)).map { _ in UInt8.random(in: 0...255, using: &g) }
                    image = .ycbcr(YCbCrImage(width: colorWidth, height: colorHeight, luma: luma, chroma: chroma)!)
                }
                frame.color = ColorFrame(frameNumber: number, timestamp: t, image: image)
                let n = i == 0 ? 0 : Int.random(in: 1...9, using: &g)
                frame.features = FeaturePointFrame(
                    frameNumber: number, timestamp: t,
                    identifiers: (0..<n).map { _ in UInt64.random(in: 0...UInt64.max, using: &g) },
                    positions: (0..<n).map { _ in
                        SIMD3(
                            Float.random(in: -5...5, using: &g), Float.random(in: -5...5, using: &g),
                            .random(in: -5...5, using: &g))
                    })
            }
            return frame
        }
    }

    static let config = ScanConfig(
        createdAt: Date(timeIntervalSince1970: 1_795_000_000), device: .init(model: "iPhone15,3", hasLiDAR: true),
        options: ["azimuth", "storageWarnings"], address: .init(number: "1 Main St", city: "Espoo", country: "FI"),
        propertyType: "apartment")

    static let labels = [
        ScanLabel(timestamp: 1000.3, frameNumber: 102, text: "Kitchen"),
        ScanLabel(timestamp: 1000.4, frameNumber: 104, text: "Olohuone ä"),
    ]
    static let events = [
        ScanEvent(code: 87, timestamp: 1000.3, frameNumber: 102, message: "Too fast rotations"),
        ScanEvent(code: 31, timestamp: 1000.35, frameNumber: 104, message: "Tracking normal"),
    ]

    /// Writes a complete package into a new directory `name` under `parent`.
    @discardableResult
    static func write(_ frames: [SensorFrame], to parent: URL, name: String = "scan", finish: Bool = true) throws -> (
        URL, ScanPackageWriter
    ) {
        let dir = parent.appendingPathComponent(name)
        let writer = try ScanPackageWriter(directory: dir, config: config)
        try writer.log("scan started")
        for (i, f) in frames.enumerated() {
            try writer.append(f)
            if i == 1 {
                try writer.addLabel(labels[0])
                try writer.addEvent(events[0])
            }
            if i == 2 { try writer.setAzimuth(trueNorthDegrees: 12.5) }
            if i == 3 {
                try writer.addLabel(labels[1])
                try writer.addEvent(events[1])
            }
        }
        if finish { try writer.finish() }
        return (dir, writer)
    }

    /// Whether two floats are the same number (NaN equal to NaN, bit patterns otherwise).
    static func same(_ a: Float, _ b: Float) -> Bool { (a.isNaN && b.isNaN) || a.bitPattern == b.bitPattern }

    /// Expects `read` to equal `written`: camera frames (NaN-aware), and every stream bit for bit.
    static func expectEqual(
        _ read: [SensorFrame], _ written: [SensorFrame], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(read.count == written.count, sourceLocation: sourceLocation)
        for (r, w) in zip(read, written) {
            #expect(r.camera.frameNumber == w.camera.frameNumber, sourceLocation: sourceLocation)
            #expect(r.camera.timestamp.bitPattern == w.camera.timestamp.bitPattern, sourceLocation: sourceLocation)
            #expect(
                zip(r.camera.cameraTransform.columnMajor, w.camera.cameraTransform.columnMajor).allSatisfy {
                    same($0, $1)
                },
                sourceLocation: sourceLocation)
            #expect(r.camera.intrinsics == w.camera.intrinsics, sourceLocation: sourceLocation)
            #expect(r.camera.trackingState == w.camera.trackingState, sourceLocation: sourceLocation)
            #expect(r.camera.worldMappingStatus == w.camera.worldMappingStatus, sourceLocation: sourceLocation)
            #expect(r.camera.orientation == w.camera.orientation, sourceLocation: sourceLocation)
            #expect(
                r.depth?.depth.pixels.map(\.bitPattern) == w.depth?.depth.pixels.map(\.bitPattern),
                sourceLocation: sourceLocation)
            #expect(r.depth?.confidence == w.depth?.confidence, sourceLocation: sourceLocation)
            #expect(r.depth?.timestamp == w.depth?.timestamp, sourceLocation: sourceLocation)
            #expect(r.color == w.color, sourceLocation: sourceLocation)
            #expect(r.features == w.features, sourceLocation: sourceLocation)
        }
    }
}

@Suite struct ScanPackageRoundTripTests {
    @Test func directoryRoundTripIsExact() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames()
        let (dir, _) = try SyntheticScan.write(frames, to: tmp)
        let package = try ScanPackage(url: dir)
        #expect(package.config == SyntheticScan.config)
        #expect(package.labels == SyntheticScan.labels)
        #expect(package.azimuth == ScanAzimuth(trueNorthDegrees: 12.5))
        #expect(package.events == SyntheticScan.events)
        #expect(package.hasDepth)
        #expect(package.depthSize?.width == 8 && package.depthSize?.height == 6)
        #expect(package.frameCount == 6)
        #expect(package.depthFrameCount == 5)
        #expect(package.colorFrameCount == 5)
        #expect(package.featurePointFrameCount == 5)
        #expect(package.featurePointCount == frames.compactMap(\.features).map(\.identifiers.count).reduce(0, +))
        #expect(package.warnings.isEmpty)
        #expect(package.cameraFrames.map(\.frameNumber) == [100, 102, 104, 106, 108, 110])
        var read: [SensorFrame] = []
        try package.forEachFrame { read.append($0) }
        SyntheticScan.expectEqual(read, frames)
        var fromFour = package.frames(from: 4)
        var tail: [SensorFrame] = []
        while let f = try fromFour.next() { tail.append(f) }
        SyntheticScan.expectEqual(tail, Array(frames[4...]))
        var pastEnd = package.frames(from: 99)
        #expect(try pastEnd.next() == nil)
        // The finished package holds the spec's files; the journal is gone; headers carry counts.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(
            files == [
                "allDepthFrames.bin", "arkitData.json", "colorFrames.bin", "config.json", "featurePoints.bin",
                "feedback.json", "scan.log",
            ])
        #expect(package.depthHeader?.count == 5)
        #expect(package.colorHeader?.count == 5)
        #expect(package.featurePointsHeader?.count == 5)
        let log = try String(contentsOf: dir.appendingPathComponent("scan.log"), encoding: .utf8)
        #expect(log.hasSuffix(" scan started\n"))
    }

    @Test func rgbColourRoundTripIsExact() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames(count: 4, rgb: true, seed: 11)
        let (dir, _) = try SyntheticScan.write(frames, to: tmp)
        let package = try ScanPackage(url: dir)
        #expect(package.colorHeader?.pixelFormat == .rgb8)
        var read: [SensorFrame] = []
        try package.forEachFrame { read.append($0) }
        SyntheticScan.expectEqual(read, frames)
    }

    @Test func streamBytesAreThePackedLittleEndianLayout() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames(count: 2)
        let (dir, _) = try SyntheticScan.write(frames, to: tmp)
        let depth = try [UInt8](Data(contentsOf: dir.appendingPathComponent("allDepthFrames.bin")))
        #expect(depth.count == 20 + 2 * (12 + 48 * 5))
        #expect(Array(depth[0..<20]) == Array("FDEP".utf8) + [1, 0, 0, 0, 8, 0, 0, 0, 6, 0, 0, 0, 2, 0, 0, 0])
        #expect(Array(depth[20..<24]) == [100, 0, 0, 0])
        let t = frames[0].timestamp.bitPattern
        #expect(Array(depth[24..<32]) == (0..<8).map { UInt8(truncatingIfNeeded: t >> (8 * $0)) })
        let d1 = frames[0].depth!.depth.pixels[2].bitPattern
        #expect(Array(depth[40..<44]) == (0..<4).map { UInt8(truncatingIfNeeded: d1 >> (8 * $0)) })
        #expect(Array(depth[(32 + 48 * 4)..<(32 + 48 * 5)]) == frames[0].depth!.confidence.pixels)
        let features = try [UInt8](Data(contentsOf: dir.appendingPathComponent("featurePoints.bin")))
        let n = frames[1].features!.identifiers.count
        #expect(features.count == 12 + 16 + (16 + 20 * n))  // frame 0 has an empty record
        #expect(Array(features[0..<12]) == Array("FFPT".utf8) + [1, 0, 0, 0, 2, 0, 0, 0])
        let colour = try [UInt8](Data(contentsOf: dir.appendingPathComponent("colorFrames.bin")))
        #expect(
            Array(colour[0..<24]) == Array("FCOL".utf8) + [1, 0, 0, 0, 8, 0, 0, 0, 6, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0])
        #expect(colour.count == 24 + 2 * (12 + 72))
    }

    @Test func nanPoseSurvivesAsStrings() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames(count: 3)
        let (dir, _) = try SyntheticScan.write(frames, to: tmp)
        let json = try String(contentsOf: dir.appendingPathComponent("arkitData.json"), encoding: .utf8)
        #expect(json.contains("\"NaN\""))
        #expect(json.contains("\"Infinity\""))
        #expect(json.contains("\"-Infinity\""))
        let data = try ScanARKitData.read(from: dir.appendingPathComponent("arkitData.json"))
        let m = data.frames[2].cameraTransform.columnMajor
        #expect(m[5].isNaN)
        #expect(m[12] == .infinity)
        #expect(m[13] == -.infinity)
        #expect(data.frames[2].worldFromCamera == nil)
        let original = frames[2].camera.cameraTransform.columnMajor
        #expect(zip(m, original).allSatisfy { SyntheticScan.same($0, $1) })
    }

    @Test func zipRoundTripIsExactAndVerified() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let frames = SyntheticScan.frames()
        let (_, writer) = try SyntheticScan.write(frames, to: tmp)
        let zipURL = try writer.zip(to: tmp.appendingPathComponent("scan.zip"))
        #expect(!writer.zipWasRecreated)
        let package = try ScanPackage(url: zipURL)
        #expect(package.labels == SyntheticScan.labels)
        var read: [SensorFrame] = []
        try package.forEachFrame { read.append($0) }
        SyntheticScan.expectEqual(read, frames)
    }

    @Test func zipIsRecreatedWhenTheFirstArchiveIsFaulty() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let (dir, writer) = try SyntheticScan.write(SyntheticScan.frames(count: 3), to: tmp)
        writer.zipFaultInjection = { url in
            // Flip one byte inside the first stored entry's data.
            var bytes = try! Data(contentsOf: url)
            bytes[bytes.count / 3] ^= 0xFF
            try! bytes.write(to: url)
        }
        let zipURL = try writer.zip(to: tmp.appendingPathComponent("scan.zip"), compressed: false)
        #expect(writer.zipWasRecreated)
        #expect(
            try String(contentsOf: dir.appendingPathComponent("scan.log"), encoding: .utf8).contains("zip check failed")
        )
        #expect(try ScanPackageZip.verify(zipURL, against: dir).isEmpty)
        #expect(try ScanPackage(url: zipURL).frameCount == 3)
    }

    @Test func summaryDescribesThePackage() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let (dir, _) = try SyntheticScan.write(SyntheticScan.frames(), to: tmp)
        let summary = try ScanPackage(url: dir).summary
        #expect(summary.frameCount == 6)
        #expect(abs(summary.duration - 5.0 / 30) < 1e-9)
        #expect(summary.eventsByCode == [87: 1, 31: 1])
        #expect(summary.nonNormalTrackingFrameCount == 1)
        let text = summary.description
        #expect(text.contains("6 frames"))
        #expect(text.contains("depth: 5 frames, 8×6, 1.3 kB"))
        #expect(text.contains("colour: 5 frames, 8×6 YCbCr 4:2:0"))
        #expect(text.contains("labels: Kitchen at 0.05 s; Olohuone ä at 0.15 s"))
        #expect(text.contains("31 ×1, 87 ×1"))
        #expect(text.contains("warnings: none"))
    }

    @Test func writerRefusesANonEmptyDirectoryAndBadFrames() throws {
        let tmp = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        try Data("x".utf8).write(to: tmp.appendingPathComponent("keep.txt"))
        #expect { try ScanPackageWriter(directory: tmp, config: ScanConfig()) } throws: {
            ($0 as? ScanPackageError)?.kind == .directoryNotEmpty
        }
        #expect(try String(contentsOf: tmp.appendingPathComponent("keep.txt"), encoding: .utf8) == "x")
        let frames = SyntheticScan.frames(count: 2)
        let writer = try ScanPackageWriter(directory: tmp.appendingPathComponent("s"), config: ScanConfig())
        try writer.append(frames[1])
        #expect(throws: ScanPackageError.self) { try writer.append(frames[0]) }  // earlier timestamp
        #expect(throws: ScanPackageError.self) { try writer.append(frames[1]) }  // same number
        // A frame whose colour record does not fit the stream is refused before any record is written.
        var bad = SyntheticScan.frames(count: 3, rgb: true)[2]
        bad.depth = frames[0].depth
        bad.depth!.frameNumber = bad.frameNumber
        #expect { try writer.append(bad) } throws: {
            ($0 as? ScanPackageError)?.problem.contains("pixel format") == true
        }
        #expect(writer.depthStream?.recordCount == 1)
        #expect(writer.frameCount == 1)
        try writer.finish()
        #expect(throws: ScanPackageError.self) { try writer.append(frames[0]) }
        #expect(try ScanPackage(url: writer.directory).warnings.isEmpty)
    }
}
