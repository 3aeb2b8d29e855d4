// The playground's pages and the command that prints them. Each page is a function whose body
// is, line for line, the code of a page of the Xcode playground in ../AutoLayout.playground
// (see ../README.md for the rule and Tests/PlaygroundTests for the check).
import PlaygroundKit

/// A page of the playground.
public struct PlaygroundPage: Sendable {
    /// The name `swift run Playground NAME` takes, also the name of its golden file.
    public let name: String
    /// The page's name in the Xcode playground (`Pages/NAME.xcplaygroundpage`).
    public let bundleName: String
    /// What the page shows, in a line.
    public let summary: String
    /// Writes the page.
    public let run: @Sendable (Page) -> Void
}

/// The pages, in reading order.
public let playgroundPages: [PlaygroundPage] = [
    PlaygroundPage(name: "content-view", bundleName: "ContentView",
                   summary: "a custom content view: a stack view (image + label) pinned 16 inside", run: contentViewPage),
    PlaygroundPage(name: "user-cell", bundleName: "UserCell",
                   summary: "a user cell ported from UIKit: avatar, name, status dot, at least 48 tall", run: userCellPage),
    PlaygroundPage(name: "cell-conflict", bundleName: "CellConflict",
                   summary: "a 126-pt label in a 44-pt row: UIKit's conflict message, then the 999 fix", run: cellConflictPage),
    PlaygroundPage(name: "missing-bottom", bundleName: "MissingBottom",
                   summary: "a cell missing its bottom constraint: an ambiguous height, explained", run: missingBottomPage),
    PlaygroundPage(name: "fruit-stand", bundleName: "FruitStand",
                   summary: "a self-sizing list with three kinds of rows and a header", run: fruitStandPage),
    PlaygroundPage(name: "list-grid", bundleName: "ListAndGrid",
                   summary: "the same items as a list and as a 3-column grid, switched back and forth", run: listAndGridPage),
    PlaygroundPage(name: "data-table", bundleName: "DataTable",
                   summary: "a data table whose rows are as tall as their tallest cell", run: dataTablePage),
    PlaygroundPage(name: "size-classes", bundleName: "SizeClasses",
                   summary: "compact and regular layouts as activation sets, swapped in one batch", run: sizeClassesPage),
]

/// The help text of `swift run Playground --help`.
public let playgroundHelp: String = {
    let width = playgroundPages.map(\.name.count).max() ?? 0
    let pages = playgroundPages.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.summary }
    return """
        USAGE: swift run Playground [PAGE...]

        Prints the playground's pages, each with its constraints, the frames they give, a text
        drawing of the layout and UIKit's messages where a conflict or an ambiguity occurs: every
        page in order, or the pages named.

        PAGES:
        \(pages.joined(separator: "\n"))

        OPTIONS:
          -h, --help  Show this help.
        """
}()

/// Runs `swift run Playground` with `arguments` (without the program name): prints the pages
/// named, or all of them, separated by a blank line. Returns the exit status: 0, or 64 for an
/// unknown page or option.
public func runPlayground(arguments: [String], stdout: @escaping (String) -> Void, stderr: (String) -> Void) -> Int32 {
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
        stdout(playgroundHelp)
        return 0
    }
    var chosen: [PlaygroundPage] = []
    for argument in arguments {
        guard let page = playgroundPages.first(where: { $0.name == argument }) else {
            stderr("error: \(argument.hasPrefix("-") ? "unknown option" : "no page named") '\(argument)'; pages: \(playgroundPages.map(\.name).joined(separator: ", "))")
            stderr("Usage: swift run Playground [PAGE...]  (see --help)")
            return 64
        }
        chosen.append(page)
    }
    for (i, page) in (chosen.isEmpty ? playgroundPages : chosen).enumerated() {
        if i > 0 { stdout("") }
        page.run(Page(write: stdout))
    }
    return 0
}
