import Fathom
import Foundation

/// The world maps of every account as files (`BlobStore.mapFile`): built from a stored scan's feature
/// points or read from an uploaded `fathom map` file, written atomically, and kept prepared in memory
/// for localizing (a few maps, least recently used dropped first). Maps never change once written, so
/// the cache needs no invalidation but on deletion; the store is asked first on every request, so a map
/// deleted by another process is never served.
public final class MapLibrary: Sendable {
    /// The blobs the maps live in.
    public let blobs: BlobStore
    /// Prepared maps kept in memory.
    public let cacheCapacity: Int
    private let cache = Locked<[CacheKey: CacheEntry]>([:])
    private let clock = Locked<UInt64>(0)

    /// Fewest map points a map may hold: what a relocalization attempt needs at least
    /// (`RelocalizerConfiguration.minimumFeatureCount`).
    public static let minimumPointCount = RelocalizerConfiguration().minimumFeatureCount

    /// A library over `blobs`.
    public init(blobs: BlobStore, cacheCapacity: Int = 8) {
        self.blobs = blobs
        self.cacheCapacity = max(1, cacheCapacity)
    }

    /// Why a map could not be made (answered as 422).
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        /// The reason, one sentence.
        public var reason: String
        /// The reason.
        public var description: String { reason }
    }

    /// A world map of a scan package's feature points, as `fathom map` builds it with its defaults,
    /// prepared for relocalization.
    /// - Throws: `Refusal` when the scan has too few features seen often enough; the package reader's errors.
    public static func build(package: URL) throws -> WorldMap {
        let scan = try ScanPackage(url: package)
        var builder = WorldMapBuilder()
        var iterator = scan.frames()
        while let frame = try iterator.next() { builder.add(frame) }
        let map = builder.worldMap()
        guard map.points.count >= minimumPointCount else {
            throw Refusal(
                reason: "the scan yields \(map.points.count) map points (features seen in at least "
                    + "\(builder.configuration.minimumObservationCount) tracked frames); a world map needs at least "
                    + "\(minimumPointCount): record the session's feature points")
        }
        return map.preparedForRelocalization()
    }

    /// Reads an uploaded world map file, prepared for relocalization (its registration cloud computed
    /// here, whatever the file carries).
    /// - Throws: `Refusal` naming the problem (format, version, array sizes, too few points).
    public static func read(upload url: URL) throws -> WorldMap {
        let map: WorldMap
        do { map = try WorldMap(contentsOf: url) } catch let error as WorldMapError {
            throw Refusal(reason: "the uploaded world map: \(error.problem)")
        }
        guard map.points.count >= minimumPointCount else {
            throw Refusal(reason: "the uploaded world map holds \(map.points.count) points; at least \(minimumPointCount) are needed")
        }
        let limit = LocalizeRequest.maximumCoordinate
        if let i = map.points.positions.firstIndex(where: { max(abs($0.x), abs($0.y), abs($0.z)) > limit }) {
            throw Refusal(reason: "the uploaded world map's point \(i) lies farther than \(Int(limit)) m from its origin")
        }
        // An uploaded prepared cloud is not trusted (its descriptors are not checked): made afresh here,
        // with settings measured from the map (its density and noise are not known beforehand).
        var fresh = map
        fresh.registrationCloud = nil
        fresh.registrationCloud = PreparedMap(map: fresh, mode: .gravityAligned, adaptsToMap: true).target
        return fresh
    }

    /// Writes `map` (without anchors: they are rows of the store) as map `id`'s file, atomically.
    public func write(_ map: WorldMap, id: String) throws {
        var stored = map
        stored.anchors = []
        try stored.write(to: blobs.mapFile(id))
    }

    /// Deletes map `id`'s file and forgets it.
    public func remove(id: String) {
        try? FileManager.default.removeItem(at: blobs.mapFile(id))
        cache.withLock { entries in
            for key in entries.keys where key.mapID == id { entries[key] = nil }
        }
    }

    /// Map `id` prepared for `mode` (see `PreparedMap.init(map:mode:adaptsToMap:)`), from memory or read
    /// from its file (then kept).
    /// - Throws: the file's `WorldMapError` when it is missing or unreadable.
    public func prepared(id: String, mode: RegistrationMode, adaptsToMap: Bool) throws -> PreparedMap {
        let key = CacheKey(mapID: id, mode: mode, adaptsToMap: adaptsToMap)
        let tick = clock.withLock { t in
            t += 1
            return t
        }
        if let hit = cache.withLock({ entries -> PreparedMap? in
            entries[key]?.lastUse = tick
            return entries[key]?.map
        }) {
            return hit
        }
        let prepared = PreparedMap(map: try WorldMap(contentsOf: blobs.mapFile(id)), mode: mode, adaptsToMap: adaptsToMap)
        cache.withLock { entries in
            entries[key] = CacheEntry(map: prepared, lastUse: tick)
            while entries.count > cacheCapacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                entries[oldest.key] = nil
            }
        }
        return prepared
    }

    private struct CacheKey: Hashable, Sendable {
        var mapID: String
        var mode: RegistrationMode
        var adaptsToMap: Bool
    }

    private struct CacheEntry: Sendable {
        var map: PreparedMap
        var lastUse: UInt64
    }
}
