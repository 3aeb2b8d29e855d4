import AutoLayout
import Cassowary

/// An item as a constraint description prints it: `UILabel:0x7f…'Set lunch'`, a name from the
/// `names:` clause (`name_label`), or `'|'` resolved to the superview the clause names.
public struct LogItem: Hashable, Sendable, CustomStringConvertible {
    /// The class (`UILabel`, `Proto.HeaderView`), or the printed name when the clause gives none.
    public var className: String
    /// `0x…`, when printed or given by the names clause.
    public var address: String?
    /// The quoted label (text or title, cut by UIKit to 25 characters and "...").
    public var label: String?
    /// The name the description used for it (`name_label`, `|`), when it used one.
    public var name: String?

    /// Creates an item.
    public init(className: String, address: String?, label: String? = nil, name: String? = nil) {
        self.className = className
        self.address = address
        self.label = label
        self.name = name
    }

    /// What identifies the view across the constraints of one message: its address, else its name.
    public var identity: String { address ?? name ?? className }

    /// `|` printed without a names clause: some superview, which one the description does not say.
    public var isUnnamedSuperview: Bool { name == "|" && address == nil }

    /// Whether it is a layout guide (`UILayoutGuide`, a stack view's `_UILayoutSpacer`,
    /// `UIFocusGuide`, AppKit's `NSLayoutGuide`…), which the engine does not keep at a size of
    /// zero or more. iOS 7–10's `_UILayoutGuide` (a view controller's top and bottom layout
    /// guide) was a view.
    public var isLayoutGuide: Bool {
        className != "_UILayoutGuide"
            && (className.hasSuffix("LayoutGuide") || className.hasSuffix("FocusGuide") || className == "_UILayoutSpacer")
    }

    /// `Class:0x…'label'`, as UIKit prints it.
    public var description: String {
        var s = address.map { "\(className):\($0)" } ?? (name ?? className)
        if let label { s += "'\(label)'" }
        return s
    }
}

/// One parsed constraint description from a console log.
public struct LogConstraint: Sendable {
    /// The text between the quotes, with NSArray's escapes (`\U00fc`, `\"`) decoded.
    public var description: String
    /// `NSLayoutConstraint`, `NSAutoresizingMaskLayoutConstraint`, `SnapKit.LayoutConstraint`…
    public var className: String
    /// The constraint's address, `0x…`.
    public var address: String?
    /// The quoted identifier (`UIView-Encapsulated-Layout-Height`), if any.
    public var identifier: String?
    /// 1000 unless the description shows one (`@750`, `(40@750)` in visual format).
    public var priority: Double
    /// Made by UIKit, not the app: autoresizing, content size, encapsulated, stack view,
    /// temporary, margin and safe-area guide constraints, `_UI…` classes.
    public var isSystem: Bool
    /// 1-based line in the input.
    public var line: Int
    /// The first item.
    public var firstItem: LogItem
    /// The first item's attribute as printed (`leading`, `minX`, `contentHeight`).
    public var firstAttribute: String
    /// How the two sides compare.
    public var relation: Relation
    /// The factor of the second item's attribute (1 when none is printed).
    public var multiplier: Double
    /// The second item, nil for a constant such as `width == 40`.
    public var secondItem: LogItem?
    /// The second item's attribute.
    public var secondAttribute: String?
    /// The constant, including a symbolic `NSSpace(8)` / `NSLayoutAnchorConstraintSpace(8)`.
    public var constant: Double
    /// An autoresizing mask as printed (`h=--& v=--&`).
    public var autoresizingMask: String?
    /// `File.swift#21` for SnapKit constraints.
    public var sourceLocation: String?
    /// iOS 7 / macOS content-size constraints: `Hug:250 CompressionResistance:750`.
    public var hugging: Double?
    /// The compression resistance of a content-size constraint.
    public var compressionResistance: Double?
    /// The visual-format spacing it was printed as (`[A]-(8)-[B]`, `|-(8)-[X]`, `[X]-(8)-|`), if any.
    var visualSpacing: VisualSpacing?
    /// Whether it was printed in visual format (`H:…`, `V:…`), a spacing or a size (`V:[X(80)]`).
    var isVisualFormat = false

    /// The spacing forms of UIKit's visual-format descriptions.
    enum VisualSpacing {
        case fromSuperviewStart, toSuperviewEnd, betweenItems
    }

    /// Autoresizing (translatesAutoresizingMaskIntoConstraints) constraints.
    public var isAutoresizing: Bool { className == "NSAutoresizingMaskLayoutConstraint" }

    /// A UIKit-private constraint class (`_UILayoutSupportConstraint`,
    /// `_UIScrollViewAutomaticContentSizeConstraint`…): UIKit made it. `_UISystemBaselineConstraint`
    /// is not one of them: the app makes it through a system-spacing anchor.
    var hasUIKitPrivateClass: Bool { className.hasPrefix("_UI") && className != "_UISystemBaselineConstraint" }

    /// A width or height set to a constant (`UILabel.height == 126`): no second item.
    public var isFixedSize: Bool {
        secondItem == nil && (firstAttribute == "width" || firstAttribute == "height")
    }

