import Foundation
import Testing
import AutoLayoutCommands

// The declarative core on a command of its own, declared as another tool would declare it: every
// kind of declaration, the help they write, and each kind of usage error.

private enum Shape: String, CaseIterable {
    case box, circle, star
}

private enum Speed: Equatable {
    case slow, fast
}

/// `tool draw`: one of each kind of declaration.
private struct Draw: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            name: "draw",
            abstract: "Draw shapes on a canvas.",
            summary: "Draw shapes.",
            discussion: ["Each NAME is drawn on CANVAS in the chosen shape, at the chosen speed, and tagged with every tag given; "
                         + "a paragraph long enough to wrap."],
            exitStatuses: [(0, "drawn"), (2, "nothing to draw")],
            exitStatusNote: "A canvas that cannot be opened is nothing to draw.")
    }

    static var declarations: [ArgumentDeclaration<Self>] {
        [.option(\.shape, names: "-s", "--shape", value: .oneOf(), help: ArgumentHelp("The shape", discussion: "Stars have five points.")),
         .option(\.output, names: "--output", value: .path, help: "Where to write the drawing"),
         .option(\.tags, names: "--tag", value: ArgumentValue(name: "TAG", expected: "a word", read: { $0.isEmpty ? nil : $0 }),
                 help: "A tag; give it again for more"),
         .flag(\.verbose, names: "-v", "--verbose", help: "Say what is drawn"),
         .flags(\.speed, [FlagChoice("--slow", value: .slow, help: "Draw slowly"),
                          FlagChoice("--fast", value: .fast, help: "Draw quickly")]),
         .option(\.count, names: "--copies-of-each-shape",
                 value: ArgumentValue(name: "N", expected: "a whole number", text: { String($0) }, read: { Int($0) }),
                 help: "How many of each"),
         .argument(\.canvas, name: "CANVAS", noun: "canvas"),
         .arguments(\.names, name: "NAME", noun: "name", required: false)]
    }

    var shape = Shape.box
    var output: String?
    var tags: [String] = []
    var verbose = false
    var speed = Speed.fast
    var count = 1
    var canvas = ""
    var names: [String] = []

    func validate() throws(UsageError) {
        if count < 1 { throw UsageError("--copies-of-each-shape must be at least 1") }
    }

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        stdout.write("\(shape) \(output ?? "-") \(tags) \(verbose) \(speed) \(count) \(canvas) \(names)\n")
        return names.isEmpty ? 2 : 0
    }
}

/// `tool clear`: no declarations at all.
private struct Clear: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(name: "clear", abstract: "Clear the canvas.", exitStatuses: [(0, "cleared")])
    }

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        stdout.write("cleared\n")
        return 0
    }
}

/// `tool`: the root, with its subcommands.
private struct Tool: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(name: "tool", abstract: "Draw and clear.", exitStatuses: [(0, "done")],
                             subcommands: [Draw.self, Clear.self])
    }

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        stderr.write(Self.helpText())
        return 64
    }
}

private func tool(_ arguments: String...) -> (status: Int32, out: String, err: String) {
    var out = "", err = ""
    let status = Tool.main(arguments: arguments, stdout: &out, stderr: &err)
    return (status, out, err)
}

@Suite struct ParsableCommandTests {
    static let toolHelp = """
        OVERVIEW: Draw and clear.

        USAGE: tool <subcommand> [options]

        SUBCOMMANDS:
          draw CANVAS [NAME...]     Draw shapes.
          clear                     Clear the canvas.

        OPTIONS:
          -h, --help                Show help; 'tool <subcommand> --help' for one
                                    command.

        EXIT STATUS:
          0 done, 64 bad usage.

        """

