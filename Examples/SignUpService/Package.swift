// swift-tools-version: 6.1
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// A sign-up service on Hummingbird 2 and SQLKit (SQLite or PostgreSQL), the way a team builds one
// on KiiIdentity: its own package, depending on the repository by path.
let package = Package(
    name: "SignUpService",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "signup-service", targets: ["signup-service"]),
        .executable(name: "signup-service-bench", targets: ["signup-service-bench"]),
    ],
    dependencies: [
        .package(name: "KiiIdentity", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        // Argon2id from Debian's libargon2 (see Sources/CArgon2/shim.h).
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .target(
            name: "SignUpService",
            dependencies: [
                "CArgon2",
                .product(name: "KiiIdentity", package: "KiiIdentity"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // The sign-up page's files, served as they are (no build step).
            resources: [.copy("Page/Assets")],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "signup-service",
            dependencies: ["SignUpService"],
            swiftSettings: strictSwift
        ),
        // The service as `make bench-signup` measures it: its baselines and timing live here,
        // never in the service's own code.
        .executableTarget(
            name: "signup-service-bench",
            dependencies: [
                "SignUpService",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "SQLKit", package: "sql-kit"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "SignUpServiceTests",
            dependencies: [
                "SignUpService",
                // Built before the tests: ProcessTests start it as a client would.
                "signup-service",
                .product(name: "KiiIdentity", package: "KiiIdentity"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift
        ),
    ]
)
