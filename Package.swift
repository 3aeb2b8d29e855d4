// swift-tools-version: 6.0
// AutoLayout: UIKit's Auto Layout in pure Swift. This package declares no dependencies.
import PackageDescription

let package = Package(
    name: "AutoLayout",
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .executable(name: "autolayout-bench", targets: ["autolayout-bench"]),
        .executable(name: "Playground", targets: ["Playground"]),
    ],
    targets: [
        // Public API and implementation: the Cassowary solver, no UI notions.
        .target(name: "Cassowary"),
        .executableTarget(name: "autolayout-bench", dependencies: ["Cassowary"]),
        .executableTarget(name: "Playground", dependencies: ["Cassowary"], path: "Playground"),
        // Tests
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),
    ],
    swiftLanguageModes: [.v6]
)
