/// The `autolayout` command's version.
public let autolayoutVersion = "0.5.0"

/// Exit statuses, as BSD's sysexits and the house style give them.
public enum ExitStatus {
    /// Everything read; nothing found.
    public static let success: Int32 = 0
    /// Findings: conflicts, ambiguity or failed expectations.
    public static let findings: Int32 = 1
    /// The command line was wrong (EX_USAGE).
    public static let usage: Int32 = 64
    /// An input could not be read or parsed (EX_DATAERR).
    public static let badInput: Int32 = 65
    /// An output file could not be written (EX_CANTCREAT).
    public static let cannotWrite: Int32 = 73
}

/// Runs the `autolayout` command: `arguments` without the program name. Everything it prints
/// goes to the two streams, so tests call it directly.
/// - Returns: the exit status (``ExitStatus``).
public func runCommandLine<Out: TextOutputStream, Err: TextOutputStream>(arguments: [String], stdout: inout Out,
                                                                          stderr: inout Err) -> Int32 {
    AutolayoutCommand.main(arguments: arguments, stdout: &stdout, stderr: &stderr)
}

/// `autolayout` itself: its subcommands, `--version`, and the overview when no subcommand is
/// named (on standard error, exit 64, when nothing at all is).
struct AutolayoutCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "autolayout",
            abstract: "Check Auto Layout constraint files and explain UIKit's conflict logs.",
            exitStatuses: [(ExitStatus.success, "clean"), (ExitStatus.findings, "conflicts, ambiguity or failed expectations"),
                           (ExitStatus.badInput, "an input that cannot be read or parsed")],
            subcommands: [CheckCommand.self, ExplainCommand.self, RenderCommand.self, HelpCommand.self])
    }

    static var declarations: [ArgumentDeclaration<Self>] {
        [.flag(\.version, names: "--version", help: "Show the version")]
    }

    var version = false

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        guard version else {
            stderr.write(Self.helpText())
            return ExitStatus.usage
        }
        stdout.write("autolayout \(autolayoutVersion)\n")
        return ExitStatus.success
    }
}

/// `autolayout help [SUBCOMMAND]`: the overview, or one subcommand's help, on standard output.
struct HelpCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(name: "help", abstract: "Show the help of autolayout or of one of its subcommands.",
                             exitStatuses: [(ExitStatus.success, "the help printed")], shouldDisplay: false)
    }

    static var declarations: [ArgumentDeclaration<Self>] {
        [.argument(\.subcommand, name: "SUBCOMMAND", noun: "subcommand")]
    }

    var subcommand: String?

    func validate() throws(UsageError) {
        if let subcommand, AutolayoutCommand.subcommand(named: subcommand) == nil {
            throw UsageError("unknown subcommand '\(subcommand)'")
        }
    }

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        if let subcommand, let command = AutolayoutCommand.subcommand(named: subcommand) {
            stdout.write(command.helpText(path: "autolayout \(subcommand)"))
        } else {
            stdout.write(AutolayoutCommand.helpText())
        }
        return ExitStatus.success
    }
}

/// The `--format` of `check` and `explain`.
enum OutputFormat: String, CaseIterable {
    /// The report as UIKit and the DocC article print it.
    case text
    /// One JSON document.
    case json
}
