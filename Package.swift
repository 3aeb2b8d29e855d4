// swift-tools-version: 6.0
// AutoLayout: UIKit's Auto Layout in pure Swift. This package declares no dependencies.
import PackageDescription

let package = Package(
    name: "AutoLayout",
    products: [
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "AutoLayout", targets: ["AutoLayout"]),
        .library(name: "ConstraintFile", targets: ["ConstraintFile"]),
        .library(name: "AutoLayoutCommands", targets: ["AutoLayoutCommands"]),
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
        // The CLI's commands: one type per subcommand (check, explain, render, help) whose declared
        // options, flags and arguments give its parsing, `--help` text and usage errors
        // (`ParsableCommand`, swift-argument-parser's shape written here), and `runCommandLine`.
        .target(name: "AutoLayoutCommands", dependencies: ["ConstraintFile"]),
        // The diagnostics CLI: main.swift calls AutoLayoutCommands' pure `runCommandLine` with the
        // process's streams.
        .executableTarget(name: "autolayout", dependencies: ["AutoLayoutCommands"]),
        .executableTarget(name: "autolayout-bench", dependencies: ["Cassowary", "AutoLayout", "HeapProbe"]),
        // The C library's heap statistics, for the benchmark's bytes per constraint.
        .target(name: "HeapProbe"),
        // The playground: `swift run Playground [PAGE...]` prints its pages. PlaygroundKit is the
        // Xcode playground's Sources folder (what pages print with), built as a module as Xcode
        // builds it; PlaygroundPages holds the pages, each a function whose body is the bundle
        // page's code (Tests/PlaygroundTests keeps the two in sync).
        .executableTarget(name: "Playground", dependencies: ["PlaygroundPages"], path: "Playground",
                          exclude: ["Layouts", "Logs", "Pages", "AutoLayout.playground", "README.md"], sources: ["main.swift"]),
        .target(name: "PlaygroundKit", dependencies: ["AutoLayout"], path: "Playground/AutoLayout.playground/Sources"),
        .target(name: "PlaygroundPages", dependencies: ["AutoLayout", "PlaygroundKit"], path: "Playground/Pages"),
        // Fuzz targets (README, Fuzzing). `.ci/fuzz` builds them with `-sanitize=fuzzer,address
        // -DFUZZING`; SwiftPM links each executable's own `main`, so that `main` hands the
        // target's check to libFuzzer's driver, `LLVMFuzzerRunDriver` (CLibFuzzer declares it,
        // `-sanitize=fuzzer` links it). In a plain build `main` runs the check on the files
        // named on its command line, to replay a crash.
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "LayoutFileFuzz", dependencies: ["ConstraintFile", "FuzzSupport"], path: "Fuzz/LayoutFileFuzz"),
        .executableTarget(name: "UIKitLogFuzz", dependencies: ["ConstraintFile", "FuzzSupport"], path: "Fuzz/UIKitLogFuzz"),
        .executableTarget(name: "VisualFormatFuzz", dependencies: ["AutoLayout", "FuzzSupport"], path: "Fuzz/VisualFormatFuzz"),
        .executableTarget(name: "SolverFuzz", dependencies: ["Cassowary", "FuzzSupport"], path: "Fuzz/SolverFuzz"),
        .executableTarget(name: "InterfaceBuilderFuzz", dependencies: ["AutoLayout", "ConstraintFile", "FuzzSupport"], path: "Fuzz/InterfaceBuilderFuzz"),
        // Tests
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),
        .testTarget(name: "AutoLayoutTests", dependencies: ["AutoLayout", "Cassowary"]),
        .testTarget(name: "ConstraintFileTests", dependencies: ["ConstraintFile", "AutoLayout", "Cassowary"], exclude: ["Fixtures"]),
        .testTarget(name: "AutoLayoutCommandsTests", dependencies: ["AutoLayoutCommands", "ConstraintFile"]),
        // The user's five articles (../shared/seeds), their UIKit listings ported by dropping the
        // prefixes, asserting what each article says UIKit does.
        .testTarget(name: "SeedArticleTests", dependencies: ["AutoLayout", "ConstraintFile"]),
        .testTarget(name: "PlaygroundTests", dependencies: ["PlaygroundPages", "PlaygroundKit", "AutoLayout"],
                    exclude: ["Golden", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
