import FathomCore
import Foundation

/// Repairs a scan package directory left behind by a recorder that stopped without `finish()`.
public enum ScanPackageRepair {
    /// Rebuilds `arkitData.json` from the journal `frames.jsonl` (when present), cuts truncated last
    /// records off the binary streams, drops records whose frame is not in the journal (or repeat a
    /// frame), and patches the streams' header counts. Running it again changes nothing.
    ///
    /// Without a journal (a finished package) `arkitData.json` is kept and the streams are checked
    /// against its frames.
    /// - Parameter directory: The package directory.
    /// - Returns: What was found and done.
    /// - Throws: `ScanPackageError` when `config.json` is missing or invalid, neither a journal nor
    ///   `arkitData.json` exists, a stream has a bad magic or version, or a write fails.
    public static func repair(directory: URL) throws -> RepairReport {
        let fm = FileManager.default
        _ = try ScanConfig.read(from: directory.appendingPathComponent("config.json"))
        var report = RepairReport(
            frameCount: 0, rebuiltArkitData: false, droppedJournalLineCount: 0, streams: [], actions: [])
        let journalURL = directory.appendingPathComponent(ScanJournalLine.fileName)
        let arkitURL = directory.appendingPathComponent("arkitData.json")
        let frames: [CameraFrame]
        if fm.fileExists(atPath: journalURL.path) {
            let data: ScanARKitData
            (data, report.droppedJournalLineCount) = try readJournal(journalURL, report: &report)
            let encoded = try data.encoded()
            if (try? Data(contentsOf: arkitURL)) != encoded {
                do { try AtomicFile.write(encoded, to: arkitURL) } catch let e as FileWriteError {
                    throw ScanPackageError(.io, url: e.url, problem: e.problem)
                }
                report.rebuiltArkitData = true
                report.actions.append(
                    "rebuilt arkitData.json from \(ScanJournalLine.fileName): \(data.frames.count) frames, \(data.labels.count) labels"
                )
            } else {
                report.actions.append(
                    "arkitData.json already matches \(ScanJournalLine.fileName) (\(data.frames.count) frames)")
            }
            frames = data.frames
        } else if fm.fileExists(atPath: arkitURL.path) {
            frames = try ScanARKitData.read(from: arkitURL).frames
            report.actions.append("no journal; kept arkitData.json (\(frames.count) frames)")
        } else {
            throw ScanPackageError(
                .missingFile, url: arkitURL,
                problem: "required file is missing, and there is no \(ScanJournalLine.fileName) to rebuild it from")
        }
        report.frameCount = frames.count
        // Temporary files of an atomic write or a repair interrupted by the crash.
        for name in (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            try? fm.removeItem(at: directory.appendingPathComponent(name))
            report.removedTemporaryFiles.append(name)
            report.actions.append("removed the leftover temporary file \(name)")
        }
        let known = Set(frames.map(\.frameNumber))
        for kind in ScanStreamKind.allCases {
            let url = directory.appendingPathComponent(kind.fileName)
            guard fm.fileExists(atPath: url.path) else { continue }
            report.streams.append(try repairStream(kind, at: url, knownFrames: known, report: &report))
        }
        return report
    }

    /// Reads the journal; a partial or undecodable line, or a frame out of order, is dropped.
    private static func readJournal(_ url: URL, report: inout RepairReport) throws -> (ScanARKitData, Int) {
        let bytes: Data
        do { bytes = try Data(contentsOf: url) } catch {
            throw ScanPackageError(.io, url: url, problem: "cannot read: \(error.localizedDescription)")
        }
        var data = ScanARKitData()
        var dropped = 0
        var seen = Set<Int>()
        let decoder = ScanJSON.decoder()
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (i, line) in lines.enumerated() where !line.isEmpty {
            let isLast = i == lines.count - 1
            guard let entry = try? decoder.decode(ScanJournalLine.self, from: Data(line)) else {
                dropped += 1
                report.actions.append(
                    isLast
                        ? "dropped the partial last line of \(ScanJournalLine.fileName) (\(line.count) bytes)"
                        : "dropped undecodable line \(i + 1) of \(ScanJournalLine.fileName)")
                continue
            }
            if let record = entry.frame {
                guard case .success(let frame) = record.cameraFrame(), frame.timestamp.isFinite,
                    !seen.contains(frame.frameNumber), frame.frameNumber >= 0, frame.frameNumber <= Int(UInt32.max),
                    data.frames.last.map({ frame.timestamp > $0.timestamp }) ?? true
                else {
                    dropped += 1
                    report.actions.append(
                        "dropped line \(i + 1) of \(ScanJournalLine.fileName): invalid or out-of-order frame \(record.frameNumber)"
                    )
                    continue
                }
                seen.insert(frame.frameNumber)
                data.frames.append(frame)
            }
            if let label = entry.label { data.labels.append(label) }
            if let azimuth = entry.azimuth { data.azimuth = azimuth }
        }
        return (data, dropped)
    }

