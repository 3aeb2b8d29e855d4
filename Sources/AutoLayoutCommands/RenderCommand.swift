import ConstraintFile

/// `autolayout render FILE [-o OUT.svg] [IB options]`: draws a file's laid-out frames as SVG.
struct RenderCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "render",
            abstract: "Draw a .layout file's laid-out frames as SVG.",
            summary: "Draw a .layout file's frames, margins and conflicting views as SVG.",
            discussion: [
                """
                Views are drawn with their names, layout margins dashed, and the views of conflicting constraint \
                groups in red. For an Interface Builder file, the frame IB stored for a view solved elsewhere is \
                drawn beside it, dashed in orange. Without -o the SVG goes to standard output.
                """,
            ],
            exitStatuses: [(ExitStatus.success, "drawn"), (ExitStatus.findings, "drawn with conflicts"),
                           (ExitStatus.badInput, "the file cannot be read or parsed"),
                           (ExitStatus.cannotWrite, "the SVG cannot be written")])
    }

    static var declarations: [ArgumentDeclaration<Self>] {
        [.argument(\.file, name: "FILE", noun: ".layout, .xib or .storyboard file"),
         .option(\.output, names: "-o", "--output", value: .path, help: "Where to write the SVG ('-' for standard output)")]
            + interfaceBuilderDeclarations(\.interfaceBuilder)
    }

    var file = ""
    var output: String?
    var interfaceBuilder = InterfaceBuilderFile.Options()

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        guard let result = load(file, options: interfaceBuilder, stderr: &stderr) else { return ExitStatus.badInput }
        let svg = SVGRenderer.render(result)
        let output = output ?? "-"
        if output == "-" {
            stdout.write(svg)
        } else if let problem = InputFile.write(svg, to: output) {
            stderr.write("error: \(problem)\n")
            return ExitStatus.cannotWrite
        }
        return result.conflicts.isEmpty ? ExitStatus.success : ExitStatus.findings
    }
}
