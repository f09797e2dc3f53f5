import Dispatch
import Foundation
import Synchronization
import Testing

@testable import KiiIdentity

@Suite("BatchValidation")
struct BatchValidationTests {
    /// Usernames whose validity is known from their construction: index multiples of 5 are
    /// one character long (too short), the rest are `user<index>`.
    static func usernames(_ count: Int) -> [String] {
        (0..<count).map { $0 % 5 == 0 ? "u" : "user\($0)" }
    }

    @Test(
        "map keeps input order for any size and worker count",
        arguments: [0, 1, 2, 63, 64, 65, 1000, 4099],
        [nil, 1, 2, 3, 8] as [Int?]
    )
    func mapKeepsOrder(count: Int, workers: Int?) {
        let input = Array(0..<count)
        let output = BatchValidation.map(input, workers: workers) { $0 * 3 + 1 }
        #expect(output.count == count)
        #expect(output == input.map { $0 * 3 + 1 })
    }

    @Test("isValid agrees with the field's own isValid", arguments: [nil, 1, 2] as [Int?])
    func isValidAgrees(workers: Int?) {
        let values = Self.usernames(500)
        let verdicts = BatchValidation.isValid(values, as: Username.self, workers: workers)
        #expect(verdicts.count == 500)
        for (index, verdict) in verdicts.enumerated() {
            #expect(verdict == (index % 5 != 0), "index \(index)")
        }
    }

    @Test("validate returns values and errors in input order", arguments: [nil, 1, 2] as [Int?])
    func validateReturnsResults(workers: Int?) throws {
        let values = Self.usernames(300)
        let results = BatchValidation.validate(values, as: Username.self, workers: workers)
        #expect(results.count == 300)
        for (index, result) in results.enumerated() {
            switch result {
            case .success(let username):
                #expect(index % 5 != 0)
                #expect(username.normalized == "user\(index)")
            case .failure(let error):
                #expect(index % 5 == 0)
                #expect(error.code == .tooShort)
                #expect(error.field == .username)
            }
        }
    }

    @Test("validate of email addresses reports each value's own problem")
    func validateEmails() throws {
        let results = BatchValidation.validate(
            ["a@example.com", "no-at-sign", "b@@example.org", "B@Example.ORG"],
            as: EmailAddress.self,
            workers: 2
        )
        #expect(try results[0].get().normalized == "a@example.com")
        #expect(throws: ValidationError.self) { try results[1].get() }
        if case .failure(let error) = results[1] { #expect(error.code == .missingAt) }
        if case .failure(let error) = results[2] { #expect(error.code == .multipleAt) }
        #expect(try results[3].get().normalized == "B@example.org")
    }

    @Test("an empty batch gives an empty result")
    func emptyBatch() {
        #expect(BatchValidation.isValid([], as: Password.self).isEmpty)
        #expect(BatchValidation.validate([], as: Password.self, workers: 2).isEmpty)
    }

    @Test(
        "the chunks of a plan cover every element once, in order",
        arguments: [1, 2, 63, 64, 65, 200, 4099, 200_000],
        [nil, 1, 2, 3, 8] as [Int?]
    )
    func chunksCoverEveryElement(count: Int, workers: Int?) {
        let plan = BatchValidation.WorkPlan(elements: count, workers: workers)
        #expect(plan.workers >= 1 && plan.workers <= count)
        if let workers { #expect(plan.workers == min(workers, count)) }
        #expect(plan.chunks >= plan.workers || workers == nil)
        var next = 0
        for chunk in 0..<plan.chunks {
            let (start, end) = plan.bounds(of: chunk, elements: count)
            #expect(start == next, "chunk \(chunk) of \(plan.chunks)")
            #expect(end >= start)
            next = end
        }
        #expect(next == count)
    }

    @Test("two workers cut a large batch into many chunks, one worker into one")
    func chunkCounts() {
        #expect(BatchValidation.WorkPlan(elements: 200_000, workers: 2).chunks == 2 * BatchValidation.chunksPerThread)
        #expect(BatchValidation.WorkPlan(elements: 200_000, workers: 1).chunks == 1)
        // Too few elements for chunks of 64: one chunk a worker, as many as asked.
        #expect(BatchValidation.WorkPlan(elements: 100, workers: 2).chunks == 2)
        #expect(BatchValidation.WorkPlan(elements: 100, workers: nil).chunks == 1)
        #expect(BatchValidation.WorkPlan(elements: 1_000_000, workers: nil).chunks == BatchValidation.maximumChunks)
    }

    @Test("with workers: 1 every element runs on the calling thread")
    func oneWorkerRunsOnTheCaller() {
        let caller = pthread_self()
        let threads = BatchValidation.map(Array(0..<5000), workers: 1) { _ in pthread_self() }
        #expect(Set(threads) == [caller])
    }

    @Test("with workers: 2 at most two threads run the elements")
    func twoWorkersUseAtMostTwoThreads() {
        let threads = BatchValidation.map(Array(0..<20_000), workers: 2) { _ in pthread_self() }
        #expect(Set(threads).count <= 2)
    }

    /// The thread that runs element 0 stalls there until the other thread has run every element
    /// outside that first chunk (or a minute has passed). With the batch cut into one half a
    /// thread, fixed in advance, the other thread would stop at its half and the stalled one would
    /// run the other half after the minute; with chunks claimed in turn, the other thread claims
    /// all the rest. No timing is assumed: a busy machine that starts the second thread late
    /// only makes the wait longer.
    @Test(
        "a slow thread does not hold up the batch: the other claims the remaining chunks",
        .enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2)
    )
    func slowThreadDoesNotHoldTheBatch() {
        let count = 64 * 64
        let firstChunk = BatchValidation.WorkPlan(elements: count, workers: 2).bounds(of: 0, elements: count)
        let slowThread = Atomic<UInt>(0)
        let ranByOthers = Atomic<Int>(0)
        let threads = BatchValidation.map(Array(0..<count), workers: 2) { index -> UInt in
            let thread = UInt(pthread_self())
            if index == 0 {
                slowThread.store(thread, ordering: .releasing)
                let deadline = ContinuousClock.now + .seconds(60)
                while ranByOthers.load(ordering: .acquiring) < count - firstChunk.end, ContinuousClock.now < deadline {
                    usleep(1000)
                }
            } else if thread != slowThread.load(ordering: .acquiring) {
                ranByOthers.add(1, ordering: .releasing)
            }
            return thread
        }
        let slow = threads[0]
        let ranSlowly = threads.count { $0 == slow }
        #expect(firstChunk.end < count / 4)
        #expect(ranSlowly == firstChunk.end, "the slow thread ran \(ranSlowly) of \(count) elements")
    }
}
