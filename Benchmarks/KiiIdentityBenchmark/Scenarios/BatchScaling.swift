import Foundation
import KiiIdentity

/// The batch API's scaling: the same batch with 1 worker, then 2, then every core.
struct BatchScaling {
    struct Row: Codable {
        let workload: String
        let items: Int
        /// `nil` for every active core.
        let workers: Int?
        let operationsPerSecond: Double
        let minimumOperationsPerSecond: Double
        let maximumOperationsPerSecond: Double
        /// Throughput over the 1-worker throughput: the median, over the rounds, of the ratio
        /// within a round (each round runs every setting back to back, so a machine whose speed
        /// drifts between rounds, as shared virtual machines do, moves both sides of a ratio).
        let speedup: Double
    }

    let directory: URL
    let rounds: Int
    let quick: Bool

    func run() -> [Row] {
        let local = FixtureFiles.regionLines("phone-local.txt", in: directory)
        let emails = FixtureFiles.lines("email.txt", in: directory)
        // Since the compiled engine a phone costs about what an email does, so both batches are
        // as large: a batch of a millisecond measures the threads' start, not the work.
        let repeats = quick ? 20 : 200
        // Fresh copies, not the same strings again: threads retaining and releasing the same
        // string objects would fight over their reference counts and measure that instead.
        func fresh(_ text: String) -> String { String(decoding: Array(text.utf8), as: UTF8.self) }
        let phoneItems = (0..<repeats).flatMap { _ in
            local.map { PhoneItem(region: fresh($0.region ?? ""), input: fresh($0.input)) }
        }
        let emailItems = (0..<repeats).flatMap { _ in emails.map(fresh) }
        let international = FixtureFiles.lines("phone-international.txt", in: directory)
        let internationalItems = (0..<repeats).flatMap { _ in international.map(fresh) }
        return measure("PhoneNumber(local:country:) on phone-local.txt", phoneItems) { item in
            (try? PhoneNumber(local: item.input, country: item.region)) != nil
        }
            + measure("PhoneNumber.isValid(international:) on phone-international.txt", internationalItems) {
                PhoneNumber.isValid(international: $0)
            }
            + measure("EmailAddress.init on email.txt", emailItems) { (try? EmailAddress($0)) != nil }
            + measure("EmailAddress.isValid on email.txt", emailItems) { EmailAddress.isValid($0) }
    }

    private struct PhoneItem: Sendable {
        let region: String
        let input: String
    }

    private func measure<Item: Sendable>(
        _ workload: String,
        _ items: [Item],
        _ check: @escaping @Sendable (Item) -> Bool
    ) -> [Row] {
        let processors = ProcessInfo.processInfo.activeProcessorCount
        let settings: [Int?] = [1, 2] + (processors > 2 ? [nil] : [])
        var samples = [[Double]](repeating: [], count: settings.count)
        _ = BatchValidation.map(items, workers: 1, check)  // warm-up
        for round in 0..<rounds {
            for offset in settings.indices {
                let which = (round + offset) % settings.count
                let start = Timing.wallNow()
                let results = BatchValidation.map(items, workers: settings[which], check)
                let end = Timing.wallNow()
                Sink.consume(results.reduce(0) { $0 + ($1 ? 1 : 0) })
                samples[which].append(Double(items.count) / (Double(end - start) / 1e9))
            }
        }
        let medians = samples.map(\.median)
        return settings.indices.map { which in
            Row(
                workload: workload,
                items: items.count,
                workers: settings[which],
                operationsPerSecond: medians[which],
                minimumOperationsPerSecond: samples[which].min() ?? .nan,
                maximumOperationsPerSecond: samples[which].max() ?? .nan,
                speedup: zip(samples[which], samples[0]).map { $0 / $1 }.median
            )
        }
    }
}
