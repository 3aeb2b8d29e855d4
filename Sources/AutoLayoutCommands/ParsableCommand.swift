/// A command of a command-line tool, declared rather than parsed by hand: its
/// ``configuration`` names it and holds its texts, its ``declarations`` list its options, flags
/// and positional arguments, and from those this module parses the command line, writes the
/// `--help` text and reports usage errors. The shape is swift-argument-parser's, written here
/// because the package has no dependencies.
///
/// Parsing starts from ``init()``, whose property values are the defaults the help text shows,
/// and sets the properties the declarations name by key path; ``validate()`` then checks what
/// declarations cannot say, and ``run(stdout:stderr:)`` does the work. ``main(arguments:stdout:stderr:)``
/// does all three, after finding the subcommand the arguments name.
public protocol ParsableCommand {
    /// The command's name, texts and subcommands.
    static var configuration: CommandConfiguration { get }

    /// The options, flags and positional arguments, in the order the usage line shows them.
    static var declarations: [ArgumentDeclaration<Self>] { get }

    /// The command before parsing: every property at its default.
    init()

    /// Checks what the declarations cannot express, after parsing.
    /// - Throws: a ``UsageError`` saying what is wrong; the command then exits 64.
    func validate() throws(UsageError)

    /// Runs the parsed command, printing to the two streams.
    /// - Returns: the exit status (``ExitStatus``).
    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32
}

extension ParsableCommand {
    /// No options or arguments besides `-h`/`--help`.
    public static var declarations: [ArgumentDeclaration<Self>] { [] }

    /// Nothing to check beyond the declarations.
    public func validate() throws(UsageError) {}
}

/// A command's name and the texts of its help: everything in the `--help` text that does not
/// come from the declarations.
public struct CommandConfiguration {
    /// The name the command line uses: the tool's for the root command, `check` for a subcommand.
    public var name: String
    /// One sentence, the help's OVERVIEW.
    public var abstract: String
    /// What the parent's SUBCOMMANDS list says of this command (nil: the abstract).
    public var summary: String?
    /// Paragraphs between the usage line and the options.
    public var discussion: [String]
    /// What each exit status means, in the EXIT STATUS section; 64 ("bad usage") is added, since
    /// every command can be misused.
    public var exitStatuses: [(status: Int32, meaning: String)]
    /// Sentences after the exit statuses.
    public var exitStatusNote: String?
    /// The commands the first argument can name.
    public var subcommands: [any ParsableCommand.Type]
    /// Whether the parent's SUBCOMMANDS list shows this command (the `help` command, which the
    /// parent's `-h` line names, need not be listed).
    public var shouldDisplay: Bool

    /// A configuration; only the name and the abstract are needed.
    public init(name: String, abstract: String, summary: String? = nil, discussion: [String] = [],
                exitStatuses: [(status: Int32, meaning: String)] = [], exitStatusNote: String? = nil,
                subcommands: [any ParsableCommand.Type] = [], shouldDisplay: Bool = true) {
        self.name = name
        self.abstract = abstract
        self.summary = summary
        self.discussion = discussion
        self.exitStatuses = exitStatuses
        self.exitStatusNote = exitStatusNote
        self.subcommands = subcommands
        self.shouldDisplay = shouldDisplay
    }
}

/// A command line the declarations do not accept: the command prints `error: ` and the message
/// on standard error, a pointer to its `--help`, and exits 64 (``ExitStatus/usage``).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, without the `error: ` prefix.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
