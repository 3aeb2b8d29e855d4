import Foundation
import Testing
@testable import ConstraintFile
import AutoLayout

/// A `view` line's `key=value` settings: what each sets, and the error texts of every way to get
/// one wrong (unknown, set twice, on the wrong class, a malformed value), pinned to the byte.
@Suite struct LayoutFileSettingsTests {
    /// A one-line file and the first line of its error.
    static let errors: [(String, String)] = [
        ("view a: View frame=(0,0,1,1) frame=(0,0,1,1)",
         "t.layout:1:30: error: 'frame' is set twice"),
        ("view a: View hidden hidden",
         "t.layout:1:21: error: 'hidden' is set twice"),
        ("view a: View rtl rtl",
         "t.layout:1:18: error: 'rtl' is set twice"),
        ("view a: View foo=1",
         "t.layout:1:14: error: unknown key 'foo': expected frame, autoresizing, translates, intrinsic, hugging, compression, margins, safeArea, hidden, id, rtl, or a class's own keys (text, font, lines, preferredMaxLayoutWidth, image, title, axis, distribution, alignment, spacing, marginsRelative, baselineRelative, arranged, customSpacing)"),
        ("view a: View foo",
         "t.layout:1:17: error: expected '=' after 'foo', found the end of the line"),
        ("view a: View 1",
         "t.layout:1:14: error: expected a key=value setting, found number 1"),
        ("view a: View hidden=true",
         "t.layout:1:20: error: expected a key=value setting, found '='"),
        ("view a: View frame",
         "t.layout:1:19: error: expected '=' after 'frame', found the end of the line"),
        ("view a: View text=\"x\"",
         "t.layout:1:14: error: 'text' does not apply to a View: it is a setting of Label"),
        ("view a: View text",
         "t.layout:1:18: error: expected '=' after 'text', found the end of the line"),
        ("view a: Label marginsRelative",
         "t.layout:1:15: error: 'marginsRelative' does not apply to a Label: it is a setting of StackView"),
        ("view a: View baselineRelative",
         "t.layout:1:14: error: 'baselineRelative' does not apply to a View: it is a setting of StackView"),
        ("view a: Label intrinsic=(1,1)",
         "t.layout:1:15: error: 'intrinsic' does not apply to a Label: it is a setting of View"),
        ("view a: Label title=\"x\"",
         "t.layout:1:15: error: 'title' does not apply to a Label: it is a setting of Button"),
        ("view a: View image=1x1",
         "t.layout:1:14: error: 'image' does not apply to a View: it is a setting of ImageView"),
        ("view a: Button font=12",
         "t.layout:1:16: error: 'font' does not apply to a Button: it is a setting of Label"),
        ("view a: Label lines=1 axis=horizontal",
         "t.layout:1:23: error: 'axis' does not apply to a Label: it is a setting of StackView"),
        ("view a: View spacing=1",
         "t.layout:1:14: error: 'spacing' does not apply to a View: it is a setting of StackView"),
        ("view a: TableViewCell arranged=(b)",
         "t.layout:1:23: error: 'arranged' does not apply to a TableViewCell: it is a setting of StackView"),
        ("view a: View customSpacing=(b:1)",
         "t.layout:1:14: error: 'customSpacing' does not apply to a View: it is a setting of StackView"),
        ("view a: View distribution=fill",
         "t.layout:1:14: error: 'distribution' does not apply to a View: it is a setting of StackView"),
        ("view a: View alignment=fill",
         "t.layout:1:14: error: 'alignment' does not apply to a View: it is a setting of StackView"),
        ("view a: ImageView preferredMaxLayoutWidth=1",
         "t.layout:1:19: error: 'preferredMaxLayoutWidth' does not apply to a ImageView: it is a setting of Label"),
        ("view a: View frame=1",
         "t.layout:1:20: error: expected '(' for frame=(x,y,w,h), found number 1"),
        ("view a: View frame=(1,2)",
         "t.layout:1:24: error: expected ',' and 4 numbers in all for frame=(x,y,w,h), found ')'"),
        ("view a: View frame=(1,2,3,4,5)",
         "t.layout:1:28: error: expected ')' after 4 numbers for frame=(x,y,w,h), found ','"),
        ("view a: View frame=(0,0,x,1)",
         "t.layout:1:25: error: expected a number for frame=(x,y,w,h), found 'x'"),
        ("view a: View frame=(0,0,-1,1)",
         "t.layout:1:20: error: a frame's width and height cannot be negative"),
        ("view a: View autoresizing=bogus",
         "t.layout:1:27: error: unknown autoresizing flag 'bogus': expected none or flexibleBottomMargin, flexibleHeight, flexibleLeftMargin, flexibleRightMargin, flexibleTopMargin, flexibleWidth joined by '|'"),
        ("view a: View autoresizing=flexibleWidth|1",
         "t.layout:1:41: error: expected an autoresizing flag, found number 1"),
        ("view a: View autoresizing=none|flexibleWidth",
         "t.layout:1:31: error: expected a key=value setting, found '|'"),
        ("view a: View autoresizing=flexibleWidth|flexibleHeight|",
         "t.layout:1:56: error: expected an autoresizing flag, found the end of the line"),
        ("view a: View autoresizing=1",
         "t.layout:1:27: error: expected an autoresizing flag, found number 1"),
        ("view a: View translates=maybe",
         "t.layout:1:25: error: expected true or false for translates, found 'maybe'"),
        ("view a: View translates=1",
         "t.layout:1:25: error: expected true or false for translates, found number 1"),
        ("view a: View intrinsic=(none,x)",
         "t.layout:1:30: error: expected a number for intrinsic=(w,h), found 'x'"),
        ("view a: View intrinsic=1",
         "t.layout:1:24: error: expected '(' for intrinsic=(w,h), found number 1"),
        ("view a: View hugging=(0,1)",
         "t.layout:1:22: error: priorities go from 1 to 1000"),
        ("view a: View hugging=1",
         "t.layout:1:22: error: expected '(' for hugging=(horizontal,vertical), found number 1"),
        ("view a: View compression=(1)",
         "t.layout:1:28: error: expected ',' and 2 numbers in all for compression=(horizontal,vertical), found ')'"),
        ("view a: View compression=(1,1001)",
         "t.layout:1:26: error: priorities go from 1 to 1000"),
        ("view a: View margins=(1,2,3)",
         "t.layout:1:28: error: expected ',' and 4 numbers in all for margins=(top,leading,bottom,trailing), found ')'"),
        ("view a: View safeArea=()",
         "t.layout:1:24: error: expected a number for safeArea=(top,left,bottom,right), found ')'"),
        ("view a: View id=x",
         "t.layout:1:17: error: expected a quoted string for id, found 'x'"),
        ("view a: Label text=1",
         "t.layout:1:20: error: expected a quoted string for text, found number 1"),
        ("view a: Button title=x",
         "t.layout:1:22: error: expected a quoted string for title, found 'x'"),
        ("view a: Label font=x",
         "t.layout:1:20: error: expected a number for font, found 'x'"),
        ("view a: Label font=2000",
         "t.layout:1:20: error: font size 2000 is out of range: use 1 to 1000 points"),
        ("view a: Label font=-1",
         "t.layout:1:20: error: font size -1 is out of range: use 1 to 1000 points"),
        ("view a: Label font=nan",
         "t.layout:1:20: error: nan is not allowed: expected a finite number for font"),
        ("view a: Label lines=1.5",
         "t.layout:1:21: error: lines must be a whole number, 0 for any number"),
        ("view a: Label lines=-1",
         "t.layout:1:21: error: lines must be a whole number, 0 for any number"),
        ("view a: Label lines=x",
         "t.layout:1:21: error: expected a number for lines, found 'x'"),
        ("view a: Label preferredMaxLayoutWidth=-1",
         "t.layout:1:39: error: preferredMaxLayoutWidth cannot be negative"),
        ("view a: Label preferredMaxLayoutWidth=x",
         "t.layout:1:39: error: expected a number for preferredMaxLayoutWidth, found 'x'"),
        ("view a: ImageView image=24",
         "t.layout:1:25: error: expected a size such as 24x24 for image, found number 24"),
        ("view a: ImageView image=x",
         "t.layout:1:25: error: expected a size such as 24x24 for image, found 'x'"),
        ("view a: StackView axis=diagonal",
         "t.layout:1:24: error: unknown axis 'diagonal': expected horizontal or vertical"),
        ("view a: StackView axis=1",
         "t.layout:1:24: error: expected horizontal or vertical, found number 1"),
        ("view a: StackView distribution=bogus",
         "t.layout:1:32: error: unknown distribution 'bogus': expected fill, fillEqually, fillProportionally, equalSpacing or equalCentering"),
        ("view a: StackView distribution=1",
         "t.layout:1:32: error: expected a distribution, found number 1"),
        ("view a: StackView alignment=bogus",
         "t.layout:1:29: error: unknown alignment 'bogus': expected fill, leading, top, firstBaseline, center, trailing, bottom or lastBaseline"),
        ("view a: StackView alignment=1",
         "t.layout:1:29: error: expected an alignment, found number 1"),
        ("view a: StackView spacing=x",
         "t.layout:1:27: error: expected a number for spacing, found 'x'"),
        ("view a: StackView spacing=inf",
         "t.layout:1:27: error: inf is not allowed: expected a finite number for spacing"),
        ("view a: StackView arranged=b",
         "t.layout:1:28: error: expected '(' and the arranged views' names, found 'b'"),
        ("view a: StackView arranged=(1)",
         "t.layout:1:29: error: expected an arranged view's name, found number 1"),
        ("view a: StackView arranged=(b",
         "t.layout:1:30: error: expected ')' after the arranged views, found the end of the line"),
        ("view a: StackView customSpacing=b",
         "t.layout:1:33: error: expected '(' and name:spacing pairs, found 'b'"),
        ("view a: StackView customSpacing=(b)",
         "t.layout:1:35: error: expected ':' and the spacing after 'b', found ')'"),
        ("view a: StackView customSpacing=(b:x)",
         "t.layout:1:36: error: expected a number for custom spacing, found 'x'"),
        ("view a: StackView customSpacing=(b:1",
         "t.layout:1:37: error: expected ')' after the custom spacings, found the end of the line"),
        ("view a: View intrinsic=(-2,none)",
         "t.layout:1:33: error: an intrinsic size cannot be negative: write none for no intrinsic size"),
    ]

