import Fathom
import Foundation

/// A store of `count` film-pane anchors with small payloads, seeded.
private func benchmarkStore(_ count: Int) -> AnchorStore {
    var g = SeededGenerator(seed: 41)
    var store = AnchorStore(configuration: AnchorStoreConfiguration(capacity: count))
    for i in 0..<count {
        let camera = RigidTransform(
            rotation: .rotation(axis: SIMD3(0, 1, 0), angle: Float.random(in: 0...6.28, using: &g)),
            translation: SIMD3(Float.random(in: -2...2, using: &g), 1.4, Float.random(in: -2...2, using: &g)))
        let payload = AnchorPayload.object([
            "width": .number(0.4), "height": .number(0.3), "thicknessNanometres": .array([.number(200), .number(900)]),
            "seed": .number(Double(i)),
        ])
        let now = Date(timeIntervalSince1970: 1_800_000_000 + Double(i))
        store.place(AnchorPlacement.standard.anchor(worldFromCamera: camera, kind: "film-pane", createdAt: now, payload: payload), at: now)
    }
    return store
}

/// A 5,000-point world map (identifiers, normals) of a room's surfaces with 100 anchors.
private func benchmarkMap() -> WorldMap {
    let positions = roomSurfacePoints(5_000, seed: 42)
    var g = SeededGenerator(seed: 43)
    let cloud = try! PointCloud(
        positions: positions, normals: positions.map { _ in g.nextUnitVector() },
        identifiers: positions.indices.map { UInt64($0) + 1_000 })
    return WorldMap(points: cloud, anchors: benchmarkStore(100).anchors, createdAt: Date(timeIntervalSince1970: 1_800_000_000))
}

/// The demo room's walk, feature points only, 30 Hz.
private func benchmarkFrames() -> [SensorFrame] {
    var sensors = SensorConfiguration()
    sensors.depthEveryNthFrame = 0
    sensors.imageEveryNthFrame = 0
    let sim = try! ScanSimulation(preset: .demo, sensors: sensors, seed: 44)
    return Array(sim.frames)
}

private func benchmarkDirectory() -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fathom-bench-anchors-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

var anchorBenchmarks: [BenchmarkCase] { [
    BenchmarkCase(name: "anchors/store/encode/100", iterations: 200) {
        let store = benchmarkStore(100)
        return { blackHole(try! store.jsonData()) }
    },
    BenchmarkCase(name: "anchors/store/save/100", iterations: 50) {
        let store = benchmarkStore(100), url = benchmarkDirectory().appendingPathComponent("anchors.json")
        return { try! store.write(to: url) }
    },
    BenchmarkCase(name: "anchors/store/load/100", iterations: 200) {
        let url = benchmarkDirectory().appendingPathComponent("anchors-load.json")
        try! benchmarkStore(100).write(to: url)
        return { blackHole(try! AnchorStore(contentsOf: url)) }
    },
    BenchmarkCase(name: "anchors/worldmap/save/5k", iterations: 30) {
        let map = benchmarkMap(), url = benchmarkDirectory().appendingPathComponent("map.json")
        return { try! map.write(to: url) }
    },
    BenchmarkCase(name: "anchors/worldmap/load/5k", iterations: 30) {
        let url = benchmarkDirectory().appendingPathComponent("map-load.json")
        try! benchmarkMap().write(to: url)
        return { blackHole(try! WorldMap(contentsOf: url)) }
    },
    BenchmarkCase(name: "anchors/builder/add-frame", iterations: 600) {
        let frames = benchmarkFrames()
        var builder = WorldMapBuilder()
        var next = 0
        return {
            builder.add(frames[next])
            next = (next + 1) % frames.count
        }
    },
    BenchmarkCase(name: "anchors/builder/world-map", iterations: 10) {
        var builder = WorldMapBuilder()
        for frame in benchmarkFrames() { builder.add(frame) }
        return { blackHole(builder.worldMap()) }
    },
    BenchmarkCase(name: "anchors/builder/points-no-normals", iterations: 10) {
        var builder = WorldMapBuilder(configuration: WorldMapBuilderConfiguration(estimatesNormals: false))
        for frame in benchmarkFrames() { builder.add(frame) }
        print("builder: \(builder.featureCount) features, \(builder.mapPoints().count) map points")
        return { blackHole(builder.mapPoints()) }
    },
] }
