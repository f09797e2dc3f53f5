// swift-tools-version: 6.1
import PackageDescription

// The README's example as a package of its own, the way a service depends on KiiIdentity:
// by path, importing only KiiIdentity (no Foundation). `make example` builds and runs it and
// checks that its main.swift and its output are the README's.
let package = Package(
    name: "QuickStart",
    dependencies: [
        .package(name: "KiiIdentity", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "QuickStart",
            // By product name: the package's identity is its folder's name, which a clone may change.
            dependencies: [.product(name: "KiiIdentity", package: "KiiIdentity")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
