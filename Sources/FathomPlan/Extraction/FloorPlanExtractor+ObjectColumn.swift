extension FloorPlanExtractor {
    /// One plan cell's column, split at `tallObjectHeight`: the points below it (how many, the two
    /// highest) and the two lowest at or above it, metres above the floor.
    struct ObjectColumn {
        /// Points below `tallObjectHeight`.
        var lowCount: Int32 = 0
        /// Highest and second-highest point below `tallObjectHeight`, metres (0 when none).
        var lowTop: Float = 0
        var lowTopSecond: Float = 0
        /// Lowest and second-lowest point at or above `tallObjectHeight`, metres (+∞ when none).
        var highBottom: Float = .infinity
        var highBottomSecond: Float = .infinity

        /// Adds a point `h` metres above the floor.
        mutating func add(_ h: Float) {
            if h < FloorPlanExtractor.tallObjectHeight {
                lowCount += 1
                if h > lowTop {
                    lowTopSecond = lowTop
                    lowTop = h
                } else if h > lowTopSecond {
                    lowTopSecond = h
                }
            } else if h < highBottom {
                highBottomSecond = highBottom
                highBottom = h
            } else if h < highBottomSecond {
                highBottomSecond = h
            }
        }

        /// The column as a low part with an empty `gap` (metres) under a high part, when it is one:
        /// at least `needed` points below `tallObjectHeight` and one above (of `count` in all). A
        /// single point in the gap (a flying pixel, a wall's noise) is not a surface when a surface
        /// leaves `needed` ≥ 2 points in a cell, so the gap may hold one: the low part then ends at
        /// the second-highest low point (without the stray) or the high part starts at the
        /// second-lowest high point. Nil when the column runs on without such a gap.
        func split(gap: Float, needed: Int32, count: Int32) -> ObjectColumnSplit? {
            let highCount = count - lowCount
            guard highCount >= 1, lowCount >= needed else { return nil }
            if highBottom - lowTop >= gap {
                return ObjectColumnSplit(lowCount: lowCount, lowTop: lowTop, highBottom: highBottom)
            }
            guard needed >= 2 else { return nil }
            if lowCount - 1 >= needed, highBottom - lowTopSecond >= gap {
                return ObjectColumnSplit(lowCount: lowCount - 1, lowTop: lowTopSecond, highBottom: highBottom)
            }
            if highCount >= 2, highBottomSecond - lowTop >= gap {
                return ObjectColumnSplit(lowCount: lowCount, lowTop: lowTop, highBottom: highBottomSecond)
            }
            return nil
        }
    }
}
