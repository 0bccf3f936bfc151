// FathomSimulator: synthetic AR scans with exact ground truth.
//
// A `SceneDescription` (rooms, openings, primitives, labels, a camera path and faults; Codable JSON)
// builds a `SimulatedScene` (exact ray casting and distance queries); a `ScanSimulation` walks a
// camera through it and renders LiDAR depth, raw feature points and camera images per frame, all
// deterministic from a seed. `ScenePreset` holds ready-made scenes. See `docs/simulator.md`.
@_exported import FathomCore
