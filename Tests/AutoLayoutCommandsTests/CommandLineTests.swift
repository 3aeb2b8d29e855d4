import Foundation
import Testing
import AutoLayoutCommands
import ConstraintFile

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
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
}

/// A sparse file of `size` bytes (nothing is written) in a fresh temporary directory.
func temporarySparseFile(named name: String, size: Int) throws -> String {
    let path = temporaryFile(named: name, bytes: [])
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(size))
    try handle.close()
    return path
}

@Suite struct CommandLineTests {
    // The help texts, as the commands' declarations write them.
    static let overviewHelp = """
        OVERVIEW: Check Auto Layout constraint files and explain UIKit's conflict logs.

        USAGE: autolayout <subcommand> [options]

        SUBCOMMANDS:
          check FILE...             Lay out .layout, .xib and .storyboard files:
                                    conflicts in UIKit's words, ambiguity, frames, and
                                    the files' expectations.
          explain LOG               Explain the "Unable to simultaneously satisfy
                                    constraints" messages in a pasted console log ('-'
                                    reads standard input).
          render FILE               Draw a .layout file's frames, margins and
                                    conflicting views as SVG.

        OPTIONS:
          --version                 Show the version.
          -h, --help                Show help; 'autolayout help <subcommand>' or
                                    'autolayout <subcommand> --help' for one command.

        EXIT STATUS:
          0 clean, 1 conflicts, ambiguity or failed expectations, 64 bad usage,
          65 an input that cannot be read or parsed.

        """

    static let checkHelp = """
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
          --format text|json        Output format (default: text). JSON: one object per
                                    file, or an array of them for several files.
          --traits W-H              IB files: the size classes whose <variation>s apply,
                                    width then height, each compact or regular
                                    (compact-regular: an iPhone in portrait). Default:
                                    the size classes of the file's <device> in its
                                    orientation, as IB drew it (the base layout when the
                                    file names none).
          --intrinsic-from-frames   IB files: labels, buttons, images and controls take
                                    their intrinsic size from their stored frames, which
                                    IB measured with the real fonts (the default).
          --intrinsic-from-model    IB files: measure text with this tool's text model
                                    at the stored font sizes, images from <resources>.
          -h, --help                Show this help.

        EXIT STATUS:
          0 clean, 1 findings, 64 bad usage, 65 a file cannot be read or parsed.

        """

    static let explainHelp = """
        OVERVIEW: Explain UIKit's "Unable to simultaneously satisfy constraints"
        messages.

        USAGE: autolayout explain [--format text|json] LOG

        LOG is a pasted console log ('-' reads standard input) holding one or more
        messages, from any iOS or macOS version. Each listed constraint is rebuilt and
        the group solved again: whether it is really unsatisfiable, a minimal
        conflicting subset with the arithmetic, what UIKit broke, what this tool's
        policy would break, and the usual fix. The log is read a line at a time and each
        message is explained as soon as it ends, so a long log or a live pipe works in
        little memory.

        OPTIONS:
          --format text|json        Output format (default: text).
          -h, --help                Show this help.

        EXIT STATUS:
          0 explained, 64 bad usage, 65 the log cannot be read, holds no message, or
          lists a constraint that cannot be read. Such a constraint's error goes to
          standard error and its message is skipped; the other messages are still
          explained.

        """

    static let renderHelp = """
        OVERVIEW: Draw a .layout file's laid-out frames as SVG.

        USAGE: autolayout render FILE [-o PATH] [--traits W-H]
                                 [--intrinsic-from-frames|--intrinsic-from-model]

        Views are drawn with their names, layout margins dashed, and the views of
        conflicting constraint groups in red. For an Interface Builder file, the frame
        IB stored for a view solved elsewhere is drawn beside it, dashed in orange.
        Without -o the SVG goes to standard output.

        OPTIONS:
          -o, --output PATH         Where to write the SVG ('-' for standard output).
          --traits W-H              IB files: the size classes whose <variation>s apply,
                                    width then height, each compact or regular
                                    (compact-regular: an iPhone in portrait). Default:
                                    the size classes of the file's <device> in its
                                    orientation, as IB drew it (the base layout when the
                                    file names none).
          --intrinsic-from-frames   IB files: labels, buttons, images and controls take
                                    their intrinsic size from their stored frames, which
                                    IB measured with the real fonts (the default).
          --intrinsic-from-model    IB files: measure text with this tool's text model
                                    at the stored font sizes, images from <resources>.
          -h, --help                Show this help.

        EXIT STATUS:
          0 drawn, 1 drawn with conflicts, 64 bad usage,
          65 the file cannot be read or parsed, 73 the SVG cannot be written.

        """

