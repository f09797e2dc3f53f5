// swift-tools-version: 6.1
import PackageDescription

// The shape of the package:
// - shipped: CPhoneNumberShims (C++ over libphonenumber, a plain C header) <- KiiIdentity (pure
//   Swift; Phone/LibPhoneNumber imports the shim, Bytes/ByteChunks its header-only lane bits) <-
//   KiiIdentityExport (user exports) <- kii-identity (the tool, under the CommandLineTool trait);
// - for the tests only, never a product: KiiIdentityFuzzChecks (Tests/Fuzz/Checks, the fuzz
//   targets' properties, whose corpora `make test` replays, and the tests' generators and oracles).
// The benchmark (Benchmarks/Package.swift) and the libFuzzer targets (Tests/Fuzz/Package.swift)
// are packages of their own that depend on this one by path; they, and these tests, reach the
// library's internals through SPI: `@_spi(Probes)` (the phone engine beside libphonenumber) and
// `@_spi(ToolInternals)` (the tool's JSON writer, line reader and lint line).

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "KiiIdentity",
    products: [
        .library(name: "KiiIdentity", targets: ["KiiIdentity"]),
        .library(name: "KiiIdentityExport", targets: ["KiiIdentityExport"]),
        .executable(name: "kii-identity", targets: ["kii-identity"]),
    ],
    // The tool's command-line parser is behind a trait that is off by default: SwiftPM resolves a
    // package's dependency for every client, even one that uses only the library, unless the
    // dependency is only for tests or only for a trait the client leaves off. The Makefile turns
    // it on (`--traits CommandLineTool`).
    traits: [
        .trait(
            name: "CommandLineTool",
            description: "Builds the kii-identity tool with swift-argument-parser."
        )
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // C++ over the system libphonenumber, behind a plain C header.
        .target(
            name: "CPhoneNumberShims",
            linkerSettings: [
                .linkedLibrary("phonenumber"),
                .linkedLibrary("protobuf"),
                .linkedLibrary("stdc++"),
            ]
        ),
        .target(
            name: "KiiIdentity",
            dependencies: ["CPhoneNumberShims"],
            // The notice and licence of libphonenumber's metadata, which
            // Phone/Metadata/BundledMetadataText.swift holds (Scripts/phone-metadata/generate.py),
            // the Unicode licence of the generated tables in Unicode/ (Scripts/unicode-tables), and the
            // licences of the password lists behind Fields/Password/Blocklist (Scripts/password-blocklist).
            exclude: [
                "Phone/Metadata/NOTICE", "Phone/Metadata/LICENSE", "Unicode/LICENSE-Unicode",
                "Fields/Password/Blocklist/LICENSE",
            ],
            swiftSettings: strictSwift,
            // libm: the floating-point helpers a Double's conversions call (floor, ceil, trunc,
            // round, rint), which a client without Foundation (which links it) would miss.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // Reads user exports (JSON Lines or CSV, streaming) into records and per-line problems.
        .target(
            name: "KiiIdentityExport",
            dependencies: ["KiiIdentity"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "kii-identity",
            dependencies: [
                "KiiIdentity",
                "KiiIdentityExport",
                .product(
                    name: "ArgumentParser",
                    package: "swift-argument-parser",
                    condition: .when(traits: ["CommandLineTool"])
                ),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "KiiIdentityTests",
            dependencies: [
                "KiiIdentity",
                "CPhoneNumberShims",
                .product(name: "PropertyBased", package: "swift-property-based"),
                "KiiIdentityFuzzChecks",
            ],
            swiftSettings: strictSwift
        ),
        // The export reader on its own: formats, lines and their limits, records, checks.
        .testTarget(
            name: "KiiIdentityExportTests",
            dependencies: ["KiiIdentityExport", "KiiIdentity", "KiiIdentityFuzzChecks"],
            swiftSettings: strictSwift
        ),
        // End-to-end tests of the kii-identity tool: they run the built binary on Fixtures/cli.
        .testTarget(
            name: "KiiIdentityToolTests",
            dependencies: ["kii-identity", "KiiIdentity", "KiiIdentityFuzzChecks"],
            swiftSettings: strictSwift
        ),
        // The fuzz targets' properties (Tests/Fuzz/Package.swift builds the same folder for the
        // fuzzers), whose corpora FuzzCorpusReplayTests replays, and the tests' generators and oracles.
        .target(
            name: "KiiIdentityFuzzChecks",
            dependencies: ["KiiIdentity", "KiiIdentityExport"],
            path: "Tests/Fuzz/Checks",
            swiftSettings: strictSwift
        ),
    ],
    cxxLanguageStandard: .cxx17
)
