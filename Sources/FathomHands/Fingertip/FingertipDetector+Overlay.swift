import FathomCore

extension FingertipDetector {
    /// Colours of `overlay(of:fingertip:)`.
    public enum OverlayColor {
        /// Background pixels.
        public static let background = RGB8(r: 24, g: 24, b: 32)
        /// Hand pixels that are not robust (edges, specks).
        public static let hand = RGB8(r: 110, g: 110, b: 120)
        /// Robust hand pixels.
        public static let robust = RGB8(r: 225, g: 225, b: 235)
        /// The fingertip marker.
        public static let fingertip = RGB8(r: 235, g: 40, b: 40)
    }

    /// The mask as displayed (turned by `configuration.orientation`) for demos and debugging:
    /// background, hand and robust hand pixels in `OverlayColor`s, the fingertip (if any) marked with a
    /// red cross whose arms reach `markerRadius` pixels.
    public func overlay(of mask: GrayImage, fingertip: Fingertip?, markerRadius: Int = 3) -> RGBImage {
        let o = configuration.orientation
        let w = mask.width, h = mask.height
        func hand(_ x: Int, _ y: Int) -> Bool { mask.contains(x: x, y: y) && mask[x, y] >= Self.handThreshold }
        var stored = RGBImage(width: w, height: h, repeating: OverlayColor.background)
        for y in 0..<h {
            for x in 0..<w where hand(x, y) {
                let robust = hand(x - 1, y) && hand(x + 1, y) && hand(x, y - 1) && hand(x, y + 1)
                stored[x, y] = robust ? OverlayColor.robust : OverlayColor.hand
            }
        }
        var out = o.displayed(stored)
        if let fingertip {
            let d = o.displayedPixel(storedX: fingertip.pixel.x, y: fingertip.pixel.y, width: w, height: h)
            for k in -markerRadius...markerRadius {
                if out.contains(x: d.x + k, y: d.y) { out[d.x + k, d.y] = OverlayColor.fingertip }
                if out.contains(x: d.x, y: d.y + k) { out[d.x, d.y + k] = OverlayColor.fingertip }
            }
        }
        return out
    }
}