    /// Whether it is one of UIKit's guide constraints (`'UIViewSafeAreaLayoutGuide-bottom'`,
    /// `'UIView-topMargin-guide-constraint'`): a guide's edge held at an inset from its view's.
    var isGuideInset: Bool {
        guard let id = identifier else { return false }
        return id.hasSuffix("-guide-constraint") || id.hasPrefix("UIViewSafeAreaLayoutGuide")
    }

}

/// One "Unable to simultaneously satisfy constraints" message (or a bare pasted list).
public struct LogMessage: Sendable {
    /// The listed constraints, in order.
    public var constraints: [LogConstraint]
    /// The index of the constraint named by "Will attempt to recover by breaking constraint"
    /// (matched by address, else by description); nil when the paste has no such line.
    public var brokenByUIKit: Int?
    /// 1-based line where the message starts.
    public var line: Int

    /// Creates a message.
    public init(constraints: [LogConstraint], brokenByUIKit: Int?, line: Int) {
        self.constraints = constraints
        self.brokenByUIKit = brokenByUIKit
        self.line = line
    }
}

extension LogMessage {
    /// What ``ConflictPolicy`` reads of each listed constraint, in list order.
    ///
    /// A log printed without identifiers (Masonry's description of constraints, or an iOS 9 or
    /// older log, where UIKit printed an app's fixed sizes in visual format, `H:[UIView(40)]`)
    /// shows UIKit's encapsulated sizes as plain `UIView.width == 375`: such a size counts as
    /// UIKit's there.
    public var conflictCandidates: [ConflictPolicy.Candidate] {
        let printedWithoutIdentifiers = constraints.contains { $0.className == "MASLayoutConstraint" }
            || (!constraints.contains { $0.description.contains("(active") || $0.description.contains("(inactive") }
                && constraints.contains(where: \.isPlainFixedSizeEquation))
        return constraints.map { c in
            let printedFirst = c.visualSpacing == .betweenItems || c.visualSpacing == .toSuperviewEnd ? c.secondItem : c.firstItem
            var maker = ConflictPolicy.Maker(constraintClass: c.className, identifier: c.identifier,
                                             firstItemClass: printedFirst?.className)
            if printedWithoutIdentifiers, maker == .app, c.isPlainFixedSizeEquation { maker = .uikitIdentified }
            let betweenViews = c.visualSpacing == .betweenItems
                && ![c.firstItem, c.secondItem].contains { $0?.className.contains("LayoutGuide") == true }
            return ConflictPolicy.Candidate(
                priority: c.priority, maker: maker, fixedSize: c.isFixedSize ? c.constant : nil,
                isSpacingBetweenViews: betweenViews,
                holdsEndEdge: c.visualSpacing == .toSuperviewEnd || (!c.isVisualFormat && LogConstraint.endEdges.contains(c.firstAttribute)))
        }
    }
}

extension LogConstraint {
    /// Trailing, right and bottom edges, as printed.
    static let endEdges: Set<String> = ["right", "trailing", "bottom", "maxX", "maxY", "rightMargin", "trailingMargin", "bottomMargin"]

    /// `NSLayoutConstraint` with a fixed size printed as an equation (`UIView.width == 375`).
    var isPlainFixedSizeEquation: Bool { className == "NSLayoutConstraint" && isFixedSize && !isVisualFormat }
}

/// Reads UIKit's and AppKit's unsatisfiable-constraint messages out of pasted console output.
public enum UIKitLog {
    /// The most constraints one message may list: UIKit's list a few dozen at most, and the
    /// explainer solves each group, so a runaway list is refused rather than read.
    public static let constraintLimit = 1_000

