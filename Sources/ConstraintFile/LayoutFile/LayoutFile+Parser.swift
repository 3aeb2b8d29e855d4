import AutoLayout

extension LayoutFile {
    /// The longest line a file may have, in characters.
    public static let maximumLineLength = 100_000
    /// The largest number a file may hold (coordinates, sizes, constants): 1e7 points, past
    /// which double precision no longer resolves fractions of a point in a solve.
    public static let largestNumber = 1e7
    /// The range of a multiplier's magnitude (0 aside): beyond it, a solve loses its precision.
    public static let multiplierRange = 1e-4...1e4
    /// The most views one visual format line may name (a row of a screen names a handful).
    public static let maximumVisualFormatViews = 64
    /// The deepest a view may be nested (`in` parents, a cell's content view counting as one).
    public static let maximumDepth = 64

    /// Parses a `.layout` file and checks every name, class, attribute and relation in it.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - path: The path shown in errors and reports.
    /// - Returns: The file, ready to ``run()``.
    /// - Throws: ``SourceError`` at the first problem, with the line, a caret under the column
    ///   and what was expected there.
    /// - Complexity: O(*n*) for a file of *n* characters, stopping at the first error.
    public static func parse(_ text: String, path: String) throws(SourceError) -> LayoutFile {
        var parser = LayoutFileParser(path: path, bytes: Array(text.utf8))
        return try parser.parseFile()
    }
}

private let keywords: Set<String> = ["view", "guide", "set", "activate", "deactivate", "layout", "fit", "expect", "in", "H", "V"]

/// Reads a file line by line into a ``LayoutFile``.
struct LayoutFileParser {
    let path: String
    let bytes: [UInt8]
    var position = 0
    var lineNumber = 0
    var file = LayoutModel()

    // The current line.
    var lineText = ""
    var tokens: [Token] = []
    var index = 0

    var viewIndex: [String: Int] = [:]
    var guideIndex: [String: Int] = [:]
    var setIndex: [String: Int] = [:]
    var constraintIDs: Set<String> = []
    /// The set being read: its index and where it opened.
    var openSet: (index: Int, line: Int, text: String, column: Int)?
    /// `arranged=` and `customSpacing=` names, resolved at the end of the file.
    var pendingArranged: [(stack: Int, names: [(String, Int)], customSpacing: [(String, Int, Double)], line: Int, text: String)] = []

