import FathomCore
import Foundation

/// A pane as a grid of vertices in its anchor's space, each with a film thickness and the colour the
/// film reflects towards a viewer: what an exporter or a renderer draws.
///
/// The grid spans x ∈ [−width/2, width/2], y ∈ [−height/2, height/2] at z = 0 (metres), row 0 at the
/// top; all normals are +z. Vertex (column i, row j) has index `j * columns + i`.
public struct FilmPaneMesh: Sendable, Equatable {
    /// How a pane is meshed and coloured.
    public struct Configuration: Sendable, Equatable {
        /// Vertices across (≥ 2).
        public var columns: Int
        /// Vertices down (≥ 2).
        public var rows: Int
        /// How the film's physical colour is brought into 0…1 (the default brightens it ten times).
        public var scaling: SRGBScaling
        /// The viewer's eye in the anchor's space, metres: each vertex is coloured for the angle between
        /// the pane normal and the ray to the eye. Default: 0.8 m in front, where the placing camera was.
        public var eyeInAnchor: SIMD3<Float>

        /// The largest grid side accepted.
        public static let maximumSide = 1024

        /// Creates a configuration. Defaults: 17 × 13 vertices (221, about Bubble Vision's 200 per
        /// pane), exposure 10, eye 0.8 m in front of the pane.
        public init(
            columns: Int = 17, rows: Int = 13, scaling: SRGBScaling = .exposure(10),
            eyeInAnchor: SIMD3<Float> = SIMD3(0, 0, 0.8)
        ) {
            self.columns = columns
            self.rows = rows
            self.scaling = scaling
            self.eyeInAnchor = eyeInAnchor
        }
    }

    /// Vertices across.
    public let columns: Int
    /// The pane's film (its refractive index).
    public let film: ThinFilm
    /// Vertices down.
    public let rows: Int
    /// Vertex positions in anchor space, metres.
    public let positions: [SIMD3<Float>]
    /// Film thickness at each vertex, nanometres.
    public let thicknessesNanometres: [Float]
    /// Angle between the pane normal and the ray to the eye at each vertex, degrees (0…90).
    public let viewAnglesDegrees: [Float]
    /// Reflected colour at each vertex: linear sRGB in 0…1 after the configuration's scaling (what USD's
    /// `displayColor` and glTF's `COLOR_0` hold).
    public let colors: [SIMD3<Float>]

    /// The unit normal of every vertex (the anchor's +z axis).
    public static let normal = SIMD3<Float>(0, 0, 1)

    /// Meshes `pane`; throws `ThinFilmError` if the grid is smaller than 2 × 2 or larger than
    /// `Configuration.maximumSide`, the eye is not finite or an exposure is not positive.
    public init(pane: FilmPane, configuration: Configuration = Configuration()) throws {
        let c = configuration
        guard (2...Configuration.maximumSide).contains(c.columns), (2...Configuration.maximumSide).contains(c.rows)
        else {
            throw ThinFilmError(
                problem:
                    "a pane mesh needs 2…\(Configuration.maximumSide) vertices per side (got \(c.columns) × \(c.rows))")
        }
        guard c.eyeInAnchor.isFinite else { throw ThinFilmError(problem: "the eye position must be finite") }
        if case .exposure(let e) = c.scaling, !(e.isFinite && e > 0) {
            throw ThinFilmError(problem: "the exposure must be a positive number (got \(e))")
        }
        columns = c.columns
        rows = c.rows
        let field = FilmThicknessField(pane: pane)
        let film = pane.film
        self.film = film
        let count = c.columns * c.rows
        var positions: [SIMD3<Float>] = []
        var thicknesses: [Float] = []
        var angles: [Float] = []
        var colors: [SIMD3<Float>] = []
        positions.reserveCapacity(count)
        thicknesses.reserveCapacity(count)
        angles.reserveCapacity(count)
        colors.reserveCapacity(count)
        for j in 0..<c.rows {
            let v = Double(j) / Double(c.rows - 1)
            for i in 0..<c.columns {
                let u = Double(i) / Double(c.columns - 1)
                let p = SIMD3<Float>(Float((u - 0.5) * pane.widthMetres), Float((0.5 - v) * pane.heightMetres), 0)
                let thickness = field.thicknessNanometres(u: u, v: v)
                let angle = Self.viewAngleDegrees(at: p, eye: c.eyeInAnchor)
                let color = film.color(thicknessNanometres: thickness, incidenceAngleDegrees: angle).linearSRGB(
                    c.scaling)
                positions.append(p)
                thicknesses.append(Float(thickness))
                angles.append(Float(angle))
                colors.append(SIMD3<Float>(color))
            }
        }
        self.positions = positions
        thicknessesNanometres = thicknesses
        viewAnglesDegrees = angles
        self.colors = colors
    }

    /// The vertex count, `columns * rows`.
    public var vertexCount: Int { columns * rows }

    /// Each grid cell as a quad, four vertex indices counter-clockwise seen from +z (top-left,
    /// bottom-left, bottom-right, top-right): `(columns − 1)(rows − 1)` quads.
    public var quadVertexIndices: [Int] {
        var indices: [Int] = []
        indices.reserveCapacity(4 * (columns - 1) * (rows - 1))
        for j in 0..<(rows - 1) {
            for i in 0..<(columns - 1) {
                let topLeft = j * columns + i
                indices += [topLeft, topLeft + columns, topLeft + columns + 1, topLeft + 1]
            }
        }
        return indices
    }

    /// Each quad split into two triangles, counter-clockwise seen from +z.
    public var triangleVertexIndices: [Int] {
        let q = quadVertexIndices
        var indices: [Int] = []
        indices.reserveCapacity(q.count / 4 * 6)
        for k in stride(from: 0, to: q.count, by: 4) {
            indices += [q[k], q[k + 1], q[k + 2], q[k], q[k + 2], q[k + 3]]
        }
        return indices
    }

    /// Angle between +z and the ray from `point` to `eye`, degrees (0…90; 0 when they coincide).
    static func viewAngleDegrees(at point: SIMD3<Float>, eye: SIMD3<Float>) -> Double {
        let ray = SIMD3<Double>(eye - point)
        let length = (ray * ray).sum().squareRoot()
        guard length > 0 else { return 0 }
        return acos(min(1, abs(ray.z) / length)) * 180 / .pi
    }
}