    /// Every message in `text`: iOS 6–18 and AppKit variants, with or without header, prefixes,
    /// trailing spaces or tabs; bare `( … )` lists and bare quoted lines count as a message.
    ///
    /// - Parameters:
    ///   - text: The console output.
    ///   - path: The name used in errors.
    /// - Returns: The messages that list at least one constraint, in order.
    /// - Throws: `SourceError` at the line and column of a listed description that cannot be read.
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: String, path: String) throws(SourceError) -> [LogMessage] {
        var reader = Reader(path: path)
        var messages: [LogMessage] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let m = try reader.read(line) { messages.append(m) }
        }
        if let m = reader.finish() { messages.append(m) }
        return messages
    }

    /// Reads console output a line at a time and hands back each message once it is complete,
    /// so that a log of any length is read in memory bounded by one message.
    ///
    /// A message with a description that cannot be read is dropped whole: `read` throws for it
    /// once, skips the rest of its lines, and reads on from the next message.
    public struct Reader {
        private let path: String
        private var current: LogMessage?
        private var inList = false
        private var expectBreak = false
        private var dropping = false
        private var lineNumber = 0

        /// Whether a message printed its constraints as os_log's `<private>`: the system redacted
        /// them (AppKit's `[Layout]` category, macOS 10.12 and later, without private data).
        public private(set) var sawRedactedConstraints = false

        /// A reader whose errors name `path`.
        public init(path: String) { self.path = path }

        /// Reads the next line (without its newline); returns the message this line completed, if any.
        /// - Throws: `SourceError` at a listed description that cannot be read, or when one
        ///   message lists more than ``UIKitLog/constraintLimit`` constraints. The message is then
        ///   dropped: its remaining lines are skipped, and the next message is read as usual.
        public mutating func read(_ rawLine: Substring) throws(SourceError) -> LogMessage? {
            do {
                return try readLine(rawLine)
            } catch {
                dropping = true
                throw error
            }
        }

        private mutating func readLine(_ rawLine: Substring) throws(SourceError) -> LogMessage? {
            lineNumber += 1
            var line = rawLine
            if line.hasSuffix("\r") { line = line.dropLast() }
            // A copy from Markdown escapes the angle brackets: `\<NSLayoutConstraint:0x… …\>,`.
            if trim(line).hasPrefix("\\<") { line = Substring(line.replacing("\\<", with: "<").replacing("\\>", with: ">")) }
            let trimmed = trim(line)
            if trimmed.isEmpty { return nil }
            let redacted = contains(line, "<private>")

            if contains(line, "Unable to simultaneously satisfy constraints")
                || contains(line, "Conflicting constraints detected") {
                let done = finish()
                current = LogMessage(constraints: [], brokenByUIKit: nil, line: lineNumber)
                if trimmed.hasSuffix("(") { inList = true }
                if redacted { sawRedactedConstraints = true }
                return done
            }
            if redacted, current != nil || inList || expectBreak { sawRedactedConstraints = true }
            if let range = find(line, "Will attempt to recover by breaking") {
                inList = false
                let rest = trim(line[range.upperBound...])
                let afterWord = rest.hasPrefix("constraint") ? trim(rest.dropFirst("constraint".count)) : rest
                if afterWord.hasPrefix("<") { resolveBreak(afterWord); return finish() }
                expectBreak = true
                return nil
            }
            if expectBreak {
                if let open = line.firstIndex(of: "<") { resolveBreak(line[open...]) }
                return finish()
            }
            if inList {
                if trimmed == ")" || trimmed == ")." || trimmed == ")," { inList = false; return nil }
                if let q = find(line, "\"<") {
                    let entry = line.index(after: q.lowerBound)
                    if !line[entry...].hasPrefix("<private>") { try appendEntry(line, from: entry, quoted: true) }
                    return nil
                }
                // An entry that lost its quotes; `<private>` (os_log privacy) and other `<…>` stay in the list.
                if trimmed.hasPrefix("<") {
                    if UIKitLog.startsLikeDescription(trimmed) { try appendEntry(line, from: trimmed.startIndex, quoted: false) }
                    return nil
                }
                inList = false
                return nil
            }
            if trimmed == "(" {
                var done: LogMessage?
                // The list of a header that did not end in "(", or else a new (bare) message.
                if current == nil || !current!.constraints.isEmpty || dropping {
                    done = finish()
                    current = LogMessage(constraints: [], brokenByUIKit: nil, line: lineNumber)
                }
                inList = true
                return done
            }
            // A bare quoted description with no list around it (the start of a paste was lost).
            if let q = find(line, "\"<"), looksLikeDescription(line[line.index(after: q.lowerBound)...]) {
                var done: LogMessage?
                if dropping { done = finish() }
                if current == nil { current = LogMessage(constraints: [], brokenByUIKit: nil, line: lineNumber) }
                inList = true
                try appendEntry(line, from: line.index(after: q.lowerBound), quoted: true)
                return done
            }
            return nil
        }

        /// Ends the message being read (at the end of the input, or when the next one starts);
        /// returns it when it lists at least one constraint and none that cannot be read.
        public mutating func finish() -> LogMessage? {
            defer { current = nil; inList = false; expectBreak = false; dropping = false }
            guard !dropping, let m = current, !m.constraints.isEmpty else { return nil }
            return m
        }

        /// Parses the description that starts at `start` (its `<`), quoted by NSArray or not.
        private mutating func appendEntry(_ line: Substring, from start: Substring.Index, quoted: Bool) throws(SourceError) {
            if dropping { return }
            var body = line[start...]
            // Drop the closing quote and the comma of NSArray's description.
            while let last = body.last, last == "," || last == " " || last == "\t" { body = body.dropLast() }
            if quoted, body.last == "\"" { body = body.dropLast() }
            let text = unescape(body)
            let column = line.distance(from: line.startIndex, to: start) + 1
            var c: LogConstraint
            do {
                c = try DescriptionParser.parse(text)
            } catch {
                throw SourceError(path: path, line: lineNumber, column: column + error.offset,
                                  message: error.message, sourceLine: String(line))
            }
            c.line = lineNumber
            if current == nil { current = LogMessage(constraints: [], brokenByUIKit: nil, line: lineNumber) }
            guard current!.constraints.count < constraintLimit else {
                throw SourceError(path: path, line: lineNumber, column: column - (quoted ? 1 : 0),
                                  message: "the message that starts on line \(current!.line) lists more than \(constraintLimit) constraints; UIKit's list a few dozen",
                                  sourceLine: String(line))
            }
            current!.constraints.append(c)
        }

        private mutating func resolveBreak(_ raw: Substring) {
            guard current != nil, !dropping else { return }
            var text = trim(raw)
            // Whatever follows the description's closing `>` ("." or a pasted comment's "*/").
            if let close = text.lastIndex(of: ">") { text = text[...close] }
            let description = String(text)
            let parsed = try? DescriptionParser.parse(description)
            let list = current!.constraints
            if let address = parsed?.address, let i = list.firstIndex(where: { $0.address == address }) {
                current!.brokenByUIKit = i
            } else if let i = list.firstIndex(where: { $0.description == description }) {
                current!.brokenByUIKit = i
            }
        }
    }

    /// `<CLASS:0x…` or `<CLASS: 0x…`: the start of a description, which `<private>` is not.
    static func startsLikeDescription(_ s: Substring) -> Bool {
        guard s.first == "<", let colon = s.firstIndex(of: ":"),
              DescriptionParser.isClassName(s[s.index(after: s.startIndex)..<colon]) else { return false }
        var rest = s[s.index(after: colon)...]
        if rest.first == " " { rest = rest.dropFirst() }
        return rest.hasPrefix("0x") && rest.dropFirst(2).first?.isHexDigit == true
    }

    static func looksLikeDescription(_ s: Substring) -> Bool {
        guard s.first == "<" else { return false }
        return contains(s.prefix(200), ":")
    }

    /// Decodes NSArray's quoting: `\"`, `\\`, `\n`, `\t` and `\Uxxxx` (UTF-16, surrogate pairs joined).
    static func unescape(_ s: Substring) -> String {
        guard s.contains("\\") else { return String(s) }
        var units: [UInt16] = []
        var it = Array(s.utf16)[...]
        while let u = it.popFirst() {
            guard u == 0x5C, let next = it.first else { units.append(u); continue }
            switch next {
            case 0x55, 0x75:   // U u
                let hex = it.dropFirst().prefix(4)
                if hex.count == 4, let v = UInt16(String(decoding: hex, as: UTF16.self), radix: 16) {
                    units.append(v); it = it.dropFirst(5)
                } else { units.append(u) }
            case 0x6E: units.append(0x0A); it = it.dropFirst()
            case 0x74: units.append(0x09); it = it.dropFirst()
            case 0x22, 0x5C, 0x27: units.append(next); it = it.dropFirst()
            default: units.append(u)
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}

// MARK: - Small text helpers (no Foundation)

func trim(_ s: Substring) -> Substring {
    var s = s
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
    return s
}

func find(_ s: Substring, _ needle: String, from: Substring.Index? = nil) -> Range<Substring.Index>? {
    let n = Array(needle.utf8)
    guard let first = n.first else { return nil }
    let u = s.utf8
    var i = from ?? u.startIndex
    while i < u.endIndex {
        if u[i] == first {
            var j = i, k = 0
            while k < n.count, j < u.endIndex, u[j] == n[k] { j = u.index(after: j); k += 1 }
            if k == n.count { return i..<j }
        }
        i = u.index(after: i)
    }
    return nil
}

func contains(_ s: Substring, _ needle: String) -> Bool { find(s, needle) != nil }

/// Parses a number as UIKit prints it (`%g`, SnapKit's `10.0`, `- 0.333333`).
/// - Returns: nil when `s` is not a number.
/// - Throws: `DescriptionError` at the number when it is one but out of range (`1e400`): a
///   constant the solver cannot hold, which UIKit never prints.
func parseNumber(_ s: Substring) throws(DescriptionError) -> Double? {
    var t = trim(s)
    var negative = false
    if t.hasPrefix("-") { negative = true; t = trim(t.dropFirst()) }
    else if t.hasPrefix("+") { t = trim(t.dropFirst()) }
    guard let f = t.first, f.isASCII, f.isNumber || f == "." else { return nil }
    guard t.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "e" || $0 == "E" || $0 == "-" || $0 == "+") }),
          let v = Double(String(t)) else { return nil }
    guard v.isFinite else {
        // `t` shares its indices with the whole description (`base`), so the offset is the column.
        throw DescriptionError(offset: t.base.distance(from: t.base.startIndex, to: t.startIndex),
                               message: "the number '\(t)' is out of range: constants must be finite")
    }
    return negative ? -v : v
}

