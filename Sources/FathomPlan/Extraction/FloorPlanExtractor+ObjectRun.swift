extension FloorPlanExtractor {
    /// Height bin of a cell's column profile (`columnRun`), metres.
    static let objectRunBin: Float = 0.05
    /// A column's run ends at a gap of more than this many empty bins (10 cm): a face seen leaves
    /// points every centimetre or two of height in a cell, while above a piece's top the wall seen
    /// behind it leaves its noise scattered.
    static let objectRunGapBins = 2
    /// Share of a tall piece's face runs (`columnRun`) that reach its top: most of a face's cells end
    /// there, and a tenth do even where the upper face is seen sparsely (far, at a grazing angle, its
    /// runs broken early), while the cells where its sides meet the wall behind, whose runs go on
    /// into the wall's noise above the piece, are fewer than a tenth.
    static let objectFrontFraction = 0.1

    /// The profile bin of a point `h` metres above the floor (heights above 64 bins share the last).
    static func runBin(_ h: Float) -> Int { min(63, max(0, Int(h / objectRunBin))) }

    /// The first run of a column's occupied bins (`bits`, bit b set when a point lies in bin b), from
    /// its lowest occupied bin up to the last occupied bin before a gap of more than
    /// `objectRunGapBins` empty bins: the bins' indices, nil for an empty column.
    static func columnRun(_ bits: UInt64) -> (start: Int, end: Int)? {
        guard bits != 0 else { return nil }
        let start = bits.trailingZeroBitCount
        var end = start
        var b = start + 1
        while b < 64 {
            if bits & (1 << UInt64(b)) != 0 {
                end = b
            } else if b - end > objectRunGapBins {
                break
            }
            b += 1
        }
        return (start, end)
    }
}

extension FloorPlanExtractor {
    /// The top of a tall piece from the highest points of its face runs (`columnRun`, metres above
    /// the floor, sorted highest first): the height that `objectFrontFraction` of them reach, after
    /// leaving out the runs that go on above the level where most of them end together.
    ///
    /// A piece's faces end at its top: most of its face runs end in one band of
    /// `objectSameTopTolerance` under it (the level, the band holding the most run ends). Runs going
    /// on above that level are those of something else seen past the piece: a wall beside or behind
    /// it seen from the floor up to where the view or the ceiling ends, which no face took. When they
    /// are fewer than the runs ending at the level they are left out; when they are more, the level
    /// is not the piece's top (a face seen sparsely near its top, its runs broken early, ends all
    /// along its height and has no such level) and every run counts.
    static func frontTop(_ runTops: [Float]) -> Double? {
        guard !runTops.isEmpty else { return nil }
        let tolerance = Float(objectSameTopTolerance)
        // The level: the band [x − tolerance, x] holding the most run ends (x one of them).
        var best = 0
        var level = runTops[0]
        var end = 0
        var i = 0
        while i < runTops.count {
            let x = runTops[i]
            end = max(end, i)
            while end < runTops.count, runTops[end] > x - tolerance { end += 1 }
            if end - i > best {
                best = end - i
                level = x
            }
            // The next distinct value (ties share the band of their first).
            var next = i + 1
            while next < runTops.count, runTops[next] == x { next += 1 }
            i = next
        }
        let above = runTops.prefix { $0 > level + tolerance }.count
        func fractionTop(_ tops: ArraySlice<Float>) -> Double {
            let index = max(objectTopCells - 1, Int(objectFrontFraction * Double(tops.count)))
            return Double(tops[tops.startIndex + min(tops.count - 1, index)])
        }
        let all = fractionTop(runTops[...])
        guard best > above, all > Double(level + tolerance) else { return all }
        return fractionTop(runTops[above...])
    }
}
