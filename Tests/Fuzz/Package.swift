// swift-tools-version: 6.1
import PackageDescription

// The libFuzzer targets, a package of their own beside the library's, so that the library's
// package ships only the library, the export reader and the tool. `make fuzz` builds them with
// -DFUZZING and the fuzzer and address sanitizers; built without -DFUZZING, each replays the
// files it is given. Checks/ (the properties every input must keep) is compiled here for the
// fuzzers and in the library's package as the test-support target of the same name, where
// FuzzCorpusReplayTests replays every corpus in `make test`. It reaches the library's internals
// through SPI only (`@_spi(Probes) import KiiIdentity`, `@_spi(ToolInternals)`).

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The fuzz targets, one libFuzzer target per entry family, each in <Name>/.
let fuzzTargets = [
    "FieldRules", "PhoneForms", "Classification", "Registration", "JSONLines", "PhoneDifferential", "DisplayNames",
]

let package = Package(
    name: "KiiIdentityFuzz",
    products: [
        // For the benchmark's large exports (Benchmarks/Package.swift).
        .library(name: "KiiIdentityFuzzChecks", targets: ["KiiIdentityFuzzChecks"])
    ],
    dependencies: [
        // By product name: the package's identity is its folder's name, which a clone may change.
        .package(name: "KiiIdentity", path: "../..")
    ],
    targets: [
        .target(
            name: "KiiIdentityFuzzChecks",
            dependencies: [
                .product(name: "KiiIdentity", package: "KiiIdentity"),
                .product(name: "KiiIdentityExport", package: "KiiIdentity"),
            ],
            path: "Checks",
            swiftSettings: strictSwift
        )
    ]
        + fuzzTargets.map { name in
            .executableTarget(
                name: "Fuzz\(name)",
                dependencies: ["KiiIdentityFuzzChecks"],
                path: name,
                swiftSettings: strictSwift
            )
        }
)
