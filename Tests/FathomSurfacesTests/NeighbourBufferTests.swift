import Testing

@testable import FathomSurfaces

/// The flood's hand-grown neighbour list keeps every entry in order across its growth and empties
/// without losing them to the next use.
@Suite struct NeighbourBufferTests {
    @Test func keepsEntriesInOrderAcrossGrowth() {
        var buffer = NeighbourBuffer()
        defer { buffer.deallocate() }
        // Past the initial capacity twice over, so the buffer grows at least twice.
        let n = 4 * NeighbourBuffer.initialCapacity + 3
        for k in 0..<n { buffer.append(k * 7, Float(k) * 0.5) }
        #expect(buffer.count == n)
        #expect((0..<n).allSatisfy { buffer[$0].index == Int32($0 * 7) && buffer[$0].squaredDistance == Float($0) * 0.5 })
        buffer.removeAll()
        #expect(buffer.count == 0)
        buffer.append(42, 1.25)
        #expect(buffer.count == 1 && buffer[0].index == 42 && buffer[0].squaredDistance == 1.25)
    }
}