    @Test func errorTexts() {
        for (line, message) in Self.errors {
            #expect(parsedFirstLine(line) == message, "\(line)")
        }
    }

    @Test func everySettingSetsTheDeclaration() throws {
        let file = try LayoutFile.parse("""
            view r: View frame=(1,2,3,4) autoresizing=flexibleWidth|flexibleTopMargin translates=false hugging=(251,252) compression=(749,748) margins=(1,2,3,4) safeArea=(5,6,7,8) hidden id="root" rtl intrinsic=(10,none)
            view l: Label in r text="t" font=17 lines=2 preferredMaxLayoutWidth=200 autoresizing=none
            view i: ImageView in r image=24x12
            view b: Button in r title="go"
            view s: StackView in r axis=vertical distribution=equalSpacing alignment=lastBaseline spacing=-3 marginsRelative baselineRelative arranged=(x,y) customSpacing=(x:12)
            view x: View in s
            view y: View in s
            """, path: "t.layout")
        let views = file.model.views
        let r = views[0].properties, l = views[1].properties, i = views[2].properties
        let b = views[3].properties, s = views[4].properties
        #expect(r.frame == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(r.autoresizing == [.flexibleWidth, .flexibleTopMargin])
        #expect(r.translates == false)
        #expect(r.hugging.map { [$0.0, $0.1] } == [251, 252] && r.compression.map { [$0.0, $0.1] } == [749, 748])
        #expect(r.margins == DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(r.safeArea == EdgeInsets(top: 5, left: 6, bottom: 7, right: 8))
        #expect(r.hidden && r.rightToLeft && r.identifier == "root")
        #expect(r.intrinsic == Size(width: 10, height: View.noIntrinsicMetric))
        #expect(l.text == "t" && l.font == 17 && l.lines == 2 && l.preferredMaxLayoutWidth == 200 && l.autoresizing == [])
        #expect(i.image == Size(width: 24, height: 12))
        #expect(b.title == "go")
        #expect(s.axis == .vertical && s.distribution == .equalSpacing && s.alignment == .lastBaseline && s.spacing == -3)
        #expect(s.marginsRelative && s.baselineRelative)
        #expect(s.arranged == [5, 6] && s.customSpacing.map(\.0) == [5] && s.customSpacing.map(\.1) == [12])
        #expect(!l.hidden && !l.rightToLeft && l.identifier == nil && l.frame == nil)
    }