    static let drawHelp = """
        OVERVIEW: Draw shapes on a canvas.

        USAGE: tool draw [-s box|circle|star] [--output PATH] [--tag TAG ...] [-v]
                         [--slow|--fast] [--copies-of-each-shape N] CANVAS [NAME...]

        Each NAME is drawn on CANVAS in the chosen shape, at the chosen speed, and
        tagged with every tag given; a paragraph long enough to wrap.

        OPTIONS:
          -s, --shape box|circle|star
                                    The shape (default: box). Stars have five points.
          --output PATH             Where to write the drawing.
          --tag TAG ...             A tag; give it again for more.
          -v, --verbose             Say what is drawn.
          --slow                    Draw slowly.
          --fast                    Draw quickly (the default).
          --copies-of-each-shape N  How many of each (default: 1).
          -h, --help                Show this help.

        EXIT STATUS:
          0 drawn, 2 nothing to draw, 64 bad usage. A canvas that cannot be opened is
          nothing to draw.

        """

    @Test func helpIsWrittenFromTheDeclarations() {
        #expect(tool("--help") == (0, Self.toolHelp, ""))
        #expect(tool() == (64, "", Self.toolHelp))
        #expect(tool("draw", "--help") == (0, Self.drawHelp, ""))
        #expect(Draw.helpText(path: "tool draw") == Self.drawHelp)
        #expect(tool("clear", "-h") == (0, """
            OVERVIEW: Clear the canvas.

            USAGE: tool clear

            OPTIONS:
              -h, --help                Show this help.

            EXIT STATUS:
              0 cleared, 64 bad usage.

            """, ""))
    }

    @Test func declarationsSetTheProperties() throws {
        #expect(tool("draw", "paper") == (2, "box - [] false fast 1 paper []\n", ""))
        #expect(tool("draw", "--shape", "star", "--tag", "a", "paper", "--tag=b", "-v", "one", "--slow", "--output", "-",
                     "--copies-of-each-shape=3", "--", "-two", "--fast") ==
                (0, "star - [\"a\", \"b\"] true slow 3 paper [\"one\", \"-two\", \"--fast\"]\n", ""))
        let draw = try #require(try Draw.parse(["-s", "circle", "canvas.svg", "-"], path: "tool draw"))
        #expect(draw.shape == .circle && draw.canvas == "canvas.svg" && draw.names == ["-"] && draw.output == nil)
        #expect(try Draw.parse(["canvas", "--bogus", "-h"], path: "tool draw") == nil)
        #expect(tool("clear") == (0, "cleared\n", ""))
    }

    /// A usage error: nothing on standard output, the message and the pointer to the help on
    /// standard error, exit 64.
    func usage(_ message: String, _ command: String = "tool draw") -> (Int32, String, String) {
        (64, "", "error: \(message)\nSee '\(command) --help'.\n")
    }

    @Test func eachKindOfUsageError() {
        // Unknown subcommands and options.
        #expect(tool("paint") == usage("unknown subcommand 'paint'", "tool"))
        #expect(tool("--shape", "box") == usage("unknown option '--shape'", "tool"))
        #expect(tool("draw", "paper", "--colour", "red") == usage("unknown option '--colour' for draw"))
        #expect(tool("draw", "paper", "-vs") == usage("unknown option '-vs' for draw"))
        // Missing and bad values.
        #expect(tool("draw", "paper", "--shape") == usage("--shape needs a value: box, circle or star"))
        #expect(tool("draw", "paper", "-s", "hexagon") == usage("unknown shape 'hexagon': use box, circle or star"))
        #expect(tool("draw", "paper", "--tag=") == usage("unknown tag '': use a word"))
        #expect(tool("draw", "paper", "--copies-of-each-shape", "many") ==
                usage("unknown copies-of-each-shape 'many': use a whole number"))
        // Given twice, and conflicting.
        #expect(tool("draw", "paper", "-s", "box", "--shape", "star") == usage("--shape may be given only once"))
        #expect(tool("draw", "paper", "-v", "--verbose") == usage("--verbose may be given only once"))
        #expect(tool("draw", "paper", "--fast", "--slow") == usage("--fast and --slow cannot be used together"))
        #expect(tool("draw", "paper", "--verbose=yes") == usage("--verbose takes no value"))
        // Positional counts.
        #expect(tool("draw") == usage("draw needs a canvas"))
        #expect(tool("draw", "-v") == usage("draw needs a canvas"))
        #expect(tool("clear", "now") == usage("unexpected argument 'now' for clear", "tool clear"))
        // The command's own check, after parsing.
        #expect(tool("draw", "paper", "--copies-of-each-shape", "0") == usage("--copies-of-each-shape must be at least 1"))
    }
}

// The module's landing page: its sample command, verbatim, and what the page says it prints.

struct Greet: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(name: "greet", abstract: "Greet people.", exitStatuses: [(0, "greeted")])
    }

    static var declarations: [ArgumentDeclaration<Self>] {
        [.option(\.style, names: "--style", value: .oneOf(), help: "How to greet"),
         .flag(\.loud, names: "--loud", help: "Shout"),
         .arguments(\.names, name: "NAME", noun: "name", required: true)]
    }

    enum Style: String, CaseIterable { case plain, formal }

    var style = Style.plain
    var loud = false
    var names: [String] = []

    func run<Out: TextOutputStream, Err: TextOutputStream>(stdout: inout Out, stderr: inout Err) -> Int32 {
        for name in names {
            let greeting = style == .formal ? "Good day, \(name)." : "Hello, \(name)!"
            stdout.write((loud ? greeting.uppercased() : greeting) + "\n")
        }
        return 0
    }
}

/// The landing page, found from this file's path.
private let landingPage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/AutoLayoutCommands/AutoLayoutCommands.docc/AutoLayoutCommands.md")

@Suite struct LandingPageTests {
    /// The page's fenced blocks with `language`, each without its fences.
    func blocks(_ language: String) throws -> [String] {
        let parts = try String(contentsOf: landingPage, encoding: .utf8).components(separatedBy: "```" + language + "\n").dropFirst()
        return parts.map { String($0[..<$0.range(of: "```")!.lowerBound]) }
    }

    @Test func theSampleIsInThisFile() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let samples = try blocks("swift")
        #expect(samples.count == 1)
        for sample in samples { #expect(source.contains(sample)) }
    }

    @Test func theSamplePrintsWhatThePageSays() throws {
        var out = "", err = ""
        #expect(Greet.main(arguments: ["--style", "formal", "Ada"], stdout: &out, stderr: &err) == 0)
        #expect(out == "Good day, Ada.\n" && err.isEmpty)
        let transcripts = try blocks("text")
        try #require(transcripts.count == 2)
        out = ""
        #expect(Greet.main(arguments: ["--help"], stdout: &out, stderr: &err) == 0)
        #expect(out == transcripts[0] && err.isEmpty)
        out = ""
        #expect(Greet.main(arguments: ["--style", "rude", "Ada"], stdout: &out, stderr: &err) == 64)
        #expect(out.isEmpty && err == transcripts[1])
        err = ""
        #expect(Greet.main(arguments: ["--loud", "Ada", "Grace"], stdout: &out, stderr: &err) == 0)
        #expect(out == "HELLO, ADA!\nHELLO, GRACE!\n")
        out = ""
        #expect(Greet.main(arguments: ["--style"], stdout: &out, stderr: &err) == 64)
        #expect(err == "error: --style needs a value: plain or formal\nSee 'greet --help'.\n")
        err = ""
        #expect(Greet.main(arguments: ["--loud", "--loud", "Ada"], stdout: &out, stderr: &err) == 64)
        #expect(err == "error: --loud may be given only once\nSee 'greet --help'.\n")
        err = ""
        #expect(Greet.main(arguments: ["--loud=yes", "Ada"], stdout: &out, stderr: &err) == 64)
        #expect(err == "error: --loud takes no value\nSee 'greet --help'.\n")
        err = ""
        #expect(Greet.main(arguments: [], stdout: &out, stderr: &err) == 64)
        #expect(err == "error: greet needs at least one name\nSee 'greet --help'.\n")
    }
}
