import FathomCore
import FathomTestSupport
import Foundation
import Testing

@testable import FathomIO

@Suite struct ScanPackageErrorTests {
    private func package(_ files: [String: String]) throws -> URL {
        let dir = try makeTemporaryDirectory("fathom-scan-error")
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    static let frameJSON = """
        {"frameNumber":0,"timestamp":1.5,"cameraTransform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],
         "cameraIntrinsics":[1450,0,0,0,1450,0,959.5,719.5,1],"imageResolution":[1920,1440],"trackingState":"normal"}
        """

    @Test func configOfAnotherFormatIsRefused() throws {
        let dir = try package([
            "config.json": #"{"format":"cubicasa","formatVersion":1}"#,
            "arkitData.json": #"{"frames":[]}"#,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect { try ScanPackage(url: dir) } throws: { e in
            guard let e = e as? ScanPackageError else { return false }
            return e.kind == .unsupportedFormat && e.file.hasSuffix("config.json") && e.problem.contains("'cubicasa'")
        }
    }

    @Test func higherMajorVersionIsRefusedAndMinorAccepted() throws {
        let dir = try package([
            "config.json": #"{"format":"fathom-scan","formatVersion":2}"#,
            "arkitData.json": #"{"frames":[]}"#,
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect { try ScanPackage(url: dir) } throws: { e in
            (e as? ScanPackageError)?.kind == .unsupportedVersion
                && (e as? ScanPackageError)?.file.hasSuffix("config.json") == true
        }
        try Data(#"{"format":"fathom-scan","formatVersion":1.3,"unknownKey":{"a":[1]}}"#.utf8).write(
            to: dir.appendingPathComponent("config.json"))
        let p = try ScanPackage(url: dir)
        #expect(p.config.formatVersion == 1)
        #expect(p.config.options.isEmpty && p.config.device == nil && p.config.createdAt == nil)
        #expect(p.frameCount == 0 && !p.hasDepth && p.events.isEmpty)
    }

    @Test func missingRequiredFilesAreNamed() throws {
        let dir = try package(["config.json": #"{"format":"fathom-scan","formatVersion":1}"#])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect { try ScanPackage(url: dir) } throws: { e in
            (e as? ScanPackageError)?.kind == .missingFile
                && (e as? ScanPackageError)?.file.hasSuffix("arkitData.json") == true
        }
        try FileManager.default.removeItem(at: dir.appendingPathComponent("config.json"))
        #expect { try ScanPackage(url: dir) } throws: { e in
            (e as? ScanPackageError)?.kind == .missingFile
                && (e as? ScanPackageError)?.file.hasSuffix("config.json") == true
        }
        #expect { try ScanPackage(url: dir.appendingPathComponent("nothing-here")) } throws: { e in
            (e as? ScanPackageError)?.kind == .missingFile
        }
    }

    @Test func framesOutOfOrderOrRepeatedAreErrors() throws {
        let a = Self.frameJSON
        let b = a.replacingOccurrences(of: "\"timestamp\":1.5", with: "\"timestamp\":1.0")
            .replacingOccurrences(of: "\"frameNumber\":0", with: "\"frameNumber\":1")
        let dir = try package([
            "config.json": #"{"format":"fathom-scan","formatVersion":1}"#,
            "arkitData.json": "{\"frames\":[\(a),\(b)]}",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect { try ScanPackage(url: dir) } throws: { e in
            (e as? ScanPackageError)?.kind == .invalidFrames
                && (e as? ScanPackageError)?.problem.contains("strictly increasing") == true
        }
        let c = a.replacingOccurrences(of: "\"timestamp\":1.5", with: "\"timestamp\":2.0")
        try Data("{\"frames\":[\(a),\(c)]}".utf8).write(to: dir.appendingPathComponent("arkitData.json"))
        #expect { try ScanPackage(url: dir) } throws: { e in
            (e as? ScanPackageError)?.kind == .invalidFrames
                && (e as? ScanPackageError)?.problem.contains("appears twice") == true
        }
        let d = a.replacingOccurrences(of: "\"normal\"", with: "\"limited:sleepy\"")
        try Data("{\"frames\":[\(d)]}".utf8).write(to: dir.appendingPathComponent("arkitData.json"))
        #expect { try ScanPackage(url: dir) } throws: { e in
            (e as? ScanPackageError)?.kind == .corrupt
                && (e as? ScanPackageError)?.problem.contains("frames[0]") == true
        }
    }

    @Test func arkitDataFromTheSpecExampleDecodes() throws {
        let text = """
            { "formatVersion": 1,
              "frames": [
                { "frameNumber": 0, "timestamp": 0.0,
                  "cameraTransform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0.5,1.25,-2,1],
                  "cameraIntrinsics": [1450,0,0, 0,1450,0, 959.5,719.5,1],
                  "imageResolution": [1920, 1440],
                  "trackingState": "limited:relocalizing",
                  "worldMappingStatus": "mapped",
                  "orientation": "landscapeRight" } ],
              "labels": [ { "timestamp": 12.5, "frameNumber": 375, "text": "Kitchen" } ],
              "azimuth": { "trueNorthDegrees": 12.0 }, "extra": true }
            """
        let data = try ScanARKitData.decode(Data(text.utf8))
        #expect(data.frames.count == 1)
        let f = data.frames[0]
        #expect(f.cameraTransform.translation == SIMD3(0.5, 1.25, -2))
        #expect(f.intrinsics == CameraIntrinsics(fx: 1450, fy: 1450, cx: 959.5, cy: 719.5, width: 1920, height: 1440))
        #expect(f.trackingState == .limited(.relocalizing))
        #expect(f.worldMappingStatus == .mapped && f.orientation == .landscapeRight)
        #expect(data.labels == [ScanLabel(timestamp: 12.5, frameNumber: 375, text: "Kitchen")])
        #expect(data.azimuth?.trueNorthDegrees == 12)
        // And back: the encoding decodes to the same value.
        #expect(try ScanARKitData.decode(data.encoded()) == data)
    }

    @Test func configFromTheSpecExampleRoundTrips() throws {
        let text = """
            { "format": "fathom-scan", "formatVersion": 1,
              "createdAt": "2026-11-22T10:00:00Z",
              "device": { "model": "iPhone15,3", "hasLiDAR": true },
              "options": ["meshVisualisation", "backgroundResume", "azimuth", "storageWarnings", "speechRecognition"],
              "address": { "number": "", "postCode": "", "city": "", "state": "", "country": "", "suite": "" },
              "propertyType": "" }
            """
        let config = try ScanConfig.decode(Data(text.utf8))
        #expect(config.createdAt == Date(timeIntervalSince1970: 1_795_341_600))
        #expect(config.device == .init(model: "iPhone15,3", hasLiDAR: true))
        #expect(config.options.count == 5)
        #expect(config.address == .init())
        #expect(try ScanConfig.decode(ScanJSON.encoder().encode(config)) == config)
    }
}
