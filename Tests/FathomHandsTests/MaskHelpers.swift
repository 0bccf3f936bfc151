import FathomCore
@testable import FathomHands

/// A mask from rows of text: `#` hand (255), anything else background (0).
func mask(_ rows: [String]) -> GrayImage {
    let h = rows.count, w = rows[0].count
    var image = GrayImage(width: w, height: h, repeating: 0)
    for (y, row) in rows.enumerated() {
        precondition(row.count == w, "ragged mask")
        for (x, c) in row.enumerated() where c == "#" { image[x, y] = 255 }
    }
    return image
}

/// The plain reference fingertip: bounds-checked neighbours (outside = background), the displayed
/// image built explicitly, rows scanned top to bottom, the lower-median robust pixel of the first row.
func referenceFingertip(_ m: GrayImage, orientation: ImageOrientation, minimumCount: Int = 10)
    -> (pixel: SIMD2<Int>, count: Int)?
{
    func hand(_ x: Int, _ y: Int) -> Bool { m.contains(x: x, y: y) && m[x, y] >= 128 }
    func robust(_ x: Int, _ y: Int) -> Bool {
        hand(x, y) && hand(x - 1, y) && hand(x + 1, y) && hand(x, y - 1) && hand(x, y + 1)
    }
    var count = 0
    for y in 0..<m.height { for x in 0..<m.width where robust(x, y) { count += 1 } }
    guard count >= minimumCount else { return nil }
    let size = orientation.displayedSize(width: m.width, height: m.height)
    for yd in 0..<size.height {
        var row: [(Int, Int)] = []
        for xd in 0..<size.width {
            let s = orientation.storedPixel(displayedX: xd, y: yd, width: m.width, height: m.height)
            if robust(s.x, s.y) { row.append(s) }
        }
        if !row.isEmpty {
            let s = row[(row.count - 1) / 2]
            return (SIMD2(s.0, s.1), count)
        }
    }
    return nil
}