    static let helpHelp = """
        OVERVIEW: Show the help of autolayout or of one of its subcommands.

        USAGE: autolayout help [SUBCOMMAND]

        OPTIONS:
          -h, --help                Show this help.

        EXIT STATUS:
          0 the help printed, 64 bad usage.

        """

    @Test func helpAndVersion() {
        #expect(runAutolayout("--help") == (0, Self.overviewHelp, ""))
        #expect(runAutolayout("-h") == (0, Self.overviewHelp, ""))
        #expect(runAutolayout("help") == (0, Self.overviewHelp, ""))
        #expect(runAutolayout("help", "check") == (0, Self.checkHelp, ""))
        #expect(runAutolayout("check", "--help") == (0, Self.checkHelp, ""))
        #expect(runAutolayout("explain", "--help") == (0, Self.explainHelp, ""))
        #expect(runAutolayout("help", "explain") == (0, Self.explainHelp, ""))
        #expect(runAutolayout("render", "-h") == (0, Self.renderHelp, ""))
        #expect(runAutolayout("help", "render") == (0, Self.renderHelp, ""))
        #expect(runAutolayout("help", "help") == (0, Self.helpHelp, ""))
        #expect(runAutolayout("help", "-h") == (0, Self.helpHelp, ""))
        #expect(runAutolayout("--version") == (0, "autolayout \(autolayoutVersion)\n", ""))
        // Help wins over any other argument before `--`, even a wrong one.
        #expect(runAutolayout("check", "--format", "xml", "--help") == (0, Self.checkHelp, ""))
        #expect(runAutolayout("render", "a.layout", "b.layout", "-h") == (0, Self.renderHelp, ""))
        for help in [Self.overviewHelp, Self.checkHelp, Self.explainHelp, Self.renderHelp, Self.helpHelp] {
            #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 && !$0.hasSuffix(" ") })
        }
    }

    /// A usage error: nothing on standard output, the message and the pointer to the help on
    /// standard error, exit 64.
    func usage(_ message: String, _ command: String = "autolayout") -> (Int32, String, String) {
        (64, "", "error: \(message)\nSee '\(command) --help'.\n")
    }

