import FathomCore

/// Collects ARKit raw feature points frame by frame and gives each feature a filtered position (the
/// FindSurface feature-point demo's method).
///
/// The same identifier in several frames is several samples of one feature, scattered in a needle
/// along the viewing rays. Per identifier a ring buffer keeps the latest
/// `maximumSamplesPerFeature` samples; the feature's position is `FeatureSampleFilter`'s z-score
/// filtered mean of them (a single sample as is). Samples nearer than `minimumCameraDistance` to the
/// camera are ignored. Collecting can be paused (`isCollecting = false`) and everything cleared.
///
/// Filtered positions are computed lazily: `accumulate` only stores samples and marks the features it
/// touched; `refreshFilteredPositions()` (or the queries) recompute those.
///
/// Memory: at most `maximumFeatureCount × maximumSamplesPerFeature` samples of 16 bytes (160 MB at the
/// defaults if every feature were sampled 100 times; typical scans stay far below).
public struct FeaturePointAccumulator: Sendable {
    /// Ring size, outlier cut, identifier cap and near-camera cut.
    public let configuration: FeatureAccumulatorConfiguration
    /// Whether `accumulate` stores samples; `false` pauses collecting. Default `true`.
    public var isCollecting = true
    /// Features (distinct identifiers) that received a sample in the last collected frame.
    public private(set) var featuresInViewCount = 0
    /// Samples ignored so far for being within `minimumCameraDistance` of the camera, or not finite.
    public private(set) var rejectedSampleCount = 0
    /// Features forgotten so far to stay within `maximumFeatureCount`.
    public private(set) var evictedFeatureCount = 0

    private var table = KeySlotTable<MixedKeyHashing>(expectedCount: 0)
    private var identifiers: [UInt64] = []
    /// Per feature, everything `accumulate` touches, in one place (one cache miss per sample).
    private var features: [Feature] = []
    private var cached: [SIMD3<Float>] = []
    private var collectedFrames: Int32 = 0

    /// Creates an empty accumulator.
    public init(configuration: FeatureAccumulatorConfiguration = FeatureAccumulatorConfiguration()) {
        self.configuration = configuration
    }

    /// The number of features (distinct identifiers) held.
    public var featureCount: Int { identifiers.count }

    /// One feature's ring of samples and bookkeeping.
    private struct Feature: Sendable {
        /// The samples; once full, `head` is the oldest.
        var samples: [SIMD3<Float>]
        /// Per sample, camera centre → sample (zero when unknown); empty unless ray weighting is on.
        var rays: [SIMD3<Float>]
        var head: Int32
        /// The collected-frame counter when last sampled.
        var lastSeen: Int32
        /// Whether `cached` is stale.
        var dirty: Bool
    }
}

extension FeaturePointAccumulator {
    /// Adds the feature points of a sensor frame, ignoring those near the camera (when the pose is
    /// valid). Returns the number of samples stored.
    @discardableResult
    public mutating func accumulate(_ frame: SensorFrame) -> Int {
        guard let features = frame.features else { return 0 }
        return accumulate(features, cameraPosition: frame.camera.worldFromCamera?.translation)
    }

    /// Adds one frame of raw feature points (world space, metres). Samples within
    /// `minimumCameraDistance` of `cameraPosition` (when given) or with non-finite coordinates are
    /// ignored. Does nothing while paused. Returns the number of samples stored.
    /// - Complexity: O(points) amortised; forgetting old features when the cap is hit costs
    ///   O(features · log features) once per tenth of the cap.
    @discardableResult
    public mutating func accumulate(_ frame: FeaturePointFrame, cameraPosition: SIMD3<Float>?) -> Int {
        guard isCollecting else { return 0 }
        collectedFrames &+= 1
        let stamp = collectedFrames
        let nearSquared = configuration.minimumCameraDistance * configuration.minimumCameraDistance
        let ring = configuration.maximumSamplesPerFeature
        let weighRays = configuration.rayWeighting
        var stored = 0, inView = 0
        for i in 0..<frame.positions.count {
            let p = frame.positions[i]
            guard p.x.isFinite, p.y.isFinite, p.z.isFinite else { rejectedSampleCount += 1; continue }
            if let c = cameraPosition, ((p - c) * (p - c)).sum() < nearSquared {
                rejectedSampleCount += 1
                continue
            }
            let id = frame.identifiers[i]
            if identifiers.count >= configuration.maximumFeatureCount, table.index(of: id) == nil {
                forgetLeastRecentlySeen()
            }
            let (slot, inserted) = table.findOrInsert(id, newIndex: Int32(identifiers.count))
            if inserted {
                identifiers.append(id)
                var buffer: [SIMD3<Float>] = []
                buffer.reserveCapacity(min(ring, 8))
                buffer.append(p)
                let rays: [SIMD3<Float>] = weighRays ? [cameraPosition.map { p - $0 } ?? .zero] : []
                features.append(Feature(samples: buffer, rays: rays, head: 0, lastSeen: stamp, dirty: false))
                cached.append(p)
                inView += 1
            } else {
                features.withUnsafeMutableBufferPointer { f in
                    let s = Int(slot)
                    if f[s].samples.count < ring {
                        f[s].samples.append(p)
                        if weighRays { f[s].rays.append(cameraPosition.map { p - $0 } ?? .zero) }
                    } else {
                        let h = Int(f[s].head)
                        f[s].samples[h] = p
                        if weighRays { f[s].rays[h] = cameraPosition.map { p - $0 } ?? .zero }
                        f[s].head = Int32(h + 1 == ring ? 0 : h + 1)
                    }
                    if f[s].lastSeen != stamp { inView += 1 }
                    f[s].lastSeen = stamp
                    f[s].dirty = true
                }
            }
            stored += 1
        }
        featuresInViewCount = inView
        return stored
    }

