import FathomCore
import FathomIO
import FathomTestSupport
import Foundation
import Testing

@Suite struct NetpbmFileTests {
    @Test func readsTextGrayWithCommentsAndScalesMaxValue() throws {
        let text = "P2\n# a comment\n3 2 # trailing\n15\n0 15 5\n10  1\n2\n"
        let image = try NetpbmFile.decode(Data(text.utf8)).grayImage
        #expect(image == GrayImage(width: 3, height: 2, pixels: [0, 255, 85, 170, 17, 34]))
    }

    @Test func readsTextAndBinaryColour() throws {
        let p3 = try NetpbmFile.decode(Data("P3 2 1 255 1 2 3 4 5 6".utf8))
        #expect(p3 == .rgb(RGBImage(width: 2, height: 1, pixels: [RGB8(r: 1, g: 2, b: 3), RGB8(r: 4, g: 5, b: 6)])!))
        let p6 = try NetpbmFile.decode(Data("P6\n1 2\n255\n".utf8) + Data([9, 8, 7, 32, 10, 255]))
        #expect(p6 == .rgb(RGBImage(width: 1, height: 2, pixels: [RGB8(r: 9, g: 8, b: 7), RGB8(r: 32, g: 10, b: 255)])!))
    }

    @Test(arguments: [false, true])
    func roundTrips(ascii: Bool) throws {
        var g = SeededGenerator(seed: 4)
        let gray = GrayImage(width: 7, height: 3, pixels: (0..<21).map { _ in .random(in: 0...255, using: &g) })!
        let rgb = gray.map { RGB8(r: $0, g: 255 - $0, b: $0 / 2) }
        #expect(try NetpbmFile.decode(NetpbmFile.encode(gray, ascii: ascii)) == .gray(gray))
        #expect(try NetpbmFile.decode(NetpbmFile.encode(rgb, ascii: ascii)) == .rgb(rgb))
        #expect(String(decoding: NetpbmFile.encode(gray, ascii: ascii).prefix(2), as: UTF8.self) == (ascii ? "P2" : "P5"))
    }

    @Test func errorsNameFileAndOffset() throws {
        let truncated = imageError { _ = try NetpbmFile.decode(Data("P5\n4 4\n255\n".utf8) + Data([1, 2, 3]), fileName: "t.pgm") }
        #expect(truncated == ImageFileError(file: "t.pgm", location: .byteOffset(11),
                                            problem: .truncated("4×4 pixels need 16 bytes but only 3 remain")))
        let big = imageError { _ = try NetpbmFile.decode(Data("P2 1 1 9 10".utf8), fileName: "b.pgm") }
        #expect(big?.description == "b.pgm: byte offset 9: malformed: sample 10 exceeds the maximum value 9")
        let deep = imageError { _ = try NetpbmFile.decode(Data("P5 1 1 65535 ab".utf8), fileName: "d.pgm") }
        #expect(deep?.problem == .unsupported("maximum value 65535: only 8-bit samples (≤ 255) are supported"))
        let magic = imageError { _ = try NetpbmFile.decode(Data("P4 1 1\n".utf8), fileName: "m.pbm") }
        #expect(magic?.location == .byteOffset(0))
        let word = imageError { _ = try NetpbmFile.decode(Data("P2 2 x 255".utf8), fileName: "w.pgm") }
        #expect(word?.description == "w.pgm: byte offset 5: malformed: expected the height, found 'x'")
        let hugeText = imageError { _ = try NetpbmFile.decode(Data("P3 100000 100000 255 1 2 3".utf8)) }
        #expect(hugeText?.problem == .truncated("100000×100000 pixels need 30000000000 samples; the file is too short"))
    }
}
