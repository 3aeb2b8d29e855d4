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
        var parser = Parser(path: path, bytes: Array(text.utf8))
        return try parser.parseFile()
    }
}

private let keywords: Set<String> = ["view", "guide", "set", "activate", "deactivate", "layout", "fit", "expect", "in", "H", "V"]

/// Attributes by their names in `.layout` files, which are UIKit's (and IB's) names.
let attributesByName: [String: LayoutConstraint.Attribute] = {
    var map: [String: LayoutConstraint.Attribute] = [:]
    for a in LayoutConstraint.Attribute.allCases where a != .notAnAttribute { map[a.name] = a }
    return map
}()

private let attributeList = LayoutConstraint.Attribute.allCases.filter { $0 != .notAnAttribute }.map(\.name).joined(separator: ", ")

private let formatOptionsByName: [String: LayoutConstraint.FormatOptions] = [
    "alignAllLeft": .alignAllLeft, "alignAllRight": .alignAllRight, "alignAllTop": .alignAllTop,
    "alignAllBottom": .alignAllBottom, "alignAllLeading": .alignAllLeading, "alignAllTrailing": .alignAllTrailing,
    "alignAllCenterX": .alignAllCenterX, "alignAllCenterY": .alignAllCenterY,
    "alignAllLastBaseline": .alignAllLastBaseline, "alignAllFirstBaseline": .alignAllFirstBaseline,
    "directionLeadingToTrailing": .directionLeadingToTrailing, "directionLeftToRight": .directionLeftToRight,
    "directionRightToLeft": .directionRightToLeft, "spacingBaselineToBaseline": .spacingBaselineToBaseline,
]

private let autoresizingByName: [String: View.AutoresizingMask] = [
    "flexibleLeftMargin": .flexibleLeftMargin, "flexibleWidth": .flexibleWidth,
    "flexibleRightMargin": .flexibleRightMargin, "flexibleTopMargin": .flexibleTopMargin,
    "flexibleHeight": .flexibleHeight, "flexibleBottomMargin": .flexibleBottomMargin,
]

/// The geometry an expectation can read from an item.
let geometryProperties: [String: Int] = [
    "frame": 4, "absoluteFrame": 4, "x": 1, "y": 1, "width": 1, "height": 1,
    "minX": 1, "midX": 1, "maxX": 1, "minY": 1, "midY": 1, "maxY": 1,
]
/// What an expectation can read from a fitting.
let fittedProperties: [String: Int] = ["fitted": 2, "fittedWidth": 1, "fittedHeight": 1]

/// Makes the view a class names (the parser builds a scratch hierarchy to check visual
/// formats; the runner builds the real one). A fixed `intrinsic` size (an Interface Builder
/// file's stored frame or placeholder) replaces what a label, button or image view would measure.
func makeView(_ viewClass: ViewClass, intrinsic: Size?) -> View {
    switch viewClass {
    case .view: return intrinsic.map { IntrinsicSizeView(size: $0) } ?? View()
    case .label:
        let label = Label()
        if let intrinsic { label.textModel = FixedTextModel(size: intrinsic) }
        return label
    case .imageView: return ImageView(image: intrinsic.map { Image(size: $0) })
    case .button: return intrinsic.map { IntrinsicSizeButton(size: $0) } ?? Button()
    case .stackView: return StackView()
    case .tableViewCell: return TableViewCell(frame: .zero)
    case .collectionViewCell: return CollectionViewCell()
    case .collectionViewListCell: return CollectionViewListCell()
    }
}

/// A plain view with a fixed intrinsic content size (`intrinsic=(w,h)`).
final class IntrinsicSizeView: View {
    let size: Size
    init(size: Size) {
        self.size = size
        super.init(frame: .zero)
        descriptionClassName = "UIView"   // the file declared a plain `View`
    }
    override var intrinsicContentSize: Size { size }
}

/// A button whose intrinsic size is given rather than measured from its title.
final class IntrinsicSizeButton: Button {
    let size: Size
    init(size: Size) {
        self.size = size
        super.init(title: nil)
        descriptionClassName = "UIButton"
    }
    override var intrinsicContentSize: Size { size }
}

/// Text that measures a given size whatever it says (a label's stored frame): one line per
/// 1.2 × the font size, baselines where the font puts them.
struct FixedTextModel: TextMeasuring {
    let size: Size