    /// Truncates, filters and patches one stream.
    private static func repairStream(
        _ kind: ScanStreamKind, at url: URL, knownFrames: Set<Int>,
        report: inout RepairReport
    ) throws -> RepairReport.StreamRepair {
        var result = RepairReport.StreamRepair(
            kind: kind, keptRecordCount: 0, droppedRecordCount: 0, truncatedByteCount: 0,
            countPatched: false, removed: false)
        let file = try ScanFileHandle.openForUpdate(url, displayName: url.path)
        let size = try file.size()
        if size < kind.headerByteCount {
            file.close()
            try? FileManager.default.removeItem(at: url)
            result.removed = true
            report.actions.append(
                "\(kind.fileName): removed (\(size) bytes, shorter than its header: no record was written)")
            return result
        }
        let header = try ScanStreamHeader.read(kind, from: file, fileSize: size)
        let index = try ScanStreamReader.index(file: file, header: header, fileSize: size, displayName: url.path)
        var seen = Set<Int>()
        let kept = index.records.filter { knownFrames.contains($0.frameNumber) && seen.insert($0.frameNumber).inserted }
        result.keptRecordCount = kept.count
        result.droppedRecordCount = index.records.count - kept.count
        result.truncatedByteCount = index.truncatedBytes
        if result.droppedRecordCount > 0 {
            try rewrite(kind, from: file, header: header, keeping: kept, to: url)
            report.actions.append(
                "\(kind.fileName): dropped \(result.droppedRecordCount) record(s) of frames not in the journal, kept \(kept.count)"
            )
            if index.truncatedBytes > 0 {
                report.actions.append("\(kind.fileName): cut a truncated last record (\(index.truncatedBytes) bytes)")
            }
            result.countPatched = header.count != kept.count
            return result
        }
        if index.truncatedBytes > 0 {
            try file.truncate(to: index.end)
            report.actions.append(
                "\(kind.fileName): cut a truncated last record at byte \(index.end) (\(index.truncatedBytes) bytes)")
        }
        if header.count != kept.count {
            var count = UInt32(clamping: kept.count).littleEndian
            try withUnsafeBytes(of: &count) { try file.write($0, at: kind.countFieldOffset) }
            result.countPatched = true
            report.actions.append("\(kind.fileName): header count \(header.count) set to \(kept.count)")
        }
        if result.countPatched || index.truncatedBytes > 0 { try file.synchronize() }
        return result
    }

    /// Writes a new stream holding only `records` (copied byte for byte) and renames it over `url`.
    private static func rewrite(
        _ kind: ScanStreamKind, from file: ScanFileHandle, header: ScanStreamHeader,
        keeping records: [ScanStreamRecordInfo], to url: URL
    ) throws {
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).repair.tmp")
        try? FileManager.default.removeItem(at: temp)
        let out = try ScanFileHandle.create(temp, displayName: temp.path)
        var h = header
        h.count = records.count
        try h.encoded.withUnsafeBytes { try out.write($0) }
        var buffer: [UInt8] = []
        for r in records {
            if buffer.count < r.byteCount { buffer = [UInt8](repeating: 0, count: r.byteCount) }
            try buffer.withUnsafeMutableBytes { all in
                let b = UnsafeMutableRawBufferPointer(rebasing: all[0..<r.byteCount])
                try file.read(into: b, at: r.offset)
                try out.write(UnsafeRawBufferPointer(b))
            }
        }
        try out.synchronize()
        out.close()
        guard rename(temp.path, url.path) == 0 else {
            throw ScanPackageError(
                .io, url: url, problem: "cannot replace the stream: \(String(cString: strerror(errno)))")
        }
    }
}
