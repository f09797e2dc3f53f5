import Foundation
import KiiIdentity
@_spi(ToolInternals) import KiiIdentityExport
import KiiIdentityFuzzChecks

/// `make bench-lint`: the real `kii-identity lint` over generated exports of 1, 2 and
/// 10 million records, on 1 and 2 threads, beside two floors measured in the same run over the
/// same files: reading the lines and doing nothing, and the strict JSON reader alone.
///
/// Exports are written once into `directory` (a git-ignored scratch folder) and kept for later
/// runs. Each tool run is a child process: wall time from its start to its exit, peak resident
/// memory from the kernel's accounting of the finished child (`wait4`).
struct LintExports {
    /// Where the exports go.
    let directory: URL
    /// The `kii-identity` binary to run.
    let tool: URL
    /// Records per export.
    let sizes: [Int]
    /// Timed runs of the tool per export and thread count (the median is reported).
    let rounds: Int
    /// The thread counts to run the tool with.
    let threads: [Int]

    /// One timed run of the tool.
    struct ToolRun: Codable {
        let seconds: Double
        /// The tool's user and system CPU time.
        let cpuSeconds: Double
        /// CPU time the rest of the machine used meanwhile (other processes), in seconds: the
        /// cores the tool could not have.
        let othersCPUSeconds: Double
        let peakBytes: Int
        let status: Int32
    }

    /// The machine's busy and total CPU time so far, in clock ticks (`/proc/stat`).
    private static func machineTicks() -> (busy: Double, total: Double) {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first
        else { return (0, 0) }
        let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 5 else { return (0, 0) }
        let total = fields.reduce(0, +)
        return (total - fields[3] - fields[4], total)
    }

    /// The figures of one export.
    struct Row: Codable {
        let export: String
        let records: Int
        let bytes: Int
        /// Records a second reading the lines and doing nothing (one thread).
        let linesFloor: Double
        /// Records a second through the strict JSON reader alone (one thread).
        let jsonFloor: Double
        /// By thread count: the median run.
        let runs: [Int: ToolRun]
    }

