import FathomCore
import Foundation

extension PLYFile {
    /// Decodes PLY bytes. `fileName` labels errors and warnings.
    /// - Throws: `PointCloudFileError` naming `fileName` and the line or byte offset of the problem.
    public static func decode(_ data: Data, fileName: String = "<memory>") throws -> PointCloudReadResult {
        // Binary bodies are read in place.
        let binary: PointCloudReadResult? = try data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var scanner = TextScanner(base: base, count: raw.count, commaSeparates: false)
            let header = try PLYHeader.parse(&scanner, file: fileName)
            guard header.format != .ascii else { return nil }
            var decoder = PLYBodyDecoder(header: header, scanner: scanner, file: fileName)
            return try decoder.decode()
        }
        if let binary { return binary }
        // Text needs a copy with a trailing NUL so the number parser can never read past the end.
        var bytes = [UInt8]()
        bytes.reserveCapacity(data.count + 1)
        data.withUnsafeBytes { bytes.append(contentsOf: $0) }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer in
            var scanner = TextScanner(base: buffer.baseAddress!, count: buffer.count - 1, commaSeparates: false)
            let header = try PLYHeader.parse(&scanner, file: fileName)
            var decoder = PLYBodyDecoder(header: header, scanner: scanner, file: fileName)
            return try decoder.decode()
        }
    }
}