    @Test func usageErrorsExit64WithAHint() {
        #expect(runAutolayout() == (64, "", Self.overviewHelp))
        #expect(runAutolayout("frobnicate") == usage("unknown subcommand 'frobnicate'"))
        #expect(runAutolayout("--frobnicate") == usage("unknown option '--frobnicate'"))
        #expect(runAutolayout("--version", "check") == usage("the subcommand 'check' must come first"))
        #expect(runAutolayout("check") == usage("check needs at least one .layout, .xib or .storyboard file", "autolayout check"))
        #expect(runAutolayout("check", "--format", "xml", "a.layout") == usage("unknown format 'xml': use text or json", "autolayout check"))
        #expect(runAutolayout("check", "--format=xml", "a.layout") == usage("unknown format 'xml': use text or json", "autolayout check"))
        #expect(runAutolayout("check", "--format") == usage("--format needs a value: text or json", "autolayout check"))
        #expect(runAutolayout("check", "--format", "json", "a.layout", "--format", "text") ==
                usage("--format may be given only once", "autolayout check"))
        #expect(runAutolayout("check", "--traits", "wide-tall", "a.xib") ==
                usage("unknown traits 'wide-tall': use WIDTH-HEIGHT, each compact or regular (compact-regular)", "autolayout check"))
        #expect(runAutolayout("check", "a.xib", "--traits") ==
                usage("--traits needs a value: WIDTH-HEIGHT, each compact or regular (compact-regular)", "autolayout check"))
        #expect(runAutolayout("check", "--intrinsic-from-model", "--intrinsic-from-frames", "a.xib") ==
                usage("--intrinsic-from-model and --intrinsic-from-frames cannot be used together", "autolayout check"))
        #expect(runAutolayout("check", "--intrinsic-from-model=yes", "a.xib") ==
                usage("--intrinsic-from-model takes no value", "autolayout check"))
        #expect(runAutolayout("explain") == usage("explain needs a log file, or '-' for standard input", "autolayout explain"))
        #expect(runAutolayout("explain", "a.txt", "b.txt") == usage("explain takes one LOG, not 2", "autolayout explain"))
        #expect(runAutolayout("explain", "--traits", "compact-regular", "a.txt") ==
                usage("unknown option '--traits' for explain", "autolayout explain"))
        #expect(runAutolayout("render") == usage("render needs a .layout, .xib or .storyboard file", "autolayout render"))
        #expect(runAutolayout("render", "a.layout", "-x") == usage("unknown option '-x' for render", "autolayout render"))
        #expect(runAutolayout("render", "a.layout", "--format", "json") == usage("unknown option '--format' for render", "autolayout render"))
        #expect(runAutolayout("render", "a.layout", "-o") == usage("-o needs a value: a path", "autolayout render"))
        #expect(runAutolayout("help", "frob") == usage("unknown subcommand 'frob'", "autolayout help"))
        #expect(runAutolayout("help", "check", "render") == usage("help takes one SUBCOMMAND, not 2", "autolayout help"))
    }

    @Test func argumentsAfterADoubleDashAreFiles() {
        #expect(runAutolayout("check", "--", "--help") ==
                (65, "", "--help: error: cannot open the file: No such file or directory\n"))
    }

    @Test func interfaceBuilderFilesAreCheckedByExtension() {
        let layout = """
            <view contentMode="scaleToFill" id="root"><rect key="frame" x="0.0" y="0.0" width="100" height="50"/>
                <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="4" y="4" width="20" height="20"/></view></subviews>
                <constraints>
                    <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="4" id="c1"/>
                    <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" constant="4" id="c2"/>
                    <constraint firstItem="a" firstAttribute="width" constant="20" id="c3"/>
                    <constraint firstItem="a" firstAttribute="height" constant="20" id="c4">
                        <variation key="widthClass=regular" constant="30"/>
                    </constraint>
                </constraints>
            </view>
            """
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            \(layout)
                </objects>
            </document>
            """
        let path = temporaryFile(named: "Cell.xib", bytes: Array(document.utf8))
        #expect(runAutolayout("check", path) == (0, """
            \(path): 2 views, 0 conflicts, 0 ambiguous, 0 expectations: 0 passed, 0 failed

            frames:
              root (UIView): (0 0; 100 50)
              a (UIView): (4 4; 20 20) in root, absolute (4 4; 20 20)

            stored frames: 2 of 2 views within 0.5 pt (100%)

            """, ""))
        let regular = runAutolayout("check", "--format", "json", "--traits", "regular-regular", "--intrinsic-from-model", path)
        #expect(regular.status == 0)
        #expect(regular.out.hasPrefix(#"{"views":{"root":[0,0,100,50],"a":[4,4,20,30]}"#))
        let storyboard = temporaryFile(named: "Main.storyboard", bytes: Array("<document>\n<scenes>".utf8))
        #expect(runAutolayout("check", storyboard) == (65, "", """
            \(storyboard):2:9: error: the file ends before </scenes> (the element opens at line 2)
            <scenes>
                    ^

            """))
    }

    @Test func unreadableInputsExit65NamingTheFile() {
        #expect(runAutolayout("check", "/nonexistent/missing.layout") ==
                (65, "", "/nonexistent/missing.layout: error: cannot open the file: No such file or directory\n"))
        #expect(runAutolayout("check", "/tmp") == (65, "", "/tmp: error: is a directory, not a file\n"))
        let binary = temporaryFile(named: "garbage.layout", bytes: [0x7f, 0x45, 0x4c, 0x46, 0, 1, 2])
        #expect(runAutolayout("check", binary) == (65, "", "\(binary): error: is not a text file (a NUL byte at offset 4)\n"))
        #expect(runAutolayout("check", "--format", "json", binary) == (65, "", "\(binary): error: is not a text file (a NUL byte at offset 4)\n"))
        let latin1 = temporaryFile(named: "latin1.txt", bytes: Array("caf".utf8) + [0xe9])
        #expect(runAutolayout("explain", latin1) == (65, "", "\(latin1):1:1: error: is not UTF-8 text\n"))
    }

    @Test func aTwoGigabyteFileIsRefusedWithoutBeingRead() throws {
        let path = temporaryFile(named: "huge.layout", bytes: [])
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 2 << 30)   // sparse: nothing is written
        try handle.close()
        #expect(runAutolayout("check", path) ==
                (65, "", "\(path): error: is 2147483648 bytes; inputs larger than 64 MB are refused\n"))
    }

    @Test func interfaceBuilderFilesOverSixtyFourMegabytesAreRefusedWithoutBeingRead() throws {
        let path = try temporarySparseFile(named: "Huge.xib", size: InterfaceBuilderFile.sizeLimit + 1)
        #expect(runAutolayout("check", path) == (65, "", "\(path): error: is 67108865 bytes; inputs larger than 64 MB are refused\n"))
    }

    @Test func hostileInterfaceBuilderFilesAreBadInput() {
        let laughs = temporaryFile(named: "Laughs.xib", bytes: Array("""
            <?xml version="1.0"?>
            <!DOCTYPE document [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
            <document>&lol2;</document>
            """.utf8))
        #expect(runAutolayout("check", laughs) == (65, "", """
            \(laughs):2:1: error: a DOCTYPE declaration is refused: Interface Builder files have none, and no entities are expanded
            <!DOCTYPE document [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
            ^

            """))
        let deep = temporaryFile(named: "Deep.storyboard", bytes: Array(("<document>\n" + String(repeating: "<a>", count: 200)).utf8))
        // The long line is cut to 120 characters around the column.
        #expect(runAutolayout("check", deep) == (65, "", """
            \(deep):2:382: error: elements nested deeper than 128 levels: Interface Builder files nest a few dozen
            \(String(repeating: "<a>", count: 40))
            \(String(repeating: " ", count: 60))^

            """))
    }

    /// Two messages: a whole one with a timestamp prefix, and a bare list pasted after it.
    static let twoMessages = """
        2026-11-23 10:00:00.000 App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
        	Probably at least one of the constraints in the following list is one you don't want. 
        (
            "<NSLayoutConstraint:0x1 UILabel:0x10'Hello'.height == 126   (active)>",
            "<NSLayoutConstraint:0x2 V:|-(12)-[UILabel:0x10'Hello']   (active, names: '|':UITableViewCellContentView:0x20 )>",
            "<NSLayoutConstraint:0x3 V:[UILabel:0x10'Hello']-(12)-|   (active, names: '|':UITableViewCellContentView:0x20 )>",
            "<NSLayoutConstraint:0x4 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x20.height == 44   (active)>"
        )

        Will attempt to recover by breaking constraint 
        <NSLayoutConstraint:0x1 UILabel:0x10'Hello'.height == 126   (active)>

        Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
        (
            "<NSAutoresizingMaskLayoutConstraint:0x5 h=--& v=--& UIView:0x30.width == 320   (active)>",
            "<NSLayoutConstraint:0x6 UIView:0x30.width >= 100   (active)>"
        )

        """

    @Test func explainGolden() throws {
        let log = temporaryFile(named: "two.txt", bytes: Array(Self.twoMessages.utf8))
        let expected = """
            \(log):1: unsatisfiable: 4 of 4 constraints conflict
              * [0] <NSLayoutConstraint:0x1 UILabel:0x10'Hello'.height == 126   (active)>
              * [1] <NSLayoutConstraint:0x2 V:|-(12)-[UILabel:0x10'Hello']   (active, names: '|':UITableViewCellContentView:0x20 )>
              * [2] <NSLayoutConstraint:0x3 V:[UILabel:0x10'Hello']-(12)-|   (active, names: '|':UITableViewCellContentView:0x20 )>
              * [3] <NSLayoutConstraint:0x4 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x20.height == 44   (active)>
              UIKit broke [0]; we would break [0]
              why: These 4 constraints cannot all hold ([0], [1], [2], [3]). [3] 'UIView-Encapsulated-Layout-Height' requires UITableViewCellContentView:0x20.height == 44, but the other constraints make it at least 150, the sum of the spacings and sizes along the column: 44 = 12 + 126 + 12 is false.
              fix: The container's height is fixed by 'UIView-Encapsulated-Layout-Height': lower one of the app's vertical constraints in the cell to 999, e.g. [0] <NSLayoutConstraint:0x1 UILabel:0x10'Hello'.height == 126   (active)>, so that it gives way to the encapsulated height instead of conflicting with it.
            \(log):14: satisfiable: the 2 listed constraints can all hold
                [0] <NSAutoresizingMaskLayoutConstraint:0x5 h=--& v=--& UIView:0x30.width == 320   (active)>
                [1] <NSLayoutConstraint:0x6 UIView:0x30.width >= 100   (active)>
              UIKit would break [1]
              why: These 2 constraints can all hold together (sizes kept at or above zero); the conflict involved constraints that are not in the paste.
              fix: Nothing to fix in this group on its own: paste the whole message.

            """
        #expect(runAutolayout("explain", log) == (0, expected, ""))
        let json = runAutolayout("explain", "--format", "json", log)
        #expect(json.status == 0 && json.err.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let messages = try #require(object["messages"] as? [[String: Any]])
        #expect(messages.count == 2)
        #expect(messages.map { $0["unsatisfiable"] as? Bool } == [true, false])
        #expect(messages.map { $0["conflict"] as? [Int] } == [[0, 1, 2, 3], []])
        #expect(messages[0]["brokenByUIKit"] as? Int == 0 && messages[0]["wouldBreak"] as? Int == 0)
        #expect(messages[1]["brokenByUIKit"] is NSNull && messages[1]["wouldBreak"] as? Int == 1)
        #expect((messages[1]["constraints"] as? [[String: Any]])?.map { $0["system"] as? Bool } == [true, false])
    }

    @Test func explainWritesEachMessageBeforeReadingOn() throws {
        // The second message's description is malformed: the first is already explained, the
        // second is reported and skipped, and the two after it are still explained.
        let broken = Self.twoMessages.replacingOccurrences(of: "UIView:0x30.width >= 100", with: "UIView:0x30.width >= ")
        let log = temporaryFile(named: "broken.txt", bytes: Array((broken + Self.twoMessages).utf8))
        let text = runAutolayout("explain", log)
        #expect(text.status == 65)
        #expect(text.out.hasPrefix("\(log):1: unsatisfiable: 4 of 4 constraints conflict\n"))
        #expect(!text.out.contains(":14:"))
        #expect(text.out.contains("\n\(log):18: unsatisfiable: 4 of 4 constraints conflict\n"))
        #expect(text.out.contains("\n\(log):31: satisfiable: the 2 listed constraints can all hold\n"))
        #expect(text.err == """
            \(log):16:30: error: expected '==', '<=' or '>=' between two sides, or a visual format 'H:'/'V:'
                "<NSLayoutConstraint:0x6 UIView:0x30.width >=    (active)>"
                                         ^

            """)
        let json = runAutolayout("explain", "--format", "json", log)
        #expect(json.status == 65)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect((object["messages"] as? [Any])?.count == 3)
    }

    @Test func explainReadsManyMessagesAndRefusesRunawayLines() throws {
        let many = String(repeating: Self.twoMessages, count: 100)
        let log = temporaryFile(named: "many.txt", bytes: Array(many.utf8))
        let result = runAutolayout("explain", log)
        #expect(result.status == 0)
        #expect(result.out.components(separatedBy: ": unsatisfiable: 4 of 4").count - 1 == 100)
        #expect(result.out.components(separatedBy: ": satisfiable: the 2").count - 1 == 100)
        #expect(result.out.hasSuffix("paste the whole message.\n"))

        let long = temporaryFile(named: "long.txt", bytes: Array("hello\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 3 << 20))
        #expect(runAutolayout("explain", long) ==
                (65, "", "\(long):2:1048577: error: line is longer than 1 MB; is this a console log?\n"))

        var list = "(\n"
        for i in 0...UIKitLog.constraintLimit { list += "    \"<NSLayoutConstraint:0x\(i) UIView:0x10.width == \(i)   (active)>\",\n" }
        let runaway = temporaryFile(named: "runaway.txt", bytes: Array(list.utf8))
        let refused = runAutolayout("explain", runaway)
        #expect(refused.status == 65)
        #expect(refused.err.hasPrefix("\(runaway):\(UIKitLog.constraintLimit + 2):5: error: the message that starts on line 1 lists more than 1000 constraints"))
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

    @Test func explainSaysWhenOsLogRedactedTheConstraints() {
        let text = "2024-01-01 10:00:00.000 App[1:2] [Layout] Unable to simultaneously satisfy constraints:\n<private>\n\nWill attempt to recover by breaking constraint \n<private>\n"
        let log = temporaryFile(named: "private.txt", bytes: Array(text.utf8))
        #expect(runAutolayout("explain", log) == (65, "", "\(log): error: no constraint list found: os_log privacy redacted the constraints (they print as <private>); copy the message from Xcode's console while debugging, or capture the log with private data enabled (a logging profile with Enable-Private-Data)\n"))
    }
}