    /// A scratch hierarchy, to check visual format lines against.
    var scratchViews: [View] = []
    var scratchGuides: [LayoutGuide] = []
    /// The scratch views and guides by name, for visual formats.
    var scratchItems: [String: LayoutItem] = [:]

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }   // a UTF-8 byte order mark
    }

    // MARK: Lines

    mutating func parseFile() throws(SourceError) -> LayoutFile {
        while let line = try nextLine() {
            lineText = line
            let chars = Array(line)
            if chars.count > LayoutFile.maximumLineLength {
                throw SourceError(path: path, line: lineNumber, column: LayoutFile.maximumLineLength + 1,
                                  message: "line is longer than 100,000 characters", sourceLine: String(chars.prefix(LayoutFile.maximumLineLength + 100)))
            }
            if let vfl = visualFormatStart(chars) {
                try parseVisualFormatLine(chars, formatStart: vfl)
                continue
            }
            tokens = try tokenize(chars, line: lineNumber, path: path, text: line)
            index = 0
            if case .end = tokens[0].kind { continue }
            try parseStatement()
        }
        if let open = openSet {
            throw SourceError(path: path, line: open.line, column: open.column,
                              message: "unterminated set '\(file.sets[open.index].name)': expected a line with '}' before the end of the file",
                              sourceLine: open.text)
        }
        try resolveArranged()
        return LayoutFile(path: path, model: file)
    }

    /// The next line's text, or nil at the end of the file.
    mutating func nextLine() throws(SourceError) -> String? {
        guard position < bytes.count else { return nil }
        lineNumber += 1
        let start = position
        let limit = LayoutFile.maximumLineLength * 4
        var end = start
        while end < bytes.count, bytes[end] != 10, bytes[end] != 13 {
            end += 1
            if end - start > limit {
                throw SourceError(path: path, line: lineNumber, column: LayoutFile.maximumLineLength + 1,
                                  message: "line is longer than 100,000 characters", sourceLine: nil)
            }
        }
        position = end
        if position < bytes.count, bytes[position] == 13 { position += 1 }
        if position < bytes.count, bytes[position] == 10 { position += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    func fail(_ message: String, at column: Int) -> SourceError {
        SourceError(path: path, line: lineNumber, column: column, message: message, sourceLine: lineText)
    }
    func fail(_ message: String, _ token: Token) -> SourceError { fail(message, at: token.column) }

    var current: Token { tokens[index] }

    mutating func advance() -> Token {
        let t = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return t
    }

    func isPunct(_ p: String) -> Bool { current.kind == .punct(p) }
    func isIdent(_ s: String) -> Bool { current.kind == .ident(s) }

    mutating func expectPunct(_ p: String, _ what: String) throws(SourceError) {
        guard isPunct(p) else { throw fail("expected \(what), found \(current.shown)", current) }
        _ = advance()
    }

    mutating func name(_ what: String) throws(SourceError) -> (String, Int) {
        guard case .ident(let s) = current.kind else { throw fail("expected \(what), found \(current.shown)", current) }
        let column = current.column
        _ = advance()
        return (s, column)
    }

    mutating func signedNumber(_ what: String) throws(SourceError) -> Double {
        var sign = 1.0
        if isPunct("-") { sign = -1; _ = advance() } else if isPunct("+") { _ = advance() }
        switch current.kind {
        case .number(let x):
            _ = advance()
            return sign * x
        case .ident(let s) where ["nan", "NaN", "inf", "infinity", "Inf"].contains(s):
            throw fail("\(s) is not allowed: expected a finite number for \(what)", current)
        default:
            throw fail("expected a number for \(what), found \(current.shown)", current)
        }
    }

    mutating func endOfLine() throws(SourceError) {
        guard case .end = current.kind else { throw fail("expected the end of the line, found \(current.shown)", current) }
    }

    // MARK: Statements

    mutating func parseStatement() throws(SourceError) {
        let first = current
        if openSet != nil {
            if isPunct("}") {
                _ = advance()
                try endOfLine()
                openSet = nil
                return
            }
            if case .ident(let k) = first.kind, k == "set", tokens.count > 2, tokens[2].kind == .punct("{") {
                throw fail("sets cannot nest: close set '\(file.sets[openSet!.index].name)' with '}' first", first)
            }
            if case .ident(let k) = first.kind, keywords.contains(k), !(tokens.count > 1 && tokens[1].kind == .punct(".")) {
                throw fail("only constraint and visual format lines can go inside a set: close set '\(file.sets[openSet!.index].name)' with '}' first", first)
            }
            let c = try parseEquation(allowIdentifier: true)
            file.sets[openSet!.index].lines.append(.equation(c))
            return
        }
        guard case .ident(let keyword) = first.kind else {
            if isPunct("}") { throw fail("'}' without a set to close", first) }
            throw fail("expected a declaration, a constraint, an action or an expectation, found \(first.shown)", first)
        }
        let isPath = tokens.count > 1 && tokens[1].kind == .punct(".")
        switch keyword {
        case "view" where !isPath: try parseView()
        case "guide" where !isPath: try parseGuide()
        case "set" where !isPath:
            if tokens.count > 2, tokens[2].kind == .punct("{") { try parseSetBlock() } else { try parseAssignment() }
        case "activate" where !isPath, "deactivate" where !isPath:
            _ = advance()
            let (setName, column) = try name("a set name")
            guard let i = setIndex[setName] else { throw fail("unknown set '\(setName)': declare it with `set \(setName) {` … `}` first", at: column) }
            try endOfLine()
            file.statements.append(keyword == "activate" ? .activate(i) : .deactivate(i))
        case "layout" where !isPath: try parseLayout()
        case "fit" where !isPath: try parseFit()
        case "expect" where !isPath: try parseExpectation()
        default:
            let c = try parseEquation(allowIdentifier: true)
            file.statements.append(.constraint(.equation(c)))
        }
    }

    mutating func declareName(_ name: String, column: Int) throws(SourceError) {
        if keywords.contains(name) { throw fail("'\(name)' is a keyword: choose another name", at: column) }
        if let i = viewIndex[name] { throw fail("duplicate name '\(name)': a view of that name is declared on line \(file.views[i].line)", at: column) }
        if let i = guideIndex[name] { throw fail("duplicate name '\(name)': a guide of that name is declared on line \(file.guides[i].line)", at: column) }
    }

    func scratchView(_ ref: ViewRef) -> View {
        switch ref {
        case .view(let i): return scratchViews[i]
        case .contentView(let i): return contentView(of: scratchViews[i])!
        }
    }

    mutating func tuple(_ count: Int, _ form: String, allowNone: Bool = false) throws(SourceError) -> [Double] {
        try expectPunct("(", "'(' for \(form)")
        var values: [Double] = []
        while true {
            if allowNone, isIdent("none") {
                _ = advance()
                values.append(View.noIntrinsicMetric)
            } else {
                values.append(try signedNumber(form))
            }
            if values.count == count { break }
            try expectPunct(",", "',' and \(count) numbers in all for \(form)")
        }
        try expectPunct(")", "')' after \(count) numbers for \(form)")
        if allowNone, values.contains(where: { $0 < 0 && $0 != View.noIntrinsicMetric }) {
            throw fail("an intrinsic size cannot be negative: write none for no intrinsic size", at: current.column)
        }
        return values
    }

    mutating func bool(_ key: String) throws(SourceError) -> Bool {
        let (value, column) = try name("true or false for \(key)")
        guard value == "true" || value == "false" else { throw fail("expected true or false for \(key), found '\(value)'", at: column) }
        return value == "true"
    }

    mutating func string(_ key: String) throws(SourceError) -> String {
        guard case .string(let s) = current.kind else { throw fail("expected a quoted string for \(key), found \(current.shown)", current) }
        _ = advance()
        return s
    }

    mutating func nonNegative(_ key: String) throws(SourceError) -> Double {
        let column = current.column
        let x = try signedNumber(key)
        guard x >= 0 else { throw fail("\(key) cannot be negative", at: column) }
        return x
    }

    mutating func parseGuide() throws(SourceError) {
        _ = advance()
        let (guideName, column) = try name("a guide name after 'guide'")
        try declareName(guideName, column: column)
        guard isIdent("in") else { throw fail("expected 'in' and the view that owns the guide, found \(current.shown)", current) }
        _ = advance()
        let ownerColumn = current.column
        guard case .view(let owner) = try resolveItem(try dottedPath(), forView: nil) else {
            throw fail("a guide's owner must be a view", at: ownerColumn)
        }
        try endOfLine()
        let i = file.guides.count
        file.guides.append(GuideDecl(name: guideName, owner: owner, line: lineNumber))
        guideIndex[guideName] = i
        let guide = LayoutGuide()
        scratchView(owner).addLayoutGuide(guide)
        scratchGuides.append(guide)
        scratchItems[guideName] = guide
        file.statements.append(.makeGuide(i))
    }

    mutating func parseSetBlock() throws(SourceError) {
        let column = current.column
        _ = advance()
        let (setName, nameColumn) = try name("a set name")
        if keywords.contains(setName) { throw fail("'\(setName)' is a keyword: choose another name", at: nameColumn) }
        if let i = setIndex[setName] { throw fail("duplicate set '\(setName)': declared on line \(file.sets[i].line)", at: nameColumn) }
        try expectPunct("{", "'{'")
        try endOfLine()
        let i = file.sets.count
        file.sets.append(SetDecl(name: setName, lines: [], line: lineNumber))
        setIndex[setName] = i
        openSet = (i, lineNumber, lineText, column)
        file.statements.append(.makeSet(i))
    }

    /// `set ID.constant = 10`, `set VIEW.hidden = true`, `set LABEL.text = "…"`.
    mutating func parseAssignment() throws(SourceError) {
        _ = advance()
        let target = current
        var targetName: String
        switch target.kind {
        case .ident(let s): targetName = s
        case .string(let s): targetName = s
        default: throw fail("expected a constraint id or a view name after 'set', found \(target.shown)", target)
        }
        _ = advance()
        var path = [(targetName, target.column)]
        while isPunct(".") {
            _ = advance()
            path.append(try name("a property after '.'"))
        }
        guard path.count >= 2 else { throw fail("expected '.constant', '.hidden' or '.text' after '\(targetName)', found \(current.shown)", current) }
        let (property, propertyColumn) = path.removeLast()
        try expectPunct("=", "'=' after '\(property)'")
        switch property {
        case "constant":
            guard path.count == 1, constraintIDs.contains(targetName) else {
                throw fail("unknown constraint id '\(path.map(\.0).joined(separator: "."))': give a constraint `id \"\(targetName)\"` first", at: target.column)
            }
            let value = try signedNumber("the constant")
            try endOfLine()
            file.statements.append(.setConstant(identifier: targetName, value: value, line: lineNumber))
        case "hidden", "text":
            guard case .view(let ref) = try resolveItem(path, forView: nil) else { throw fail("'\(property)' is a property of views", at: target.column) }
            if property == "hidden" {
                file.statements.append(.setHidden(view: ref, try bool("hidden")))
            } else {
                guard case .view(let i) = ref, file.views[i].viewClass == .label else {
                    throw fail("'text' can only be set on a Label", at: target.column)
                }
                file.statements.append(.setText(view: ref, try string("text")))
            }
            try endOfLine()
        default:
            throw fail("unknown property '\(property)': expected constant (of a constraint id), hidden or text (of a view)", at: propertyColumn)
        }
    }

    mutating func parseLayout() throws(SourceError) {
        _ = advance()
        let (rootName, column) = try name("the root view to lay out")
        guard case .view(.view(let i)) = try resolveItem([(rootName, column)], forView: nil) else {
            throw fail("'\(rootName)' is a guide: lay out a root view", at: column)
        }
        if let parent = file.views[i].parent {
            throw fail("'\(rootName)' is not a root (it is in '\(file.name(of: parent))'): lay out its root", at: column)
        }
        var size: Size?
        if isIdent("at") {
            _ = advance()
            guard case .size(let w, let h) = current.kind else { throw fail("expected a size such as 375x600 after 'at', found \(current.shown)", current) }
            _ = advance()
            size = Size(width: w, height: h)
        }
        try endOfLine()
        file.statements.append(.layout(root: i, size: size))
    }

    mutating func parseFit() throws(SourceError) {
        _ = advance()
        let column = current.column
        guard case .view(let ref) = try resolveItem(try dottedPath(), forView: nil) else {
            throw fail("only views can be fitted", at: column)
        }
        var width: Double?
        if isIdent("width") {
            _ = advance()
            width = try nonNegative("the fitting width")
        }
        try endOfLine()
        file.statements.append(.fit(view: ref, width: width))
    }
}
