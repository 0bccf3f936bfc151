#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line and token scanner over bytes. `number` needs the bytes NUL-terminated (a readable 0 at
/// `base[count]`, so `strtod` stops safely at the end); lines and tokens never read past `count`. Lines end at `\n`; a `\r` before it is dropped. Tokens are separated by spaces
/// and tabs, and also by commas when `commaSeparates`. Used by the PLY ascii and XYZ readers.
struct TextScanner {
    /// The bytes; `base[count]` must be readable and 0 if `number` is used.
    let base: UnsafePointer<UInt8>
    /// The number of bytes before the terminating NUL.
    let count: Int
    /// Whether `,` separates tokens.
    let commaSeparates: Bool
    /// The offset of the next unread byte.
    var position: Int
    /// The 1-based number of the line that starts at `position`.
    var lineNumber: Int

    /// One line: the byte range without its line ending, its 1-based number, and whether a `\n`
    /// ended it (false only for a last line without trailing newline).
    struct Line {
        var start: Int
        var end: Int
        var number: Int
        var terminated: Bool
    }

    init(base: UnsafePointer<UInt8>, count: Int, commaSeparates: Bool, position: Int = 0, lineNumber: Int = 1) {
        self.base = base
        self.count = count
        self.commaSeparates = commaSeparates
        self.position = position
        self.lineNumber = lineNumber
    }

    /// The bytes left to read.
    var remainingBytes: Int { count - position }

    /// The next line, or `nil` at the end of the bytes.
    mutating func nextLine() -> Line? {
        guard position < count else { return nil }
        let start = position
        var i = start
        while i < count && base[i] != UInt8(ascii: "\n") { i += 1 }
        let terminated = i < count
        var end = i
        if end > start && base[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        position = terminated ? i + 1 : i
        let line = Line(start: start, end: end, number: lineNumber, terminated: terminated)
        lineNumber += 1
        return line
    }

    @inline(__always)
    func isSeparator(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || (commaSeparates && c == UInt8(ascii: ","))
            || c == 0x0B || c == 0x0C || c == UInt8(ascii: "\r")
    }

    /// The next token's byte range in `cursor..<end`, advancing `cursor` past it; `nil` when none is left.
    @inline(__always)
    func nextToken(_ cursor: inout Int, end: Int) -> Range<Int>? {
        var i = cursor
        while i < end && isSeparator(base[i]) { i += 1 }
        guard i < end else {
            cursor = end
            return nil
        }
        let s = i
        while i < end && !isSeparator(base[i]) { i += 1 }
        cursor = i
        return s..<i
    }

    /// The number of tokens in `start..<end`.
    func tokenCount(_ start: Int, _ end: Int) -> Int {
        var c = start, n = 0
        while nextToken(&c, end: end) != nil { n += 1 }
        return n
    }

    /// Whether `start..<end` holds only separators.
    func isBlank(_ start: Int, _ end: Int) -> Bool {
        var c = start
        return nextToken(&c, end: end) == nil
    }

    /// The first non-separator byte in `start..<end`, or `nil`.
    func firstByte(_ start: Int, _ end: Int) -> UInt8? {
        var i = start
        while i < end && isSeparator(base[i]) { i += 1 }
        return i < end ? base[i] : nil
    }

    /// The text of a byte range (for messages), cut to `limit` characters.
    func text(_ r: Range<Int>, limit: Int = 40) -> String {
        let n = min(r.count, limit)
        let s = String(decoding: UnsafeBufferPointer(start: base + r.lowerBound, count: n), as: UTF8.self)
        return r.count > limit ? s + "…" : s
    }

    /// The number in token `r`, or `nil` when the whole token is not a number. Plain decimals with
    /// at most 15 significant digits and a small exponent take an exact fast path (one correctly
    /// rounded IEEE operation); everything else goes through `strtod`.
    @inline(__always)
    func number(_ r: Range<Int>) -> Double? {
        if let v = fastDecimal(r) { return v }
        var endPointer: UnsafeMutablePointer<CChar>? = nil
        let start = UnsafeRawPointer(base + r.lowerBound).assumingMemoryBound(to: CChar.self)
        let v = strtod(start, &endPointer)
        let expectedEnd = UnsafeMutableRawPointer(mutating: base + r.upperBound)
        guard let e = endPointer, UnsafeMutableRawPointer(e) == expectedEnd else { return nil }
        return v
    }

    /// Exact powers of ten representable in a Double.
    private static let powersOfTen: [Double] = (0...22).map { e in
        var v = 1.0
        for _ in 0..<e { v *= 10 }
        return v
    }

    /// Clinger's fast path: mantissa < 10^15 and |exponent| ≤ 22 are both exact, so one multiply or
    /// divide rounds correctly. `nil` when the token needs the general parser.
    @inline(__always)
    private func fastDecimal(_ r: Range<Int>) -> Double? {
        var i = r.lowerBound
        let end = r.upperBound
        var negative = false
        if i < end && (base[i] == UInt8(ascii: "-") || base[i] == UInt8(ascii: "+")) {
            negative = base[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0, sawDigit = false
        while i < end, base[i] &- 48 < 10 {
            if mantissa != 0 || base[i] != 48 { digits += 1 }
            mantissa = mantissa &* 10 &+ UInt64(base[i] &- 48)
            sawDigit = true
            i += 1
        }
        if i < end && base[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, base[i] &- 48 < 10 {
                if mantissa != 0 || base[i] != 48 { digits += 1 }
                mantissa = mantissa &* 10 &+ UInt64(base[i] &- 48)
                fractionDigits += 1
                sawDigit = true
                i += 1
            }
        }
        guard sawDigit, digits <= 15 else { return nil }
        var exponent = 0
        if i < end && (base[i] == UInt8(ascii: "e") || base[i] == UInt8(ascii: "E")) {
            i += 1
            var expNegative = false
            if i < end && (base[i] == UInt8(ascii: "-") || base[i] == UInt8(ascii: "+")) {
                expNegative = base[i] == UInt8(ascii: "-")
                i += 1
            }
            var e = 0, expDigits = 0
            while i < end, base[i] &- 48 < 10, expDigits < 4 {
                e = e * 10 + Int(base[i] &- 48)
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            exponent = expNegative ? -e : e
        }
        guard i == end else { return nil }
        let e10 = exponent - fractionDigits
        guard e10 >= -22 && e10 <= 22 else { return nil }
        var v = Double(mantissa)
        if e10 >= 0 { v *= Self.powersOfTen[e10] } else { v /= Self.powersOfTen[-e10] }
        return negative ? -v : v
    }
}
