import Foundation
import Testing
@testable import ConstraintFile

/// Runs the command with captured streams.
func runAutolayout(_ arguments: String...) -> (status: Int32, out: String, err: String) {
    var out = "", err = ""
    let status = runCommandLine(arguments: arguments, stdout: &out, stderr: &err)
    return (status, out, err)
}

/// A file in a fresh temporary directory, removed by the caller's `defer`.
func temporaryFile(named name: String, bytes: [UInt8]) -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("autolayout-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent(name).path
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
}

@Suite struct CommandLineTests {
    @Test func helpAndVersion() {
        #expect(runAutolayout("--help") == (0, mainHelp, ""))
        #expect(runAutolayout("-h") == (0, mainHelp, ""))
        #expect(runAutolayout("help") == (0, mainHelp, ""))
        #expect(runAutolayout("help", "check") == (0, checkHelp, ""))
        #expect(runAutolayout("explain", "--help") == (0, explainHelp, ""))
        #expect(runAutolayout("render", "-h") == (0, renderHelp, ""))
        #expect(runAutolayout("--version") == (0, "autolayout \(autolayoutVersion)\n", ""))
        #expect(mainHelp.hasPrefix("OVERVIEW: Check Auto Layout constraint files and explain UIKit's conflict logs.\n"))
    }

    @Test func usageErrorsExit64WithAHint() {
        #expect(runAutolayout() == (64, "", mainHelp))
        #expect(runAutolayout("frobnicate") == (64, "", "error: unknown subcommand 'frobnicate'\nSee 'autolayout --help'.\n"))
        #expect(runAutolayout("--frobnicate") == (64, "", "error: unknown option '--frobnicate'\nSee 'autolayout --help'.\n"))
        #expect(runAutolayout("check") == (64, "", "error: check needs at least one .layout file\nSee 'autolayout check --help'.\n"))
        #expect(runAutolayout("check", "--format", "xml", "a.layout") ==
                (64, "", "error: unknown format 'xml': use text or json\nSee 'autolayout check --help'.\n"))
        #expect(runAutolayout("check", "--format") == (64, "", "error: --format needs a value: text or json\nSee 'autolayout check --help'.\n"))
        #expect(runAutolayout("explain", "a.txt", "b.txt") == (64, "", "error: explain reads one log at a time\nSee 'autolayout explain --help'.\n"))
        #expect(runAutolayout("render", "a.layout", "-x") == (64, "", "error: unknown option '-x' for render\nSee 'autolayout render --help'.\n"))
        #expect(runAutolayout("help", "frob").status == 64)
    }

    @Test func unreadableInputsExit65NamingTheFile() {
        #expect(runAutolayout("check", "/nonexistent/missing.layout") ==
                (65, "", "/nonexistent/missing.layout: error: cannot open the file: No such file or directory\n"))
        #expect(runAutolayout("check", "/tmp") == (65, "", "/tmp: error: is a directory, not a file\n"))
        let binary = temporaryFile(named: "garbage.layout", bytes: [0x7f, 0x45, 0x4c, 0x46, 0, 1, 2])
        #expect(runAutolayout("check", binary) == (65, "", "\(binary): error: is not a text file (a NUL byte at offset 4)\n"))
        #expect(runAutolayout("check", "--format", "json", binary) == (65, "", "\(binary): error: is not a text file (a NUL byte at offset 4)\n"))
        let latin1 = temporaryFile(named: "latin1.txt", bytes: Array("caf".utf8) + [0xe9])
        #expect(runAutolayout("explain", latin1) == (65, "", "\(latin1): error: is not UTF-8 text\n"))
    }

    @Test func aTwoGigabyteFileIsRefusedWithoutBeingRead() throws {
        let path = temporaryFile(named: "huge.layout", bytes: [])
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 2 << 30)   // sparse: nothing is written
        try handle.close()
        #expect(runAutolayout("check", path) ==
                (65, "", "\(path): error: is 2147483648 bytes; inputs larger than 64 MB are refused\n"))
    }

    @Test func aLogWithoutAMessageIsBadInput() {
        let noise = temporaryFile(named: "noise.txt", bytes: Array("hello\nworld\n".utf8))
        let result = runAutolayout("explain", noise)
        #expect(result.status == 65)
        #expect(result.err.hasPrefix("\(noise): error: no constraint list found"))
    }

    @Test func renderWritesTheSVGFile() throws {
        let layout = temporaryFile(named: "box.layout", bytes: Array("view root: View frame=(0,0,100,50)\n".utf8))
        let output = layout.replacingOccurrences(of: "box.layout", with: "box.svg")
        #expect(runAutolayout("render", layout, "-o", output) == (0, "", ""))
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"140\" height=\"106\""))
        #expect(svg.contains("<g id=\"root\">"))
        #expect(runAutolayout("render", layout, "-o", "/nonexistent/dir/out.svg").status == 73)
    }
}

@Suite struct SVGRendererTests {
    @Test func numbersAndEscapes() {
        #expect([0, 12.5, 1.0 / 3, -2].map(SVGRenderer.number) == ["0", "12.5", "0.33", "-2"])
        #expect(SVGRenderer.escaped("a<b & 'c'") == "a&lt;b &amp; &apos;c&apos;")
    }
}