/// Why a description could not be read, and where (characters into it).
struct DescriptionError: Error {
    var offset: Int
    var message: String
}

/// The names clause (`names: name_label:UILabel:0x…, '|':UIView:0x…`): the items each name
/// stands for, in the order the clause lists them.
///
/// UIKit cuts names to 25 characters and "...", so two views can print under one name
/// (`V:[ListViewItemLabel...]-(7)-[ListViewItemLabel...]`); entries with different addresses are
/// never merged. The k-th use of a name in the body binds the k-th entry of that name, the last
/// entry when there are fewer: which of two such views is which cannot be told from the text.
struct NameTable {
    private var entries: [String: [LogItem]] = [:]
    private var uses: [String: Int] = [:]

    /// Adds an entry; the same name with the same address again is the same entry.
    mutating func add(_ item: LogItem, as name: String) {
        if entries[name]?.contains(where: { $0.address == item.address }) == true { return }
        entries[name, default: []].append(item)
    }

    /// The item the next use of `name` stands for, or nil when the clause does not list it.
    mutating func bind(_ name: String) -> LogItem? {
        guard let list = entries[name] else { return nil }
        let k = uses[name, default: 0]
        uses[name] = k + 1
        return list[min(k, list.count - 1)]
    }

    /// The superview `|` stands for, when the clause names it.
    var superview: LogItem? { entries["|"]?.first }
}

