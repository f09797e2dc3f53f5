import Foundation
import Testing

/// The tests' own process starter (``ChildProcess``): what the child inherits and how its end
/// is read.
@Suite struct ChildProcessTests {
    /// The child gets standard input, output and error and nothing else, however many
    /// descriptors the test process holds (Foundation's `Process` closed them by listing
    /// `/proc/self/fd`, which crashed with about 1,360 of them).
    @Test func aChildInheritsOnlyItsThreeStreams() async throws {
        let held = (0..<300).map { _ in open("/dev/null", O_RDONLY) }
        defer { for descriptor in held { close(descriptor) } }
        #expect(held.allSatisfy { $0 >= 0 })
        let output = Pipe()
        let child = try ChildProcess(
            "/bin/ls",
            arguments: ["/proc/self/fd"],
            environment: [:],
            standardOutput: .descriptor(output.fileHandleForWriting.fileDescriptor)
        )
        try output.fileHandleForWriting.close()
        let listed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(await child.exit() == .exited(0))
        // 0, 1 and 2, and the descriptor `ls` opened to list the folder.
        #expect(listed.split(separator: "\n") == ["0", "1", "2", "3"])
    }

    /// The child blocks no signal and handles none, whatever the starting thread blocks: a
    /// service started from a test must see SIGTERM.
    @Test func aChildStartsWithNoSignalBlocked() async throws {
        let output = Pipe()
        let child = try ChildProcess(
            "/bin/grep",
            arguments: ["-E", "^Sig(Blk|Ign)", "/proc/self/status"],
            environment: [:],
            standardOutput: .descriptor(output.fileHandleForWriting.fileDescriptor)
        )
        try output.fileHandleForWriting.close()
        let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(await child.exit() == .exited(0))
        // glibc keeps its own two real-time signals (32 and 33) as they are; the 31 standard
        // ones are neither blocked nor ignored.
        let masks = status.split(separator: "\n").compactMap { $0.split(separator: "\t").last }
        #expect(masks.count == 2)
        #expect(masks.map { UInt64($0, radix: 16).map { $0 & 0x7fff_ffff } } == [0, 0])
    }

    /// An exit status and a signal are told apart, and a child's end is read once it exits.
    @Test func anEndingSaysExitOrSignal() async throws {
        let exiting = try ChildProcess("/bin/sh", arguments: ["-c", "exit 7"], environment: [:])
        #expect(await exiting.exit() == .exited(7))
        let sleeping = try ChildProcess("/bin/sleep", arguments: ["30"], environment: [:])
        #expect(sleeping.isRunning)
        sleeping.send(SIGKILL)
        #expect(await sleeping.exit() == .signalled(SIGKILL))
        #expect(!sleeping.isRunning)
    }

    /// A program that is not there is an error, not a child.
    @Test func aMissingProgramThrows() {
        #expect(throws: ServiceProcess.ProcessFailure.self) {
            try ChildProcess("/nonexistent/program", environment: [:])
        }
    }
}
