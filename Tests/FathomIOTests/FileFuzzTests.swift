import FathomCore
import FathomIO
import FathomTestSupport
import Foundation
import Testing

/// Damaged files (random byte flips, insertions and cuts, seeded) must give a result or a typed
/// error — never a crash, a hang or an untyped error.
@Suite struct FileFuzzTests {
    @Test(arguments: PLYFormat.allCases)
    func damagedPLYFilesFailCleanly(format: PLYFormat) throws {
        let cloud = makeTestCloud(count: 12, seed: 9)
        let original = [UInt8](PLYFile.encode(cloud, options: PLYWriteOptions(format: format)))
        for bytes in mutants(of: original, count: 400, seed: 100 + UInt64(format.headerName.count)) {
            do {
                let r = try PLYFile.decode(Data(bytes))
                #expect(r.cloud.count <= 12 + bytes.count)
            } catch is PointCloudFileError {
            } catch {
                Issue.record("untyped error \(error)")
            }
        }
    }

    @Test func damagedTextCloudsFailCleanly() throws {
        let original = [UInt8](XYZFile.encode(PointCloud(unchecked: makeTestCloud(count: 12, seed: 2).positions)))
        for bytes in mutants(of: original, count: 300, seed: 5) {
            do { _ = try XYZFile.decode(Data(bytes)) } catch is PointCloudFileError {} catch {
                Issue.record("untyped error \(error)")
            }
        }
    }

    @Test func damagedImagesFailCleanly() throws {
        var g = SeededGenerator(seed: 3)
        let rgb = RGBImage(width: 6, height: 5, pixels: (0..<30).map { _ in
            RGB8(r: .random(in: 0...255, using: &g), g: .random(in: 0...255, using: &g), b: 7)
        })!
        let originals: [[UInt8]] = [
            [UInt8](PNGEncoder.encode(rgb)), ForeignPNGs.paletteAverage, ForeignPNGs.gray2BitUp,
            [UInt8](NetpbmFile.encode(rgb)), [UInt8](NetpbmFile.encode(rgb, ascii: true)),
        ]
        for (k, original) in originals.enumerated() {
            for bytes in mutants(of: original, count: 200, seed: 50 + UInt64(k)) {
                do {
                    _ = k < 3 ? try PNGDecoder.decode(Data(bytes)) : try NetpbmFile.decode(Data(bytes))
                } catch is ImageFileError {} catch {
                    Issue.record("untyped error \(error)")
                }
            }
        }
    }

    @Test func damagedPNGContentsWithValidCRCsFailCleanly() throws {
        // Rebuild chunks around mutated IHDR fields and IDAT data so decoding gets past the CRC checks.
        var g = SeededGenerator(seed: 8)
        let pixels = (0..<64).map { UInt8($0 * 4) }
        let bytes = [UInt8](PNGEncoder.encode(GrayImage(width: 8, height: 8, pixels: pixels)!))
        let ihdr = Array(bytes[16..<29])
        let idatLength = Int(bytes[33]) << 24 | Int(bytes[34]) << 16 | Int(bytes[35]) << 8 | Int(bytes[36])
        let idat = Array(bytes[41..<(41 + idatLength)])
        let palette = pngChunk("PLTE", [0, 0, 0, 255, 255, 255])
        for (header, data) in zip(mutants(of: ihdr, count: 300, seed: 60), mutants(of: idat, count: 300, seed: 61)) {
            var h = header
            if Bool.random(using: &g) { h = ihdr }
            if h.count == 13 && Bool.random(using: &g) {
                h[8] = [1, 2, 4, 8, 16].randomElement(using: &g)!
                h[9] = [0, 2, 3, 4, 6].randomElement(using: &g)!
            }
            let file = PNGDecoder.signature + pngChunk("IHDR", h) + palette + pngChunk("IDAT", data) + pngChunk("IEND", [])
            do { _ = try PNGDecoder.decode(Data(file)) } catch is ImageFileError {} catch {
                Issue.record("untyped error \(error)")
            }
        }
    }
}
