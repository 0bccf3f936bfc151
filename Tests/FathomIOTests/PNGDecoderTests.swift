import FathomCore
import FathomIO
import FathomTestSupport
import Foundation
import Testing

@Suite struct PNGDecoderTests {
    @Test func decodesRGBAWithAllFiveFiltersAndSplitIDAT() throws {
        let image = try PNGDecoder.decode(Data(ForeignPNGs.rgbaAllFilters)).rgbImage
        #expect(image.width == 3 && image.height == 5)
        for y in 0..<5 {
            for x in 0..<3 {
                #expect(image[x, y] == RGB8(r: UInt8((x * 60 + y * 7) % 256), g: UInt8(255 - x * 30), b: UInt8(y * 50)))
            }
        }
    }

    @Test func decodesPaletteWithAverageFilterIgnoringTransparency() throws {
        let decoded = try PNGDecoder.decode(Data(ForeignPNGs.paletteAverage))
        guard case let .rgb(image) = decoded else {
            Issue.record("palette images decode to RGB")
            return
        }
        let palette = [RGB8(r: 10, g: 20, b: 30), RGB8(r: 200, g: 100, b: 50), RGB8(r: 0, g: 255, b: 0), .white]
        for y in 0..<3 { for x in 0..<4 { #expect(image[x, y] == palette[(x + 2 * y) % 4]) } }
    }

    @Test func decodesTwoBitGrayWithUpFilter() throws {
        let decoded = try PNGDecoder.decode(Data(ForeignPNGs.gray2BitUp))
        guard case let .gray(image) = decoded else {
            Issue.record("gray images decode to gray")
            return
        }
        #expect(image.width == 5 && image.height == 3)
        for y in 0..<3 { for x in 0..<5 { #expect(image[x, y] == UInt8((x + y) % 4 * 85)) } }
    }

    @Test func decodesSixteenBitRGBToTheHighByte() throws {
        let image = try PNGDecoder.decode(Data(ForeignPNGs.rgb16Paeth)).rgbImage
        for y in 0..<2 {
            for x in 0..<2 {
                let v = { (c: Int) in UInt8((x * 100 + y * 40 + c * 20) % 256) }
                #expect(image[x, y] == RGB8(r: v(0), g: v(1), b: v(2)))
            }
        }
    }

    @Test func decodesGrayAlphaWithSubFilterDroppingAlpha() throws {
        let decoded = try PNGDecoder.decode(Data(ForeignPNGs.grayAlphaSub))
        #expect(decoded == .gray(GrayImage(width: 3, height: 2, pixels: [0, 40, 80, 100, 140, 180])!))
    }

    @Test func decodesFourBitPaletteWithPaethFilter() throws {
        let image = try PNGDecoder.decode(Data(ForeignPNGs.palette4BitPaeth)).rgbImage
        let palette = [RGB8(r: 1, g: 2, b: 3), RGB8(r: 4, g: 5, b: 6), RGB8(r: 7, g: 8, b: 9)]
        #expect(image.width == 5 && image.height == 2)
        for y in 0..<2 { for x in 0..<5 { #expect(image[x, y] == palette[(3 * x + y) % 3]) } }
    }

    @Test func rejectsInterlacedImages() throws {
        let e = imageError { _ = try PNGDecoder.decode(Data(ForeignPNGs.interlaced), fileName: "i.png") }
        #expect(e == ImageFileError(file: "i.png", location: .byteOffset(8),
                                    problem: .unsupported("Adam7 interlaced PNG images are not supported")))
    }

    @Test func rejectsABadSignature() throws {
        let e = imageError { _ = try PNGDecoder.decode(Data("GIF89a".utf8), fileName: "x.png") }
        #expect(e?.description == "x.png: byte offset 0: malformed: not a PNG file (bad signature)")
    }

    @Test func detectsACorruptedCRC() throws {
        var bytes = [UInt8](PNGEncoder.encode(GrayImage(width: 4, height: 4, repeating: 9)))
        bytes[33 + 8 + 2] ^= 0x40  // a byte inside the IDAT data (IHDR ends at 33)
        let e = imageError { _ = try PNGDecoder.decode(Data(bytes), fileName: "crc.png") }
        #expect(e?.location == .byteOffset(33))
        guard case let .checksumMismatch(chunk, stored, computed)? = e?.problem else {
            Issue.record("expected a CRC mismatch, got \(String(describing: e))")
            return
        }
        #expect(chunk == "IDAT" && stored != computed)
        #expect(e?.description.hasPrefix("crc.png: byte offset 33: chunk 'IDAT': CRC mismatch (stored 0x") == true)
    }

    @Test func detectsAFileCutInsideIDAT() throws {
        let bytes = [UInt8](PNGEncoder.encode(RGBImage(width: 7, height: 3, repeating: RGB8(r: 1, g: 2, b: 3))))
        let cut = Array(bytes.prefix(33 + 20))
        let e = imageError { _ = try PNGDecoder.decode(Data(cut), fileName: "cut.png") }
        #expect(e?.location == .byteOffset(33))
        guard case let .truncated(message)? = e?.problem else {
            Issue.record("expected truncated, got \(String(describing: e))")
            return
        }
        #expect(message.hasPrefix("chunk 'IDAT' declares") && message.hasSuffix("data bytes but only 8 remain"))
        let headerCut = imageError { _ = try PNGDecoder.decode(Data(bytes.prefix(33 + 6))) }
        #expect(headerCut == ImageFileError(file: "<memory>", location: .byteOffset(33),
                                            problem: .truncated("a chunk header is cut off by the end of the file")))
        let noEnd = Array(bytes.prefix(bytes.count - 12))
        #expect(imageError { _ = try PNGDecoder.decode(Data(noEnd)) }?.problem
            == .truncated("the file ends before the IEND chunk"))
    }

    @Test func detectsATruncatedCompressedStreamWithValidCRCs() throws {
        let bytes = [UInt8](PNGEncoder.encode(GrayImage(width: 16, height: 16, pixels: (0..<256).map { UInt8($0) })!))
        let ihdr = Array(bytes[8..<33])
        let idatLength = Int(bytes[33]) << 24 | Int(bytes[34]) << 16 | Int(bytes[35]) << 8 | Int(bytes[36])
        let half = Array(bytes[41..<(41 + idatLength / 2)])
        let damaged = PNGDecoder.signature + ihdr + pngChunk("IDAT", half) + pngChunk("IEND", [])
        let e = imageError { _ = try PNGDecoder.decode(Data(damaged), fileName: "short.png") }
        #expect(e?.location == .byteOffset(33))
        guard case let .truncated(message)? = e?.problem else {
            Issue.record("expected truncated, got \(String(describing: e))")
            return
        }
        #expect(message.hasPrefix("chunk 'IDAT': image data ends after ") && message.hasSuffix(" of 272 bytes"))
    }

    @Test func rejectsHugeClaimedSizesWithoutAllocating() throws {
        let ihdr: [UInt8] = [0x7F, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 8, 2, 0, 0, 0]
        let bytes = PNGDecoder.signature + pngChunk("IHDR", ihdr) + pngChunk("IDAT", [0x78, 0x9C, 0x03, 0x00])
            + pngChunk("IEND", [])
        let e = imageError { _ = try PNGDecoder.decode(Data(bytes), fileName: "huge.png") }
        #expect(e?.location == .byteOffset(33))
        #expect(e?.description.contains("cannot hold a 2147483647×2147483647 image") == true)
    }

    @Test func rejectsUnknownCriticalChunksAndMissingIHDR() throws {
        let base = [UInt8](PNGEncoder.encode(GrayImage(width: 1, height: 1, repeating: 0)))
        let withCritical = Array(base[0..<33]) + pngChunk("ZZZZ", [1]) + Array(base[33...])
        #expect(imageError { _ = try PNGDecoder.decode(Data(withCritical)) }
            == ImageFileError(file: "<memory>", location: .byteOffset(33), problem: .unsupported("unknown critical chunk 'ZZZZ'")))
        let withAncillary = Array(base[0..<33]) + pngChunk("zzZz", [1]) + Array(base[33...])
        #expect(try PNGDecoder.decode(Data(withAncillary)).grayImage.pixels == [0])
        let noHeader = PNGDecoder.signature + Array(base[33...])
        #expect(imageError { _ = try PNGDecoder.decode(Data(noHeader)) }?.problem
            == .malformed("the first chunk is 'IDAT', expected 'IHDR'"))
    }
}
