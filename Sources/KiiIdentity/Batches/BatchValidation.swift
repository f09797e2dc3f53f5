internal import Dispatch
import Synchronization

/// Validating many values at once (a file of records, an import), on every core.
///
/// The input is cut into contiguous chunks, several per thread, and the threads (Dispatch's
/// `concurrentPerform`, at most one per active core) claim the chunks in turn until none is
/// left: a thread on a slower core (an efficiency core, a busy virtual CPU) claims fewer, so
/// the batch is not held up by its slowest thread. Results come back in input order, whatever
/// the number of threads, so a batch gives exactly what a loop would.
///
/// ```swift
/// let emails = ["a@example.com", "no-at-sign", "b@example.org"]
/// BatchValidation.isValid(emails, as: EmailAddress.self)   // [true, false, true]
/// let results = BatchValidation.validate(emails, as: EmailAddress.self)
/// // results[1] is .failure(ValidationError) with code missing_at
/// ```
public enum BatchValidation {
    /// Applies `transform` to every element, in parallel, and returns the results in input order.
    ///
    /// - Parameters:
    ///   - elements: the values to process.
    ///   - workers: at most this many threads; `nil` (the default) uses every active core.
    ///     `1` runs on the calling thread.
    ///   - transform: the work for one element; it must be safe to call from several threads.
    /// - Returns: `elements.map(transform)`, computed in parallel.
    /// - Complexity: O(*n*) calls of `transform`, spread over the threads.
    public static func map<Element: Sendable, Output: Sendable>(
        _ elements: [Element],
        workers: Int? = nil,
        _ transform: @Sendable (Element) -> Output
    ) -> [Output] {
        let count = elements.count
        if count == 0 { return [] }
        let plan = WorkPlan(elements: count, workers: workers)
        return [Output](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let output = ChunkOutput(base: buffer.baseAddress!)
            elements.withUnsafeBufferPointer { input in
                let source = ChunkInput(base: input.baseAddress!)
                let claims = ChunkClaims()
                // One loop for every thread, the calling one included: claim the next chunk,
                // fill its results, until none is left. A thread on a slower core (an
                // efficiency core, a busy virtual CPU) simply claims fewer chunks.
                @Sendable func work(_: Int) {
                    while let chunk = claims.next(below: plan.chunks) {
                        let (start, end) = plan.bounds(of: chunk, elements: count)
                        for index in start..<end {
                            (output.base + index).initialize(to: transform(source.base[index]))
                        }
                    }
                }
                if plan.workers == 1 {
                    work(0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: plan.workers, execute: work)
                }
            }
            initializedCount = count
        }
    }

    /// Validates every value as `type`, in parallel; results in input order.
    ///
    /// - Parameters:
    ///   - values: the raw values.
    ///   - type: the field type, such as `EmailAddress.self`.
    ///   - workers: at most this many threads; `nil` uses every active core.
    /// - Returns: for each value, the validated field or the ``ValidationError`` its initialiser threw.
    public static func validate<Field: IdentityField>(
        _ values: [String],
        as type: Field.Type,
        workers: Int? = nil
    ) -> [Result<Field, ValidationError>] {
        map(values, workers: workers) { raw in
            Result { () throws(ValidationError) -> Field in try Field(raw) }
        }
    }

    /// Whether each value is a valid `type`, in parallel; results in input order.
    ///
    /// - Parameters:
    ///   - values: the raw values.
    ///   - type: the field type, such as `Username.self`.
    ///   - workers: at most this many threads; `nil` uses every active core.
    /// - Returns: `values.map(type.isValid)`.
    public static func isValid<Field: IdentityField>(
        _ values: [String],
        as type: Field.Type,
        workers: Int? = nil
    ) -> [Bool] {
        map(values, workers: workers) { Field.isValid($0) }
    }

    /// Elements below which one more chunk is not worth claiming.
    static let minimumChunkLength = 64

    /// Chunks per thread: enough that the last chunks even out threads that run at different
    /// speeds (a chunk is at most 1/64 of a thread's share), few enough that claiming one costs
    /// nothing next to its work.
    static let chunksPerThread = 64

    /// The most chunks a batch is cut into when no worker count is given.
    static let maximumChunks = 1024

    /// How a batch is shared out: how many workers claim chunks, and how many chunks there are.
    struct WorkPlan: Sendable {
        /// Loops that claim chunks; Dispatch runs at most one per active core at once.
        let workers: Int
        let chunks: Int

        /// `workers` loops when given (never more than there are elements), else one per chunk,
        /// so that Dispatch uses every core; chunks of at least ``minimumChunkLength`` elements
        /// unless there would be fewer chunks than workers.
        init(elements: Int, workers: Int?) {
            guard let requested = workers else {
                let chunks = max(1, min(elements / minimumChunkLength, maximumChunks))
                (self.workers, self.chunks) = (chunks, chunks)
                return
            }
            let workers = max(1, min(requested, elements))
            self.workers = workers
            self.chunks =
                workers == 1 ? 1 : max(workers, min(workers * chunksPerThread, elements / minimumChunkLength))
        }

        /// Chunk `chunk` covers `[elements * chunk / chunks, elements * (chunk + 1) / chunks)`.
        func bounds(of chunk: Int, elements: Int) -> (start: Int, end: Int) {
            (elements * chunk / chunks, elements * (chunk + 1) / chunks)
        }
    }
}

/// The next chunk to process, shared by a batch's threads: one atomic counter, claimed once a
/// chunk (at least 64 elements, thousands in a large batch), so threads seldom meet on it.
private final class ChunkClaims: Sendable {
    private let nextChunk = Atomic<Int>(0)

    /// The next unclaimed chunk below `chunks`, or `nil` when all are claimed.
    func next(below chunks: Int) -> Int? {
        let chunk = nextChunk.add(1, ordering: .relaxed).oldValue
        return chunk < chunks ? chunk : nil
    }
}

/// Where the chunks write their results: disjoint indices of one uninitialised buffer.
private struct ChunkOutput<Output>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Output>
}

/// Where the chunks read their input: a buffer that outlives the parallel loop.
private struct ChunkInput<Element>: @unchecked Sendable {
    let base: UnsafePointer<Element>
}
