import ConstraintFile

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

let mainHelp = """
OVERVIEW: Check Auto Layout constraint files and explain UIKit's conflict logs.

USAGE: autolayout <subcommand> [options]

SUBCOMMANDS:
  check FILE...             Lay out .layout, .xib and .storyboard files:
                            conflicts in UIKit's words, ambiguity, frames,
                            and the files' expectations.
  explain LOG               Explain the "Unable to simultaneously satisfy
                            constraints" messages in a pasted console log
                            ('-' reads standard input).
  render FILE -o OUT.svg    Draw a .layout file's frames, margins and
                            conflicting views as SVG.

OPTIONS:
  --format text|json        Output of check and explain (default: text).
  --version                 Show the version.
  -h, --help                Show help; 'autolayout help <subcommand>' or
                            'autolayout <subcommand> --help' for one command.

EXIT STATUS:
  0 clean, 1 conflicts, ambiguity or failed expectations, 64 bad usage,
  65 an input that cannot be read or parsed.

"""

let checkHelp = """
OVERVIEW: Lay out .layout files and report what UIKit would.

USAGE: autolayout check [--format text|json] [--traits W-H]
                        [--intrinsic-from-frames|--intrinsic-from-model] FILE...

Each file is built, laid out and its actions run; conflicts print as UIKit
prints them, then ambiguous views, every frame, and the expectations that did
not hold. Conflicts and ambiguity the file expects (expect conflicts == 1,
expect ambiguous v) are not findings.

Interface Builder files (.xib, .storyboard) are read directly: each top-level
view or scene is laid out at its stored size, views are named by their object
ids, and the solved frames are compared with the frames the file stores.

OPTIONS:
  --format text|json        Output format (default: text). JSON: one object
                            per file, or an array of them for several files.
  --traits W-H              IB files: the size classes whose <variation>s
                            apply, width then height, each compact or regular
                            (compact-regular: an iPhone in portrait). Default:
                            the base layout.
  --intrinsic-from-frames   IB files: labels, buttons, images and controls take
                            their intrinsic size from their stored frames, which
                            IB measured with the real fonts (the default).
  --intrinsic-from-model    IB files: measure text with this tool's text model
                            at the stored font sizes, images from <resources>.
  -h, --help                Show this help.

EXIT STATUS: 0 clean, 1 findings, 64 bad usage, 65 a file cannot be read or parsed.

"""

let explainHelp = """
OVERVIEW: Explain UIKit's "Unable to simultaneously satisfy constraints" messages.

USAGE: autolayout explain [--format text|json] LOG

LOG is a pasted console log ('-' reads standard input) holding one or more
messages, from any iOS or macOS version. Each listed constraint is rebuilt and
the group solved again: whether it is really unsatisfiable, a minimal
conflicting subset with the arithmetic, what UIKit broke, what this tool's
policy would break, and the usual fix. The log is read a line at a time and
each message is explained as soon as it ends, so a long log or a live pipe
works in little memory.

OPTIONS:
  --format text|json        Output format (default: text).
  -h, --help                Show this help.

EXIT STATUS: 0 explained, 64 bad usage, 65 the log cannot be read, holds no
message, or lists a constraint that cannot be read. Such a constraint's error
goes to standard error and its message is skipped; the other messages are
still explained.

"""

let renderHelp = """
OVERVIEW: Draw a .layout file's laid-out frames as SVG.

USAGE: autolayout render FILE [-o OUT.svg] [--traits W-H]
                          [--intrinsic-from-frames|--intrinsic-from-model]

Views are drawn with their names, layout margins dashed, and the views of
conflicting constraint groups in red. Without -o the SVG goes to standard output.

OPTIONS:
  -o, --output PATH         Where to write the SVG ('-' for standard output).
  --traits, --intrinsic-from-frames, --intrinsic-from-model
                            For .xib and .storyboard files, as for check.
  -h, --help                Show this help.

EXIT STATUS: 0 drawn, 1 drawn with conflicts, 64 bad usage, 65 the file cannot be
read or parsed, 73 the SVG cannot be written.

"""

