import FathomCore
import Foundation

extension FilmPaneScene {
    /// The scene as a USD text layer (metres, +y up): a `Panes` Xform holding one Xform per pane with its
    /// `worldFromAnchor` as `xformOp:transform` and its anchor's identifier in `fathom:anchorId`, and in it
    /// a double-sided `Film` Mesh of quads with vertex normals, per-vertex `primvars:displayColor` (linear
    /// sRGB, as USD expects) and per-vertex `primvars:filmThickness` (nanometres).
    public func usda(configuration: Configuration = Configuration()) throws -> String {
        let meshes = try meshes(configuration: configuration)
        var out = """
            #usda 1.0
            (
                defaultPrim = "Panes"
                doc = "Soap-film panes exported by Fathom"
                metersPerUnit = 1
                upAxis = "Y"
            )

            def Xform "Panes"
            {

            """
        for (index, (placed, mesh)) in zip(panes, meshes).enumerated() {
            // USD multiplies row vectors by matrices, so its rows are our columns.
            let m = placed.worldFromAnchor.matrix.columnMajor
            let rows = (0..<4).map { r in "(" + (0..<4).map { Self.number(m[4 * r + $0]) }.joined(separator: ", ") + ")"
            }
            let lo = mesh.positions.reduce(SIMD3<Float>(repeating: .infinity)) { pointwiseMin($0, $1) }
            let hi = mesh.positions.reduce(SIMD3<Float>(repeating: -.infinity)) { pointwiseMax($0, $1) }
            out += """
                    def Xform "Pane_\(index)"
                    {
                        matrix4d xformOp:transform = (\(rows.joined(separator: ", ")))
                        uniform token[] xformOpOrder = ["xformOp:transform"]
                        custom string fathom:anchorId = "\(placed.anchorID.uuidString)"

                        def Mesh "Film"
                        {
                            uniform bool doubleSided = 1
                            float3[] extent = [\(Self.tuple(lo)), \(Self.tuple(hi))]
                            int[] faceVertexCounts = [\(Array(repeating: "4", count: (mesh.columns - 1) * (mesh.rows - 1)).joined(separator: ", "))]
                            int[] faceVertexIndices = [\(mesh.quadVertexIndices.map(String.init).joined(separator: ", "))]
                            normal3f[] normals = [\(Array(repeating: Self.tuple(FilmPaneMesh.normal), count: mesh.vertexCount).joined(separator: ", "))] (
                                interpolation = "vertex"
                            )
                            point3f[] points = [\(mesh.positions.map(Self.tuple).joined(separator: ", "))]
                            color3f[] primvars:displayColor = [\(mesh.colors.map(Self.tuple).joined(separator: ", "))] (
                                interpolation = "vertex"
                            )
                            float[] primvars:filmThickness = [\(mesh.thicknessesNanometres.map(Self.number).joined(separator: ", "))] (
                                interpolation = "vertex"
                            )
                            uniform token subdivisionScheme = "none"
                        }
                    }


                """
        }
        out += "}\n"
        return out
    }

    /// A number as USDA writes it (shortest form that reads back to the same `Float`).
    static func number(_ v: Float) -> String {
        v == v.rounded() && abs(v) < 1e7 ? String(Int(v)) : "\(v)"
    }

    /// `(x, y, z)`.
    static func tuple(_ v: SIMD3<Float>) -> String { "(\(number(v.x)), \(number(v.y)), \(number(v.z)))" }
}