    // MARK: The table and the article

    /// The settings the *LayoutFileFormat* article documents, as written there (`frame=(x,y,w,h)`,
    /// `hidden`): the code span opening each row of its "Settings for every class" table (nil
    /// classes: every class), and each code span opening an item (after the start or a comma)
    /// of a "Class settings" row.
    static func documentedSettings() throws -> [(form: String, classes: [ViewClass]?)] {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ConstraintFile/ConstraintFile.docc/LayoutFileFormat.md")
        var documented: [(String, [ViewClass]?)] = []
        var table = ""
        for line in try String(contentsOf: article, encoding: .utf8).split(separator: "\n") {
            guard line.hasPrefix("|") else { table = String(line); continue }
            // Cells, with an escaped `\|` kept in its cell as `|`; each cell split at backticks
            // (odd parts are code spans).
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{0}").split(separator: "|")
                .map { $0.replacingOccurrences(of: "\u{0}", with: "|").components(separatedBy: "`") }
            guard cells.count >= 2, cells[0].count >= 3 else { continue }   // a header row
            if table == "Settings for every class:" {
                documented.append((cells[0][1], nil))
            } else if table == "Class settings:" {
                let viewClass = try #require(ViewClass(rawValue: cells[0][1]), "\(line)")
                for i in stride(from: 1, to: cells[1].count, by: 2) {
                    let before = cells[1][i - 1].trimmingCharacters(in: .whitespaces)
                    if i == 1 ? before.isEmpty : before.hasSuffix(",") { documented.append((cells[1][i], [viewClass])) }
                }
            }
        }
        return documented
    }

