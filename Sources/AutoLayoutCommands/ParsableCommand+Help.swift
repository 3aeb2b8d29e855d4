// The `--help` text, written from a command's configuration and declarations: OVERVIEW, USAGE,
// the discussion, SUBCOMMANDS, OPTIONS (ending with `-h, --help`) and EXIT STATUS, wrapped to
// 80 columns.

/// The widest line of help text: an 80-column terminal's.
private let helpWidth = 80
/// The column where the options' and subcommands' descriptions start.
private let helpColumn = 28

extension ParsableCommand {
    /// The command's `--help` text, which ends with a newline.
    /// - Parameter path: the command as the user types it, such as `autolayout check`.
    public static func helpText(path: String) -> String {
        let configuration = configuration
        var sections = [fill(words(configuration.abstract), first: "OVERVIEW: ", indent: 0), usage(path: path)]
        sections += configuration.discussion.map { fill(words($0), first: "", indent: 0) }
        let listed = configuration.subcommands.filter { $0.configuration.shouldDisplay }
        if !listed.isEmpty {
            sections.append("SUBCOMMANDS:\n" + listed.map { subcommand in
                let c = subcommand.configuration
                return row(([c.name] + subcommand.argumentSynopsis).joined(separator: " "), c.summary ?? c.abstract)
            }.joined(separator: "\n"))
        }
        sections.append("OPTIONS:\n" + optionRows(path: path).joined(separator: "\n"))
        sections.append("EXIT STATUS:\n" + exitStatusText())
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The help text of the command at its own name: a root command's.
    public static func helpText() -> String { helpText(path: configuration.name) }

    /// `USAGE: path [--option VALUE] [--a|--b] FILE...`, the elements in declaration order,
    /// wrapped under the first; a command with subcommands shows `<subcommand> [options]`.
    private static func usage(path: String) -> String {
        let first = "USAGE: \(path) "
        if !configuration.subcommands.isEmpty { return first + "<subcommand> [options]" }
        let elements = declarations.map { declaration -> String in
            switch declaration.kind {
            case .option(let option):
                return "[\(option.names[0]) \(option.valueName)\(option.isRepeatable ? " ..." : "")]"
            case .flags(let flags):
                return "[" + flags.map { $0.names[0] }.joined(separator: "|") + "]"
            case .positional(let positional):
                return synopsis(positional)
            }
        }
        return fill(elements, first: first, indent: first.count)
    }

    /// The positional arguments as the parent's SUBCOMMANDS list shows them: `FILE...`.
    static var argumentSynopsis: [String] {
        declarations.compactMap { declaration in
            if case .positional(let positional) = declaration.kind { return synopsis(positional) }
            return nil
        }
    }

    private static func synopsis(_ positional: ArgumentDeclaration<Self>.Positional) -> String {
        let name = positional.maximum == 1 ? positional.name : positional.name + "..."
        return positional.minimum == 0 ? "[\(name)]" : name
    }

    /// A row per option and flag, then `-h, --help`.
    private static func optionRows(path: String) -> [String] {
        let initial = Self()
        var rows: [String] = []
        for declaration in declarations {
            switch declaration.kind {
            case .option(let option):
                let label = option.names.joined(separator: ", ") + " " + option.valueName + (option.isRepeatable ? " ..." : "")
                rows.append(row(label, option.help.text(defaultMark: option.defaultText(initial).map { "default: \($0)" })))
            case .flags(let flags):
                for flag in flags {
                    rows.append(row(flag.names.joined(separator: ", "),
                                    flag.help.text(defaultMark: flag.isDefault(initial) ? "the default" : nil)))
                }
            case .positional:
                continue
            }
        }
        var help = "Show this help."
        if !configuration.subcommands.isEmpty {
            let ways = (subcommand(named: "help") == nil ? [] : ["'\(path) help <subcommand>'"]) + ["'\(path) <subcommand> --help'"]
            help = "Show help; \(ways.joined(separator: " or ")) for one command."
        }
        rows.append(row("-h, --help", help))
        return rows
    }

    /// The statuses in order, 64 among them, each kept on one line when it fits one.
    private static func exitStatusText() -> String {
        var statuses = configuration.exitStatuses
        if !statuses.contains(where: { $0.status == ExitStatus.usage }) { statuses.append((ExitStatus.usage, "bad usage")) }
        statuses.sort { $0.status < $1.status }
        let items = statuses.enumerated().map { k, entry in
            "\(entry.status) \(entry.meaning)" + (k == statuses.count - 1 ? "." : ",")
        }
        return fill(items + words(configuration.exitStatusNote ?? ""), first: "  ", indent: 2)
    }
}

/// `label` and its description at `helpColumn`, the description on the next line when the
/// label reaches into the column.
private func row(_ label: String, _ text: String) -> String {
    let start = "  " + label
    if start.count + 2 <= helpColumn {
        return fill(words(text), first: start + String(repeating: " ", count: helpColumn - start.count), indent: helpColumn)
    }
    return start + "\n" + fill(words(text), first: String(repeating: " ", count: helpColumn), indent: helpColumn)
}

private func words(_ text: String) -> [String] {
    text.split(separator: " ").map(String.init)
}

/// `units` joined by spaces into lines no wider than `helpWidth`, the first after `first`, the
/// others after `indent` spaces. A unit holding spaces (a usage element, an exit status) moves
/// whole to the next line when it fits there but not here; one too long for any line breaks
/// between its words.
private func fill(_ units: [String], first: String, indent: Int) -> String {
    var lines: [String] = []
    var line = first, isEmpty = true
    func place(_ word: String) {
        if !isEmpty && line.count + 1 + word.count > helpWidth {
            lines.append(line)
            line = String(repeating: " ", count: indent)
            isEmpty = true
        }
        line += (isEmpty ? "" : " ") + word
        isEmpty = false
    }
    for unit in units {
        if line.count + (isEmpty ? 0 : 1) + unit.count <= helpWidth || indent + unit.count <= helpWidth {
            place(unit)
        } else {
            words(unit).forEach(place)
        }
    }
    lines.append(line)
    return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
}
