extension FilmPaneMesh {
    /// Recolours the vertices for a viewer at `eyeInAnchor` (anchor space, metres) from a precomputed
    /// `table`, writing linear sRGB in 0…1 (after `scaling`) into `colors`: the per-frame path, for a
    /// renderer whose camera moves. `colors` is resized to `vertexCount` if needed; no other allocation.
    /// - Precondition: `table.film == film` (the table was computed for this pane's refractive index)
    ///   and the table covers the pane's thicknesses (it clamps beyond its range).
    public func shade(
        from eyeInAnchor: SIMD3<Float>, table: ThinFilmColorTable, scaling: SRGBScaling,
        into colors: inout [SIMD3<Float>]
    ) {
        precondition(table.film == film, "the colour table was computed for another film index")
        if colors.count != vertexCount { colors = Array(repeating: .zero, count: vertexCount) }
        for k in 0..<vertexCount {
            let ray = eyeInAnchor - positions[k]
            let length = ray.length
            let cosine = length > 0 ? Double(abs(ray.z) / length) : 1
            let linear = table.linearSRGB(thicknessNanometres: Double(thicknessesNanometres[k]), cosIncidenceAngle: cosine)
            colors[k] = SIMD3<Float>(SRGB.scaled(SIMD3<Double>(linear), scaling))
        }
    }
}
