import Testing
import PlaygroundPages

/// `swift run Playground [PAGE...]`, through the function its main.swift calls.
@Suite struct RunPlaygroundTests {
    private func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var out: [String] = [], err: [String] = []
        let status = runPlayground(arguments: arguments, stdout: { out.append($0) }, stderr: { err.append($0) })
        return (status, out.map { $0 + "\n" }.joined(), err.map { $0 + "\n" }.joined())
    }

    @Test func withoutArgumentsEveryPagePrintsInOrderSeparatedByABlankLine() {
        let result = run([])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == playgroundPages.map(output(of:)).joined(separator: "\n"))
        #expect(playgroundPages.map(\.name) == ["content-view", "user-cell", "cell-conflict", "missing-bottom",
                                                 "fruit-stand", "list-grid", "data-table", "size-classes"])
    }

    @Test func namedPagesPrintInTheOrderGiven() {
        let result = run(["size-classes", "user-cell"])
        #expect(result.status == 0)
        #expect(result.stdout == output(of: page("size-classes")) + "\n" + output(of: page("user-cell")))
    }

    @Test func helpListsThePages() {
        let result = run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("USAGE: swift run Playground [PAGE...]\n"))
        for p in playgroundPages { #expect(result.stdout.contains("  \(p.name)  ") && result.stdout.contains(p.summary)) }
        #expect(run(["-h"]).stdout == result.stdout)
    }

    @Test func anUnknownPageOrOptionIsAUsageError() {
        let pages = playgroundPages.map(\.name).joined(separator: ", ")
        let unknown = run(["user-cell", "nope"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr == "error: no page named 'nope'; pages: \(pages)\nUsage: swift run Playground [PAGE...]  (see --help)\n")
        let option = run(["--verbose"])
        #expect(option.status == 64)
        #expect(option.stderr.hasPrefix("error: unknown option '--verbose'; pages: "))
    }
}
