import FathomCore
import FathomIO
import FathomTestSupport
import Foundation
import Testing

@Suite struct ImageFileTests {
    static let rgb = RGBImage(width: 3, height: 2, pixels: [
        RGB8(r: 255, g: 0, b: 0), RGB8(r: 0, g: 255, b: 0), RGB8(r: 0, g: 0, b: 255),
        .white, .black, RGB8(r: 10, g: 20, b: 30),
    ])!
    /// Rec. 601 luma of `rgb`, by hand: 0.299·255, 0.587·255, 0.114·255, 255, 0, 0.299·10 + 0.587·20 + 0.114·30.
    static let luma: [UInt8] = [76, 150, 29, 255, 0, 18]

    @Test(arguments: ["png", "ppm", "PNG"])
    func colourRoundTrips(ext: String) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("c.\(ext)")
        try ImageFile.write(Self.rgb, to: url)
        #expect(try ImageFile.readRGB(url) == Self.rgb)
        #expect(try ImageFile.readGray(url).pixels == Self.luma)
    }

    @Test(arguments: ["png", "pgm"])
    func grayRoundTripsAndExpandsToRGB(ext: String) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("g.\(ext)")
        let gray = GrayImage(width: 7, height: 3, pixels: (0..<21).map { UInt8($0 * 12) })!
        try ImageFile.write(gray, to: url)
        #expect(try ImageFile.readGray(url) == gray)
        #expect(try ImageFile.readRGB(url).pixels == gray.pixels.map { RGB8(r: $0, g: $0, b: $0) })
    }

    @Test func convertsBetweenGrayAndColourFormatsOnWrite() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ImageFile.write(Self.rgb, to: dir.appendingPathComponent("a.pgm"))
        #expect(try ImageFile.read(dir.appendingPathComponent("a.pgm")) == .gray(GrayImage(width: 3, height: 2, pixels: Self.luma)!))
        let gray = GrayImage(width: 1, height: 1, repeating: 77)
        try ImageFile.write(gray, to: dir.appendingPathComponent("b.ppm"))
        #expect(try ImageFile.read(dir.appendingPathComponent("b.ppm")) == .rgb(RGBImage(width: 1, height: 1, repeating: RGB8(r: 77, g: 77, b: 77))))
    }

    @Test func magicBytesWinOverTheExtension() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("really-a-png.pgm")
        try PNGEncoder.encode(Self.rgb).write(to: url)
        #expect(try ImageFile.readRGB(url) == Self.rgb)
        let noExtension = dir.appendingPathComponent("image")
        try NetpbmFile.encode(Self.rgb).write(to: noExtension)
        #expect(try ImageFile.readRGB(noExtension) == Self.rgb)
    }

    @Test func reportsUnknownFormatsEmptyImagesAndBadFiles() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bmp = dir.appendingPathComponent("x.bmp")
        #expect(imageError { try ImageFile.write(Self.rgb, to: bmp) }?.problem
            == .unknownFormat("extension 'bmp' (supported: .png, .pgm, .ppm)"))
        try Data("BM....".utf8).write(to: bmp)
        #expect(imageError { _ = try ImageFile.read(bmp) }?.description
            == "x.bmp: unknown image format: neither the contents nor the extension 'bmp' name PNG, PGM or PPM")
        #expect(imageError { try ImageFile.write(GrayImage(width: 0, height: 5, repeating: 0), to: dir.appendingPathComponent("e.png")) }?
            .problem == .unwritable("the image is empty (0×5)"))
        let fakePNG = dir.appendingPathComponent("fake.png")
        try Data("not a png".utf8).write(to: fakePNG)
        #expect(imageError { _ = try ImageFile.readGray(fakePNG) }?.description
            == "fake.png: byte offset 0: malformed: not a PNG file (bad signature)")
        #expect(imageError { _ = try ImageFile.read(dir.appendingPathComponent("missing.png")) }?.file == "missing.png")
    }
}
