import Foundation
import Testing
import AutoLayoutCommands

// The transcripts of the CommandLineTool DocC article: the `.layout` files it shows (its
// unlabelled ``` blocks) are written to a temporary directory, run through the command, and what
// the command prints is compared with the article's ```text blocks, in order.

/// The DocC article, found from this file's path.
private let article = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/AutoLayoutCommands/AutoLayoutCommands.docc/CommandLineTool.md")

/// The fenced blocks of a markdown text whose info string is `language` ("" for none), each
/// joined with a final newline.
private func blocks(_ language: String, in markdown: String) -> [String] {
    var blocks: [String] = [], current: [String]?, currentLanguage = ""
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        if current == nil, line.hasPrefix("```") {
            current = []
            currentLanguage = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
        } else if current != nil, line == "```" {
            if currentLanguage == language { blocks.append(current!.map { $0 + "\n" }.joined()) }
            current = nil
        } else {
            current?.append(String(line))
        }
    }
    return blocks
}

/// Runs the command in `directory`'s terms: paths inside it print as bare file names.
private func autolayout(_ arguments: String..., in directory: String) -> (status: Int32, out: String, err: String) {
    var out = "", err = ""
    let isFile = { (argument: String) in
        !argument.hasPrefix("/") && [".layout", ".log", ".svg"].contains { argument.hasSuffix($0) }
    }
    let status = runCommandLine(arguments: arguments.map { isFile($0) ? directory + "/" + $0 : $0 }, stdout: &out, stderr: &err)
    return (status, out.replacingOccurrences(of: directory + "/", with: ""), err.replacingOccurrences(of: directory + "/", with: ""))
}

@Suite struct DocumentationExamplesTests {
    @Test func commandLineToolTranscripts() throws {
        let markdown = try String(contentsOf: article, encoding: .utf8)
        let files = blocks("", in: markdown)
        let transcripts = blocks("text", in: markdown)
        try #require(files.count == 3 && transcripts.count == 5)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("autolayout-docs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func write(_ text: String, _ name: String) throws {
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        try write(files[0], "box.layout")
        try write(files[1], "fail.layout")
        try write(files[2], "bad.layout")

        // check, text: clean, then a finding.
        #expect(autolayout("check", "box.layout", in: directory) == (0, transcripts[0], ""))
        #expect(autolayout("check", "fail.layout", in: directory) == (1, transcripts[1], ""))
        // check, JSON (options may follow the files).
        #expect(autolayout("check", "--format", "json", "box.layout", in: directory) == (0, transcripts[2], ""))
        #expect(autolayout("check", "box.layout", "--format", "json", in: directory) == (0, transcripts[2], ""))
        // A file that does not parse: standard error, 65.
        #expect(autolayout("check", "bad.layout", in: directory) == (65, "", transcripts[3]))
        #expect(autolayout("check", "box.layout", "bad.layout", in: directory).status == 65)

        // A conflict the file expects is not a finding.
        try write(files[0] + "box.width == 300\nexpect conflicts == 1\nexpect broken box.width == 300\n", "expected.layout")
        let expected = autolayout("check", "expected.layout", in: directory)
        #expect(expected.status == 0)
        #expect(expected.out.hasPrefix("expected.layout: 2 views, 1 conflict (expected), 0 ambiguous"))

        // explain: the message `check` prints for the box at 300 points.
        try write(files[0].replacingOccurrences(of: "box.height == 44\n", with: "box.height == 44\nbox.width == 300\n"), "conflict.layout")
        let conflict = autolayout("check", "conflict.layout", in: directory)
        #expect(conflict.status == 1)
        let start = try #require(conflict.out.range(of: "Unable to simultaneously satisfy constraints."))
        let end = try #require(conflict.out.range(of: "may also be helpful."))
        try write(String(conflict.out[start.lowerBound..<end.upperBound]) + "\n", "conflict.log")
        #expect(autolayout("explain", "conflict.log", in: directory) == (0, transcripts[4], ""))
        let json = autolayout("explain", "--format", "json", "conflict.log", in: directory)
        #expect(json.status == 0)
        for key in ["\"messages\":[{\"constraints\":[{\"description\":", "\"priority\":1000", "\"identifier\":null", "\"system\":false",
                    "\"unsatisfiable\":true", "\"conflict\":[0,1,2,3]", "\"brokenByUIKit\":2", "\"wouldBreak\":", "\"explanation\":"] {
            #expect(json.out.contains(key), "\(key)")
        }
        #expect(autolayout("explain", "box.layout", in: directory).status == 65)

        // render: 0, 1 with conflicts, 73 when the SVG cannot be written; standard output without -o.
        #expect(autolayout("render", "box.layout", "-o", "box.svg", in: directory) == (0, "", ""))
        #expect(FileManager.default.fileExists(atPath: directory + "/box.svg"))
        #expect(autolayout("render", "conflict.layout", "-o", "conflict.svg", in: directory).status == 1)
        #expect(autolayout("render", "box.layout", in: directory).out.hasPrefix("<svg "))
        #expect(autolayout("render", "box.layout", "-o", "-", in: directory).out.hasPrefix("<svg "))
        #expect(autolayout("render", "box.layout", "-o", "/nonexistent/directory/box.svg", in: directory).status == 73)
    }

    @Test func commandLineToolExitStatuses() {
        #expect([ExitStatus.success, ExitStatus.findings, ExitStatus.usage, ExitStatus.badInput, ExitStatus.cannotWrite] == [0, 1, 64, 65, 73])
        for help in [["--help"], ["-h"], ["help"], ["help", "check"], ["check", "--help"], ["--version"]] {
            var out = "", err = ""
            #expect(runCommandLine(arguments: help, stdout: &out, stderr: &err) == 0)
            #expect(!out.isEmpty && err.isEmpty)
        }
        for usage in [["frobnicate"], ["check"], ["check", "--format", "xml", "a.layout"], ["explain", "a.log", "b.log"], ["render", "a.layout", "b.layout"]] {
            var out = "", err = ""
            #expect(runCommandLine(arguments: usage, stdout: &out, stderr: &err) == 64)
            #expect(out.isEmpty && err.hasPrefix("error: ") && err.contains("See 'autolayout"))
        }
    }
}