/// Runs the `autolayout` command: `arguments` without the program name. Everything it prints
/// goes to the two streams, so tests call it directly.
/// - Returns: the exit status (``ExitStatus``).
public func runCommandLine<Out: TextOutputStream, Err: TextOutputStream>(arguments: [String], stdout: inout Out,
                                                                          stderr: inout Err) -> Int32 {
    func usageError(_ message: String, help: String = "autolayout --help") -> Int32 {
        stderr.write("error: \(message)\nSee '\(help)'.\n")
        return ExitStatus.usage
    }
    guard let command = arguments.first else {
        stderr.write(mainHelp)
        return ExitStatus.usage
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "-h", "--help":
        stdout.write(mainHelp)
        return ExitStatus.success
    case "--version":
        stdout.write("autolayout \(autolayoutVersion)\n")
        return ExitStatus.success
    case "help":
        switch rest.first {
        case nil: stdout.write(mainHelp)
        case "check": stdout.write(checkHelp)
        case "explain": stdout.write(explainHelp)
        case "render": stdout.write(renderHelp)
        case let other?: return usageError("unknown subcommand '\(other)'")
        }
        return ExitStatus.success
    case "check", "explain", "render":
        break
    default:
        return usageError(command.hasPrefix("-") ? "unknown option '\(command)'" : "unknown subcommand '\(command)'")
    }

    // Options of the subcommands.
    let help = "autolayout \(command) --help"
    var format = "text", output: String?, inputs: [String] = []
    var ibOptions = InterfaceBuilderFile.Options()
    var i = 0
    while i < rest.count {
        let argument = rest[i]
        switch argument {
        case "-h", "--help":
            stdout.write(command == "check" ? checkHelp : command == "explain" ? explainHelp : renderHelp)
            return ExitStatus.success
        case "--format" where command != "render":
            guard i + 1 < rest.count else { return usageError("--format needs a value: text or json", help: help) }
            format = rest[i + 1]
            guard format == "text" || format == "json" else {
                return usageError("unknown format '\(format)': use text or json", help: help)
            }
            i += 1
        case "--traits" where command != "explain":
            guard i + 1 < rest.count else { return usageError("--traits needs a value such as compact-regular", help: help) }
            guard let traits = InterfaceBuilderFile.Traits(rest[i + 1]) else {
                return usageError("unknown traits '\(rest[i + 1])': use WIDTH-HEIGHT, each compact or regular (compact-regular)", help: help)
            }
            ibOptions.traits = traits
            i += 1
        case "--intrinsic-from-frames" where command != "explain": ibOptions.intrinsicSizes = .fromFrames
        case "--intrinsic-from-model" where command != "explain": ibOptions.intrinsicSizes = .fromModel
        case "-o" where command == "render", "--output" where command == "render":
            guard i + 1 < rest.count else { return usageError("\(argument) needs a path", help: help) }
            output = rest[i + 1]
            i += 1
        default:
            if argument.hasPrefix("-") && argument != "-" {
                return usageError("unknown option '\(argument)' for \(command)", help: help)
            }
            inputs.append(argument)
        }
        i += 1
    }

    switch command {
    case "check":
        guard !inputs.isEmpty else { return usageError("check needs at least one .layout, .xib or .storyboard file", help: help) }
        return check(inputs, options: ibOptions, json: format == "json", stdout: &stdout, stderr: &stderr)
    case "explain":
        guard inputs.count == 1 else {
            return usageError(inputs.isEmpty ? "explain needs a log file, or '-' for standard input" : "explain reads one log at a time", help: help)
        }
        return explain(inputs[0], json: format == "json", stdout: &stdout, stderr: &stderr)
    default:
        guard inputs.count == 1 else {
            return usageError(inputs.isEmpty ? "render needs a .layout file" : "render draws one file at a time", help: help)
        }
        return render(inputs[0], options: ibOptions, output: output ?? "-", stdout: &stdout, stderr: &stderr)
    }
}

