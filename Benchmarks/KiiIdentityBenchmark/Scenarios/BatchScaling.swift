import Foundation
import KiiIdentity

/// The batch API's scaling: the same batch with 1 worker, then 2, then every core.
struct BatchScaling {
    struct Row: Codable {
        let workload: String
        let items: Int
        /// How many times a sample runs the batch (as many as take one worker about 40 ms).
        let batchesPerSample: Int
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

    /// The names of the control rows.
    static let latencyControlName = "(control) 1 chain of multiplications"
    static let throughputControlName = "(control) 6 chains of additions (a busy core)"

    func run() -> [Row] {
        let local = FixtureFiles.regionLines("phone-local.txt", in: directory)
        let emails = FixtureFiles.lines("email.txt", in: directory)
        // Each fixture 200 times over (a sample then repeats the batch to about 40 ms of one
        // worker's time, see `measure`).
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
        let workloads = [
            Workload("PhoneNumber(local:country:) on phone-local.txt", phoneItems) { item in
                (try? PhoneNumber(local: item.input, country: item.region)) != nil
            },
            Workload("PhoneNumber.isValid(international:) on phone-international.txt", internationalItems) {
                PhoneNumber.isValid(international: $0)
            },
            Workload("EmailAddress.init on email.txt", emailItems) { (try? EmailAddress($0)) != nil },
            Workload("EmailAddress.isValid on email.txt", emailItems) { EmailAddress.isValid($0) },
            // What the machine itself gives a second thread at the same moments, for work that
            // touches no memory: one chain of multiplications leaves most of a core idle, six
            // chains of additions keep all of it busy. A shared virtual machine's two vCPUs are
            // at times two halves of one physical core (SMT siblings on the host) or share it with
            // another guest: then the first still nears 2x and the second does not, and a
            // validator, which also keeps a core busy, lands between them.
            Workload(Self.latencyControlName, Array(0..<(repeats * 1000))) { Self.dependentArithmetic($0) },
            Workload(Self.throughputControlName, Array(0..<(repeats * 1000))) { Self.independentArithmetic($0) },
        ]
        return measure(workloads)
    }

    /// One chain of dependent multiplications in registers (its time: Performance.md, "Figures
    /// behind the code's choices").
    @inline(never)
    static func dependentArithmetic(_ seed: Int) -> Bool {
        var state = UInt64(truncatingIfNeeded: seed)
        for _ in 0..<80 { state = (state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407) ^ (state >> 29) }
        return state & 1 == 0
    }

    /// Six chains of additions and exclusive ors in registers, as many as the core can issue at
    /// once, as long as ``dependentArithmetic(_:)``.
    @inline(never)
    static func independentArithmetic(_ seed: Int) -> Bool {
        var a = UInt64(truncatingIfNeeded: seed)
        var (b, c, d, e, f) = (a &+ 1, a &+ 2, a &+ 3, a &+ 4, a &+ 5)
        for _ in 0..<200 {
            a &+= b
            b ^= c
            c &+= d
            d ^= e
            e &+= f
            f ^= a
        }
        return (a ^ b ^ c ^ d ^ e ^ f) & 1 == 0
    }

    private struct PhoneItem: Sendable {
        let region: String
        let input: String
    }

    /// One batch to time: its items and a check that runs them through `BatchValidation.map`.
    private struct Workload {
        let name: String
        let items: Int
        let batch: (_ workers: Int?) -> Int

        init<Item: Sendable>(_ name: String, _ items: [Item], _ check: @escaping @Sendable (Item) -> Bool) {
            self.name = name
            self.items = items.count
            self.batch = { workers in
                BatchValidation.map(items, workers: workers, check).reduce(0) { $0 + ($1 ? 1 : 0) }
            }
        }
    }

    /// Every workload with 1 worker, 2 and (with more than 2 cores) all, round after round: a
    /// round times every workload and setting back to back, so that the control and the
    /// workloads meet the same moments of a machine whose speed drifts. A sample runs the batch
    /// as many times as it takes one worker about 40 ms (5 ms with `--quick`; a batch of a few
    /// milliseconds would measure the threads' start and the last chunk's wait, not the work).
    private func measure(_ workloads: [Workload]) -> [Row] {
        let processors = ProcessInfo.processInfo.activeProcessorCount
        let settings: [Int?] = [1, 2] + (processors > 2 ? [nil] : [])
        let sampleNanoseconds: Double = quick ? 5e6 : 40e6
        let passes = workloads.map { workload in
            // A warm-up batch (the phone tables compile in it), then a timed one that sets how
            // many batches make a sample.
            Sink.consume(workload.batch(1))
            let start = Timing.wallNow()
            Sink.consume(workload.batch(1))
            let elapsed = Double(Timing.wallNow() - start)
            return max(1, Int((sampleNanoseconds / max(elapsed, 1)).rounded(.up)))
        }
        var samples = [[[Double]]](repeating: [[Double]](repeating: [], count: settings.count), count: workloads.count)
        for round in 0..<rounds {
            for (index, workload) in workloads.enumerated() {
                for offset in settings.indices {
                    let which = (round + offset) % settings.count
                    let start = Timing.wallNow()
                    for _ in 0..<passes[index] { Sink.consume(workload.batch(settings[which])) }
                    let end = Timing.wallNow()
                    let operations = Double(workload.items * passes[index])
                    samples[index][which].append(operations / (Double(end - start) / 1e9))
                }
            }
        }
        return workloads.indices.flatMap { index in
            let perSetting = samples[index]
            return settings.indices.map { which in
                Row(
                    workload: workloads[index].name,
                    items: workloads[index].items,
                    batchesPerSample: passes[index],
                    workers: settings[which],
                    operationsPerSecond: perSetting[which].median,
                    minimumOperationsPerSecond: perSetting[which].min() ?? .nan,
                    maximumOperationsPerSecond: perSetting[which].max() ?? .nan,
                    speedup: zip(perSetting[which], perSetting[0]).map { $0 / $1 }.median
                )
            }
        }
    }
}
