import Foundation
import Synchronization

/// A program the tests start (the built service, a repository script): `posix_spawn` with the
/// child's descriptors above standard error closed by glibc's
/// `posix_spawn_file_actions_addclosefrom_np`, and its exit collected by `waitpid`.
///
/// Not Foundation's `Process`: on Linux (Swift 6.3.1) its `run()` lists `/proc/self/fd` to close
/// the parent's other descriptors, copying each entry's 256-byte `d_name` whole, and the copy
/// reads past glibc's directory buffer when the test process holds about 1,360 descriptors (the
/// connection tests hold that many), which crashed the suite in CI with SIGSEGV in `memmove`
/// (swift-corelibs-foundation #5472, fixed after 6.3.1).
final class ChildProcess: Sendable {
    /// How a child ended.
    enum Ending: Equatable, Sendable {
        /// It called `exit` with this status.
        case exited(Int32)
        /// A signal ended it (SIGKILL, or SIGTERM it did not handle).
        case signalled(Int32)

        /// The exit status, or the signal's number (as Foundation's `terminationStatus`).
        var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }
    }

    /// Where one of the child's standard streams goes.
    enum Stream {
        /// `/dev/null`.
        case null
        /// This open descriptor of the test process (a file's, or a pipe's end), which the child
        /// gets a copy of; the caller still owns it.
        case descriptor(Int32)
    }

    /// The child's process ID.
    let id: pid_t
    private let ending = Mutex<Ending?>(nil)

    /// Starts `executable` with `arguments` and exactly `environment`, its standard streams as
    /// given.
    ///
    /// - Throws: ``ServiceProcess/ProcessFailure`` naming the call that failed.
    init(
        _ executable: String,
        arguments: [String] = [],
        environment: [String: String],
        standardInput: Stream = .null,
        standardOutput: Stream = .null,
        standardError: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target) in [(standardInput, 0), (standardOutput, 1), (standardError, 2)] {
            let added: Int32
            switch stream {
            case .null:
                added = posix_spawn_file_actions_addopen(
                    &actions,
                    Int32(target),
                    "/dev/null",
                    target == 0 ? O_RDONLY : O_WRONLY,
                    0
                )
            case .descriptor(let descriptor):
                added = posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(target))
            }
            guard added == 0 else { throw Self.failure("posix_spawn_file_actions", added) }
        }
        let closed = Self.addCloseFrom(&actions, 3)
        guard closed == 0 else { throw Self.failure("posix_spawn_file_actions_addclosefrom_np", closed) }

        // The child starts as from a shell: no signal blocked (the test's threads block most,
        // and a mask is inherited) and every signal's action the default.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        let flags = posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        guard flags == 0 else { throw Self.failure("posix_spawnattr_setflags", flags) }

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var id = pid_t()
        let spawned = posix_spawn(&id, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Self.failure("posix_spawn \(executable)", spawned) }
        self.id = id
    }

    /// A child still running when its object goes is killed and collected, so that no test leaves
    /// a process (or a zombie) behind.
    deinit {
        if isRunning {
            Glibc.kill(id, SIGKILL)
            _ = waitUntilExit()
        }
    }

    /// How the child ended, or `nil` while it runs (never blocks).
    var ended: Ending? {
        ending.withLock { ending in
            if ending == nil {
                var status: Int32 = 0
                if waitpid(id, &status, WNOHANG) == id {
                    let signal = status & 0x7f
                    ending = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
                }
            }
            return ending
        }
    }

    /// Whether the child still runs.
    var isRunning: Bool { ended == nil }

    /// Sends `signal` to a child that still runs.
    func send(_ signal: Int32) {
        if isRunning { Glibc.kill(id, signal) }
    }

    /// Waits for the child's end, blocking the calling thread (call it off the concurrency pool,
    /// or use ``exit()``).
    func waitUntilExit() -> Ending {
        while true {
            if let ended { return ended }
            usleep(5_000)
        }
    }

    /// Waits for the child's end without holding a thread.
    func exit() async -> Ending {
        while true {
            if let ended { return ended }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), found at run time:
    /// `<spawn.h>` declares it only under `_GNU_SOURCE`, which Swift's Glibc module leaves off.
    private static let addCloseFrom: CloseFrom = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            fatalError("glibc 2.34 or later is needed: posix_spawn_file_actions_addclosefrom_np is missing")
        }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static func failure(_ call: String, _ code: Int32) -> ServiceProcess.ProcessFailure {
        ServiceProcess.ProcessFailure(description: "\(call): \(String(cString: strerror(code)))")
    }
}
