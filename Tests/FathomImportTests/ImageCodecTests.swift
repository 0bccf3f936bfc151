import FathomCore
@testable import FathomIO
import FathomPlan
import FathomTestSupport
import Foundation
import Testing

@testable import FathomImport

/// The decoders the importers rely on: EXR (HALF/FLOAT, NONE/ZIPS/ZIP), 16-bit PNG, half floats, JPEG.
@Suite struct ImageCodecTests {
    static func ramp(_ w: Int, _ h: Int) -> Image<Float> {
        Image(width: w, height: h, pixels: (0..<(w * h)).map { Float($0 % 97) * 0.037 + 0.25 })!
    }

    @Test(arguments: EXRCompression.allCases)
    func exrRoundTrip(_ compression: EXRCompression) throws {
        let depth = Self.ramp(37, 41)
        let image = EXRImage(width: 37, height: 41, channels: [
            EXRImage.Channel(name: "G", pixelType: .float, image: depth),
            EXRImage.Channel(name: "R", pixelType: .half, image: depth),
        ])
        let decoded = try EXRFile.decode(EXRFile.encode(image, compression: compression), fileName: "t.exr")
        #expect(decoded.width == 37 && decoded.height == 41)
        #expect(decoded.channel(named: "G")?.image == depth)
        #expect(decoded.channel(named: "R")?.pixelType == .half)
        let half = try #require(decoded.channel(named: "R")).image.pixels
        #expect(zip(half, depth.pixels).allSatisfy { abs($0 - $1) <= $1 / 2048 })
    }

    /// A hand-built ZIP block: the predictor and interleave of OpenEXR (bytes 1, 2, 3, 4 stored as
    /// the halves [1, 3] and [2, 4], then differences + 128: [1, 130, 127, 130]).
    @Test func zipPredictorKnownAnswer() {
        #expect(EXRFile.interleaveAndPredict([1, 2, 3, 4]) == [1, 130, 127, 130])
        #expect(EXRFile.unpredictAndDeinterleave([1, 130, 127, 130]) == [1, 2, 3, 4])
    }

    @Test func halfFloatKnownValues() {
        #expect(Float(halfBits: 0x3C00) == 1)
        #expect(Float(halfBits: 0xC000) == -2)
        #expect(Float(halfBits: 0x7BFF) == 65504)
        #expect(Float(halfBits: 0x0001) == 0x1p-24)
        #expect(Float(halfBits: 0x7C00) == .infinity)
        #expect(Float(halfBits: 0x7E00).isNaN)
        #expect(Float(1).halfBits == 0x3C00)
        #expect(Float(65504).halfBits == 0x7BFF)
        #expect(Float(1e6).halfBits == 0x7C00)
        #expect(Float(0x1p-24).halfBits == 0x0001)
        // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10: ties to even (1).
        #expect(Float(1 + 0x1p-11).halfBits == 0x3C00)
        for bits in stride(from: UInt16(0), to: 0x7C00, by: 7) { #expect(Float(halfBits: bits).halfBits == bits) }
    }

    /// Cut anywhere, an EXR is an error naming the file (never a crash or a hang).
    @Test func truncatedEXRIsAnError() throws {
        let data = EXRFile.encode(EXRImage(width: 8, height: 20, channels: [
            EXRImage.Channel(name: "R", pixelType: .half, image: Self.ramp(8, 20)),
        ]))
        for cut in stride(from: 0, to: data.count, by: 3) {
            #expect(throws: ImageFileError.self) { try EXRFile.decode(data.prefix(cut), fileName: "cut.exr") }
        }
        #expect {
            try EXRFile.decode(data.prefix(data.count - 1), fileName: "cut.exr")
        } throws: { "\($0)".hasPrefix("cut.exr: byte offset ") }
    }

