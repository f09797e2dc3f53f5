internal import Dispatch

/// Validating many values at once (a file of records, an import), on every core.
///
/// The input is cut into contiguous slices, one per unit of work, and the slices run in
/// parallel with Dispatch's `concurrentPerform`, which uses as many threads as there are
/// active cores. Results come back in input order, whatever the number of threads, so a batch
/// gives exactly what a loop would.
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
        let slices = sliceCount(elements: count, workers: workers)
        if count == 0 { return [] }
        return [Output](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let output = SliceOutput(base: buffer.baseAddress!)
            elements.withUnsafeBufferPointer { input in
                let source = SliceInput(base: input.baseAddress!)
                // One loop for every slice, on the calling thread or on a worker, so that one
                // worker and many run the same code and differ only in their threads.
                @Sendable func work(_ slice: Int) {
                    // Slice `slice` covers [count * slice / slices, count * (slice + 1) / slices).
                    let start = count * slice / slices
                    let end = count * (slice + 1) / slices
                    for index in start..<end {
                        (output.base + index).initialize(to: transform(source.base[index]))
                    }
                }
                if slices == 1 {
                    work(0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: slices) { work($0) }
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

    /// Elements below which one more slice is not worth a thread hand-off.
    static let minimumSliceLength = 64

    /// How many slices to cut `elements` into: `workers` when given (each slice then gets its
    /// own thread at most), otherwise enough slices for Dispatch to balance them over the cores.
    static func sliceCount(elements: Int, workers: Int?) -> Int {
        if let workers { return max(1, min(workers, elements)) }
        return min(max(1, elements / minimumSliceLength), 256)
    }
}

/// Where the slices write their results: disjoint indices of one uninitialised buffer.
private struct SliceOutput<Output>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Output>
}

/// Where the slices read their input: a buffer that outlives the parallel loop.
private struct SliceInput<Element>: @unchecked Sendable {
    let base: UnsafePointer<Element>
}
