internal import Dispatch

/// Work read in order, done on several threads, and handed back in the order it was read.
///
/// The calling thread reads the inputs and merges the outputs; `workers` threads process them.
/// At most `maximumInFlight` inputs are read and not yet merged, so memory stays bounded
/// whatever the input's length. With one worker everything runs on the calling thread, one
/// input at a time: the same outputs in the same order.
package enum OrderedPipeline {
    /// Reads every input with `next`, processes each with `process` on the workers, and calls
    /// `merge` with the outputs in input order, on the calling thread.
    ///
    /// - Parameters:
    ///   - workers: the threads that process inputs (1: the calling thread alone).
    ///   - maximumInFlight: inputs read and not yet merged, at most (at least `workers + 1`).
    /// - Throws: what `next` or `merge` throws; the workers finish the inputs they hold first.
    package static func run<Input: Sendable, Output: Sendable, Failure: Error>(
        workers: Int,
        maximumInFlight: Int,
        next: () throws(Failure) -> Input?,
        process: @escaping @Sendable (Input) -> Output,
        merge: (Output) throws(Failure) -> Void
    ) throws(Failure) {
        if workers <= 1 {
            while let input = try next() { try merge(process(input)) }
            return
        }
        let state = PipelineState<Input, Output>()
        let inputsReady = DispatchSemaphore(value: 0)
        let outputReady = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        for _ in 0..<workers {
            finished.enter()
            DispatchQueue.global().async {
                while true {
                    inputsReady.wait()
                    guard let (index, input) = state.takeInput() else { break }
                    state.store(process(input), at: index)
                    outputReady.signal()
                }
                finished.leave()
            }
        }
        var submitted = 0
        var merged = 0
        // Merges every output ready in order; waits for one when `until` still holds.
        func drain(while condition: () -> Bool) throws(Failure) {
            while true {
                while let output = state.takeOutput(at: merged) {
                    merged += 1
                    try merge(output)
                }
                guard condition() else { return }
                outputReady.wait()
            }
        }
        defer {
            state.finishInputs()
            for _ in 0..<workers { inputsReady.signal() }
            finished.wait()
        }
        let limit = max(maximumInFlight, workers + 1)
        while let input = try next() {
            state.addInput(input, at: submitted)
            submitted += 1
            inputsReady.signal()
            try drain { submitted - merged >= limit }
        }
        try drain { merged < submitted }
    }
}

/// The inputs not yet taken and the outputs not yet merged, behind one lock (a POSIX one, so
/// that ThreadSanitizer sees the order it makes: see ``PThreadLocked``).
private final class PipelineState<Input: Sendable, Output: Sendable>: Sendable {
    private struct Queues {
        var inputs: [(index: Int, input: Input)] = []
        var firstInput = 0
        var outputs: [Int: Output] = [:]
        var inputsFinished = false
    }

    private let queues = PThreadLocked(Queues())

    func addInput(_ input: Input, at index: Int) {
        queues.withLock { $0.inputs.append((index, input)) }
    }

    /// The oldest input not taken, or `nil` once inputs are finished and none is left.
    func takeInput() -> (Int, Input)? {
        queues.withLock { queues in
            guard queues.firstInput < queues.inputs.count else { return nil }
            let taken = queues.inputs[queues.firstInput]
            queues.firstInput += 1
            if queues.firstInput == queues.inputs.count {
                queues.inputs.removeAll(keepingCapacity: true)
                queues.firstInput = 0
            }
            return taken
        }
    }

    func store(_ output: Output, at index: Int) {
        queues.withLock { $0.outputs[index] = output }
    }

    func takeOutput(at index: Int) -> Output? {
        queues.withLock { $0.outputs.removeValue(forKey: index) }
    }

    /// No more inputs: workers that find the queue empty stop.
    func finishInputs() {
        queues.withLock { $0.inputsFinished = true }
    }
}
