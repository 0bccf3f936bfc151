import FathomCore
import Foundation

/// Image files of any supported format: PNG, PGM and PPM.
///
/// Reading detects the format by the file's magic bytes, falling back on the extension (`.png`,
/// `.pgm`, `.ppm`) to choose which decoder reports the problem. Writing chooses by extension.
public enum ImageFile {
    /// Reads an image as it is stored (gray or colour; alpha discarded).
    /// - Throws: `ImageFileError` naming the file and the problem.
    public static func read(_ url: URL) throws -> DecodedImage {
        let name = url.lastPathComponent
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ImageFileError(file: name, location: .file, problem: .unreadable(error.localizedDescription))
        }
        guard let format = ImageFileFormat(magicBytesOf: data) ?? ImageFileFormat(pathExtension: url.pathExtension) else {
            throw ImageFileError(file: name, location: .file, problem: .unknownFormat(
                "neither the contents nor the extension '\(url.pathExtension)' name PNG, PGM or PPM"))
        }
        switch format {
        case .png: return try PNGDecoder.decode(data, fileName: name)
        case .pgm, .ppm: return try NetpbmFile.decode(data, fileName: name)
        }
    }

    /// Reads an image as gray; colour is converted by Rec. 601 luma.
    /// - Throws: `ImageFileError` naming the file and the problem.
    public static func readGray(_ url: URL) throws -> GrayImage {
        try read(url).grayImage
    }

    /// Reads an image as RGB; gray is repeated in each channel.
    /// - Throws: `ImageFileError` naming the file and the problem.
    public static func readRGB(_ url: URL) throws -> RGBImage {
        try read(url).rgbImage
    }

    /// Writes an RGB image atomically: `.png` RGB, `.ppm` binary P6, `.pgm` binary P5 (converted by luma).
    /// - Throws: `ImageFileError` for an unknown extension or an empty image; `FileWriteError` when
    ///   the file cannot be written.
    public static func write(_ image: RGBImage, to url: URL) throws {
        let format = try writableFormat(url, width: image.width, height: image.height)
        let data = switch format {
        case .png: PNGEncoder.encode(image)
        case .ppm: NetpbmFile.encode(image)
        case .pgm: NetpbmFile.encode(image.map(DecodedImage.luma))
        }
        try AtomicFile.write(data, to: url)
    }

    /// Writes a gray image atomically: `.png` gray, `.pgm` binary P5, `.ppm` binary P6 (gray repeated).
    /// - Throws: `ImageFileError` for an unknown extension or an empty image; `FileWriteError` when
    ///   the file cannot be written.
    public static func write(_ image: GrayImage, to url: URL) throws {
        let format = try writableFormat(url, width: image.width, height: image.height)
        let data = switch format {
        case .png: PNGEncoder.encode(image)
        case .pgm: NetpbmFile.encode(image)
        case .ppm: NetpbmFile.encode(DecodedImage.gray(image).rgbImage)
        }
        try AtomicFile.write(data, to: url)
    }

    static func writableFormat(_ url: URL, width: Int, height: Int) throws -> ImageFileFormat {
        let name = url.lastPathComponent
        guard let format = ImageFileFormat(pathExtension: url.pathExtension) else {
            throw ImageFileError(file: name, location: .file, problem: .unknownFormat(
                "extension '\(url.pathExtension)' (supported: .png, .pgm, .ppm)"))
        }
        guard width > 0 && height > 0 else {
            throw ImageFileError(file: name, location: .file, problem: .unwritable("the image is empty (\(width)×\(height))"))
        }
        return format
    }
}
