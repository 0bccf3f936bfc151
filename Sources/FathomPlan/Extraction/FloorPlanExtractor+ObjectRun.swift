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