    func layout(_ text: String, font: Font, width: Double?, maximumLines: Int, lineBreakMode: LineBreakMode) -> TextLayout {
        let lines = max(1, Int((size.height / font.lineHeight).rounded()))
        return TextLayout(size: size, lineCount: lines, firstBaseline: font.ascender,
                          lastBaseline: max(font.ascender, size.height - font.descender))
    }
}

/// The content view of a cell.
func contentView(of view: View) -> View? {
    if let cell = view as? TableViewCell { return cell.contentView }
    if let cell = view as? CollectionViewCell { return cell.contentView }
    return nil
}

/// Reads a file line by line into a ``LayoutFile``.
private struct Parser {
    let path: String
    let bytes: [UInt8]
    var position = 0
    var lineNumber = 0
    var file: LayoutFile

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
        file = LayoutFile(path: path)
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
        return file
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

    mutating func parseView() throws(SourceError) {
        _ = advance()
        let (viewName, nameColumn) = try name("a view name after 'view'")
        try declareName(viewName, column: nameColumn)
        try expectPunct(":", "':' and a class after the view name")
        let (className, classColumn) = try name("a class")
        guard let viewClass = ViewClass(rawValue: className) else {
            throw fail("unknown class '\(className)': expected one of \(ViewClass.allCases.map(\.rawValue).joined(separator: ", "))", at: classColumn)
        }
        var parent: ViewRef?
        var depth = 0
        if isIdent("in") {
            _ = advance()
            let parentColumn = current.column
            let path = try dottedPath()
            if path[0].0 == viewName {
                throw fail("cycle in `in` parents: '\(viewName)' cannot be inside itself", at: parentColumn)
            }
            let item = try resolveItem(path, forView: viewName)
            guard case .view(let ref) = item else { throw fail("a view's parent must be a view, not a guide", at: parentColumn) }
            parent = ref
            depth = depthOf(ref) + 1
            if depth > LayoutFile.maximumDepth {
                throw fail("nesting depth over \(LayoutFile.maximumDepth): '\(viewName)' would be \(depth) levels deep", at: parentColumn)
            }
        }
        var decl = ViewDecl(name: viewName, viewClass: viewClass, parent: parent, line: lineNumber, depth: depth)
        var arrangedNames: [(String, Int)] = []
        var spacingNames: [(String, Int, Double)] = []
        var seen: Set<String> = []
        while true {
            if case .end = current.kind { break }
            let (key, keyColumn) = try name("a key=value setting")
            guard seen.insert(key).inserted else { throw fail("'\(key)' is set twice", at: keyColumn) }
            func only(_ classes: [ViewClass]) throws(SourceError) {
                guard classes.contains(viewClass) else {
                    throw fail("'\(key)' does not apply to a \(className): it is a setting of \(classes.map(\.rawValue).joined(separator: ", "))", at: keyColumn)
                }
            }
            switch key {
            case "hidden": decl.properties.hidden = true; continue
            case "rtl": decl.properties.rightToLeft = true; continue
            case "marginsRelative": try only([.stackView]); decl.properties.marginsRelative = true; continue
            case "baselineRelative": try only([.stackView]); decl.properties.baselineRelative = true; continue
            default: break
            }
            try expectPunct("=", "'=' after '\(key)'")
            switch key {
            case "frame":
                let column = current.column
                let v = try tuple(4, "frame=(x,y,w,h)")
                guard v[2] >= 0, v[3] >= 0 else { throw fail("a frame's width and height cannot be negative", at: column) }
                decl.properties.frame = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
            case "autoresizing":
                var mask: View.AutoresizingMask = []
                if isIdent("none") { _ = advance() } else {
                    repeat {
                        if isPunct("|") { _ = advance() }
                        let (flag, column) = try name("an autoresizing flag")
                        guard let m = autoresizingByName[flag] else {
                            throw fail("unknown autoresizing flag '\(flag)': expected none or \(autoresizingByName.keys.sorted().joined(separator: ", ")) joined by '|'", at: column)
                        }
                        mask.insert(m)
                    } while isPunct("|")
                }
                decl.properties.autoresizing = mask
            case "translates": decl.properties.translates = try bool(key)
            case "intrinsic":
                try only([.view])
                let v = try tuple(2, "intrinsic=(w,h)", allowNone: true)
                decl.properties.intrinsic = Size(width: v[0], height: v[1])
            case "hugging", "compression":
                let column = current.column
                let v = try tuple(2, "\(key)=(horizontal,vertical)")
                guard v.allSatisfy({ $0 >= 1 && $0 <= 1000 }) else { throw fail("priorities go from 1 to 1000", at: column) }
                if key == "hugging" { decl.properties.hugging = (Float(v[0]), Float(v[1])) } else { decl.properties.compression = (Float(v[0]), Float(v[1])) }
            case "margins":
                let v = try tuple(4, "margins=(top,leading,bottom,trailing)")
                decl.properties.margins = DirectionalEdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
            case "safeArea":
                let v = try tuple(4, "safeArea=(top,left,bottom,right)")
                decl.properties.safeArea = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
            case "id": decl.properties.identifier = try string(key)
            case "text": try only([.label]); decl.properties.text = try string(key)
            case "title": try only([.button]); decl.properties.title = try string(key)
            case "font":
                try only([.label])
                let column = current.column
                let size = try signedNumber("font")
                guard size >= 1, size <= 1000 else { throw fail("font size \(formatted(size)) is out of range: use 1 to 1000 points", at: column) }
                decl.properties.font = size
            case "lines":
                try only([.label])
                let column = current.column
                let n = try signedNumber("lines")
                guard n >= 0, n == n.rounded(), n < 1e6 else { throw fail("lines must be a whole number, 0 for any number", at: column) }
                decl.properties.lines = Int(n)
            case "preferredMaxLayoutWidth":
                try only([.label])
                decl.properties.preferredMaxLayoutWidth = try nonNegative(key)
            case "image":
                try only([.imageView])
                guard case .size(let w, let h) = current.kind else { throw fail("expected a size such as 24x24 for image, found \(current.shown)", current) }
                _ = advance()
                decl.properties.image = Size(width: w, height: h)
            case "axis":
                try only([.stackView])
                let (axis, column) = try name("horizontal or vertical")
                guard axis == "horizontal" || axis == "vertical" else { throw fail("unknown axis '\(axis)': expected horizontal or vertical", at: column) }
                decl.properties.axis = axis == "horizontal" ? .horizontal : .vertical
            case "distribution":
                try only([.stackView])
                let names: [String: StackView.Distribution] = ["fill": .fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally, "equalSpacing": .equalSpacing, "equalCentering": .equalCentering]
                let (value, column) = try name("a distribution")
                guard let d = names[value] else { throw fail("unknown distribution '\(value)': expected fill, fillEqually, fillProportionally, equalSpacing or equalCentering", at: column) }
                decl.properties.distribution = d
            case "alignment":
                try only([.stackView])
                let names: [String: StackView.Alignment] = ["fill": .fill, "leading": .leading, "top": .top, "firstBaseline": .firstBaseline, "center": .center, "trailing": .trailing, "bottom": .bottom, "lastBaseline": .lastBaseline]
                let (value, column) = try name("an alignment")
                guard let a = names[value] else { throw fail("unknown alignment '\(value)': expected fill, leading, top, firstBaseline, center, trailing, bottom or lastBaseline", at: column) }
                decl.properties.alignment = a
            case "spacing":
                try only([.stackView])
                decl.properties.spacing = try signedNumber("spacing")
            case "arranged":
                try only([.stackView])
                try expectPunct("(", "'(' and the arranged views' names")
                repeat {
                    if isPunct(",") { _ = advance() }
                    arrangedNames.append(try name("an arranged view's name"))
                } while isPunct(",")
                try expectPunct(")", "')' after the arranged views")
            case "customSpacing":
                try only([.stackView])
                try expectPunct("(", "'(' and name:spacing pairs")
                repeat {
                    if isPunct(",") { _ = advance() }
                    let (n, column) = try name("an arranged view's name")
                    try expectPunct(":", "':' and the spacing after '\(n)'")
                    spacingNames.append((n, column, try signedNumber("custom spacing")))
                } while isPunct(",")
                try expectPunct(")", "')' after the custom spacings")
            default:
                throw fail("unknown key '\(key)': expected frame, autoresizing, translates, intrinsic, hugging, compression, margins, safeArea, hidden, id, rtl, or a class's own keys (text, font, lines, preferredMaxLayoutWidth, image, title, axis, distribution, alignment, spacing, marginsRelative, baselineRelative, arranged, customSpacing)", at: keyColumn)
            }
        }
        let i = file.views.count
        file.views.append(decl)
        viewIndex[viewName] = i
        if !arrangedNames.isEmpty || !spacingNames.isEmpty {
            pendingArranged.append((i, arrangedNames, spacingNames, lineNumber, lineText))
        }
        let scratch = makeView(viewClass, intrinsic: nil)
        scratchViews.append(scratch)
        scratchItems[viewName] = scratch
        if let parent { scratchView(parent).addSubview(scratch) }
        file.statements.append(.makeView(i))
    }

