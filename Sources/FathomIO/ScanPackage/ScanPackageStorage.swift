import Foundation

/// Where an opened package's files are: the package directory itself, or a private temporary
/// directory holding a zip's extracted entries, removed when the last `ScanPackage` copy is gone.
final class ScanPackageStorage: Sendable {
    /// The directory holding the package's files.
    let directory: URL
    /// The zip the files came from, when opened from a zip.
    let zip: URL?
    /// Whether `directory` is a temporary directory owned by this object.
    let ownsDirectory: Bool

    init(directory: URL, zip: URL?, ownsDirectory: Bool) {
        self.directory = directory
        self.zip = zip
        self.ownsDirectory = ownsDirectory
    }

    deinit {
        if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
    }

    /// How errors name the package file `name`: its path, or `zip › name`.
    func displayName(_ name: String) -> String {
        if let zip { return "\(zip.path) › \(name)" }
        return directory.appendingPathComponent(name).path
    }

    /// Opens a directory or a zip.
    static func open(_ url: URL) throws -> ScanPackageStorage {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ScanPackageError(.missingFile, url: url, problem: "no such package (directory or .zip)")
        }
        if isDirectory.boolValue { return ScanPackageStorage(directory: url, zip: nil, ownsDirectory: false) }
        let temp = fm.temporaryDirectory.appendingPathComponent("fathom-scan-\(UUID().uuidString)", isDirectory: true)
        do {
            try fm.createDirectory(at: temp, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ScanPackageError(
                .io, url: temp, problem: "cannot create a temporary directory: \(error.localizedDescription)")
        }
        let storage = ScanPackageStorage(directory: temp, zip: url, ownsDirectory: true)
        try ScanPackageZip.extract(url, to: temp)
        return storage
    }
}
