import FathomCore
import Foundation

extension PLYFile {
    /// Decodes PLY bytes. `fileName` labels errors and warnings.
    /// - Throws: `PointCloudFileError` naming `fileName` and the line or byte offset of the problem.
    public static func decode(_ data: Data, fileName: String = "<memory>") throws -> PointCloudReadResult {
        // One copy with a trailing NUL so the text parser can never read past the end.
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
