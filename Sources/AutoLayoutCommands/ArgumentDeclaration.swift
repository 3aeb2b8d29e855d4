/// One element of a command's command line: an option with a value, a flag or a group of
/// exclusive flags, or a positional argument, bound to a property of the command by key path.
/// A command lists them in ``ParsableCommand/declarations``; parsing, the `--help` text and the
/// usage errors all come from them.
///
/// ```swift
/// static var declarations: [ArgumentDeclaration<Self>] {
///     [.option(\.format, names: "--format", value: .oneOf(), help: "Output format"),
///      .arguments(\.files, name: "FILE", noun: ".layout file", required: true)]
/// }
/// ```
public struct ArgumentDeclaration<Command> {
    let kind: Kind

    enum Kind {
        case option(Option)
        case flags([Flag])
        case positional(Positional)
    }

    /// An option and its value: `--format json`, or `--format=json`.
    struct Option {
        var names: [String]
        var valueName: String
        var expected: String
        var help: ArgumentHelp
        var isRepeatable: Bool
        /// Sets the property from a value's text; false when the text is not a value.
        var assign: (inout Command, String) -> Bool
        /// The default's text in the help, from the command before parsing (nil: none shown).
        var defaultText: (Command) -> String?
    }

    /// A flag; those of one declaration exclude each other.
    struct Flag {
        var names: [String]
        var help: ArgumentHelp
        var set: (inout Command) -> Void
        /// Whether the command before parsing already holds this flag's value.
        var isDefault: (Command) -> Bool
    }

    /// Positional arguments: between `minimum` and `maximum` (nil: any number) of them.
    struct Positional {
        var name: String
        var noun: String
        var minimum: Int
        var maximum: Int?
        var assign: (inout Command, [String]) -> Void
    }
}

extension ArgumentDeclaration {
    /// An option taking one value, given at most once; the property's initial value is the
    /// default, which the help shows when `value` can print it.
    /// - Parameters:
    ///   - keyPath: the property the value is stored in.
    ///   - names: the spellings, such as `"-o", "--output"`; the usage line shows the first.
    ///   - value: how the value is read, named and described in errors.
    ///   - help: the option's line in the help.
    public static func option<Value>(_ keyPath: WritableKeyPath<Command, Value>, names: String..., value: ArgumentValue<Value>,
                                     help: ArgumentHelp) -> Self {
        Self(kind: .option(Option(names: names, valueName: value.name, expected: value.expected, help: help, isRepeatable: false,
                                  assign: { command, text in
                                      guard let v = value.read(text) else { return false }
                                      command[keyPath: keyPath] = v
                                      return true
                                  },
                                  defaultText: { value.text($0[keyPath: keyPath]) })))
    }

    /// An option taking one value, given at most once, whose property stays nil when the
    /// option is not given: the help shows no default.
    public static func option<Value>(_ keyPath: WritableKeyPath<Command, Value?>, names: String..., value: ArgumentValue<Value>,
                                     help: ArgumentHelp) -> Self {
        Self(kind: .option(Option(names: names, valueName: value.name, expected: value.expected, help: help, isRepeatable: false,
                                  assign: { command, text in
                                      guard let v = value.read(text) else { return false }
                                      command[keyPath: keyPath] = v
                                      return true
                                  },
                                  defaultText: { _ in nil })))
    }

    /// A repeatable option: each occurrence appends its value to the property.
    public static func option<Value>(_ keyPath: WritableKeyPath<Command, [Value]>, names: String..., value: ArgumentValue<Value>,
                                     help: ArgumentHelp) -> Self {
        Self(kind: .option(Option(names: names, valueName: value.name, expected: value.expected, help: help, isRepeatable: true,
                                  assign: { command, text in
                                      guard let v = value.read(text) else { return false }
                                      command[keyPath: keyPath].append(v)
                                      return true
                                  },
                                  defaultText: { _ in nil })))
    }

    /// A flag that sets the property to true, given at most once.
    public static func flag(_ keyPath: WritableKeyPath<Command, Bool>, names: String..., help: ArgumentHelp) -> Self {
        Self(kind: .flags([Flag(names: names, help: help, set: { $0[keyPath: keyPath] = true }, isDefault: { _ in false })]))
    }

    /// Flags that each set the property to their value, of which at most one may be given; the
    /// help marks the one whose value the property starts with "(the default)".
    public static func flags<Value: Equatable>(_ keyPath: WritableKeyPath<Command, Value>, _ choices: [FlagChoice<Value>]) -> Self {
        Self(kind: .flags(choices.map { choice in
            Flag(names: choice.names, help: choice.help, set: { $0[keyPath: keyPath] = choice.value },
                 isDefault: { $0[keyPath: keyPath] == choice.value })
        }))
    }

