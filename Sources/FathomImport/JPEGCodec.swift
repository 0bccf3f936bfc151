import FathomCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// JPEG decoding and encoding through the system's libjpeg-turbo (its TurboJPEG API), loaded at run
/// time with `dlopen` so that the toolkit builds and imports without it: colour is optional, and a
/// missing library only means "colour skipped" (see `loadFailure`).
///
/// TurboJPEG reports every error as a return code (no `longjmp`, no `exit`), so a corrupt file is an
/// error naming it, never a crash. Not thread-safe: use one codec per thread.
public final class JPEGCodec {
    /// Library names tried in order (Debian's `libturbojpeg0`, then Homebrew's and generic names).
    public static let libraryNames = [
        "libturbojpeg.so.0", "libturbojpeg.so", "libturbojpeg.0.dylib", "libturbojpeg.dylib",
        "/opt/homebrew/lib/libturbojpeg.dylib", "/usr/local/lib/libturbojpeg.dylib",
    ]
    /// The largest image decoded, pixels.
    public static let maximumPixelCount = 1 << 28

    private typealias InitFn = @convention(c) () -> UnsafeMutableRawPointer?
    private typealias DestroyFn = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    private typealias HeaderFn = @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
        UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
    ) -> Int32
    private typealias DecompressFn = @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt, UnsafeMutablePointer<UInt8>?, Int32, Int32, Int32, Int32, Int32
    ) -> Int32
    private typealias CompressFn = @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int32, Int32, Int32, Int32,
        UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<UInt>?, Int32, Int32, Int32
    ) -> Int32
    private typealias FreeFn = @convention(c) (UnsafeMutablePointer<UInt8>?) -> Void
    private typealias ErrorFn = @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutablePointer<CChar>?
    private typealias ScalingFn = @convention(c) (UnsafeMutablePointer<Int32>?) -> UnsafeMutableRawPointer?

    private let library: UnsafeMutableRawPointer
    private let decompressor: UnsafeMutableRawPointer
    private var compressor: UnsafeMutableRawPointer?
    private let destroy: DestroyFn
    private let header: HeaderFn
    private let decompress: DecompressFn
    private let errorString: ErrorFn
    private let initCompress: InitFn
    private let compress: CompressFn
    private let free: FreeFn
    /// The scaling factors the library decodes at, as (numerator, denominator).
    public let scalingFactors: [(num: Int, denom: Int)]

    /// Why the library could not be loaded, or `nil` when it can.
    public static var loadFailure: String? {
        switch make() {
        case .success: nil
        case let .failure(message): message.text
        }
    }

    struct LoadFailure: Error {
        var text: String
    }

    /// Loads the library, or explains why it cannot.
    static func make() -> Result<JPEGCodec, LoadFailure> {
        var handle: UnsafeMutableRawPointer?
        for name in libraryNames {
            handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)
            if handle != nil { break }
        }
        guard let handle else {
            return .failure(LoadFailure(text: "libturbojpeg (libjpeg-turbo's TurboJPEG library) was not found; install it (Debian: libturbojpeg0)"))
        }
        func symbol<T>(_ name: String, _: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let initD = symbol("tjInitDecompress", InitFn.self), let initC = symbol("tjInitCompress", InitFn.self),
            let destroy = symbol("tjDestroy", DestroyFn.self), let header = symbol("tjDecompressHeader3", HeaderFn.self),
            let decompress = symbol("tjDecompress2", DecompressFn.self), let compress = symbol("tjCompress2", CompressFn.self),
            let free = symbol("tjFree", FreeFn.self), let errorString = symbol("tjGetErrorStr2", ErrorFn.self),
            let scaling = symbol("tjGetScalingFactors", ScalingFn.self)
        else {
            dlclose(handle)
            return .failure(LoadFailure(text: "libturbojpeg lacks the TurboJPEG 2 functions (too old a libjpeg-turbo)"))
        }
        guard let d = initD() else {
            dlclose(handle)
            return .failure(LoadFailure(text: "libturbojpeg could not create a decompressor"))
        }
        var count: Int32 = 0
        var factors: [(Int, Int)] = []
        if let table = scaling(&count), count > 0, count < 64 {
            let ints = table.assumingMemoryBound(to: Int32.self)
            for i in 0..<Int(count) { factors.append((Int(ints[2 * i]), Int(ints[2 * i + 1]))) }
        }
        return .success(JPEGCodec(
            library: handle, decompressor: d, destroy: destroy, header: header, decompress: decompress,
            errorString: errorString, initCompress: initC, compress: compress, free: free,
            scalingFactors: factors.isEmpty ? [(1, 1)] : factors))
    }

    private init(
        library: UnsafeMutableRawPointer, decompressor: UnsafeMutableRawPointer, destroy: @escaping DestroyFn,
        header: @escaping HeaderFn, decompress: @escaping DecompressFn, errorString: @escaping ErrorFn,
        initCompress: @escaping InitFn, compress: @escaping CompressFn, free: @escaping FreeFn, scalingFactors: [(num: Int, denom: Int)]
    ) {
        self.library = library
        self.decompressor = decompressor
        self.destroy = destroy
        self.header = header
        self.decompress = decompress
        self.errorString = errorString
        self.initCompress = initCompress
        self.compress = compress
        self.free = free
        self.scalingFactors = scalingFactors
    }

    /// A codec, or `nil` when libturbojpeg is not installed (`loadFailure` says why).
    public static func load() -> JPEGCodec? {
        guard case let .success(c) = make() else { return nil }
        return c
    }

    deinit {
        _ = destroy(decompressor)
        if let compressor { _ = destroy(compressor) }
        // The library stays loaded: dlclose would not unload it while other codecs use it anyway.
    }

    private func message(_ handle: UnsafeMutableRawPointer?) -> String {
        errorString(handle).map { String(cString: $0) } ?? "unknown error"
    }

    /// The size of a JPEG image, pixels.
    /// - Throws: `ImportError` naming `fileName` when the data is not a readable JPEG.
    public func size(of data: Data, fileName: String) throws -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0, sub: Int32 = 0, space: Int32 = 0
        let status = data.withUnsafeBytes { raw in
            header(decompressor, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count), &w, &h, &sub, &space)
        }
        guard status == 0, w > 0, h > 0 else {
            throw ImportError(.malformed, file: fileName, problem: "not a readable JPEG (\(message(decompressor)))")
        }
        return (Int(w), Int(h))
    }

    /// Decodes a JPEG to RGB at the smallest of the library's scaling factors that is still at least
    /// `minimumWidth × minimumHeight` (full size when both are 0).
    /// - Throws: `ImportError` naming `fileName` when the data is not a readable JPEG or is too large.
    public func decode(_ data: Data, fileName: String, minimumWidth: Int = 0, minimumHeight: Int = 0) throws -> RGBImage {
        let full = try size(of: data, fileName: fileName)
        guard full.width <= Self.maximumPixelCount / full.height else {
            throw ImportError(.malformed, file: fileName, problem: "a \(full.width)×\(full.height) JPEG is too large")
        }
        var (w, h) = full
        for f in scalingFactors where minimumWidth > 0 || minimumHeight > 0 {
            let sw = (full.width * f.num + f.denom - 1) / f.denom, sh = (full.height * f.num + f.denom - 1) / f.denom
            if sw >= minimumWidth && sh >= minimumHeight && sw * sh < w * h { (w, h) = (sw, sh) }
        }
        var bytes = [UInt8](repeating: 0, count: w * h * 3)
        let status = data.withUnsafeBytes { raw in
            bytes.withUnsafeMutableBufferPointer { out in
                decompress(
                    decompressor, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count), out.baseAddress,
                    Int32(w), 0, Int32(h), 0 /* TJPF_RGB */, 0)
            }
        }
        guard status == 0 else {
            throw ImportError(.malformed, file: fileName, problem: "JPEG data is corrupt (\(message(decompressor)))")
        }
        var pixels = [RGB8](repeating: .black, count: w * h)
        for i in 0..<(w * h) { pixels[i] = RGB8(r: bytes[3 * i], g: bytes[3 * i + 1], b: bytes[3 * i + 2]) }
        return RGBImage(width: w, height: h, pixels: pixels)!
    }

    /// The JPEG bytes of an RGB image (4:2:0 chroma, `quality` 1…100).
    /// - Throws: `ImportError` when the library fails.
    public func encode(_ image: RGBImage, quality: Int = 95) throws -> Data {
        if compressor == nil { compressor = initCompress() }
        guard let compressor else { throw ImportError(.unsupported, file: "<jpeg>", problem: "libturbojpeg could not create a compressor") }
        var bytes = [UInt8](repeating: 0, count: image.count * 3)
        for (i, p) in image.pixels.enumerated() {
            bytes[3 * i] = p.r
            bytes[3 * i + 1] = p.g
            bytes[3 * i + 2] = p.b
        }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = bytes.withUnsafeBufferPointer { src in
            compress(compressor, src.baseAddress, Int32(image.width), 0, Int32(image.height), 0, &out, &size, 2 /* TJSAMP_420 */, Int32(quality), 0)
        }
        defer { if let out { free(out) } }
        guard status == 0, let out else {
            throw ImportError(.unsupported, file: "<jpeg>", problem: "JPEG encoding failed (\(message(compressor)))")
        }
        return Data(bytes: out, count: Int(size))
    }
}
