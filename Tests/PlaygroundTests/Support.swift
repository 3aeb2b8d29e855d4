import Foundation
import PlaygroundKit
import PlaygroundPages

/// The package's root directory (this file is `Tests/PlaygroundTests/Support.swift`).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Whether the tests write the files they compare against instead of comparing
/// (`PLAYGROUND_RECORD=1 swift test --filter PlaygroundTests`): review the diff, then commit.
let recording = ProcessInfo.processInfo.environment["PLAYGROUND_RECORD"] == "1"

/// A file of the package, by its path from the root.
func readFile(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
}

/// Writes a file of the package (recording only).
func writeFile(_ text: String, to path: String) throws {
    let url = packageRoot.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
}

/// The page named `name`.
func page(_ name: String) -> PlaygroundPage {
    guard let page = playgroundPages.first(where: { $0.name == name }) else { preconditionFailure("no page \(name)") }
    return page
}

/// What a page writes, each line ended by a line break.
func output(of page: PlaygroundPage) -> String {
    var lines: [String] = []
    page.run(Page { lines.append($0) })
    return lines.map { $0 + "\n" }.joined()
}

/// Where two texts first differ, for failure messages: the line number and both lines.
func firstDifference(_ actual: String, _ expected: String) -> String {
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for i in 0..<max(a.count, e.count) where i >= a.count || i >= e.count || a[i] != e[i] {
        return "line \(i + 1):\n  actual:   \(i < a.count ? String(a[i]) : "(none)")\n  expected: \(i < e.count ? String(e[i]) : "(none)")"
    }
    return "no difference"
}
