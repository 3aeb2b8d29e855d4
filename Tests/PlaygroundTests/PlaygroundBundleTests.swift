import Foundation
import Testing
import PlaygroundPages

/// The rule that makes the Xcode playground's page from a page source (`Playground/README.md`):
/// `import PlaygroundKit` goes (Xcode imports the playground's Sources folder into every page),
/// the page function's first line, `func …(_ page: Page) {` at the start of a line, becomes
/// `let page = Page()`, and its body leaves the function: four spaces less indentation, and
/// the closing `}`, the file's last line, dropped. Everything else is kept as it is.
func bundlePage(fromPageSource source: String) throws -> String {
    struct Malformed: Error, CustomStringConvertible { let description: String }
    var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.last == "", lines.dropLast().last == "}" else {
        throw Malformed(description: "a page source ends with its page function's closing brace and a line break")
    }
    lines.removeLast(2)
    let isPageFunction = { (line: String) in line.hasPrefix("func ") && line.hasSuffix("(_ page: Page) {") }
    guard lines.filter(isPageFunction).count == 1, let start = lines.firstIndex(where: isPageFunction) else {
        throw Malformed(description: "a page source has exactly one line 'func …(_ page: Page) {'")
    }
    var result: [String] = []
    for (i, line) in lines.enumerated() {
        if i < start {
            if line != "import PlaygroundKit" { result.append(line) }
        } else if i == start {
            result.append("let page = Page()")
        } else if line.isEmpty {
            result.append(line)
        } else if line.hasPrefix("    ") {
            result.append(String(line.dropFirst(4)))
        } else {
            throw Malformed(description: "line \(i + 1) of the page function is not indented by four spaces: \(line)")
        }
    }
    return result.joined(separator: "\n") + "\n"
}

/// The Xcode playground (`Playground/AutoLayout.playground`) has the pages `swift run Playground`
/// prints, with the same code: its Sources folder is the `PlaygroundKit` target itself, each
/// page's Contents.swift is its page source under the rule above, and each one type-checks as
/// top-level code against the built modules, as Xcode compiles it.
@Suite struct PlaygroundBundleTests {
    static let bundle = "Playground/AutoLayout.playground"

    @Test func theRuleTakesTheBodyOutOfThePageFunction() throws {
        let source = """
            import AutoLayout
            import PlaygroundKit

            //: # A page
            struct Row {}

            func rowPage(_ page: Page) {
                page.title("Rows")
                if true {
                    page.print("indented")
                }

            }

            """
        #expect(try bundlePage(fromPageSource: source) == """
            import AutoLayout

            //: # A page
            struct Row {}

            let page = Page()
            page.title("Rows")
            if true {
                page.print("indented")
            }


            """)
        #expect(throws: (any Error).self) { try bundlePage(fromPageSource: "func aPage(_ page: Page) {\nx()\n}\n") }
        #expect(throws: (any Error).self) { try bundlePage(fromPageSource: "let x = 1\n") }
    }

    @Test func theBundleListsEveryPageInOrder() throws {
        let manifest = try readFile("\(Self.bundle)/contents.xcplayground")
        let listed = manifest.components(separatedBy: "<page name='").dropFirst().map { String($0.prefix { $0 != "'" }) }
        #expect(listed == playgroundPages.map(\.bundleName))
        #expect(manifest.contains("buildActiveScheme='true'"))
        let fm = FileManager.default
        let bundlePages = try fm.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("\(Self.bundle)/Pages").path)
        #expect(Set(bundlePages) == Set(playgroundPages.map { "\($0.bundleName).xcplaygroundpage" }))
        let sources = try fm.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Playground/Pages").path)
        #expect(Set(sources) == Set(playgroundPages.map { "\($0.bundleName).swift" } + ["Playground.swift"]))
    }

    @Test(arguments: playgroundPages.map(\.bundleName))
    func bundlePageIsItsPageSource(_ name: String) throws {
        let expected = try bundlePage(fromPageSource: try readFile("Playground/Pages/\(name).swift"))
        let path = "\(Self.bundle)/Pages/\(name).xcplaygroundpage/Contents.swift"
        if recording { return try writeFile(expected, to: path) }
        let actual = try readFile(path)
        let same = actual == expected
        #expect(same, "\(path) is not Playground/Pages/\(name).swift under the rule: \(firstDifference(actual, expected)); regenerate it with PLAYGROUND_RECORD=1")
    }

    @Test(arguments: playgroundPages.map(\.bundleName))
    func bundlePageTypeChecksAsTopLevelCode(_ name: String) throws {
        let modules = try #require(Self.modulesDirectory, "PlaygroundKit.swiftmodule not found next to the test binary")
        let swiftc = try #require(Self.swiftc, "swiftc not found on PATH")
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("PlaygroundTests-\(getpid())-\(name)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        // Top-level code must be in main.swift; the page is copied there as it is.
        let main = dir.appendingPathComponent("main.swift")
        try fm.copyItem(at: packageRoot.appendingPathComponent("\(Self.bundle)/Pages/\(name).xcplaygroundpage/Contents.swift"), to: main)
        let process = Process()
        process.executableURL = swiftc
        process.arguments = ["-typecheck", "-swift-version", "6", "-I", modules.path,
                             "-Xfrontend", "-import-module", "-Xfrontend", "PlaygroundKit",
                             "-module-cache-path", Self.moduleCache.path, main.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let diagnostics = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(name): \(diagnostics)")
        #expect(!diagnostics.contains("warning:"), "\(name): \(diagnostics)")
    }

    /// The built modules: `Modules` next to the test binary (SwiftPM's layout), else `.build/debug`.
    static let modulesDirectory: URL? = {
        var candidates: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
            candidates += [dir.appendingPathComponent("Modules"), dir]
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            let dir = bundle.bundleURL.deletingLastPathComponent()
            candidates += [dir.appendingPathComponent("Modules"), dir]
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/Modules"))
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("PlaygroundKit.swiftmodule").path)
        }
    }()

    /// The compiler on PATH.
    static let swiftc: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// The compilations' module cache, kept between runs (the compiler validates what it reuses).
    static let moduleCache = FileManager.default.temporaryDirectory.appendingPathComponent("PlaygroundTests-ModuleCache")
}
