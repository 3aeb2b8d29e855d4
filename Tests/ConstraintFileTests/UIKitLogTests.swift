import Foundation
import Testing
import AutoLayout
@testable import ConstraintFile

/// The corpus of real logs next to the package: `<root>/../shared/corpus/uikit-logs/`.
let corpusDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus/uikit-logs")

/// The corpus logs, sorted; empty when the corpus is absent.
func corpusLogs() -> [(name: String, text: String)] {
    let files = (try? FileManager.default.contentsOfDirectory(at: corpusDirectory, includingPropertiesForKeys: nil)) ?? []
    return files.filter { $0.pathExtension == "txt" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        .compactMap { url in (try? String(contentsOf: url, encoding: .utf8)).map { (url.lastPathComponent, $0) } }
}

let heightConstraint = "<NSLayoutConstraint:0x600000001080 UIView:0x7f8000001200.height == 44   (active)>"
let topConstraint = "<NSLayoutConstraint:0x6000000010c0 V:|-(12)-[UILabel:0x7f8000001400'Hi']   (active, names: '|':UIView:0x7f8000001200 )>"

@Suite struct UIKitLogTests {
    @Test(.enabled(if: !corpusLogs().isEmpty)) func everyCorpusLogReads() throws {
        for (name, text) in corpusLogs() {
            let messages = try UIKitLog.parse(text, path: name)
            #expect(messages.count == 1, "\(name)")
            #expect((messages.first?.constraints.count ?? 0) >= 1, "\(name)")
        }
    }

    @Test(.enabled(if: !corpusLogs().isEmpty)) func wholeMessageNamesTheBrokenConstraint() throws {
        let text = try #require(corpusLogs().first { $0.name == "wtf_custom9.txt" }?.text)
        let message = try #require(try UIKitLog.parse(text, path: "wtf_custom9.txt").first)
        #expect(message.constraints.count == 11)
        let broken = try #require(message.brokenByUIKit)
        #expect(message.constraints[broken].identifier == "UISV-alignment")
        #expect(message.constraints[broken].secondAttribute == "trailing")
        #expect(message.constraints[broken].address == "0x7f83b85cf8e0")
        #expect(message.constraints[broken].line == 14)
    }

    @Test func equationParts() throws {
        let text = #""<NSLayoutConstraint:0x6000037d49b0 'my id' UIImageView:0x7f95b56530e0.height == 0.9*UILabel:0x7f95b5653310'YOU'RE OK'.height - 4 @750   (active)>""#
        let c = try #require(try UIKitLog.parse(text, path: "x").first?.constraints.first)
        #expect(c.className == "NSLayoutConstraint")
        #expect(c.identifier == "my id")
        #expect(c.priority == 750)
        #expect(c.firstItem == LogItem(className: "UIImageView", address: "0x7f95b56530e0"))
        #expect(c.firstAttribute == "height")
        #expect(c.multiplier == 0.9)
        #expect(c.secondItem == LogItem(className: "UILabel", address: "0x7f95b5653310", label: "YOU'RE OK"))
        #expect(c.constant == -4)
        #expect(!c.isSystem)
    }

    @Test func legacyForms() throws {
        let text = """
        (
        "<NSLayoutConstraint:0x181cef70 UIImageView:0x4db3270.width == UIImageView:0x4db3270.height * 0.384615>",
        "<NSLayoutConstraint:0x127225340 H:[UIView:0x1(>=44)]>",
        "<NSLayoutConstraint:0x127225341 V:[UIView:0x1(40@750)]>",
        "<NSAutoresizingMaskLayoutConstraint:0x2 h=--& v=--& UIView:0x3.minY == - 0.333333   (active)>",
        "<NSContentSizeLayoutConstraint:0x4 H:[UIImageView:0x5(512)] Hug:250 CompressionResistance:1>",
        "<NSLayoutConstraint:0x6 UILabel:0x7.contentHeight{id: 25} == 10>",
        "<SnapKit.LayoutConstraint:0x7feb4e8fa260@PViewController+Ext.swift#21 App_Debug.StackView:0x8.leading == UILayoutGuide:0x9.leading + 10.0>",
        "<NSLayoutConstraint:0xa NSButton:0xb.leading == NSView:0xc.leading NSSpace(8)   (Names: '|':NSView:0xc )>"
        )
        """
        let c = try #require(try UIKitLog.parse(text, path: "x").first?.constraints)
        #expect(c.count == 8)
        #expect(c[0].multiplier == 0.384615 && c[0].secondAttribute == "height")
        #expect(c[1].relation == .greaterThanOrEqual && c[1].firstAttribute == "width" && c[1].constant == 44)
        #expect(c[2].priority == 750 && c[2].firstAttribute == "height" && c[2].constant == 40)
        #expect(c[3].firstAttribute == "minY" && c[3].constant == -0.333333 && c[3].autoresizingMask == "h=--& v=--&" && c[3].isSystem)
        #expect(c[4].hugging == 250 && c[4].compressionResistance == 1 && c[4].constant == 512 && c[4].isSystem)
        #expect(c[5].firstAttribute == "contentHeight")
        #expect(c[6].sourceLocation == "PViewController+Ext.swift#21" && c[6].constant == 10)
        #expect(c[7].constant == 8 && c[7].line == 9)
    }

    @Test func visualFormatAndNames() throws {
        let text = #""<NSLayoutConstraint:0x1 H:[name_label]-(>=NSLayoutAnchorConstraintSpace(8))-|   (active, names: name_label:UILabel:0x2, '|':UIView:0x3 )>""#
        let c = try #require(try UIKitLog.parse(text, path: "x").first?.constraints.first)
        #expect(c.firstItem == LogItem(className: "UIView", address: "0x3", name: "|"))
        #expect(c.firstAttribute == "trailing")
        #expect(c.secondItem == LogItem(className: "UILabel", address: "0x2", name: "name_label"))
        #expect(c.relation == .greaterThanOrEqual && c.constant == 8)
    }

    @Test func headerVariantsPrefixesAndLostWhitespace() throws {
        let list = "(\n    \"\(heightConstraint)\",\n    \"\(topConstraint)\"\n)\n"
        let ios12 = "Unable to simultaneously satisfy constraints.\n\tProbably at least one of the constraints in the following list is one you don't want. \n\tTry this: \n\t\t(1) look at each constraint and try to figure out which you don't expect; \n\t\t(2) find the code that added the unwanted constraint or constraints and fix it. \n" + list + "\nWill attempt to recover by breaking constraint \n\(topConstraint)\n\nMake a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.\n"
        let stripped = ios12.replacingOccurrences(of: "\t", with: "").replacingOccurrences(of: " \n", with: "\n")
        let oslog = "2019-03-01 10:00:00.123456+0100 App[123:4567] [LayoutConstraints] " + ios12
        let ios8 = "2015-01-17 19:50:21.228 App[1:2] Unable to simultaneously satisfy constraints.\n\tProbably at least one … Try this: (1) …; (2) … (Note: …) \n" + list + "\nWill attempt to recover by breaking constraint \n\(topConstraint)\n\nBreak on objc_exception_throw to catch this in the debugger.\n"
        let appKit = "Unable to simultaneously satisfy constraints:\n" + list + "\nWill attempt to recover by breaking constraint\n\(topConstraint)\n\nSet the NSUserDefault …  And/or, set a symbolic breakpoint on LAYOUT_CONSTRAINTS_NOT_SATISFIABLE to catch this in the debugger."
        let sonoma = "Conflicting constraints detected: (\n    \"\(heightConstraint)\",\n    \"\(topConstraint)\"\n).\n\nWill attempt to recover by breaking \(topConstraint).\n"
        let bare = list
        for text in [ios12, stripped, oslog, ios8, appKit, sonoma, bare] {
            let messages = try UIKitLog.parse(text, path: "x")
            #expect(messages.count == 1)
            #expect(messages.first?.constraints.map(\.description) == [heightConstraint, topConstraint])
            #expect(messages.first?.brokenByUIKit == (text == bare ? nil : 1))
        }
        #expect(try UIKitLog.parse(ios12 + "\n" + oslog + appKit, path: "x").count == 3)
    }

    @Test func escapesAreDecoded() throws {
        let text = #""<NSLayoutConstraint:0x1 UILabel:0x2'f\U00fcr \"x\"'.width == 10   (active)>""#
        let c = try #require(try UIKitLog.parse(text, path: "x").first?.constraints.first)
        #expect(c.description == "<NSLayoutConstraint:0x1 UILabel:0x2'für \"x\"'.width == 10   (active)>")
        #expect(c.firstItem.label == "für \"x\"")
    }

    @Test func badDescriptionIsAnErrorAtItsColumn() {
        let text = "(\n    \"<NSLayoutConstraint:0x1 UIView:0x2.height ~= 3>\"\n)"
        #expect(throws: SourceError(path: "log.txt", line: 2, column: 30,
                                    message: "expected '==', '<=' or '>=' between two sides, or a visual format 'H:'/'V:'",
                                    sourceLine: "    \"<NSLayoutConstraint:0x1 UIView:0x2.height ~= 3>\"")) {
            try UIKitLog.parse(text, path: "log.txt")
        }
    }

    /// Found by fuzzing (UIKitLogFuzz): an identifier's opening quote followed by a space was
    /// taken for its closing quote, and reading the identifier trapped.
    @Test func identifierQuoteFollowedByASpace() throws {
        let unclosed = "(\n    \"<NSLayoutConstraint:0x1 ' UIView:0x2.width == 10   (active)>\"\n)"
        #expect(throws: SourceError(path: "log.txt", line: 2, column: 30, message: "expected the identifier's closing quote",
                                    sourceLine: "    \"<NSLayoutConstraint:0x1 ' UIView:0x2.width == 10   (active)>\"")) {
            try UIKitLog.parse(unclosed, path: "log.txt")
        }
        let space = #""<NSLayoutConstraint:0x1 ' ' UIView:0x2.width == 10   (active)>""#
        let c = try #require(try UIKitLog.parse(space, path: "x").first?.constraints.first)
        #expect(c.identifier == " ")
    }

    @Test func garbageAndNoiseHoldNoMessage() throws {
        var generator = SystemRandomNumberGenerator()
        let garbage = String(decoding: (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }, as: UTF8.self)
        _ = try? UIKitLog.parse(garbage, path: "g")
        let noise = String(repeating: "lorem ipsum (dolor) \"sit\" <amet> 0x12 == ", count: 250_000)
        #expect(try UIKitLog.parse(noise, path: "n").isEmpty)
        #expect(try UIKitLog.parse(String(repeating: "(\n", count: 100_000), path: "n").isEmpty)
    }

    @Test func readsOurOwnEngineMessage() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.layoutEngine.onUnsatisfiable = { _ in }
        let view = View(frame: .zero)
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        view.heightAnchor.constraint(equalToConstant: 10).isActive = true
        view.heightAnchor.constraint(equalToConstant: 20).isActive = true
        root.layoutIfNeeded()
        let conflict = try #require(root.layoutEngine.conflicts.first)
        let message = try #require(try UIKitLog.parse(conflict.message, path: "engine").first)
        #expect(message.constraints.map(\.description) == conflict.constraints.map(\.description))
        #expect(message.constraints.map(\.constant) == [10, 20])
        let broken = try #require(message.brokenByUIKit)
        #expect(message.constraints[broken].description == conflict.broken.description)
        #expect(LogExplainer.explain(message).unsatisfiable)
    }

    @Test func namesWithoutAClassAreBoundByAddress() throws {
        // `a:0x10` names a view without its class: it is the label that the second constraint
        // prints as UILabel:0x10, so the two require 6 == 0.
        let text = """
        (
            "<NSLayoutConstraint:0x1 H:|-(0)-[a]   (active, names: a:0x10, '|':UIView:0x20 )>",
            "<NSLayoutConstraint:0x2 H:|-(6)-[UILabel:0x10]   (active, names: '|':UIView:0x20 )>"
        )
        """
        let message = try #require(try UIKitLog.parse(text, path: "x").first)
        let a = message.constraints[0].firstItem
        #expect(a == LogItem(className: "a", address: "0x10", name: "a"))
        #expect(a.identity == message.constraints[1].firstItem.identity)
        #expect(a.description == "a:0x10")
        let e = LogExplainer.explain(message)
        #expect(e.unsatisfiable && e.conflict == [0, 1])
    }

    @Test func repeatedNamesBindTheirEntriesInOrder() throws {
        // UIKit cut two labels' names to the same 25 characters.
        let two = #""<NSLayoutConstraint:0x1 V:[Label...]-(7)-[Label...]   (active, names: Label...:0x10, Label...:0x20 )>""#
        let c = try #require(try UIKitLog.parse(two, path: "x").first?.constraints.first)
        #expect(c.secondItem == LogItem(className: "Label...", address: "0x10", name: "Label..."))
        #expect(c.firstItem == LogItem(className: "Label...", address: "0x20", name: "Label..."))
        #expect(!LogExplainer.explain(try #require(try UIKitLog.parse(two, path: "x").first)).unsatisfiable)
        // One entry stands for every use; an entry listed twice is one entry.
        let one = #""<NSLayoutConstraint:0x1 Image....width == 2*Image....height   (active, names: Image...:0x10, Image...:0x10 )>""#
        let d = try #require(try UIKitLog.parse(one, path: "x").first?.constraints.first)
        #expect(d.firstItem.address == "0x10" && d.secondItem?.address == "0x10" && d.multiplier == 2)
    }

    @Test func numbersOutOfRangeAreErrorsAtTheirColumn() throws {
        for (body, number) in [("UIView:0x2.width == 1e400", "1e400"), ("H:[UIView:0x2(-1e999)]", "1e999"),
                               ("UIView:0x2.width == 10 @1e400", "1e400"), ("UIView:0x2.width == 1e309*UIView:0x3.width", "1e309")] {
            let line = "    \"<NSLayoutConstraint:0x1 \(body)   (active)>\""
            let at = try #require(line.range(of: number))
            #expect(throws: SourceError(path: "log.txt", line: 2, column: line.distance(from: line.startIndex, to: at.lowerBound) + 1,
                                        message: "the number '\(number)' is out of range: constants must be finite",
                                        sourceLine: line)) {
                try UIKitLog.parse("(\n\(line)\n)", path: "log.txt")
            }
        }
    }

    @Test func quotedLabelsAreTextNotSyntax() throws {
        let text = """
        (
            "<NSLayoutConstraint:0x1 UILabel:0x10'a == b'.width == 50   (active)>",
            "<NSLayoutConstraint:0x2 H:[UILabel:0x10'[x]-y']-(8)-|   (active, names: '|':UIView:0x20 )>",
            "<NSLayoutConstraint:0x3 UILabel:0x10'2*3 @ 5'.width == 0.5*UIButton:0x11'it's (1)'.width - 4 @750   (active)>",
            "<NSLayoutConstraint:0x4 V:[UILabel:0x10'x.top'(40)]   (active)>"
        )
        """
        let c = try #require(try UIKitLog.parse(text, path: "x").first?.constraints)
        #expect(c[0].firstItem == LogItem(className: "UILabel", address: "0x10", label: "a == b"))
        #expect(c[0].firstAttribute == "width" && c[0].secondItem == nil && c[0].constant == 50)
        #expect(c[1].firstItem == LogItem(className: "UIView", address: "0x20", name: "|"))
        #expect(c[1].secondItem == LogItem(className: "UILabel", address: "0x10", label: "[x]-y"))
        #expect(c[1].constant == 8)
        #expect(c[2].firstItem.label == "2*3 @ 5" && c[2].multiplier == 0.5 && c[2].constant == -4 && c[2].priority == 750)
        #expect(c[2].secondItem == LogItem(className: "UIButton", address: "0x11", label: "it's (1)"))
        #expect(c[3].firstItem.label == "x.top" && c[3].firstAttribute == "height" && c[3].constant == 40)
    }

    @Test func aDescriptionThatCannotBeReadDropsItsMessageOnly() throws {
        let good = "    \"<NSLayoutConstraint:0x1 UIView:0x10.width == 10   (active)>\","
        let bad = "    \"<NSLayoutConstraint:0x2 UIView:0x10.width ~= 20   (active)>\","
        let header = "Unable to simultaneously satisfy constraints."
        let lines = [
            header, "(", good, bad, good, ")", "",                                    // 1-7
            "Will attempt to recover by breaking constraint", "<NSLayoutConstraint:0x1 UIView:0x10.width == 10   (active)>",
            "(", good, ")",                                                         // 10-12: a bare list
            header, bad, good,                                                      // 13-15: dropped together
            header, "(", bad.replacingOccurrences(of: "~=", with: "=="), ")",       // 16-19
        ]
        var reader = UIKitLog.Reader(path: "log.txt")
        var messages: [LogMessage] = [], errors: [Int] = []
        for line in lines {
            do {
                if let m = try reader.read(Substring(line)) { messages.append(m) }
            } catch {
                errors.append(error.line)
            }
        }
        if let m = reader.finish() { messages.append(m) }
        #expect(errors == [4, 14])
        #expect(messages.map(\.line) == [10, 16])
        #expect(messages.map { $0.constraints.map(\.constant) } == [[10], [20]])
    }

    @Test func entriesThatLostTheirQuotesAreRead() throws {
        let text = """
        Unable to simultaneously satisfy constraints.
        (
            <NSLayoutConstraint:0x1 UIView:0x10.width == 50   (active)>,
            <private>,
            <NSLayoutConstraint: 0x2 UIView:0x10.width == 60   (active)>
        )
        """
        let message = try #require(try UIKitLog.parse(text, path: "x").first)
        #expect(message.constraints.map(\.constant) == [50, 60])
        #expect(message.constraints.map(\.line) == [3, 5])
        #expect(throws: SourceError(path: "x", line: 2, column: 29, message: "expected '==', '<=' or '>=' between two sides, or a visual format 'H:'/'V:'",
                                    sourceLine: "    <NSLayoutConstraint:0x1 UIView:0x10.width>")) {
            try UIKitLog.parse("(\n    <NSLayoutConstraint:0x1 UIView:0x10.width>\n)", path: "x")
        }
    }

    @Test func redactedListsAreNoticed() throws {
        let redacted = """
        2024-01-01 10:00:00.000 App[1:2] [Layout] Unable to simultaneously satisfy constraints:
        <private>

        Will attempt to recover by breaking constraint
        <private>
        """
        var reader = UIKitLog.Reader(path: "x")
        for line in redacted.split(separator: "\n", omittingEmptySubsequences: false) { #expect(try reader.read(line) == nil) }
        #expect(reader.finish() == nil)
        #expect(reader.sawRedactedConstraints)
        var plain = UIKitLog.Reader(path: "x")
        for line in "hello <private>\n(\n\"\(heightConstraint)\"\n)".split(separator: "\n") { _ = try plain.read(line) }
        #expect(plain.finish() != nil && !plain.sawRedactedConstraints)
    }
}

@Suite struct UIKitLogPasteVariantTests {
    @Test func markdownEscapesAndATrailingCommentAreRead() throws {
        // Angle brackets escaped by a Markdown editor, and a comment's end after the break line.
        let text = """
        Unable to simultaneously satisfy constraints.
        (
            \\<NSLayoutConstraint:0x1 UIView:0x10.width == 10   (active)\\>,
            \\<NSLayoutConstraint:0x2 UIView:0x10.width == 20   (active)\\>
        )

        Will attempt to recover by breaking constraint
        <NSLayoutConstraint:0x2 UIView:0x10.width == 20   (active)>*/
        """
        let message = try #require(try UIKitLog.parse(text, path: "x").first)
        #expect(message.constraints.map(\.address) == ["0x1", "0x2"])
        #expect(message.brokenByUIKit == 1)
    }
}
