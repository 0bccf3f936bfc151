import Crypto
import Foundation

/// Webhook signatures: `Fathom-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`,
/// keyed with the account's webhook secret. The timestamp inside the signed bytes lets a receiver
/// refuse replays older than a few minutes.
public enum WebhookSignature {
    /// The header name.
    public static let headerName = "Fathom-Signature"

    /// The header value for `body` sent at `timestamp` (unix seconds).
    public static func header(body: Data, secret: String, timestamp: Int) -> String {
        "t=\(timestamp),v1=\(signature(body: body, secret: secret, timestamp: timestamp))"
    }

    /// The hex HMAC-SHA256 of `"<timestamp>.<body>"`.
    public static func signature(body: Data, secret: String, timestamp: Int) -> String {
        var message = Data("\(timestamp).".utf8)
        message.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: Data(secret.utf8)))
        return Identifiers.hex(mac)
    }

    /// Whether `header` is a valid signature of `body` under `secret` (constant-time comparison).
    public static func verify(header: String, body: Data, secret: String) -> Bool {
        var timestamp: Int?
        var provided: String?
        for part in header.split(separator: ",") {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { continue }
            if kv[0] == "t" { timestamp = Int(kv[1]) }
            if kv[0] == "v1" { provided = String(kv[1]) }
        }
        guard let timestamp, let provided else { return false }
        let expected = signature(body: body, secret: secret, timestamp: timestamp)
        guard expected.utf8.count == provided.utf8.count else { return false }
        return zip(expected.utf8, provided.utf8).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
