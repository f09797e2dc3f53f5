import HTTPTypes
import KiiIdentity
import Synchronization
import Testing

@testable import SignUpService

/// A ceiling on hashing work (issue 51, 3): the hasher's threads bound the hashes running, and
/// now ``HashingQueue`` bounds those waiting (`MAX_HASHES_WAITING`): one new hash past it is
/// 503 `busy` with `Retry-After: 1` at once, and every admitted one completes; password checks
/// wait in a queue of their own that is served first.
@Suite struct HashingCeilingTests {
    /// Argon2id slow enough (about a second a hash) that a burst arrives while one runs.
    static let slow = Argon2Parameters(memoryKiB: 32_768, iterations: 24, parallelism: 1)

    @Test(arguments: Backend.enabled)
    func anOverBoundBurstIsRefused503AndTheAdmittedComplete(backend: Backend) async throws {
        let ceiling = Setting.adjusted { configuration in
            configuration.hashing.argon2 = Self.slow
            configuration.hashing.concurrency = 1
            configuration.hashing.maxWaiting = 2
        }
        try await withService(backend, ceiling) { service in
            let answers = try await withThrowingTaskGroup(of: Answer.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        try await service.send(
                            .post,
                            service.usersPath,
                            json: #"{"loginName":"busy_\#(index)","password":"correct horse"}"#,
                            contentType: KiiType.registration
                        )
                    }
                }
                var answers: [Answer] = []
                for try await answer in group { answers.append(answer) }
                return answers
            }
            let created = answers.filter { $0.status == 201 }
            let busy = answers.filter { $0.status == 503 }
            // One running and two waiting; the other nine refused at once.
            #expect(created.count == 3)
            #expect(busy.count == 9)
            #expect(busy.allSatisfy { $0.headers[.retryAfter] == "1" })
            #expect(busy.allSatisfy { $0.errorCode == "SERVICE_UNAVAILABLE" })
            #expect(busy.allSatisfy { $0.problems == ["service:busy"] })
            #expect(try await service.rowCounts()[.users] == 3)
            let hasher = try #require(service.server.hasher as? PasswordHasher)
            #expect(hasher.mostAtOnce == 1)
            #expect(hasher.mostWaiting == 2)
            // An admitted user's hash is whole: it logs in.
            let name = try #require(created.first?.string("loginName"))
            #expect(try await service.logIn(name).count == 43)
        }
    }

    /// A login arriving behind a queue of sign-ups' hashes overtakes them: it waits for the hash
    /// running, not for those waiting (the issue: a burst of 16 sign-ups made a login take 3.1 to
    /// 3.8 s instead of 0.28 s).
    @Test(arguments: Backend.enabled)
    func aLoginOvertakesTheWaitingSignUps(backend: Backend) async throws {
        let oneThread = Setting.adjusted { configuration in
            configuration.hashing.argon2 = Argon2Parameters(memoryKiB: 8_192, iterations: 16, parallelism: 1)
            configuration.hashing.concurrency = 1
            configuration.hashing.maxWaiting = 8
        }
        try await withService(backend, oneThread) { service in
            try await service.signUp(#"{"loginName":"first_1","password":"correct horse"}"#)
            let hasher = try #require(service.server.hasher as? PasswordHasher)
            let finished = RunOrder()
            let flood = Task {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<6 {
                        group.addTask {
                            let status = try await service.send(
                                .post,
                                service.usersPath,
                                json: #"{"loginName":"queued_\#(index)","password":"correct horse"}"#,
                                contentType: KiiType.registration
                            ).status
                            finished.append("sign-up")
                            return status
                        }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
            }
            while hasher.mostWaiting < 3 { try await Task.sleep(for: .milliseconds(5)) }
            let token = try await service.logIn("first_1")
            finished.append("login")
            #expect(token.count == 43)
            #expect(try await flood.value == Array(repeating: 201, count: 6))
            // Those that waited when the login came finished after it (three or more waited; one
            // may have started meanwhile, as a hash ends during the login's own statements).
            // Served in arrival order, none would.
            let after = finished.entries.drop { $0 != "login" }.dropFirst()
            #expect(after.count >= 2, "\(finished.entries)")
        }
    }

    /// With one slot taken, a new hash and then a check wait: the check runs first, and a new
    /// hash past the bound is refused while the check's queue still takes one.
    @Test func checksGoFirstAndEachQueueHasItsBound() async throws {
        let queue = HashingQueue(slots: 1, maxWaiting: 1)
        let order = RunOrder()
        let (release, releaser) = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await queue.run(.newHash) {
                order.append("holder")
                for await _ in release { break }
            }
        }
        while order.entries.isEmpty { await Task.yield() }
        let waitingHash = Task { try await queue.run(.newHash) { order.append("newHash") } }
        while queue.waiting(.newHash) < 1 { await Task.yield() }
        let waitingCheck = Task { try await queue.run(.check) { order.append("check") } }
        while queue.waiting(.check) < 1 { await Task.yield() }
        await #expect(throws: HashingBusy.self) { try await queue.run(.newHash) { order.append("refused") } }
        await #expect(throws: HashingBusy.self) { try await queue.run(.check) { order.append("refused") } }
        releaser.yield()
        releaser.finish()
        try await holder.value
        try await waitingHash.value
        try await waitingCheck.value
        #expect(order.entries == ["holder", "check", "newHash"])
        #expect(queue.mostNewHashesWaiting == 1)
    }
}

/// What ran, in order.
final class RunOrder: Sendable {
    private let box = Mutex<[String]>([])
    /// The entries so far.
    var entries: [String] { box.withLock { $0 } }
    /// Adds one.
    func append(_ entry: String) { box.withLock { $0.append(entry) } }
}
