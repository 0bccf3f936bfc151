/// Locale-independent fixed-point formatting of numbers for text exports (SVG, DXF, USDA).
///
/// `String(format:)` is slow on Linux and depends on the C locale; exports need neither.
enum ExportNumber {
    /// `value` rounded to `decimals` places (0…9), without trailing zeros and without `-0`.
    /// Non-finite values are written as `0` (exports validate their input first).
    static func fixed(_ value: Double, decimals: Int) -> String {
        precondition((0...9).contains(decimals), "decimals must be 0…9, got \(decimals)")
        guard value.isFinite else { return "0" }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 9.0e17 else { return String(value) }
        let n = Int64(scaled)
        if n == 0 { return "0" }
        let whole = n / scale
        var fraction = n % scale
        var text = value < 0 ? "-" : ""
        text += String(whole)
        if fraction != 0 {
            var digits = decimals
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }

    /// `value` with exactly `decimals` places (for lengths shown to people: `3.20`).
    static func padded(_ value: Double, decimals: Int) -> String {
        let text = fixed(value, decimals: decimals)
        guard decimals > 0 else { return text }
        if let dot = text.firstIndex(of: ".") {
            let have = text.distance(from: dot, to: text.endIndex) - 1
            return text + String(repeating: "0", count: decimals - have)
        }
        return text + "." + String(repeating: "0", count: decimals)
    }
}
