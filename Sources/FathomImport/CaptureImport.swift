import FathomCore
import FathomIO
import Foundation

/// The one entry point of `fathom import`: recognises a capture's format, runs its importer, and
/// writes a scan package v1 atomically (never a half-written package).
public enum CaptureImport {
    /// The importer types, in the order auto-detection tries them.
    public static var importers: [any CaptureImporter.Type] {[
        StrayScannerImporter.self, Record3DImporter.self, ARKitScenesImporter.self, ARKitDataLoggerImporter.self,
    ]}

    /// The importer type of `format` (`nil` for RoomPlan, which becomes a floor plan).
    public static func importer(for format: ImportFormat) -> (any CaptureImporter.Type)? {
        importers.first { $0.format == format }
    }

    /// The format of the capture at `source`: a RoomPlan JSON file, or the first importer that
    /// recognises the folder's files.
    /// - Throws: `ImportError.Kind.unrecognized` naming what was looked for.
    public static func detectFormat(of source: URL) throws -> ImportFormat {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory) else {
            throw ImportError(.missingFile, file: source.path, problem: "no such file or folder")
        }
        if !isDirectory.boolValue {
            if RoomPlanImporter.recognizes(source) { return .roomplan }
            throw ImportError(
                .unrecognized, file: source.path,
                problem: "not a capture folder, and not a RoomPlan CapturedRoom JSON (looked for a JSON object with 'walls' and 'version')")
        }
        for importer in importers where importer.recognizes(source) { return importer.format }
        let lookedFor = importers.map { "\($0.format.rawValue) (\($0.signatureDescription))" }.joined(separator: "; ")
        throw ImportError(.unrecognized, file: source.path, problem: "no known capture layout; looked for: \(lookedFor)")
    }

    /// Imports the capture folder `source` into a scan package at `output` (a `.zip` when its
    /// extension is `zip`, else a directory).
    ///
    /// The package is written into a hidden temporary directory beside `output` and renamed (or
    /// zipped to a temporary archive and renamed) only when complete: a failure or cancellation
    /// leaves nothing at `output`.
    /// - Parameters:
    ///   - progress: called after every frame written.
    /// - Throws: `ImportError` naming the file and problem.
    public static func importScan(
        from source: URL, to output: URL, options: ImportOptions = ImportOptions(),
        progress: ((ImportProgress) -> Void)? = nil
    ) throws -> ImportReport {
        let detected = options.format == nil
        let format = try options.format ?? detectFormat(of: source)
        guard let type = importer(for: format) else {
            throw ImportError(
                .unsupported, file: source.path,
                problem: "a RoomPlan CapturedRoom becomes a floor plan, not a scan package (use RoomPlanImporter)")
        }
        let fm = FileManager.default
        if fm.fileExists(atPath: output.path) {
            throw ImportError(.output, file: output.path, problem: "already exists; refusing to overwrite it")
        }
        var importer = try type.init(folder: source, options: options)
        return try write(&importer, format: format, detected: detected, to: output, options: options, progress: progress)
    }

    static func write<I: CaptureImporter>(
        _ importer: inout I, format: ImportFormat, detected: Bool, to output: URL, options: ImportOptions,
        progress: ((ImportProgress) -> Void)?
    ) throws -> ImportReport {
        let fm = FileManager.default
        let parent = output.deletingLastPathComponent()
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).import-\(token).tmp")
        let zips = output.pathExtension.lowercased() == "zip"
        let stagingZip = parent.appendingPathComponent(".\(output.lastPathComponent).import-\(token).zip.tmp")
        defer {
            try? fm.removeItem(at: staging)
            try? fm.removeItem(at: stagingZip)
        }
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw ImportError(.output, file: parent.path, problem: "cannot create the folder (\(error.localizedDescription))")
        }
        var report = ImportReport(
            format: format, formatWasDetected: detected, output: output, notes: importer.notes,
            warnings: importer.openingWarnings)
        let writer: ScanPackageWriter
        do {
            writer = try ScanPackageWriter(
                directory: staging,
                config: ScanConfig(device: ScanConfig.Device(model: "imported from \(format.rawValue)", hasLiDAR: format != .arkitLogger)))
        } catch {
            throw ImportError(.output, file: output.path, problem: "cannot write the package (\(error))")
        }
        // Every K-th frame, and the last one (which may carry a capture's final map, as the logger's does).
        var indices = Array(stride(from: 0, to: importer.frameCount, by: options.every))
        if let last = indices.last, last != importer.frameCount - 1 { indices.append(importer.frameCount - 1) }
        var lastTimestamp = -Double.infinity
        var warnings = report.warnings
        // On any failure, let the writer's background flushes end before the staging folder is removed.
        do {
            for (done, index) in indices.enumerated() {
                if options.isCancelled() || Task.isCancelled {
                    throw ImportError(.cancelled, file: output.path, problem: "the import was cancelled; nothing was written")
                }
                guard var frame = try importer.frame(at: index, warnings: &warnings) else { continue }
                guard frame.timestamp > lastTimestamp else {
                    warnings.append("frame \(frame.frameNumber): timestamp \(frame.timestamp) s does not follow \(lastTimestamp) s; skipped")
                    continue
                }
                if !options.includeColor { frame.color = nil }
                do { try writer.append(frame) } catch {
                    throw ImportError(.output, file: output.path, problem: "cannot write frame \(frame.frameNumber) (\(error))")
                }
                lastTimestamp = frame.timestamp
                report.frameCount += 1
                if frame.depth != nil { report.depthFrameCount += 1 }
                if frame.color != nil { report.colorFrameCount += 1 }
                report.featurePointCount += frame.features?.positions.count ?? 0
                progress?(ImportProgress(completed: done + 1, total: indices.count))
            }
            report.warnings = warnings
            guard report.frameCount > 0 else {
                throw ImportError(
                    .empty, file: output.path,
                    problem: "no usable frame (of \(importer.frameCount)); \(warnings.prefix(3).joined(separator: "; "))")
            }
        } catch {
            try? writer.finish()
            throw error
        }
        do {
            try writer.log("imported from \(format.rawValue): \(report.frameCount) frames, \(report.depthFrameCount) depth, \(report.colorFrameCount) colour")
            for note in report.notes { try writer.log("note: \(note)") }
            for warning in warnings.prefix(1000) { try writer.log("warning: \(warning)") }
            try writer.finish()
            if zips {
                try writer.zip(to: stagingZip)
                try fm.moveItem(at: stagingZip, to: output)
            } else {
                try fm.moveItem(at: staging, to: output)
            }
        } catch {
            throw ImportError(.output, file: output.path, problem: "cannot finish the package (\(error))")
        }
        return report
    }
}
