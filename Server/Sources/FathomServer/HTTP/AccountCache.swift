import Foundation

/// Accounts by key hash for a few seconds, so a busy client's requests do not each read the account
/// table. A key created or changed is seen within `timeToLiveSeconds`; an unknown key is never cached
/// (it stays a 401 read each time, and a new key works at once).
public final class AccountCache: Sendable {
    /// How long an entry is trusted, seconds.
    public let timeToLiveSeconds: Double
    /// Most entries kept (the cache is emptied when full).
    public let capacity: Int
    private let entries = Locked<[String: (account: Account, expires: Double)]>([:])

    /// A cache of `capacity` entries kept `timeToLiveSeconds`.
    public init(timeToLiveSeconds: Double = 5, capacity: Int = 10_000) {
        self.timeToLiveSeconds = timeToLiveSeconds
        self.capacity = capacity
    }

    /// The account of `keyHash`, from the cache or `load`.
    public func account(keyHash: String, load: () async throws -> Account?) async throws -> Account? {
        let now = Date().timeIntervalSince1970
        if let hit = entries.withLock({ $0[keyHash] }), hit.expires > now { return hit.account }
        guard let account = try await load() else { return nil }
        entries.withLock {
            if $0.count >= capacity { $0.removeAll(keepingCapacity: true) }
            $0[keyHash] = (account, now + timeToLiveSeconds)
        }
        return account
    }
}
