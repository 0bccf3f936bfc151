import FathomServer
import Foundation
import Testing

/// The job queue of each store: claims never overlap, a lease that runs out hands the job over, and
/// only the lease holder can finish it.
@Suite struct JobQueueTests {
    /// An account and `count` queued jobs in `store`.
    static func seed(_ store: any ServerStore, jobs count: Int) async throws -> [String] {
        let account = try await AccountCredentials.create(in: store)
        var ids: [String] = []
        for i in 0..<count {
            let job = JobRecord(
                id: "job_\(i)_\(UUID().uuidString.prefix(6))", accountID: account.accountID, scanIDs: ["scan_x"],
                createdAt: try await store.now() + Double(i) * 1e-3)
            try await store.insertJob(job)
            ids.append(job.id)
        }
        return ids
    }

    @Test(arguments: StoreKind.available)
    func concurrentClaimsTakeEachJobOnce(kind: StoreKind) async throws {
        let configuration = try await kind.configuration()
        try await StoreKind.withStore(configuration) { storage in
            let store = storage.store
            let ids = try await Self.seed(store, jobs: 20)
            let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
                for w in 0..<4 {
                    group.addTask {
                        var mine: [String] = []
                        while let job = try await store.claimJob(workerID: "w\(w)", leaseSeconds: 60, maximumAttempts: 3) {
                            mine.append(job.id)
                            #expect(job.state == .running && job.attempts == 1 && job.workerID == "w\(w)")
                        }
                        return mine
                    }
                }
                return try await group.reduce(into: [String]()) { $0 += $1 }
            }
            #expect(claimed.count == 20)
            #expect(Set(claimed) == Set(ids))
        }
    }

    @Test(arguments: StoreKind.available)
    func anExpiredLeaseHandsTheJobToAnotherWorkerAndOnlyItFinishes(kind: StoreKind) async throws {
        let configuration = try await kind.configuration()
        try await StoreKind.withStore(configuration) { storage in
            let store = storage.store
            let id = try await Self.seed(store, jobs: 1)[0]
            // The checks while the lease is held run under a 60 s lease, so no load can let it run out
            // early; the holder then renews to a short lease, and the sleep outlasts that (a loaded machine
            // only makes the sleep longer, never shorter).
            let first = try #require(try await store.claimJob(workerID: "dead", leaseSeconds: 60, maximumAttempts: 3))
            #expect(first.id == id)
            // Held: nobody else gets it, and renewal works for the holder only.
            #expect(try await store.claimJob(workerID: "live", leaseSeconds: 30, maximumAttempts: 3) == nil)
            #expect(try await !store.renewLease(jobID: id, workerID: "live", leaseSeconds: 30, progress: 0.9))
            let shortLease = 0.3
            #expect(try await store.renewLease(jobID: id, workerID: "dead", leaseSeconds: shortLease, progress: 0.4))
            #expect(try await store.job(id: id)?.progress == 0.4)
            try await Task.sleep(for: .seconds(shortLease + 0.5))
            let second = try #require(try await store.claimJob(workerID: "live", leaseSeconds: 30, maximumAttempts: 3))
            #expect(second.id == id && second.attempts == 2 && second.workerID == "live")
            // The first worker's late finish is refused; the holder's counts, once.
            #expect(try await !store.finishJob(jobID: id, workerID: "dead", state: .done, reason: nil, results: ["plan.json"], resultDirectory: "a"))
            #expect(try await store.finishJob(jobID: id, workerID: "live", state: .done, reason: nil, results: ["plan.json"], resultDirectory: "b"))
            #expect(try await !store.finishJob(jobID: id, workerID: "live", state: .done, reason: nil, results: ["plan.json"], resultDirectory: "c"))
            let done = try #require(try await store.job(id: id))
            #expect(done.state == .done && done.finishedBy == "live" && done.resultDirectory == "b" && done.progress == 1)
        }
    }

    @Test(arguments: StoreKind.available)
    func aJobThatKillsEveryWorkerFailsAfterTheAttemptLimit(kind: StoreKind) async throws {
        let configuration = try await kind.configuration()
        try await StoreKind.withStore(configuration) { storage in
            let store = storage.store
            let id = try await Self.seed(store, jobs: 1)[0]
            for attempt in 1...2 {
                let job = try #require(try await store.claimJob(workerID: "w\(attempt)", leaseSeconds: 0.1, maximumAttempts: 2))
                #expect(job.attempts == attempt)
                try await Task.sleep(for: .milliseconds(250))
            }
            #expect(try await store.claimJob(workerID: "w3", leaseSeconds: 0.1, maximumAttempts: 2) == nil)
            let failed = try await store.failExhaustedJobs(maximumAttempts: 2)
            #expect(failed.map(\.id) == [id])
            #expect(failed.first?.state == .failed)
            #expect(failed.first?.reason?.contains("taken 2 times") == true)
        }
    }
}