/// Reads one constraint's `-description`, every variant of the grammar in the spec.
struct DescriptionParser {
    /// The whole description; every substring below shares its indices.
    let all: Substring
    /// The items' quoted labels: the app's text, searched for no syntax (`'a == b'`, `'[x]-y'`).
    let labels: [Range<Substring.Index>]
    var names = NameTable()

    private init(_ text: String) {
        all = Substring(text)
        labels = DescriptionParser.labelSpans(all)
    }

    /// Reads a description.
    /// - Throws: `DescriptionError` at the first part that cannot be read.
    static func parse(_ text: String) throws(DescriptionError) -> LogConstraint {
        var parser = DescriptionParser(text)
        return try parser.parse()
    }

    func fail(_ at: Substring.Index, _ message: String) -> DescriptionError {
        DescriptionError(offset: all.distance(from: all.startIndex, to: at), message: message)
    }

    static func isClassName(_ s: Substring) -> Bool {
        !s.isEmpty && s.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_$.".contains($0)) })
    }

    // MARK: Labels

    /// The spans of the items' quoted labels, quotes included. A label opens with the `'` right
    /// after an item's address (`UILabel:0x7f…'`) and closes at the first `'` that an item's end
    /// may follow: `.attribute`, `]`, `(` or the end. So `'YOU'RE OK'.bottom` is one label.
    static func labelSpans(_ s: Substring) -> [Range<Substring.Index>] {
        var spans: [Range<Substring.Index>] = []
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "'", followsAddress(s, i), let close = labelClose(s, after: i) {
                let end = s.index(after: close)
                spans.append(i..<end)
                i = end
            } else {
                i = s.index(after: i)
            }
        }
        return spans
    }

    /// Whether `s[i]` comes right after `:0x` and hex digits.
    private static func followsAddress(_ s: Substring, _ i: Substring.Index) -> Bool {
        var j = i, digits = 0
        while j > s.startIndex, s[s.index(before: j)].isHexDigit { j = s.index(before: j); digits += 1 }
        // The run swallowed the "0" of "0x" only if "0x" is not there; look for ":0x" before the run.
        guard digits > 0 else { return false }
        let head = s[..<j]
        return head.hasSuffix(":0x") || head.hasSuffix(": 0x")
    }

    /// The `'` that closes the label opened at `open`.
    private static func labelClose(_ s: Substring, after open: Substring.Index) -> Substring.Index? {
        var i = s.index(after: open)
        while i < s.endIndex {
            if s[i] == "'" {
                let next = s.index(after: i)
                if next == s.endIndex || s[next] == "]" || s[next] == "(" { return i }
                if s[next] == "." {
                    let word = s[s.index(after: next)...].prefix(while: { $0.isASCII && $0.isLetter })
                    if LayoutConstraint.Attribute(printedName: word) != nil { return i }
                }
            }
            i = s.index(after: i)
        }
        return nil
    }

    func inLabel(_ i: Substring.Index) -> Bool { labels.contains { $0.contains(i) } }

    /// The first `needle` in `s` outside the labels.
    func findOutsideLabels(_ s: Substring, _ needle: String) -> Range<Substring.Index>? {
        var from = s.startIndex
        while from < s.endIndex, let r = find(s, needle, from: from) {
            guard let label = labels.first(where: { $0.overlaps(r) }) else { return r }
            from = label.upperBound
        }
        return nil
    }

    /// The last `needle` in `s` outside the labels.
    func findLastOutsideLabels(_ s: Substring, _ needle: String) -> Range<Substring.Index>? {
        var result: Range<Substring.Index>?
        var from = s.startIndex
        while from < s.endIndex, let r = findOutsideLabels(s[from...], needle) { result = r; from = s.utf8.index(after: r.lowerBound) }
        return result
    }

    func firstIndexOutsideLabels(of c: Character, in s: Substring) -> Substring.Index? {
        s.indices.first { s[$0] == c && !inLabel($0) }
    }

    func lastIndexOutsideLabels(of c: Character, in s: Substring) -> Substring.Index? {
        s.indices.reversed().first { s[$0] == c && !inLabel($0) }
    }

    // MARK: Description

    mutating func parse() throws(DescriptionError) -> LogConstraint {
        guard all.hasPrefix("<") else { throw fail(all.startIndex, "expected '<' to start a constraint description") }
        var s = trim(all.dropFirst())
        guard s.hasSuffix(">") else { throw fail(all.endIndex, "expected '>' to end the constraint description") }
        s = trim(s.dropLast())
        // CLASS ":" [" "] ADDR ["@" FILE "#" LINE]
        guard let colon = s.firstIndex(of: ":"), DescriptionParser.isClassName(s[..<colon])
        else { throw fail(s.startIndex, "expected a constraint class name and ':' (as in '<NSLayoutConstraint:0x…')") }
        let className = String(s[..<colon])
        s = trim(s[s.index(after: colon)...])
        let addressEnd = s.firstIndex(where: { $0 == " " || $0 == "@" }) ?? s.endIndex
        let address = String(s[..<addressEnd])
        guard address.hasPrefix("0x") else { throw fail(s.startIndex, "expected the constraint's address '0x…'") }
        s = s[addressEnd...]
        var sourceLocation: String?
        if s.hasPrefix("@") {
            let end = s.firstIndex(of: " ") ?? s.endIndex
            sourceLocation = String(s[s.index(after: s.startIndex)..<end])
            s = s[end...]
        }
        s = trim(s)
        var mask: String?
        if s.hasPrefix("h=") || s.hasPrefix("v=") {
            var parts: [Substring] = []
            while s.hasPrefix("h=") || s.hasPrefix("v=") {
                let end = s.firstIndex(of: " ") ?? s.endIndex
                parts.append(s[..<end]); s = trim(s[end...])
            }
            mask = parts.joined(separator: " ")
        }
        var identifier: String?
        if s.hasPrefix("'") {
            guard let close = find(s, "' ", from: s.utf8.index(after: s.startIndex)) else {
                throw fail(s.startIndex, "expected the identifier's closing quote")
            }
            identifier = String(s[s.index(after: s.startIndex)..<close.lowerBound])
            s = trim(s[close.upperBound...])
        }
        // INFO: "   (active, names: …)" or " (Names: … )".
        if let info = [findLastOutsideLabels(s, "(active"), findLastOutsideLabels(s, "(inactive"), findLastOutsideLabels(s, "(Names:")].compactMap({ $0 }).max(by: { $0.lowerBound < $1.lowerBound }) {
            let clause = s[info.lowerBound...]
            if let n = find(clause, "ames: ") {
                var list = clause[n.upperBound...]
                if list.hasSuffix(")") { list = list.dropLast() }
                readNames(list)
            }
            s = trim(s[..<info.lowerBound])
        }
        var hugging: Double?, resistance: Double?
        if let h = findOutsideLabels(s, " Hug:") {
            let tail = s[h.upperBound...]
            let parts = tail.split(separator: " ")
            if let first = parts.first { hugging = try parseNumber(first) }
            if let cr = parts.first(where: { $0.hasPrefix("CompressionResistance:") }) {
                resistance = try parseNumber(cr.dropFirst("CompressionResistance:".count))
            }
            s = trim(s[..<h.lowerBound])
        }
        var priority = 1000.0
        if let at = lastIndexOutsideLabels(of: "@", in: s), s[..<at].hasSuffix(" "), let p = try parseNumber(s[s.index(after: at)...]) {
            priority = p
            s = trim(s[..<at])
        }
        var c = LogConstraint(description: String(all), className: className, address: address, identifier: identifier,
                              priority: priority, isSystem: false, line: 0,
                              firstItem: LogItem(className: "", address: nil), firstAttribute: "", relation: .equal,
                              multiplier: 1, secondItem: nil, secondAttribute: nil, constant: 0,
                              autoresizingMask: mask, sourceLocation: sourceLocation,
                              hugging: hugging, compressionResistance: resistance)
        if let h = hugging, let r = resistance { c.priority = max(h, r) }
        if s.hasPrefix("H:") || s.hasPrefix("V:") {
            c.isVisualFormat = true
            try parseVisualFormat(s, into: &c)
        } else {
            try parseEquation(s, into: &c)
        }
        c.isSystem = DescriptionParser.isSystem(c)
        return c
    }

    /// `ENTRY (", " ENTRY)*`: `NAME:CLASS:ADDR`, `'|':CLASS:ADDR`, or `NAME:ADDR` when the clause
    /// leaves the class out (the name then stands for the class too; the address is the identity).
    mutating func readNames(_ list: Substring) {
        for entry in list.split(separator: ",") {
            let e = trim(entry)
            guard let a = e.lastIndex(of: ":") else { continue }
            let address = trim(e[e.index(after: a)...])
            guard address.hasPrefix("0x") else { continue }
            let head = e[..<a]
            var name = head, className: Substring?
            if let c = head.lastIndex(of: ":"), DescriptionParser.isClassName(head[head.index(after: c)...]) {
                name = head[..<c]
                className = head[head.index(after: c)...]
            }
            let n = name == "'|'" ? "|" : String(name)
            guard !n.isEmpty else { continue }
            let cls = className.map(String.init) ?? (n == "|" ? "superview" : n)
            names.add(LogItem(className: cls, address: String(address), name: n), as: n)
        }
    }

    static func isSystem(_ c: LogConstraint) -> Bool {
        if c.className == "NSAutoresizingMaskLayoutConstraint" || c.className == "NSContentSizeLayoutConstraint"
            || c.hasUIKitPrivateClass { return true }
        guard let id = c.identifier else { return false }
        return id.hasPrefix("UIView-") || id.hasPrefix("UISV-") || id.hasPrefix("_UITemporaryLayout")
            || id.hasPrefix("UIViewSafeAreaLayoutGuide") || id.hasPrefix("TUIKeyplane")
    }

    /// `Class:0x…['label']` or a name from the clause.
    mutating func item(_ raw: Substring) -> LogItem? {
        let t = trim(raw)
        if t.isEmpty { return nil }
        if let named = names.bind(String(t)) { return named }
        if t == "|" { return LogItem(className: "superview", address: nil, name: "|") }
        if let r = find(t, ":0x") {
            let cls = t[..<r.lowerBound]
            if DescriptionParser.isClassName(cls) {
                var rest = t[r.lowerBound...].dropFirst()
                let end = rest.firstIndex(where: { !($0.isHexDigit || $0 == "x") }) ?? rest.endIndex
                let address = String(rest[..<end])
                rest = rest[end...]
                var label: String?
                if rest.hasPrefix("'") && rest.hasSuffix("'") && rest.count >= 2 { label = String(rest.dropFirst().dropLast()) }
                return LogItem(className: String(cls), address: address, label: label)
            }
        }
        return LogItem(className: String(t), address: nil, name: String(t))
    }

    static func attribute(_ raw: Substring) -> String {
        if let brace = raw.firstIndex(of: "{") { return String(raw[..<brace]) }
        return String(raw)
    }


    /// `ITEM.ATTR` split at the last dot outside a label.
    mutating func itemAttribute(_ raw: Substring) throws(DescriptionError) -> (LogItem, String) {
        let t = trim(raw)
        guard let dot = lastIndexOutsideLabels(of: ".", in: t), dot != t.startIndex else {
            throw fail(t.startIndex, "expected 'item.attribute' (as in 'UIView:0x7f….leading')")
        }
        let attr = DescriptionParser.attribute(t[t.index(after: dot)...])
        guard LayoutConstraint.Attribute(printedName: attr) != nil else {
            throw fail(t.index(after: dot), "expected a layout attribute (leading, width, centerY, minX…), found '\(attr)'")
        }
        guard let i = item(t[..<dot]) else { throw fail(t.startIndex, "expected an item before '.\(attr)'") }
        return (i, attr)
    }

    static func relation(_ s: Substring) -> Relation? {
        switch s { case "==": return .equal; case "<=": return .lessThanOrEqual; case ">=": return .greaterThanOrEqual; default: return nil }
    }

    /// `NSSpace(8)` or `NSLayoutAnchorConstraintSpace(8)`.
    static func symbolic(_ s: Substring) throws(DescriptionError) -> Double? {
        for prefix in ["NSSpace(", "NSLayoutAnchorConstraintSpace("] where s.hasPrefix(prefix) && s.hasSuffix(")") {
            return try parseNumber(s.dropFirst(prefix.count).dropLast())
        }
        return nil
    }

    mutating func parseEquation(_ s: Substring, into c: inout LogConstraint) throws(DescriptionError) {
        guard let op = [findOutsideLabels(s, " == "), findOutsideLabels(s, " <= "), findOutsideLabels(s, " >= ")].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound })
        else { throw fail(s.startIndex, "expected '==', '<=' or '>=' between two sides, or a visual format 'H:'/'V:'") }
        (c.firstItem, c.firstAttribute) = try itemAttribute(s[..<op.lowerBound])
        c.relation = DescriptionParser.relation(trim(s[op]))!
        var rhs = trim(s[op.upperBound...])
        if rhs.isEmpty { throw fail(op.upperBound, "expected a constant or 'item.attribute' after the relation") }
        if let v = try parseNumber(rhs) { c.constant = v; return }
        // A trailing symbolic constant: "… NSLayoutAnchorConstraintSpace(8)".
        if rhs.hasSuffix(")"), let sp = lastIndexOutsideLabels(of: " ", in: rhs), let v = try DescriptionParser.symbolic(rhs[rhs.index(after: sp)...]) {
            c.constant += v; rhs = trim(rhs[..<sp])
        }
        // A leading multiplier: "0.2*View.height".
        if let star = firstIndexOutsideLabels(of: "*", in: rhs), !rhs[..<star].contains(" "), let m = try parseNumber(rhs[..<star]) {
            c.multiplier = m; rhs = trim(rhs[rhs.index(after: star)...])
        }
        // Trailing "+ c", "- c" and legacy "* m", in any order.
        while true {
            guard let sp = lastIndexOutsideLabels(of: " ", in: rhs), let v = try parseNumber(rhs[rhs.index(after: sp)...]) else { break }
            let head = trim(rhs[..<sp])
            if head.hasSuffix(" +") { c.constant += v; rhs = trim(head.dropLast()) }
            else if head.hasSuffix(" -") { c.constant -= v; rhs = trim(head.dropLast()) }
            else if head.hasSuffix(" *") { c.multiplier *= v; rhs = trim(head.dropLast()) }
            else { break }
        }
        let (i, a) = try itemAttribute(rhs)
        c.secondItem = i
        c.secondAttribute = a
    }

    /// `(8)`, `(>=16)`, `(NSSpace(8))`, `(40@750)`.
    static func predicate(_ p: Substring) throws(DescriptionError) -> (Relation, Double, Double?)? {
        var t = trim(p)
        var rel = Relation.equal
        if t.count >= 2, let r = relation(t.prefix(2)) { rel = r; t = t.dropFirst(2) }
        var priority: Double?
        if let at = t.lastIndex(of: "@"), let v = try parseNumber(t[t.index(after: at)...]) { priority = v; t = t[..<at] }
        if let v = try parseNumber(t) { return (rel, v, priority) }
        if let v = try symbolic(trim(t)) { return (rel, v, priority) }
        return nil
    }

    mutating func parseVisualFormat(_ s: Substring, into c: inout LogConstraint) throws(DescriptionError) {
        let vertical = s.hasPrefix("V:")
        var t = s.dropFirst(2)
        var ltr = false
        for suffix in ["(LTR)", "(RTL)"] where t.hasSuffix(suffix) { t = t.dropLast(suffix.count); ltr = true }
        let start = vertical ? "top" : (ltr ? "left" : "leading")
        let end = vertical ? "bottom" : (ltr ? "right" : "trailing")
        let size = vertical ? "height" : "width"
        // Tokens: "|", "[item]" or "[item(P)]", "-(P)-".
        var superview = false, items: [LogItem] = [], ownSize: (Relation, Double, Double?)?
        var gap: (Relation, Double, Double?)?
        var order: [Character] = []
        while !t.isEmpty {
            if t.hasPrefix("|") { superview = true; order.append("|"); t = t.dropFirst(); continue }
            if t.hasPrefix("-(") {
                guard let close = find(t, ")-") else { throw fail(t.startIndex, "expected ')-' to close the spacing '-('") }
                guard let p = try DescriptionParser.predicate(t[t.index(t.startIndex, offsetBy: 2)..<close.lowerBound]) else {
                    throw fail(t.startIndex, "expected a spacing such as (8), (>=16) or (NSSpace(8))")
                }
                gap = p; order.append("-"); t = t[close.upperBound...]; continue
            }
            if t.hasPrefix("-") {   // "-8-" without parentheses
                let body = t.dropFirst()
                guard let dash = body.firstIndex(of: "-"), let p = try DescriptionParser.predicate(body[..<dash]) else {
                    throw fail(t.startIndex, "expected a spacing such as -(8)-")
                }
                gap = p; order.append("-"); t = body[body.index(after: dash)...]; continue
            }
            if t.hasPrefix("[") {
                // The "]" before "-", "|" or the end; a label's text ("'[x]-y'") is not syntax.
                var close: Substring.Index?
                var i = t.index(after: t.startIndex)
                while i < t.endIndex {
                    if let label = labels.first(where: { $0.contains(i) }) { i = label.upperBound; continue }
                    if t[i] == "]" {
                        let n = t.index(after: i)
                        if n == t.endIndex || t[n] == "-" || t[n] == "|" { close = i; break }
                    }
                    i = t.index(after: i)
                }
                guard let close else { throw fail(t.startIndex, "expected ']' to close the view '['") }
                var inner = t[t.index(after: t.startIndex)..<close]
                if inner.hasSuffix(")"), let open = lastIndexOutsideLabels(of: "(", in: inner),
                   let p = try DescriptionParser.predicate(inner[inner.index(after: open)..<inner.index(before: inner.endIndex)]) {
                    ownSize = p; inner = inner[..<open]
                }
                guard let it = item(inner) else { throw fail(inner.startIndex, "expected a view inside '[ ]'") }
                items.append(it); order.append("["); t = t[t.index(after: close)...]; continue
            }
            throw fail(t.startIndex, "expected '|', '[view]' or '-(spacing)-' in the visual format")
        }
        let parent = names.superview ?? LogItem(className: "superview", address: nil, name: "|")
        func apply(_ p: (Relation, Double, Double?)) { c.relation = p.0; c.constant = p.1; if let pr = p.2 { c.priority = pr } }
        if items.count == 1, let own = ownSize, gap == nil {
            c.firstItem = items[0]; c.firstAttribute = size; apply(own); return
        }
        guard let g = gap, !items.isEmpty else { throw fail(s.startIndex, "expected a spacing between two views or a view and '|'") }
        apply(g)
        if items.count == 2 {
            c.firstItem = items[1]; c.firstAttribute = start; c.secondItem = items[0]; c.secondAttribute = end
            c.visualSpacing = .betweenItems
        } else if superview, order.first == "|" {
            c.firstItem = items[0]; c.firstAttribute = start; c.secondItem = parent; c.secondAttribute = start
            c.visualSpacing = .fromSuperviewStart
        } else if superview {
            c.firstItem = parent; c.firstAttribute = end; c.secondItem = items[0]; c.secondAttribute = end
            c.visualSpacing = .toSuperviewEnd
        } else {
            throw fail(s.startIndex, "expected a spacing between two views or a view and '|'")
        }
    }
}