    /// Hostile headers: a data window far too large for the file, an unknown compression.
    @Test func hostileEXRHeaders() throws {
        var bytes = [UInt8](EXRFile.encode(EXRImage(width: 4, height: 4, channels: [
            EXRImage.Channel(name: "R", pixelType: .float, image: Self.ramp(4, 4)),
        ]), compression: .none))
        let window = try #require(bytes.firstRange(of: Array("dataWindow\0box2i\0".utf8))).upperBound + 4
        var huge = bytes
        huge.replaceSubrange((window + 8)..<(window + 16), with: [0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0])
        #expect { try EXRFile.decode(Data(huge), fileName: "huge.exr") } throws: { "\($0)".contains("cannot hold") || "\($0)".contains("invalid data window") }
        let compression = try #require(bytes.firstRange(of: Array("compression\0compression\0".utf8))).upperBound + 4
        bytes[compression] = 4  // PIZ
        #expect { try EXRFile.decode(Data(bytes), fileName: "piz.exr") } throws: { "\($0)".contains("unsupported: compression PIZ") }
    }

    @Test func gray16PNGRoundTrip() throws {
        let image = Image<UInt16>(width: 13, height: 7, pixels: (0..<91).map { UInt16($0 * 719 % 65536) })!
        #expect(try PNGDecoder.decodeGray16(PNGEncoder.encode(gray16: image), fileName: "d.png") == image)
        #expect {
            try PNGDecoder.decodeGray16(PNGEncoder.encode(GrayImage(width: 2, height: 2, repeating: 1)), fileName: "c.png")
        } throws: { "\($0)".hasPrefix("c.png: byte offset 8: unsupported: expected a 16-bit gray image") }
    }

    /// JPEG through libturbojpeg when it is installed: a smooth image survives within a few levels,
    /// decoding at a reduced scale gives the smallest size at least as large as asked, and corrupt
    /// data is an error naming the file.
    @Test func jpegRoundTrip() throws {
        guard let codec = JPEGCodec.load() else {
            #expect(JPEGCodec.loadFailure?.contains("libturbojpeg") == true)
            return
        }
        var image = RGBImage(width: 64, height: 48, repeating: .black)
        for y in 0..<48 { for x in 0..<64 { image[x, y] = RGB8(r: UInt8(x * 4), g: UInt8(y * 5), b: 128) } }
        let data = try codec.encode(image, quality: 95)
        let back = try codec.decode(data, fileName: "a.jpg")
        #expect(back.width == 64 && back.height == 48)
        let worst = zip(back.pixels, image.pixels).map { max(abs(Int($0.r) - Int($1.r)), abs(Int($0.g) - Int($1.g)), abs(Int($0.b) - Int($1.b))) }.max()!
        #expect(worst <= 12)
        let small = try codec.decode(data, fileName: "a.jpg", minimumWidth: 30, minimumHeight: 20)
        #expect(small.width == 32 && small.height == 24)
        #expect { try codec.decode(Data([0xFF, 0xD8, 0xFF, 0x00, 1, 2, 3]), fileName: "bad.jpg") } throws: { "\($0)".hasPrefix("bad.jpg: ") }
    }
}

/// Seeded random corruptions of the readers' inputs: each decodes or throws, never crashes or hangs.
@Suite struct CorruptionTests {
    @Test func corruptedEXRsDecodeOrThrow() throws {
        var g = SeededGenerator(seed: 13)
        let original = [UInt8](EXRFile.encode(EXRImage(width: 9, height: 33, channels: [
            EXRImage.Channel(name: "R", pixelType: .half, image: ImageCodecTests.ramp(9, 33)),
            EXRImage.Channel(name: "Z", pixelType: .float, image: ImageCodecTests.ramp(9, 33)),
        ])))
        var thrown = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &g) {
                bytes[Int.random(in: 0..<bytes.count, using: &g)] = UInt8.random(in: 0...255, using: &g)
            }
            if Bool.random(using: &g) { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &g)) }
            do { _ = try EXRFile.decode(Data(bytes), fileName: "fuzz.exr") } catch is ImageFileError { thrown += 1 }
        }
        #expect(thrown > 100)
    }

    @Test func corruptedRoomPlanJSONDecodesOrThrows() throws {
        var g = SeededGenerator(seed: 5)
        let original = [UInt8](try RoomPlanExport.jsonData(RoomPlanImportTests.plan()))
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &g) {
                bytes[Int.random(in: 0..<bytes.count, using: &g)] = UInt8.random(in: 32...126, using: &g)
            }
            do { _ = try RoomPlanImporter.importPlan(Data(bytes), fileName: "fuzz.json") } catch is ImportError {}
        }
    }
}