    /// Whether a documented value (`(x,y,w,h)`, `horizontal|vertical`; nil for a flag) is of the
    /// setting's syntax.
    func documentedValue(_ value: String?, fits syntax: ViewSetting.Value) -> Bool {
        guard let value else {
            if case .flag = syntax { return true }
            return false
        }
        let alternatives = value.split(separator: "|").map(String.init)
        switch syntax {
        case .flag: return false
        case .number: return Double(value) != nil
        case .tuple(let components, _, _, _):
            return value.hasPrefix("(") && value.hasSuffix(")") && value.split(separator: ",").count == components.count
        case .string: return value == "\"…\""
        case .bool: return value == "true|false"
        case .size(let example, _): return value == example
        case .choice(let choice, _): return alternatives == choice.names
        case .mask(let choice, _): return alternatives.allSatisfy(choice.names.contains)
        case .viewNames: return value.hasPrefix("(") && !value.contains(":")
        case .viewSpacings: return value.hasPrefix("(") && value.contains(":")
        }
    }

    @Test func theArticleDocumentsEverySettingAsTheTableHasIt() throws {
        let all = Set(ViewClass.allCases)
        var documentedClasses: [String: Set<ViewClass>] = [:]
        for (form, classes) in try Self.documentedSettings() {
            let key = String(form.prefix { $0.isLetter || $0.isNumber })
            documentedClasses[key, default: []].formUnion(classes ?? ViewClass.allCases)
            guard let setting = ViewSetting.byKey[key] else { continue }
            let value = form == key ? nil : form.hasPrefix(key + "=") ? String(form.dropFirst(key.count + 1)) : "?"
            #expect(documentedValue(value, fits: setting.value), "\(key): the article's `\(form)` is not the table's syntax")
        }
        let keys = Set(ViewSetting.all.map(\.key))
        #expect(Set(documentedClasses.keys) == keys, "documented but not in ViewSetting.all: \(Set(documentedClasses.keys).subtracting(keys)); in the table but not documented: \(keys.subtracting(documentedClasses.keys))")
        for setting in ViewSetting.all {
            guard let classes = documentedClasses[setting.key] else { continue }
            func named(_ c: Set<ViewClass>) -> String { c == all ? "every class" : c.map(\.rawValue).sorted().joined(separator: ", ") }
            #expect(classes == setting.classes.map(Set.init) ?? all,
                    "\(setting.key): documented for \(named(classes)), a setting of \(named(setting.classes.map(Set.init) ?? all))")
        }
    }

    @Test func theTableHasOneEntryAKey() {
        #expect(Set(ViewSetting.all.map(\.key)).count == ViewSetting.all.count)
        #expect(ViewSetting.all.allSatisfy { $0.classes.map { !$0.isEmpty } ?? true })
    }
}
