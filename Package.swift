// swift-tools-version: 6.0
// AutoLayout: UIKit's Auto Layout in pure Swift. This package declares no dependencies.
import PackageDescription

let package = Package(
    name: "AutoLayout",
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .library(name: "ConstraintFile", targets: ["ConstraintFile"]),
        .executable(name: "autolayout", targets: ["autolayout"]),
        .executable(name: "autolayout-bench", targets: ["autolayout-bench"]),
        .executable(name: "Playground", targets: ["Playground"]),
    ],
    targets: [
        // Public API and implementation: the Cassowary solver, no UI notions.
        .target(name: "Cassowary"),
        // Views, guides, anchors, constraints and the layout engine, UIKit-shaped.
        .target(name: "AutoLayout", dependencies: ["Cassowary"]),
        // .layout files and UIKit logs in; reports (text, JSON, SVG) out.
        .target(name: "ConstraintFile", dependencies: ["AutoLayout", "Cassowary"]),
        // The diagnostics CLI: main.swift calls ConstraintFile's `runCommandLine`.
        .executableTarget(name: "autolayout", dependencies: ["ConstraintFile"]),
        .executableTarget(name: "autolayout-bench", dependencies: ["Cassowary", "AutoLayout"]),
        .executableTarget(name: "Playground", dependencies: ["AutoLayout"], path: "Playground", exclude: ["Layouts", "Logs"]),
        // Tests
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),
        .testTarget(name: "AutoLayoutTests", dependencies: ["AutoLayout", "Cassowary"]),
        .testTarget(name: "ConstraintFileTests", dependencies: ["ConstraintFile", "AutoLayout", "Cassowary"]),
    ],
    swiftLanguageModes: [.v6]
)
