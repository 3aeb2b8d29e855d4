// Parsing a command line by a command's declarations, and running it.

extension ParsableCommand {
    /// Runs the command line `arguments` (without the program name): finds the subcommand its
    /// first arguments name, parses the rest by that command's declarations, validates and runs
    /// it. `-h` or `--help` anywhere before `--` prints the command's help on `stdout` instead;
    /// a usage error prints `error: …` and a pointer to the help on `stderr`.
    /// - Returns: the command's exit status; 0 after help, 64 (``ExitStatus/usage``) after a usage error.
    public static func main<Out: TextOutputStream, Err: TextOutputStream>(arguments: [String], stdout: inout Out,
                                                                          stderr: inout Err) -> Int32 {
        var command: any ParsableCommand.Type = Self.self
        var path = configuration.name
        var rest = arguments[...]
        while let first = rest.first, let subcommand = command.subcommand(named: first) {
            command = subcommand
            path += " " + first
            rest = rest.dropFirst()
        }
        return execute(command, arguments: Array(rest), path: path, stdout: &stdout, stderr: &stderr)
    }

    /// The subcommand called `name`, if this command has one.
    public static func subcommand(named name: String) -> (any ParsableCommand.Type)? {
        configuration.subcommands.first { $0.configuration.name == name }
    }

    /// The command `arguments` describe.
    /// - Parameters:
    ///   - arguments: the arguments after the command's name.
    ///   - path: the command as the user typed it (`autolayout check`), for messages.
    /// - Returns: nil when `-h` or `--help` asks for the help instead.
    /// - Throws: a ``UsageError`` for the first thing the declarations do not accept, in this
    ///   order: an unknown option, a missing or unreadable value, an option given twice or two
    ///   exclusive flags, then too few or too many positional arguments.
    public static func parse(_ arguments: [String], path: String) throws(UsageError) -> Self? {
        let options = arguments.prefix { $0 != "--" }
        if options.contains("-h") || options.contains("--help") { return nil }
        let declarations = Self.declarations
        let isSubcommand = path.contains(" ")
        var command = Self()
        var positionals: [String] = []
        var given: [Int: String] = [:]   // declaration index: the spelling first given
        var index = arguments.startIndex
        var onlyPositionals = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var spelling = argument, attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                spelling = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            guard let (position, element) = find(spelling, in: declarations) else {
                throw UsageError("unknown option '\(argument)'" + (isSubcommand ? " for \(configuration.name)" : ""))
            }
            switch element {
            case .option(let option):
                if !option.isRepeatable, given[position] != nil { throw UsageError("\(spelling) may be given only once") }
                let value: String
                if let attached {
                    value = attached
                } else if index < arguments.endIndex {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError("\(spelling) needs a value: \(option.expected)")
                }
                guard option.assign(&command, value) else {
                    let noun = (option.names.first { $0.hasPrefix("--") } ?? spelling).drop { $0 == "-" }
                    throw UsageError("unknown \(noun) '\(value)': use \(option.expected)")
                }
            case .flag(let flag):
                if attached != nil { throw UsageError("\(spelling) takes no value") }
                if let earlier = given[position] {
                    throw UsageError(flag.names.contains(earlier) ? "\(spelling) may be given only once"
                                                                  : "\(earlier) and \(spelling) cannot be used together")
                }
                flag.set(&command)
            }
            given[position] = given[position] ?? spelling
        }
        try assign(positionals, to: declarations, of: &command, isSubcommand: isSubcommand)
        return command
    }

    /// Parses, validates and runs `type`, or prints its help or usage error.
    private static func execute<C: ParsableCommand, Out: TextOutputStream, Err: TextOutputStream>(
        _ type: C.Type, arguments: [String], path: String, stdout: inout Out, stderr: inout Err) -> Int32 {
        do {
            guard let command = try C.parse(arguments, path: path) else {
                stdout.write(C.helpText(path: path))
                return ExitStatus.success
            }
            try command.validate()
            return command.run(stdout: &stdout, stderr: &stderr)
        } catch {
            stderr.write("error: \(error.message)\nSee '\(path) --help'.\n")
            return ExitStatus.usage
        }
    }

    /// The option or flag spelled `spelling`, with its declaration's index.
    private static func find(_ spelling: String, in declarations: [ArgumentDeclaration<Self>]) -> (Int, Spelled<Self>)? {
        for (position, declaration) in declarations.enumerated() {
            switch declaration.kind {
            case .option(let option) where option.names.contains(spelling):
                return (position, .option(option))
            case .flags(let flags):
                if let flag = flags.first(where: { $0.names.contains(spelling) }) { return (position, .flag(flag)) }
            default:
                continue
            }
        }
        return nil
    }

    /// Hands the positional arguments to the positional declarations in order, each taking as
    /// many as it can while leaving the later ones their minimum.
    private static func assign(_ values: [String], to declarations: [ArgumentDeclaration<Self>], of command: inout Self,
                               isSubcommand: Bool) throws(UsageError) {
        let positionals = declarations.compactMap { declaration -> ArgumentDeclaration<Self>.Positional? in
            if case .positional(let positional) = declaration.kind { return positional }
            return nil
        }
        var rest = values[...]
        for (k, positional) in positionals.enumerated() {
            let reserved = positionals[(k + 1)...].reduce(0) { $0 + $1.minimum }
            let count = min(positional.maximum ?? .max, max(rest.count - reserved, 0))
            if count < positional.minimum {
                let name = configuration.name
                throw UsageError(positional.maximum == 1 ? "\(name) needs a \(positional.noun)"
                                                         : "\(name) needs at least one \(positional.noun)")
            }
            positional.assign(&command, Array(rest.prefix(count)))
            rest = rest.dropFirst(count)
        }
        guard let extra = rest.first else { return }
        if positionals.isEmpty && !configuration.subcommands.isEmpty {
            throw UsageError(subcommand(named: extra) == nil ? "unknown subcommand '\(extra)'"
                                                             : "the subcommand '\(extra)' must come first")
        }
        if positionals.count == 1, let only = positionals.first, only.maximum == 1 {
            throw UsageError("\(configuration.name) takes one \(only.name), not \(values.count)")
        }
        throw UsageError("unexpected argument '\(extra)'" + (isSubcommand ? " for \(configuration.name)" : ""))
    }
}

/// What an option-like argument names.
private enum Spelled<Command> {
    case option(ArgumentDeclaration<Command>.Option)
    case flag(ArgumentDeclaration<Command>.Flag)
}
