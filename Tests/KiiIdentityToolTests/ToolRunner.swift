#if CommandLineTool
import Foundation
import KiiIdentity
import KiiIdentityFuzzChecks
import Testing

/// Runs the built `kii-identity` binary and captures what it prints.
struct ToolRunner {
    /// The result of one run.
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The package root (the fixtures' paths are relative to it).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The binary: `KII_IDENTITY_TOOL` when set, otherwise `kii-identity` next to the test bundle
    /// in the build directory.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["KII_IDENTITY_TOOL"] {
            return URL(fileURLWithPath: path)
        }
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("kii-identity")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("kii-identity")
    }()

    /// Runs the tool with `arguments` and expects exactly `stdout`, the exit `status` and nothing
    /// on standard error.
    static func expect(
        _ arguments: [String],
        prints stdout: String,
        status: Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let output = try run(arguments)
        // Scalar for scalar (`String ==` would take a decomposed name for its NFKC).
        #expect(ScalarHex.escaped(output.stdout) == ScalarHex.escaped(stdout), sourceLocation: sourceLocation)
        #expect(output.status == status, sourceLocation: sourceLocation)
        #expect(output.stderr.isEmpty, sourceLocation: sourceLocation)
    }

    /// Runs the tool with `arguments` in the package root, `stdin` as standard input; with
    /// `executable`, runs that instead (`arguments` then start with its name).
    static func run(_ arguments: [String], stdin: Data? = nil, executable: URL? = nil) throws -> Output {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kii-identity-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        let inURL = directory.appendingPathComponent("stdin")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: inURL.path, contents: stdin ?? Data())

        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = executable == nil ? arguments : Array(arguments.dropFirst())
        process.currentDirectoryURL = packageRoot
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        try input.close()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }

    /// The bundled phone metadata's release, which the tool's reports name: the generated
    /// constant (`BundledMetadata.version`), so that no expected output is edited for a new
    /// release. The library's tests check it against the oracle's version.
    static let bundledVersion = PhoneMetadataSource.bundled.version
    /// That release's date (`BundledMetadata.releaseDate`).
    static let bundledReleaseDate = PhoneMetadataSource.bundled.releaseDate ?? "none"

    /// The text of a fixture, by its path from the package root, with `{bundledVersion}` and
    /// `{bundledReleaseDate}` replaced by the bundled release and its date.
    static func fixture(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent(path)), as: UTF8.self)
            .replacingOccurrences(of: "{bundledVersion}", with: bundledVersion)
            .replacingOccurrences(of: "{bundledReleaseDate}", with: bundledReleaseDate)
    }
}
#endif
