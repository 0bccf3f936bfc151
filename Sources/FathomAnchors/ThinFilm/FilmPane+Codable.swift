extension FilmPane: Codable {
    private enum CodingKeys: String, CodingKey { case width, height, thicknessRange, seed, index }

    /// Reads a pane, validating it as `init(widthMetres:…)` does.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let range = try c.decode([Double].self, forKey: .thicknessRange)
        guard range.count == 2 else {
            throw DecodingError.dataCorruptedError(
                forKey: .thicknessRange, in: c, debugDescription: "thicknessRange must be [top, bottom] in nanometres")
        }
        let seed = try c.decode(Double.self, forKey: .seed)
        guard seed >= 0, seed == seed.rounded(), seed <= Double(Self.maximumSeed) else {
            throw DecodingError.dataCorruptedError(
                forKey: .seed, in: c, debugDescription: "seed must be a whole number in 0…2^53 (got \(seed))")
        }
        do {
            try self.init(
                widthMetres: try c.decode(Double.self, forKey: .width),
                heightMetres: try c.decode(Double.self, forKey: .height),
                topThicknessNanometres: range[0], bottomThicknessNanometres: range[1], seed: UInt64(seed),
                refractiveIndex: try c.decodeIfPresent(Double.self, forKey: .index) ?? ThinFilm.soapWaterIndex)
        } catch let error as ThinFilmError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.problem))
        }
    }

    /// Writes the JSON form (metres, nanometres).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(widthMetres, forKey: .width)
        try c.encode(heightMetres, forKey: .height)
        try c.encode([topThicknessNanometres, bottomThicknessNanometres], forKey: .thicknessRange)
        try c.encode(seed, forKey: .seed)
        try c.encode(refractiveIndex, forKey: .index)
    }
}
