import ConstraintFile

/// `autolayout check [--format text|json] [IB options] FILE...`: lays out each file and reports
/// conflicts, ambiguity, frames and failed expectations.
struct CheckCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "check",
            abstract: "Lay out .layout files and report what UIKit would.",
            summary: "Lay out .layout, .xib and .storyboard files: conflicts in UIKit's words, ambiguity, frames, and the files' expectations.",
            discussion: [
                """
                Each file is built, laid out and its actions run; conflicts print as UIKit prints them, then ambiguous \
                views, every frame, and the expectations that did not hold. Conflicts and ambiguity the file expects \
                (expect conflicts == 1, expect ambiguous v) are not findings.
                """,
                """
                Interface Builder files (.xib, .storyboard) are read directly: each top-level view or scene is laid out \
                at its stored size, views are named by their object ids, and the solved frames are compared with the \
                frames the file stores.
                """,
            ],
            exitStatuses: [(ExitStatus.success, "clean"), (ExitStatus.findings, "findings"),
                           (ExitStatus.badInput, "a file cannot be read or parsed")])
    }

    static var declarations: [ArgumentDeclaration<Self>] {
        [.option(\.format, names: "--format", value: .oneOf(),
                 help: ArgumentHelp("Output format", discussion: "JSON: one object per file, or an array of them for several files."))]
            + interfaceBuilderDeclarations(\.interfaceBuilder)
            + [.arguments(\.files, name: "FILE", noun: ".layout, .xib or .storyboard file", required: true)]
    }

    var format = OutputFormat.text
    var interfaceBuilder = InterfaceBuilderFile.Options()
    var files: [String] = []

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        var results: [CheckResult] = []
        var unreadable = false
        for path in files {
            guard let result = load(path, options: interfaceBuilder, stderr: &stderr) else {
                unreadable = true
                continue
            }
            results.append(result)
            if format == .text { stdout.write(CheckReport.text(result)) }
        }
        // Unreadable files are reported on stderr only; JSON holds the files that were read.
        if format == .json && !results.isEmpty {
            let values = results.map { CheckReport.json($0) }
            stdout.write((files.count == 1 ? values.first ?? .null : .array(values)).rendered() + "\n")
        }
        if unreadable { return ExitStatus.badInput }
        return results.allSatisfy(\.isClean) ? ExitStatus.success : ExitStatus.findings
    }
}

/// The options `check` and `render` share for Interface Builder files.
func interfaceBuilderDeclarations<Command>(_ options: WritableKeyPath<Command, InterfaceBuilderFile.Options>)
    -> [ArgumentDeclaration<Command>] {
    [
        .option(options.appending(path: \.traits), names: "--traits",
                value: ArgumentValue(name: "W-H", expected: "WIDTH-HEIGHT, each compact or regular (compact-regular)",
                                     read: InterfaceBuilderFile.Traits.init),
                help: ArgumentHelp("IB files: the size classes whose <variation>s apply, width then height, each compact "
                                   + "or regular (compact-regular: an iPhone in portrait)",
                                   discussion: "Default: the size classes of the file's <device> in its orientation, "
                                       + "as IB drew it (the base layout when the file names none).")),
        .flags(options.appending(path: \.intrinsicSizes), [
            FlagChoice("--intrinsic-from-frames", value: .fromFrames,
                       help: ArgumentHelp("IB files: labels, buttons, images and controls take their intrinsic size "
                                          + "from their stored frames, which IB measured with the real fonts")),
            FlagChoice("--intrinsic-from-model", value: .fromModel,
                       help: "IB files: measure text with this tool's text model at the stored font sizes, images from <resources>"),
        ]),
    ]
}

/// Reads and runs a file: an Interface Builder file by its extension, else a `.layout` file.
/// Its error, when it has one, goes to `stderr`.
func load<Err: TextOutputStream>(_ path: String, options: InterfaceBuilderFile.Options, stderr: inout Err) -> CheckResult? {
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
