import FathomCore
import Foundation

/// The placed panes of a session, meshed and coloured for export (USDA, glTF).
public struct FilmPaneScene: Sendable, Equatable {
    /// How the panes are meshed, coloured and seen.
    public struct Configuration: Sendable, Equatable {
        /// Grid size and colour scaling; its `eyeInAnchor` is used when `eyeInWorld` is `nil`.
        public var mesh: FilmPaneMesh.Configuration
        /// One eye for all panes, world space (metres); `nil` colours each pane as seen from its mesh
        /// configuration's `eyeInAnchor` (by default from where it was placed, 0.8 m in front).
        public var eyeInWorld: SIMD3<Float>?

        /// Creates a configuration (defaults: `FilmPaneMesh.Configuration()`, each pane seen from the front).
        public init(mesh: FilmPaneMesh.Configuration = FilmPaneMesh.Configuration(), eyeInWorld: SIMD3<Float>? = nil) {
            self.mesh = mesh
            self.eyeInWorld = eyeInWorld
        }
    }

    /// The panes, in anchor order.
    public var panes: [PlacedFilmPane]

    /// Creates a scene of the given panes.
    public init(panes: [PlacedFilmPane]) { self.panes = panes }

    /// The anchors of kind `FilmPane.anchorKind` among `anchors`, in order (other kinds are skipped);
    /// throws `ThinFilmError` naming an anchor whose payload is not a valid pane.
    public init(anchors: [Anchor]) throws {
        panes = try anchors.filter { $0.kind == FilmPane.anchorKind }.map(PlacedFilmPane.init(anchor:))
    }

    /// Each pane's mesh, in anchor space, coloured as `configuration` says.
    public func meshes(configuration: Configuration = Configuration()) throws -> [FilmPaneMesh] {
        try panes.map { placed in
            var mesh = configuration.mesh
            if let eye = configuration.eyeInWorld { mesh.eyeInAnchor = placed.worldFromAnchor.inverse.apply(to: eye) }
            return try FilmPaneMesh(pane: placed.pane, configuration: mesh)
        }
    }

    /// Writes the scene to `url`, as USDA (`.usda`) or glTF 2.0 with an embedded buffer (`.gltf`),
    /// atomically; throws `ThinFilmError` naming the file for another extension or a failed write.
    public func write(to url: URL, configuration: Configuration = Configuration()) throws {
        let data: Data
        switch url.pathExtension.lowercased() {
        case "usda": data = Data(try usda(configuration: configuration).utf8)
        case "gltf": data = try gltf(configuration: configuration)
        default:
            throw ThinFilmError(problem: "\(url.path): unknown pane export format (use .usda or .gltf)")
        }
        do { try data.write(to: url, options: .atomic) } catch {
            throw ThinFilmError(problem: "\(url.path): cannot write the file (\(error.localizedDescription))")
        }
    }
}