    /// Generates what is missing, measures every export, prints the table (or JSON).
    func run(json: Bool) throws -> [Row] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var rows: [Row] = []
        for size in sizes {
            for mix in ExportGenerator.Mix.allCases {
                let url = try export(size: size, mix: mix)
                let bytes = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                log("measuring \(url.lastPathComponent)...")
                let floors = try Self.floors(url)
                var runs: [Int: ToolRun] = [:]
                for threadCount in threads {
                    var samples: [ToolRun] = []
                    for _ in 0..<rounds { samples.append(try runTool(url, threads: threadCount)) }
                    samples.sort { $0.seconds < $1.seconds }
                    runs[threadCount] = samples[samples.count / 2]
                }
                rows.append(
                    Row(
                        export: url.lastPathComponent,
                        records: size,
                        bytes: bytes,
                        linesFloor: Double(size) / floors.lines,
                        jsonFloor: Double(size) / floors.json,
                        runs: runs
                    )
                )
            }
        }
        print(json ? Self.json(rows) : table(rows))
        return rows
    }

    private func log(_ message: String) {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
    }

    /// The export of `size` records of `mix`, generated unless a complete one is there.
    private func export(size: Int, mix: ExportGenerator.Mix) throws -> URL {
        let name = "export-\(size / 1_000_000)M-\(mix.rawValue).jsonl"
        let url = directory.appendingPathComponent(name)
        let done = directory.appendingPathComponent(name + ".done")
        if FileManager.default.fileExists(atPath: done.path) { return url }
        log("generating \(name)...")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        var generator = ExportGenerator(mix: mix)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 22)
        for index in 0..<size {
            buffer.append(contentsOf: generator.line(index).text.utf8)
            buffer.append(0x0A)
            if buffer.count >= 1 << 22 {
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: buffer)
        try handle.close()
        _ = FileManager.default.createFile(atPath: done.path, contents: nil)
        return url
    }

    /// Seconds to read every line of `url` (the block reader lint uses, one thread) doing
    /// nothing, and reading each with the strict JSON reader.
    static func floors(_ url: URL) throws -> (lines: Double, json: Double) {
        func timed(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws -> Double {
            let input = try InputFile(path: url.path)
            let reader = LineBlockReader(descriptor: input.descriptor, name: input.name)
            let start = Timing.wallNow()
            while let block = try reader.next() {
                guard case .lines(let lines) = block else { continue }
                lines.forEachLine { _, bytes in body(bytes) }
            }
            return Double(Timing.wallNow() - start) / 1e9
        }
        var count = 0
        let lines = try timed { count &+= $0.count }
        var parsed = 0
        let json = try timed { bytes in
            if (try? JSONValue(parsing: Array(bytes))) != nil { parsed &+= 1 }
        }
        Sink.consume(count &+ parsed)
        return (lines, json)
    }

    /// Runs `kii-identity lint --format json --limit 0 --threads N url`, its output thrown away.
    private func runTool(_ url: URL, threads: Int) throws -> ToolRun {
        let arguments = [tool.path, "lint", "--format", "json", "--limit", "0", "--threads", "\(threads)", url.path]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let ticksBefore = Self.machineTicks()
        let start = Timing.wallNow()
        guard posix_spawn(&pid, tool.path, &actions, nil, &argv, environ) == 0 else {
            throw CocoaError(.executableNotLoadable)
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(Timing.wallNow() - start) / 1e9
        let ticksAfter = Self.machineTicks()
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        let others = max(0, (ticksAfter.busy - ticksBefore.busy) / ticksPerSecond - cpu)
        // ru_maxrss is in kilobytes on Linux.
        return ToolRun(
            seconds: seconds,
            cpuSeconds: cpu,
            othersCPUSeconds: others,
            peakBytes: usage.ru_maxrss * 1024,
            status: (status >> 8) & 0xFF
        )
    }

    private func table(_ rows: [Row]) -> String {
        func number(_ value: Double) -> String {
            value >= 1e6 ? String(format: "%.2fM", value / 1e6) : String(format: "%.0fk", value / 1e3)
        }
        var lines = [
            "kii-identity lint over generated exports: median of \(rounds) runs; wall time of the whole process;",
            "cpu s: its user + system time; others: cores the rest of the machine used meanwhile (/proc/stat);",
            "peak RSS of the process (wait4); floors on one thread in this process over the same file",
            "",
            "export                          records    MB  thr  exit  wall s  cpu s  others   records/s     MB/s"
                + "  peak RSS MB  bytes/rec  x JSON floor",
        ]
        for row in rows {
            for threadCount in threads {
                guard let run = row.runs[threadCount] else { continue }
                let rate = Double(row.records) / run.seconds
                lines.append(
                    row.export.padding(toLength: 30, withPad: " ", startingAt: 0)
                        + String(
                            format: " %9d %5.0f %4d %5d %7.2f %6.2f %7.2f",
                            row.records,
                            Double(row.bytes) / 1e6,
                            threadCount,
                            run.status,
                            run.seconds,
                            run.cpuSeconds,
                            run.othersCPUSeconds / run.seconds
                        )
                        + " " + number(rate).leftPadded(11)
                        + String(
                            format: " %8.0f %12.0f %10.1f %12.2fx",
                            Double(row.bytes) / run.seconds / 1e6,
                            Double(run.peakBytes) / 1e6,
                            Double(run.peakBytes) / Double(row.records),
                            rate / row.jsonFloor
                        )
                )
            }
            lines.append(
                "  floors: reading the lines " + number(row.linesFloor) + " records/s, strict JSON reader alone "
                    + number(row.jsonFloor) + " records/s"
            )
        }
        return lines.joined(separator: "\n")
    }

    private static func json(_ rows: [Row]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(rows)) ?? Data(), as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