    /// Recomputes the filtered positions of the features whose samples changed.
    /// - Complexity: O(samples of the changed features).
    public mutating func refreshFilteredPositions() {
        for i in 0..<identifiers.count where features[i].dirty {
            cached[i] = estimate(features[i])
            features[i].dirty = false
        }
    }

    /// The filtered position of feature `identifier`, metres, world space; `nil` if unknown.
    public func filteredPosition(of identifier: UInt64) -> SIMD3<Float>? {
        guard let s = table.index(of: identifier).map(Int.init) else { return nil }
        return position(at: s)
    }

    /// The stored samples of feature `identifier`, oldest first; empty if unknown.
    public func samples(of identifier: UInt64) -> [SIMD3<Float>] {
        guard let s = table.index(of: identifier).map(Int.init) else { return [] }
        let buf = features[s].samples, h = Int(features[s].head)
        return Array(buf[h...] + buf[..<h])
    }

    /// Every feature as one point (filtered position) with its identifier, in first-seen order.
    /// Call `refreshFilteredPositions()` first to reuse cached work.
    public func filteredPoints() -> PointCloud {
        PointCloud(unchecked: (0..<identifiers.count).map(position(at:)), identifiers: identifiers)
    }

    /// Every stored sample as a point with its feature's identifier (the raw, unfiltered needles).
    public func rawSamples() -> PointCloud {
        var cloud = PointCloud()
        for i in 0..<identifiers.count {
            cloud.positions += features[i].samples
            cloud.identifiers += Array(repeating: identifiers[i], count: features[i].samples.count)
        }
        return cloud
    }

    /// Forgets every feature (the demo's long press on the collecting button). Counters are reset.
    public mutating func removeAll() {
        table = KeySlotTable(expectedCount: 0)
        identifiers.removeAll(); features.removeAll(); cached.removeAll()
        featuresInViewCount = 0
        rejectedSampleCount = 0
        evictedFeatureCount = 0
    }

    private func position(at s: Int) -> SIMD3<Float> {
        guard features[s].dirty else { return cached[s] }
        return estimate(features[s])
    }

    /// The filtered position of one feature's samples.
    private func estimate(_ f: Feature) -> SIMD3<Float> {
        let c = configuration
        return f.samples.withUnsafeBufferPointer { samples in
            guard c.rayWeighting else {
                return FeatureSampleFilter.filteredPosition(of: samples, sigmaMultiplier: c.sigmaMultiplier,
                                                            passes: c.filterPasses)!
            }
            return f.rays.withUnsafeBufferPointer { rays in
                FeatureSampleFilter.filteredPosition(of: samples, sigmaMultiplier: c.sigmaMultiplier,
                                                     passes: c.filterPasses, rays: rays, noiseRatio: c.noiseRatio)!
            }
        }
    }

    /// Forgets the least recently seen tenth of the features (at least one).
    private mutating func forgetLeastRecentlySeen() {
        let n = identifiers.count
        let drop = max(1, n / 10)
        let order = (0..<n).sorted { features[$0].lastSeen < features[$1].lastSeen }
        var keep = [Bool](repeating: true, count: n)
        for i in order.prefix(drop) { keep[i] = false }
        var w = 0
        for i in 0..<n where keep[i] {
            identifiers[w] = identifiers[i]; features.swapAt(w, i); cached[w] = cached[i]
            w += 1
        }
        let removed = n - w
        identifiers.removeLast(removed); features.removeLast(removed); cached.removeLast(removed)
        evictedFeatureCount += removed
        table.rebuild(keys: identifiers)
    }
}
