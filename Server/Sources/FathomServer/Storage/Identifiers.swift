import Crypto
import Foundation

/// Random identifiers, API keys and their hashes.
public enum Identifiers {
    /// A new identifier `prefix_` + 24 hex digits (96 random bits).
    public static func make(_ prefix: String) -> String { prefix + "_" + randomHex(byteCount: 12) }

    /// A new API key: `fk_` + 64 hex digits (256 random bits).
    public static func makeAPIKey() -> String { "fk_" + randomHex(byteCount: 32) }

    /// A new webhook signing secret: `whsec_` + 64 hex digits.
    public static func makeWebhookSecret() -> String { "whsec_" + randomHex(byteCount: 32) }

    /// The SHA-256 of a key, lower-case hex. A plain hash is enough: keys carry 256 random bits, so
    /// no dictionary or brute-force search applies (a slow password hash would only slow every request).
    public static func hash(apiKey: String) -> String { hex(SHA256.hash(data: Data(apiKey.utf8))) }

    /// Lower-case hex of bytes.
    public static func hex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    static func randomHex(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return hex((0..<byteCount).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}
