import FathomCore
import Foundation

/// Plain-text point clouds: one point per line, `x y z` first, separated by spaces, tabs or commas.
///
/// Reading: extra columns are ignored; blank lines and lines starting with `#` (after leading
/// blanks) are skipped; a first data line holding a single integer is taken as a point-count header
/// (the `.pts` convention) and skipped, with a warning if the count disagrees. A truncated last line —
/// no trailing newline and fewer than three numbers — is dropped with a warning, as files cut off
/// mid-write end like that; the same problem on any other line is an error naming the line.
///
/// Writing: `x y z` per line with the shortest text that reads back to the identical `Float`.
public enum XYZFile {
    /// Reads a text point-cloud file.
    /// - Throws: `PointCloudFileError` naming the file and line of the problem.
    public static func read(_ url: URL) throws -> PointCloudReadResult {
        try decode(try PLYFile.readBytes(url), fileName: url.lastPathComponent)
    }

    /// Writes the positions of `cloud` to `url` atomically (other attributes are not written).
    /// - Throws: `FileWriteError` when the file cannot be written.
    public static func write(_ cloud: PointCloud, to url: URL) throws {
        try AtomicFile.write(encode(cloud), to: url)
    }

    /// Encodes the positions of `cloud`, one `x y z` line per point.
    public static func encode(_ cloud: PointCloud) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(cloud.count * 30)
        for p in cloud.positions {
            out.append(contentsOf: "\(p.x.description) \(p.y.description) \(p.z.description)\n".utf8)
        }
        return Data(out)
    }

    /// Decodes text point-cloud bytes. `fileName` labels errors and warnings.
    /// - Throws: `PointCloudFileError` naming `fileName` and the line of the problem.
    public static func decode(_ data: Data, fileName: String = "<memory>") throws -> PointCloudReadResult {
        var bytes = [UInt8]()
        bytes.reserveCapacity(data.count + 1)
        data.withUnsafeBytes { bytes.append(contentsOf: $0) }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer in
            var scanner = TextScanner(base: buffer.baseAddress!, count: buffer.count - 1, commaSeparates: true)
            var positions: [SIMD3<Float>] = []
            var warnings: [String] = []
            var declaredCount: (count: Int, line: Int)?
            var sawData = false
            while let line = scanner.nextLine() {
                guard let first = scanner.firstByte(line.start, line.end), first != UInt8(ascii: "#") else { continue }
                var cursor = line.start
                var values = SIMD3<Float>()
                var found = 0
                var problem: PointCloudFileError.Problem?
                while found < 3, let r = scanner.nextToken(&cursor, end: line.end) {
                    guard let v = scanner.number(r) else {
                        problem = .nonNumericToken(scanner.text(r))
                        break
                    }
                    values[found] = Float(v)
                    found += 1
                }
                if problem == nil && found < 3 {
                    // A lone integer on the first data line is a point count (.pts header).
                    if !sawData && found == 1 && scanner.tokenCount(line.start, line.end) == 1,
                       values.x >= 0, values.x == values.x.rounded(), values.x < 1e15 {
                        declaredCount = (Int(values.x), line.number)
                        sawData = true
                        continue
                    }
                    problem = .tooFewValues(expected: 3, found: scanner.tokenCount(line.start, line.end))
                }
                sawData = true
                if let problem {
                    if !line.terminated {
                        warnings.append("\(fileName): line \(line.number): truncated last line dropped (\(problem))")
                        break
                    }
                    throw PointCloudFileError(file: fileName, location: .line(line.number), problem: problem)
                }
                positions.append(values)
            }
            if let declaredCount, declaredCount.count != positions.count {
                warnings.append("\(fileName): line \(declaredCount.line): header declares \(declaredCount.count) points "
                    + "but \(positions.count) were read")
            }
            return PointCloudReadResult(cloud: PointCloud(unchecked: positions), format: .xyz, warnings: warnings)
        }
    }
}