/// Reads and runs a file: an Interface Builder file by its extension, else a `.layout` file.
private func load<Err: TextOutputStream>(_ path: String, options: InterfaceBuilderFile.Options, stderr: inout Err) -> CheckResult? {
    do {
        let text = try InputFile.read(path)
        if path.hasSuffix(".xib") || path.hasSuffix(".storyboard") {
            return try InterfaceBuilderFile.parse(text, path: path, options: options).run()
        }
        return try LayoutFile.parse(text, path: path == "-" ? "<stdin>" : path).run()
    } catch {
        stderr.write("\(error)\n")
        return nil
    }
}

private func check<Out: TextOutputStream, Err: TextOutputStream>(_ paths: [String], options: InterfaceBuilderFile.Options,
                                                                 json: Bool, stdout: inout Out,
                                                                 stderr: inout Err) -> Int32 {
    var results: [CheckResult] = []
    var unreadable = false
    for path in paths {
        guard let result = load(path, options: options, stderr: &stderr) else {
            unreadable = true
            continue
        }
        results.append(result)
        if !json { stdout.write(CheckReport.text(result)) }
    }
    // Unreadable files are reported on stderr only; JSON holds the files that were read.
    if json && !results.isEmpty {
        let values = results.map { CheckReport.json($0) }
        stdout.write((paths.count == 1 ? values.first ?? .null : .array(values)).rendered() + "\n")
    }
    if unreadable { return ExitStatus.badInput }
    return results.allSatisfy(\.isClean) ? ExitStatus.success : ExitStatus.findings
}

/// Explains each message as soon as the log has been read past it: the log is read a line at
/// a time and never held whole. A message whose list cannot be read is reported on `stderr` and
/// skipped; the others are still explained, and the exit status is then 65.
private func explain<Out: TextOutputStream, Err: TextOutputStream>(_ path: String, json: Bool, stdout: inout Out,
                                                                   stderr: inout Err) -> Int32 {
    var count = 0, unreadable = 0, redacted = false
    func emit(_ message: LogMessage, name: String) {
        let e = LogExplainer.explain(message)
        if json {
            stdout.write((count == 0 ? "{\"messages\":[" : ",") + ExplainReport.json(e).rendered())
        } else {
            stdout.write(ExplainReport.text(e, path: name))
        }
        count += 1
    }
    func close() { if json && count > 0 { stdout.write("]}\n") } }
    var name = path
    do {
        let lines = try LineReader(path: path)
        name = lines.name
        var reader = UIKitLog.Reader(path: name)
        while let line = try lines.next() {
            do {
                if let m = try reader.read(line) { emit(m, name: name) }
            } catch {
                // The reader has dropped that message; read on.
                stderr.write("\(error)\n")
                unreadable += 1
            }
        }
        if let m = reader.finish() { emit(m, name: name) }
        redacted = reader.sawRedactedConstraints
    } catch {
        close()
        stderr.write("\(error)\n")
        return ExitStatus.badInput
    }
    close()
    if unreadable > 0 { return ExitStatus.badInput }
    guard count > 0 else {
        let message = redacted
            ? "no constraint list found: os_log privacy redacted the constraints (they print as <private>); copy the message from Xcode's console while debugging, or capture the log with private data enabled (a logging profile with Enable-Private-Data)"
            : "no constraint list found: paste the lines from \"Unable to simultaneously satisfy constraints\" to \"Will attempt to recover by breaking constraint\""
        stderr.write("\(SourceError(path: name, message: message))\n")
        return ExitStatus.badInput
    }
    return ExitStatus.success
}

private func render<Out: TextOutputStream, Err: TextOutputStream>(_ path: String, options: InterfaceBuilderFile.Options, output: String,
                                                                  stdout: inout Out, stderr: inout Err) -> Int32 {
    guard let result = load(path, options: options, stderr: &stderr) else { return ExitStatus.badInput }
    let svg = SVGRenderer.render(result)
    if output == "-" {
        stdout.write(svg)
    } else if let problem = InputFile.write(svg, to: output) {
        stderr.write("error: \(problem)\n")
        return ExitStatus.cannotWrite
    }
    return result.conflicts.isEmpty ? ExitStatus.success : ExitStatus.findings
}