    func scratchView(_ ref: ViewRef) -> View {
        switch ref {
        case .view(let i): return scratchViews[i]
        case .contentView(let i): return contentView(of: scratchViews[i])!
        }
    }

    func depthOf(_ ref: ViewRef) -> Int {
        switch ref {
        case .view(let i): return file.views[i].depth
        case .contentView(let i): return file.views[i].depth + 1
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

    // MARK: Items and constraints

    /// `name`, `name.contentView`, `name.margins`… up to the next token that is not `.ident`.
    mutating func dottedPath() throws(SourceError) -> [(String, Int)] {
        var path = [try name("a view or guide name")]
        while isPunct("."), index + 1 < tokens.count, case .ident = tokens[index + 1].kind {
            _ = advance()
            path.append(try name("a name after '.'"))
        }
        return path
    }

    /// Resolves `name[.contentView][.margins|.safeArea]`.
    mutating func resolveItem(_ path: [(String, Int)], forView declaring: String?) throws(SourceError) -> ItemRef {
        let (first, column) = path[0]
        var item: ItemRef
        if let i = viewIndex[first] {
            item = .view(.view(i))
        } else if let g = guideIndex[first] {
            item = .guide(g)
        } else {
            throw unknownName(first, column: column, declaring: declaring)
        }
        for (member, memberColumn) in path.dropFirst() {
            switch (item, member) {
            case (.view(.view(let i)), "contentView"):
                guard file.views[i].viewClass.isCell else {
                    throw fail("'\(first)' is a \(file.views[i].viewClass.rawValue) and has no contentView: only cells do", at: memberColumn)
                }
                item = .view(.contentView(i))
            case (.view(let ref), "margins"): item = .margins(ref)
            case (.view(let ref), "safeArea"): item = .safeArea(ref)
            case (.guide, _):
                throw fail("unexpected '.\(member)' after guide '\(first)'", at: memberColumn)
            default:
                throw fail("unknown member '\(member)': expected contentView (of a cell), margins or safeArea", at: memberColumn)
            }
        }
        return item
    }

    /// The error for a name not declared yet: used before its declaration, in a cycle of `in`
    /// parents, or unknown.
    func unknownName(_ name: String, column: Int, declaring: String?) -> SourceError {
        let later = laterDeclarations()
        if let (line, _) = later[name] {
            if let declaring {
                var chain = [declaring, name]
                var seen: Set<String> = [name]
                var next = later[name]?.1
                while let n = next, seen.insert(n).inserted, chain.count < 100 {
                    chain.append(n)
                    if n == declaring {
                        return fail("cycle in `in` parents: \(chain.joined(separator: " in "))", at: column)
                    }
                    next = later[n]?.1
                }
            }
            return fail("'\(name)' is used before it is declared (on line \(line)): declare views and guides before using them", at: column)
        }
        return fail("unknown view or guide '\(name)': declare it with `view \(name): CLASS` or `guide \(name) in VIEW`", at: column)
    }

    /// The `view` and `guide` lines after the current one: name → (line, parent name). Read
    /// only to explain an error.
    func laterDeclarations() -> [String: (Int, String?)] {
        var result: [String: (Int, String?)] = [:]
        var copy = self
        while let line = try? copy.nextLine() {
            let chars = Array(line.prefix(1000))
            guard let t = try? tokenize(chars, line: 0, path: path, text: ""), t.count >= 2,
                  case .ident(let k) = t[0].kind, k == "view" || k == "guide", case .ident(let n) = t[1].kind else { continue }
            var parent: String?
            if let at = t.firstIndex(where: { $0.kind == .ident("in") }), at + 1 < t.count, case .ident(let p) = t[at + 1].kind { parent = p }
            if result[n] == nil { result[n] = (copy.lineNumber, parent) }
        }
        return result
    }

    /// `item.attribute` as in a constraint.
    mutating func attributeOf() throws(SourceError) -> (ItemRef, LayoutConstraint.Attribute, Int) {
        let column = current.column
        var path = try dottedPath()
        guard path.count >= 2 else {
            throw fail("expected '.' and an attribute after '\(path[0].0)' (\(attributeList))", current)
        }
        let (attributeName, attributeColumn) = path.removeLast()
        let item = try resolveItem(path, forView: nil)
        guard let attribute = attributesByName[attributeName] else {
            throw fail("unknown attribute '\(attributeName)': expected one of \(attributeList)", at: attributeColumn)
        }
        return (item, attribute, column)
    }

    mutating func relation() throws(SourceError) -> LayoutConstraint.Relation {
        switch current.kind {
        case .punct("=="): _ = advance(); return .equal
        case .punct("<="): _ = advance(); return .lessThanOrEqual
        case .punct(">="): _ = advance(); return .greaterThanOrEqual
        case .punct("="): throw fail("expected '==' (a single '=' is not a relation)", current)
        default: throw fail("expected a relation (==, <= or >=), found \(current.shown)", current)
        }
    }

    /// `first.attr REL [m*]second.attr [± c] [@p] [id "name"]` or `first.attr REL c [@p]`.
    mutating func parseEquation(allowIdentifier: Bool) throws(SourceError) -> ConstraintDecl {
        let (first, firstAttribute, column) = try attributeOf()
        let rel = try relation()
        var second: ItemRef?
        var secondAttribute = LayoutConstraint.Attribute.notAnAttribute
        var multiplier = 1.0
        var constant = 0.0
        var secondColumn = current.column
        if case .ident = current.kind {
            (second, secondAttribute, secondColumn) = try attributeOf()
        } else {
            let value = try signedNumber("the constant or multiplier")
            if isPunct("*") {
                guard value == 0 || LayoutFile.multiplierRange.contains(abs(value)) else {
                    throw fail("multiplier \(formatted(value)) is out of range: use 0 or a magnitude from 0.0001 to 10000", at: secondColumn)
                }
                _ = advance()
                multiplier = value
                secondColumn = current.column
                (second, secondAttribute, _) = try attributeOf()
            } else {
                constant = value
            }
        }
        if second != nil, isPunct("+") || isPunct("-") {
            let negative = isPunct("-")
            _ = advance()
            let value = try signedNumber("the constant")
            constant = negative ? -value : value
        }
        var priority: Float = 1000
        if isPunct("@") {
            _ = advance()
            let priorityColumn = current.column
            let value = try signedNumber("the priority")
            guard value >= 1, value <= 1000 else { throw fail("priority \(formatted(value)) is out of range: use 1 to 1000", at: priorityColumn) }
            priority = Float(value)
        }
        var identifier: String?
        if allowIdentifier, isIdent("id") {
            _ = advance()
            let idColumn = current.column
            let value = try string("id")
            if constraintIDs.contains(value) { throw fail("duplicate constraint id \"\(value)\"", at: idColumn) }
            constraintIDs.insert(value)
            identifier = value
        }
        try endOfLine()
        // UIKit's checks when a constraint is made (it raises; a file gets an error instead).
        if let problem = LayoutConstraint.problem(firstAttribute: firstAttribute, secondAttribute: second == nil ? nil : secondAttribute, multiplier: multiplier, constant: 0) {
            throw fail(problem, at: secondColumn)
        }
        if let second, !file.haveCommonAncestor(file.host(first), file.host(second)) {
            throw fail("no common ancestor: the two items are in different view hierarchies", at: column)
        }
        return ConstraintDecl(first: first, firstAttribute: firstAttribute, relation: rel, second: second,
                              secondAttribute: secondAttribute, multiplier: multiplier, constant: constant,
                              priority: priority, identifier: identifier, line: lineNumber)
    }


    // MARK: Visual format

    /// The index where the format starts, when the line is `H:…` or `V:…`.
    func visualFormatStart(_ chars: [Character]) -> Int? {
        var i = 0
        while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
        guard i + 1 < chars.count, chars[i] == "H" || chars[i] == "V", chars[i + 1] == ":" else { return nil }
        return i
    }

    mutating func parseVisualFormatLine(_ chars: [Character], formatStart: Int) throws(SourceError) {
        var end = chars.count
        if let hash = chars.firstIndex(of: "#") { end = hash }
        var formatEnd = end
        var options: LayoutConstraint.FormatOptions = []
        // ` options=a|b` after the format.
        let text = chars[formatStart..<end]
        if let range = findWord(" options=", in: Array(text)) {
            formatEnd = formatStart + range
            var j = formatEnd + " options=".count
            while j < end {
                let start = j
                while j < end, chars[j] != "|", chars[j] != " ", chars[j] != "\t" { j += 1 }
                let option = String(chars[start..<j])
                guard let o = formatOptionsByName[option] else {
                    throw fail("unknown option '\(option)': expected \(formatOptionsByName.keys.sorted().joined(separator: ", ")) joined by '|'", at: start + 1)
                }
                options.formUnion(o)
                if j < end, chars[j] == "|" { j += 1; continue }
                while j < end, chars[j] == " " || chars[j] == "\t" { j += 1 }
                if j < end { throw fail("expected the end of the line after the options", at: j + 1) }
            }
        }
        while formatEnd > formatStart, chars[formatEnd - 1] == " " || chars[formatEnd - 1] == "\t" { formatEnd -= 1 }
        let format = String(chars[formatStart..<formatEnd])
        let viewCount = format.count(where: { $0 == "[" })
        if viewCount > LayoutFile.maximumVisualFormatViews {
            throw fail("a visual format line may name at most \(LayoutFile.maximumVisualFormatViews) views; this one names \(viewCount): split it", at: formatStart + 1)
        }
        let made: [LayoutConstraint]
        do {
            made = try LayoutConstraint.parseVisualFormat(format, options: options, views: scratchItems)
        } catch {
            throw fail("bad visual format: \(error.reason)", at: formatStart + 1 + min(error.offset, format.count))
        }
        for c in made {
            // The format's own numbers are held to the same bound as the rest of the file's.
            if abs(c.constant) > LayoutFile.largestNumber {
                throw fail("number \(formatted(abs(c.constant))) in the visual format is too large: numbers in a layout file are at most 10000000 (1e7)", at: formatStart + 1)
            }
            guard let a = scratchHost(c.firstItem), let b = c.secondItem.map(scratchHost) ?? a else { continue }
            var common = false
            var next: View? = a
            while let v = next, !common { common = b.isDescendant(of: v); next = v.superview }
            if !common { throw fail("no common ancestor: the views of this format are in different view hierarchies", at: formatStart + 1) }
        }
        let decl = VisualFormatDecl(format: format, options: options, line: lineNumber)
        if let open = openSet {
            file.sets[open.index].lines.append(.visualFormat(decl))
        } else {
            file.statements.append(.constraint(.visualFormat(decl)))
        }
    }

    func scratchHost(_ item: AnyObject?) -> View? {
        if let v = item as? View { return v }
        return (item as? LayoutGuide)?.owningView
    }

    func findWord(_ word: String, in chars: [Character]) -> Int? {
        let w = Array(word)
        guard chars.count >= w.count else { return nil }
        for i in 0...(chars.count - w.count) where Array(chars[i..<i + w.count]) == w { return i }
        return nil
    }

    // MARK: Arranged views

    mutating func resolveArranged() throws(SourceError) {
        for pending in pendingArranged {
            lineNumber = pending.line
            lineText = pending.text
            let stack = pending.stack
            var arranged: [Int] = []
            func member(_ n: String, _ column: Int) throws(SourceError) -> Int {
                guard let i = viewIndex[n] else { throw fail("unknown arranged view '\(n)': declare it with `view \(n): CLASS in \(file.views[stack].name)`", at: column) }
                guard file.views[i].parent == .view(stack) else {
                    throw fail("arranged view '\(n)' must be declared `in \(file.views[stack].name)`", at: column)
                }
                return i
            }
            for (n, column) in pending.names {
                let i = try member(n, column)
                if arranged.contains(i) { throw fail("'\(n)' is arranged twice", at: column) }
                arranged.append(i)
            }
            var spacing: [(Int, Double)] = []
            for (n, column, value) in pending.customSpacing {
                let i = try member(n, column)
                guard arranged.contains(i) else { throw fail("custom spacing after '\(n)', which is not arranged", at: column) }
                spacing.append((i, value))
            }
            file.views[stack].properties.arranged = arranged
            file.views[stack].properties.customSpacing = spacing
        }
    }

    // MARK: Expectations

    mutating func parseExpectation() throws(SourceError) {
        let start = current.column
        _ = advance()
        let text = String(Array(lineText).dropFirst(start - 1)).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map { String($0) }?
            .trimmingTrailingSpaces ?? lineText
        let kind: ExpectationKind
        if isIdent("conflicts"), index + 1 < tokens.count, tokens[index + 1].kind != .punct(".") {
            _ = advance()
            let rel = try relation()
            let column = current.column
            let n = try signedNumber("the number of conflicts")
            guard n >= 0, n == n.rounded() else { throw fail("expected a whole number of conflicts", at: column) }
            try endOfLine()
            kind = .conflicts(Expected(relation: rel, values: [n], tolerance: 0))
        } else if isIdent("broken"), index + 1 < tokens.count, tokens[index + 1].kind != .punct(".") {
            _ = advance()
            if case .string(let s) = current.kind {
                _ = advance()
                try endOfLine()
                kind = .brokenIdentifier(s)
            } else {
                kind = .brokenEquation(try parseEquation(allowIdentifier: false))
            }
        } else if isIdent("not") || isIdent("ambiguous"), index + 1 < tokens.count, tokens[index + 1].kind != .punct(".") {
            let negated = isIdent("not")
            if negated { _ = advance() }
            guard isIdent("ambiguous") else { throw fail("expected 'ambiguous' after 'not', found \(current.shown)", current) }
            _ = advance()
            var ref: ViewRef?
            if case .end = current.kind {
                guard negated else { throw fail("expected the name of the view expected to be ambiguous", current) }
            } else {
                let column = current.column
                guard case .view(let r) = try resolveItem(try dottedPath(), forView: nil) else { throw fail("only views can be ambiguous", at: column) }
                ref = r
            }
            try endOfLine()
            kind = .ambiguous(ref, !negated)
        } else {
            let column = current.column
            var path = try dottedPath()
            guard path.count >= 2 else { throw fail("expected '.' and a property after '\(path[0].0)' (frame, width, fitted…)", current) }
            let (property, propertyColumn) = path.removeLast()
            let item = try resolveItem(path, forView: nil)
            let rel = try relation()
            if let count = geometryProperties[property] {
                let expected = try expectedValues(count, rel)
                kind = .geometry(item: item, property: property, expected: expected)
            } else if let count = fittedProperties[property] {
                guard case .view(let ref) = item else { throw fail("only views are fitted", at: column) }
                kind = .fitted(view: ref, property: property, expected: try expectedValues(count, rel))
            } else {
                throw fail("unknown property '\(property)': expected frame, absoluteFrame, x, y, width, height, minX, midX, maxX, minY, midY, maxY, fitted, fittedWidth or fittedHeight", at: propertyColumn)
            }
        }
        file.statements.append(.expect(Expectation(kind: kind, text: text, line: lineNumber)))
    }

    mutating func expectedValues(_ count: Int, _ rel: LayoutConstraint.Relation) throws(SourceError) -> Expected {
        var values: [Double]
        if count == 1 {
            values = [try signedNumber("the expected value")]
        } else {
            if rel != .equal { throw fail("a tuple can only be compared with ==", current) }
            values = try tuple(count, "(\(count) numbers)")
        }
        var tolerance = 0.0
        if isPunct("±") || (isPunct("+") && index + 1 < tokens.count && tokens[index + 1].kind == .punct("-")) {
            if isPunct("+") { _ = advance() }
            _ = advance()
            tolerance = try nonNegative("the tolerance")
        }
        try endOfLine()
        return Expected(relation: rel, values: values, tolerance: tolerance)
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