    /// Exactly one positional argument.
    /// - Parameters:
    ///   - keyPath: the property the argument is stored in.
    ///   - name: how the usage line shows it (`LOG`).
    ///   - noun: what errors call it, after "a" (`log file`).
    public static func argument(_ keyPath: WritableKeyPath<Command, String>, name: String, noun: String) -> Self {
        Self(kind: .positional(Positional(name: name, noun: noun, minimum: 1, maximum: 1,
                                          assign: { command, values in command[keyPath: keyPath] = values[0] })))
    }

    /// At most one positional argument; the property stays nil without it.
    public static func argument(_ keyPath: WritableKeyPath<Command, String?>, name: String, noun: String) -> Self {
        Self(kind: .positional(Positional(name: name, noun: noun, minimum: 0, maximum: 1,
                                          assign: { command, values in command[keyPath: keyPath] = values.first })))
    }

    /// Any number of positional arguments, at least one when `required`.
    public static func arguments(_ keyPath: WritableKeyPath<Command, [String]>, name: String, noun: String, required: Bool) -> Self {
        Self(kind: .positional(Positional(name: name, noun: noun, minimum: required ? 1 : 0, maximum: nil,
                                          assign: { command, values in command[keyPath: keyPath] = values })))
    }
}

/// One flag of an exclusive group (``ArgumentDeclaration/flags(_:_:)``): its spellings, the
/// value it sets and its help.
public struct FlagChoice<Value> {
    /// The spellings, such as `"--intrinsic-from-model"`.
    public var names: [String]
    /// What the flag sets the property to.
    public var value: Value
    /// The help line.
    public var help: ArgumentHelp

    /// A flag spelled `names` that sets `value`.
    public init(_ names: String..., value: Value, help: ArgumentHelp) {
        self.names = names
        self.value = value
        self.help = help
    }
}

/// How an option's value is read from its text, shown in the help, and described in errors.
public struct ArgumentValue<Value> {
    /// The value as the usage line and the options list show it: `text|json`, `PATH`.
    public var name: String
    /// What errors say the value must be: `text or json` (`--format needs a value: text or
    /// json`, `unknown format 'xml': use text or json`).
    public var expected: String
    let read: (String) -> Value?
    let text: (Value) -> String?

    /// A value read by `read`.
    /// - Parameters:
    ///   - name: the value as the help shows it (``name``).
    ///   - expected: what errors say it must be (``expected``).
    ///   - text: a value's text for the help's "(default: …)"; nil shows no default.
    ///   - read: the value of a text, nil when the text is not one.
    public init(name: String, expected: String, text: @escaping (Value) -> String? = { _ in nil },
                read: @escaping (String) -> Value?) {
        self.name = name
        self.expected = expected
        self.text = text
        self.read = read
    }
}

extension ArgumentValue where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of the enumeration's raw values, in the order of its cases: named `text|json`,
    /// expected as `text or json`, its default shown.
    public static func oneOf(_ type: Value.Type = Value.self) -> Self {
        let names = Value.allCases.map(\.rawValue)
        let expected = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
        return Self(name: names.joined(separator: "|"), expected: expected, text: { $0.rawValue }, read: { Value(rawValue: $0) })
    }
}

extension ArgumentValue where Value == String {
    /// A file's path, taken as given (`-` included, for the commands that read it as a stream).
    public static var path: Self { Self(name: "PATH", expected: "a path", text: { $0 }, read: { $0 }) }
}

/// The help line of an option or flag: an abstract, which the help follows with the default
/// when there is one and a period, then an optional discussion.
public struct ArgumentHelp: ExpressibleByStringLiteral {
    /// What the option does, without a final period: `Output format`.
    public var abstract: String
    /// Sentences after the abstract and its default.
    public var discussion: String?

    /// Help with an abstract and a discussion.
    public init(_ abstract: String, discussion: String? = nil) {
        self.abstract = abstract
        self.discussion = discussion
    }

    /// Help with an abstract only.
    public init(stringLiteral abstract: String) { self.init(abstract) }

    /// The help as the options list prints it, with `defaultMark` (such as `default: text`) in
    /// parentheses after the abstract.
    func text(defaultMark: String?) -> String {
        abstract + (defaultMark.map { " (\($0))" } ?? "") + "." + (discussion.map { " " + $0 } ?? "")
    }
}
