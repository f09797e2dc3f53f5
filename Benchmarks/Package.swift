// swift-tools-version: 6.1
import PackageDescription

// The benchmark (`make bench`), a package of its own beside the library's, so that the library's
// package ships only the library, the export reader and the tool: kii-identity-bench, its C++
// baseline over libphonenumber (CPhoneNumberBaseline) and its heap-allocation counter
// (CMallocCounter). It measures the library as a client builds it, by path, and reaches the
// internals it measures through SPI: `@_spi(Probes)` (the phone engine's probe) and
// `@_spi(ToolInternals)` (the tool's lint line, JSON writer and line reader). The large
// exports of `make bench-lint` come from the fuzz checks' generator (Tests/Fuzz/Package.swift).

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "KiiIdentityBenchmarks",
    products: [
        .executable(name: "kii-identity-bench", targets: ["KiiIdentityBenchmark"])
    ],
    dependencies: [
        // By product name: the packages' identities are their folders' names, which a clone may change.
        .package(name: "KiiIdentity", path: ".."),
        .package(name: "KiiIdentityFuzz", path: "../Tests/Fuzz"),
    ],
    targets: [
        // Counts the benchmark process's heap allocations (interposes malloc).
        .target(name: "CMallocCounter", path: "CMallocCounter"),
        // The plain libphonenumber pipeline the benchmark compares the phone rules with.
        .target(
            name: "CPhoneNumberBaseline",
            path: "CPhoneNumberBaseline",
            linkerSettings: [
                .linkedLibrary("phonenumber"),
                .linkedLibrary("protobuf"),
                .linkedLibrary("stdc++"),
            ]
        ),
        .executableTarget(
            name: "KiiIdentityBenchmark",
            dependencies: [
                .product(name: "KiiIdentity", package: "KiiIdentity"),
                .product(name: "KiiIdentityExport", package: "KiiIdentity"),
                .product(name: "KiiIdentityFuzzChecks", package: "KiiIdentityFuzz"),
                "CPhoneNumberBaseline",
                "CMallocCounter",
            ],
            path: "KiiIdentityBenchmark",
            swiftSettings: strictSwift
        ),
    ],
    cxxLanguageStandard: .cxx17
)
