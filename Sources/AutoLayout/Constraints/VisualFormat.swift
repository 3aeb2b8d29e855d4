// The visual format language (Apple's "Visual Format Syntax"): `H:|-10-[a(50)]-[b]-10-|`.
//
// The parser follows NSLayoutConstraint's own: one pass over the ASCII text, no whitespace, the
// same error texts with the caret under the character it stopped at, and the same constraints in
// the same order. Parsing only collects `Pending` descriptions; `LayoutConstraint`s are made once
// the whole string is known to be valid, so a failed parse has no side effects.

extension LayoutConstraint {
    /// What `constraints(withVisualFormat:…)` adds to a format: alignment between neighbours,
    /// the horizontal direction and the vertical spacing (UIKit's `NSLayoutConstraint.FormatOptions`).
    ///
    /// The raw values are UIKit's: an alignment bit is `1 << attribute.rawValue`.
    public struct FormatOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Creates options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Align the left edges of every pair of neighbouring views (vertical formats only).
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        /// Align the right edges of every pair of neighbouring views (vertical formats only).
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        /// Align the top edges of every pair of neighbouring views (horizontal formats only).
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        /// Align the bottom edges of every pair of neighbouring views (horizontal formats only).
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        /// Align the leading edges of every pair of neighbouring views (vertical formats only).
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        /// Align the trailing edges of every pair of neighbouring views (vertical formats only).
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        /// Align the horizontal centres of every pair of neighbouring views (vertical formats only).
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        /// Align the vertical centres of every pair of neighbouring views (horizontal formats only).
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        /// Align the last baselines of every pair of neighbouring views (horizontal formats only).
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        /// Align the first baselines of every pair of neighbouring views (horizontal formats only).
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        /// The bits that choose alignments.
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)

        /// Horizontal formats run from leading to trailing: the default (no bits).
        public static let directionLeadingToTrailing = FormatOptions(rawValue: 0 << 16)
        /// Horizontal formats run from left to right and use left and right edges, whatever the
        /// reading direction.
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        /// Horizontal formats run from right to left and use right and left edges: `[a]-[b]`
        /// puts `b` to the left of `a`.
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        /// The bits that choose the direction.
        public static let directionMask = FormatOptions(rawValue: 0x3 << 16)

        /// Vertical spaces run from one view's bottom edge to the next one's top: the default
        /// (no bits).
        public static let spacingEdgeToEdge = FormatOptions(rawValue: 0 << 19)
        /// Vertical spaces run from one view's last baseline to the next one's first baseline.
        /// Horizontal formats reject it.
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        /// The bits that choose the spacing.
        public static let spacingMask = FormatOptions(rawValue: 0x1 << 19)
    }

    /// Makes the constraints a visual format string describes, as UIKit's
    /// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)` does.
    ///
    /// The constraints come back inactive; activate them with ``activate(_:)``. See
    /// ``parseVisualFormat(_:options:metrics:views:)`` for the language, the order of the result
    /// and the error texts; this form is for formats written in code, where a mistake is a
    /// programmer error.
    ///
    /// - Parameters:
    ///   - format: The format, such as `H:|-[label]-(>=8)-[button(80)]-|`.
    ///   - options: Alignment of neighbouring views, direction and spacing.
    ///   - metrics: Numbers the format names, as `Double`, `Int`, `Float` or any other
    ///     `BinaryInteger` or `BinaryFloatingPoint` value.
    ///   - views: The ``View``s and ``LayoutGuide``s the format names.
    /// - Returns: The constraints, inactive, in the order of the format string.
    /// - Precondition: The format parses (otherwise this traps with UIKit's message, such as
    ///   `Unable to parse constraint format: \nfoo is not a key in the views dictionary. \n[foo] \n    ^`),
    ///   every value in `views` is a view or a guide and every value in `metrics` is a number.
    /// - Complexity: O(*n* + *m* log *m*) for a format of *n* characters and *m* dictionary entries.
    public static func constraints(withVisualFormat format: String, options: FormatOptions = [],
                                   metrics: [String: Any]?, views: [String: Any]) -> [LayoutConstraint] {
        var items: [String: LayoutItem] = [:]
        for name in views.keys.sorted() {
            let value = views[name]!
            guard let item = value as? LayoutItem else {
                preconditionFailure("constraints(withVisualFormat:): the views dictionary maps \"\(name)\" to a \(type(of: value)), not a View or a LayoutGuide. Map every name in the format to a view or a layout guide.")
            }
            items[name] = item
        }
        var numbers: [String: Double] = [:]
        for name in (metrics ?? [:]).keys.sorted() {
            let value = metrics![name]!
            guard let number = metricValue(value) else {
                preconditionFailure("constraints(withVisualFormat:): the metrics dictionary maps \"\(name)\" to a \(type(of: value)), not a number. Pass a Double, an Int, a Float or another integer or floating-point value.")
            }
            numbers[name] = number
        }
        do {
            return try parseVisualFormat(format, options: options, metrics: numbers, views: items)
        } catch {
            preconditionFailure(error.description)
        }
    }

    /// Makes the constraints a visual format string describes, throwing on a malformed string:
    /// the form for formats read from files.
    ///
    /// The grammar is Apple's:
    /// ```
    /// <visualFormatString> ::= (<orientation>:)? (<superview><connection>)? <view>(<connection><view>)* (<connection><superview>)?
    /// <orientation>        ::= H | V                       (H when left out)
    /// <superview>          ::= |
    /// <view>               ::= [<viewName>(<predicateListWithParens>)?]
    /// <connection>         ::= e | -<predicateList>- | -
    /// <predicateList>      ::= <predicate> | <predicateListWithParens>
    /// <predicateListWithParens> ::= (<predicate>(,<predicate>)*)
    /// <predicate>          ::= (== | <= | >=)? (<metricName> | <number> | <viewName>) (@(<metricName> | <number>))?
    /// ```
    /// Names are C identifiers; a name is looked up in `metrics` first, then in `views`, and a
    /// view name only makes sense in a view's own predicate (`[a(==b)]`: equal widths). Numbers
    /// are decimal, as `strtod` reads them (`-5`, `2.5`, `1e2`; hexadecimal, `inf` and `nan` are
    /// not accepted). A minus sign right after a connection's `-` is ambiguous, so a negative
    /// space goes in parentheses: `-(-5)-`. Priorities run from 1 to 1000. No whitespace is
    /// allowed.
    ///
    /// What each part makes, for `H:` (`V:` uses top, bottom and height instead):
    /// - `[a(>=50@750)]`: `a.width >= 50` at priority 750; `[a(==b)]`: `a.width == b.width`.
    /// - `[a]-c-[b]`: `b.leading == a.trailing + c`; `[a][b]` is a space of 0; `[a]-[b]` the
    ///   standard space between siblings, 8 points.
    /// - `|-c-[a]`: `a.leading == superview.leading + c`; `[a]-c-|`:
    ///   `superview.trailing == a.trailing + c`. `|` is the superview of the view next to it (the
    ///   owning view for a guide). A standard space to the superview (`|-[a]`) lines the view up
    ///   with the superview's ``View/layoutMarginsGuide``, as UIKit has done since iOS 8:
    ///   `a.leading == superview.layoutMarginsGuide.leading`.
    /// - Several predicates in one connection (`-(>=8,<=20@750)-`) make one constraint each.
    /// - ``FormatOptions/directionLeftToRight`` uses left and right instead of leading and
    ///   trailing; ``FormatOptions/directionRightToLeft`` lays the views out from right to left:
    ///   `[a]-c-[b]` makes `a.left == b.right + c`.
    /// - ``FormatOptions/spacingBaselineToBaseline`` (vertical formats only) measures spaces from
    ///   the last baseline of the view above to the first baseline of the view below.
    /// - An alignment option makes, for each pair of neighbouring views `a` and `b`,
    ///   `a.attribute == b.attribute` (with ``FormatOptions/directionRightToLeft``,
    ///   `b.attribute == a.attribute`). It must be across the format's axis: `alignAllTop` with
    ///   `H:`, `alignAllLeading` with `V:`.
    ///
    /// The result is in UIKit's order: the first view's size predicates (or, after a leading `|`,
    /// that connection followed by the first view's size predicates), then for each following
    /// connection its predicates in order followed by the size predicates of the view after it,
    /// and last the alignment constraints, pair by pair, attributes in raw-value order. The
    /// constraints are inactive.
    ///
    /// - Parameters:
    ///   - format: The format, such as `H:|-[label]-(>=8)-[button(80)]-|`.
    ///   - options: Alignment of neighbouring views, direction and spacing.
    ///   - metrics: The numbers the format names.
    ///   - views: The views and guides the format names.
    /// - Returns: The constraints, inactive, in the order above.
    /// - Throws: ``VisualFormatError`` with UIKit's explanation and the offset it stopped at: a
    ///   syntax error, a name in neither dictionary, a priority outside 1…1000, an alignment along
    ///   the format's own axis, baseline spacing in a horizontal format, or a `|` next to a view
    ///   without a superview.
    /// - Complexity: O(*n*) for a format of *n* characters.
    public static func parseVisualFormat(_ format: String, options: FormatOptions = [],
                                         metrics: [String: Double] = [:],
                                         views: [String: LayoutItem]) throws(VisualFormatError) -> [LayoutConstraint] {
        var parser = try VisualFormatParser(format, options: options, metrics: metrics, views: views)
        return try parser.parse().map { $0.make() }
    }

    /// A metric as a `Double`, or nil when the value is not a number.
    private static func metricValue(_ value: Any) -> Double? {
        func floating<T: BinaryFloatingPoint>(_ v: T) -> Double { Double(v) }
        func integer<T: BinaryInteger>(_ v: T) -> Double { Double(v) }
        if let v = value as? any BinaryFloatingPoint { return floating(v) }
        if let v = value as? any BinaryInteger { return integer(v) }
        return nil
    }
}

/// A visual format string that does not parse: what is wrong and where (the error of
/// ``LayoutConstraint/parseVisualFormat(_:options:metrics:views:)``).
///
/// The ``description`` is UIKit's exception reason, four lines with the caret under the
/// character the parser stopped at; as UIKit does, it ends each of the first three lines with a
/// space before the line break:
/// ```
/// Unable to parse constraint format:
/// foo is not a key in the views dictionary.
/// H:|-[foo]-|
///         ^
/// ```
/// An empty format and one with non-ASCII characters are rejected as a whole, on one line:
/// `Unable to parse constraint format: It's an empty string.`
public struct VisualFormatError: Error, Equatable, CustomStringConvertible {
    /// The format that failed.
    public let format: String
    /// Where the caret goes: how many characters (Unicode scalars) of ``format`` come before the
    /// one the parser stopped at; equal to the length of the format when it ran out of input.
    public let offset: Int
    /// UIKit's explanation, such as `foo is not a key in the views dictionary.`.
    public let reason: String
    /// Whether the error is about the whole format (empty, or not ASCII), printed without a caret.
    let isAboutWholeFormat: Bool

    init(format: String, offset: Int, reason: String, isAboutWholeFormat: Bool = false) {
        self.format = format
        self.offset = offset
        self.reason = reason
        self.isAboutWholeFormat = isAboutWholeFormat
    }

    /// UIKit's exception reason: `Unable to parse constraint format: \n<reason> \n<format> \n<caret>`.
    public var description: String {
        if isAboutWholeFormat { return "Unable to parse constraint format: \(reason)" }
        let caret = String(repeating: " ", count: offset) + "^"
        return "Unable to parse constraint format: \n\(reason) \n\(format) \n\(caret)"
    }
}

// MARK: - Parser

/// One end of a constraint the parser has decided on.
private enum Endpoint {
    /// A view or guide.
    case item(LayoutItem)
    /// A superview's layout margins (a standard space to `|`); the guide is made only when the
    /// constraints are.
    case margins(View)

    var resolved: LayoutItem {
        switch self {
        case .item(let item): return item
        case .margins(let view): return view.layoutMarginsGuide
        }
    }
}

/// A constraint the parser has decided on, made once the whole format has parsed.
private struct Pending {
    var first: Endpoint
    var firstAttribute: LayoutConstraint.Attribute
    var relation: LayoutConstraint.Relation
    var second: Endpoint?
    var secondAttribute: LayoutConstraint.Attribute
    var constant: Double
    var priority: LayoutPriority

    func make() -> LayoutConstraint {
        LayoutConstraint(first.resolved, firstAttribute, relation, second?.resolved, secondAttribute,
                         constant: constant, priority: priority, origin: .user)
    }
}

/// One predicate: `>=8@750`, `==b`, or the standard space of a bare `-`.
private struct Predicate {
    enum Object {
        case constant(Double)
        /// `-` alone: the standard space.
        case standardSpace
        /// Another view's width or height, in a view's own predicate.
        case view(LayoutItem)
    }
    var relation: LayoutConstraint.Relation = .equal
    var object: Object
    var priority: LayoutPriority = .required
}

private struct VisualFormatParser {
    let format: String
    let text: [UInt8]
    let options: LayoutConstraint.FormatOptions
    let metrics: [String: Double]
    let views: [String: LayoutItem]
    var index = 0
    var isHorizontal = true
    /// The view before the connection being read (nil after a leading `|`).
    var leftView: LayoutItem?
    var alignments: [Pending] = []

    init(_ format: String, options: LayoutConstraint.FormatOptions, metrics: [String: Double],
         views: [String: LayoutItem]) throws(VisualFormatError) {
        self.format = format
        self.options = options
        self.metrics = metrics
        self.views = views
        if format.isEmpty {
            throw VisualFormatError(format: format, offset: 0, reason: "It's an empty string.", isAboutWholeFormat: true)
        }
        if let bad = format.unicodeScalars.firstIndex(where: { !$0.isASCII }) {
            let offset = format.unicodeScalars.distance(from: format.unicodeScalars.startIndex, to: bad)
            throw VisualFormatError(format: format, offset: offset, reason: "It contains non-ASCII characters.",
                                    isAboutWholeFormat: true)
        }
        text = Array(format.utf8)
    }

    // MARK: Characters

    var isAtEnd: Bool { index >= text.count }
    var current: UInt8? { isAtEnd ? nil : text[index] }

    /// Takes `c` when it is next (a scalar, not a `Character`: its ASCII value costs nothing).
    mutating func take(_ c: Unicode.Scalar) -> Bool {
        guard current == UInt8(ascii: c) else { return false }
        index += 1
        return true
    }

    func fail(_ reason: String) -> VisualFormatError {
        VisualFormatError(format: format, offset: index, reason: reason)
    }

    static func isNameStart(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "_") || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
    }
    static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    /// A C identifier at the current position, or "" when there is none.
    mutating func name() -> String {
        let start = index
        guard let c = current, Self.isNameStart(c) else { return "" }
        index += 1
        while let c = current, Self.isNameStart(c) || Self.isDigit(c) { index += 1 }
        return String(decoding: text[start..<index], as: UTF8.self)
    }

    // MARK: Grammar

    mutating func parse() throws(VisualFormatError) -> [Pending] {
        var result: [Pending] = []
        if take("H") {
            guard take(":") else { throw fail("Expected ':' after 'H' to specify horizontal arrangement") }
        } else if take("V") {
            isHorizontal = false
            guard take(":") else { throw fail("Expected ':' after 'V' to specify vertical arrangement") }
        }
        if take("|") {
            guard !isAtEnd else { throw fail("Expected a connection after the '|' character") }
            let connection = try self.connection()
            let (view, sizes) = try self.view()
            result += try finish(connection, left: nil, right: view)
            result += sizes
            leftView = view
        } else {
            let (view, sizes) = try self.view()
            result += sizes
            leftView = view
        }
        while !isAtEnd {
            let connection = try self.connection()
            if current == UInt8(ascii: "[") {
                let (view, sizes) = try self.view()
                result += try finish(connection, left: leftView, right: view)
                result += sizes
                leftView = view
            } else if take("|") {
                result += try finish(connection, left: leftView, right: nil)
                break
            } else {
                throw fail("Expected a view or '|'")
            }
        }
        guard isAtEnd else { throw fail("Expected the end of the format string") }
        return result + alignments
    }

    /// `[name(predicates)]`: the item and its size constraints.
    mutating func view() throws(VisualFormatError) -> (LayoutItem, [Pending]) {
        guard take("[") else { throw fail("Expected a view") }
        guard !isAtEnd else { throw fail("Expected a view") }
        let name = self.name()
        guard !name.isEmpty else {
            throw fail("Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.")
        }
        guard let view = views[name] else { throw fail("\(name) is not a key in the views dictionary.") }
        if take("]") { return (view, []) }
        guard take("(") else { throw fail("Expected a ']' here. That is how you give the end of a view.") }
        guard !isAtEnd else { throw fail("Unexpectedly ran out of character fodder in the middle of parsing a view") }
        let predicates = try predicateList(sizeOf: view)
        guard take(")") else { throw fail("A predicate on a view's thickness must end with ')' and the view must end with ']'") }
        guard take("]") else { throw fail("Expected ']' after specifying thickness.") }
        let dimension: LayoutConstraint.Attribute = isHorizontal ? .width : .height
        let sizes = predicates.map { p -> Pending in
            switch p.object {
            case .constant(let c):
                return Pending(first: .item(view), firstAttribute: dimension, relation: p.relation, second: nil,
                               secondAttribute: .notAnAttribute, constant: c, priority: p.priority)
            case .view(let other):
                return Pending(first: .item(view), firstAttribute: dimension, relation: p.relation, second: .item(other),
                               secondAttribute: dimension, constant: 0, priority: p.priority)
            case .standardSpace:
                preconditionFailure("a size predicate is never a standard space")
            }
        }
        return (view, sizes)
    }

    /// A connection: nothing (flush), `-` (standard space), or `-predicates-`.
    mutating func connection() throws(VisualFormatError) -> [Predicate] {
        guard take("-") else { return [Predicate(object: .constant(0))] }
        if current == UInt8(ascii: "|") || current == UInt8(ascii: "[") { return [Predicate(object: .standardSpace)] }
        let predicates: [Predicate]
        if current == UInt8(ascii: "-") {
            throw fail("Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.")
        } else if take("(") {
            predicates = try predicateList(sizeOf: nil)
            guard take(")") else {
                throw fail("Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier")
            }
        } else {
            predicates = [try predicate(sizeOf: nil)]
        }
        if current == UInt8(ascii: ",") {
            throw fail("Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints")
        }
        guard take("-") else { throw fail("Expected a '-' here") }
        return predicates
    }

    /// Predicates separated by commas; `sizeOf` is the view whose width or height they constrain
    /// (nil in a connection).
    mutating func predicateList(sizeOf view: LayoutItem?) throws(VisualFormatError) -> [Predicate] {
        var list = [try predicate(sizeOf: view)]
        while take(",") { list.append(try predicate(sizeOf: view)) }
        return list
    }

    /// `(relation)?(constant | metric | view)(@priority)?`.
    mutating func predicate(sizeOf view: LayoutItem?) throws(VisualFormatError) -> Predicate {
        guard let c = current else { throw fail("Expected more input") }
        var relation = LayoutConstraint.Relation.equal
        if c == UInt8(ascii: "<") || c == UInt8(ascii: "=") || c == UInt8(ascii: ">") {
            relation = c == UInt8(ascii: "<") ? .lessThanOrEqual : c == UInt8(ascii: ">") ? .greaterThanOrEqual : .equal
            index += 1
            guard take("=") else { throw fail("Unknown relation. Must be ==, >=, or <=") }
        }
        let object = try self.object(sizeOf: view)
        var priority = LayoutPriority.required
        if take("@") {
            let p = try number()
            if p <= 0 {
                throw fail("Invalid priority specified: \(formatNumber(p)). Priority must be greater than 0")
            }
            if p > 1000 {
                throw fail("Invalid priority specified: \(formatNumber(p)). Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.")
            }
            if p < 1 {
                throw fail("Invalid priority specified: \(formatNumber(p)). Priority must be at least 1, the lowest a constraint can have.")
            }
            priority = LayoutPriority(Float(p))
        }
        return Predicate(relation: relation, object: object, priority: priority)
    }

    /// A predicate's object: a number, a metric, or (in a size predicate) a view.
    mutating func object(sizeOf view: LayoutItem?) throws(VisualFormatError) -> Predicate.Object {
        let start = index
        if let c = current, Self.isNameStart(c) {
            let name = self.name()
            if metrics[name] == nil, let other = views[name] {
                guard view != nil else {
                    throw fail("It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]")
                }
                return .view(other)
            }
            index = start
        }
        return .constant(try number())
    }

    /// A number or a metric's value.
    mutating func number() throws(VisualFormatError) -> Double {
        guard let c = current else {
            throw fail("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        if Self.isNameStart(c) {
            let name = self.name()
            guard let value = metrics[name] else {
                throw fail("Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries")
            }
            guard value.isFinite else { throw fail("The metric \(name) is \(formatNumber(value)), not a finite number.") }
            return value
        }
        guard c == UInt8(ascii: "-") || Self.isDigit(c) else {
            throw fail("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        let start = index
        guard let end = decimalEnd(from: start) else {
            throw fail("Expected a number or a key from the metrics dictionary, but encountered something else")
        }
        index = end
        let lexeme = String(decoding: text[start..<end], as: UTF8.self)
        guard let value = Double(lexeme), value.isFinite else { throw fail("\(lexeme) is not a finite number.") }
        return value
    }

    /// Where the longest decimal number `strtod` would read from `start` ends, or nil when it
    /// reads none: `-`? digits (`.` digits)? (`e` `-`|`+`? digits)?, with a digit on one side of
    /// the point.
    func decimalEnd(from start: Int) -> Int? {
        var i = start
        func digits() -> Int {
            let s = i
            while i < text.count, Self.isDigit(text[i]) { i += 1 }
            return i - s
        }
        if i < text.count, text[i] == UInt8(ascii: "-") { i += 1 }
        var mantissa = digits()
        if i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        let beforeExponent = i
        if i < text.count, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") { i += 1 }
            if digits() == 0 { i = beforeExponent }
        }
        return i
    }

    // MARK: Constraints

    /// The constraints of a connection between `left` and `right` (nil for `|`), and the
    /// alignment constraints between two views.
    mutating func finish(_ connection: [Predicate], left: LayoutItem?, right: LayoutItem?) throws(VisualFormatError) -> [Pending] {
        let direction = options.rawValue & LayoutConstraint.FormatOptions.directionMask.rawValue
        let absolute = direction != 0
        let baselines = options.contains(.spacingBaselineToBaseline)
        // The item the space starts from and the one it leads to: right to left swaps them.
        let (before, after) = isHorizontal && direction == LayoutConstraint.FormatOptions.directionRightToLeft.rawValue
            ? (right, left) : (left, right)
        if isHorizontal && baselines {
            throw fail("BaselineToBaseline format option not valid for horizontal layout")
        }
        var result: [Pending] = []
        for (n, predicate) in connection.enumerated() {
            let isStandard: Bool
            let constant: Double
            switch predicate.object {
            case .constant(let c): (isStandard, constant) = (false, c)
            case .standardSpace: (isStandard, constant) = (true, before != nil && after != nil ? systemSpacing : 0)
            case .view: preconditionFailure("a connection never relates to a view's size")
            }
            let second: Endpoint
            let secondAttribute: LayoutConstraint.Attribute
            if let before {
                second = .item(before)
                secondAttribute = isHorizontal ? (absolute ? .right : .trailing) : (baselines ? .lastBaseline : .bottom)
            } else {
                let superview = try containerView(left: left, right: right)
                second = isStandard ? .margins(superview) : .item(superview)
                secondAttribute = isHorizontal ? (absolute ? .left : .leading) : .top
            }
            let first: Endpoint
            let firstAttribute: LayoutConstraint.Attribute
            if let after {
                first = .item(after)
                firstAttribute = isHorizontal ? (absolute ? .left : .leading) : (baselines ? .firstBaseline : .top)
            } else {
                let superview = try containerView(left: left, right: right)
                first = isStandard ? .margins(superview) : .item(superview)
                firstAttribute = isHorizontal ? (absolute ? .right : .trailing) : .bottom
            }
            result.append(Pending(first: first, firstAttribute: firstAttribute, relation: predicate.relation,
                                  second: second, secondAttribute: secondAttribute, constant: constant,
                                  priority: predicate.priority))
            if n == 0, let before, let after { try align(before, after) }
        }
        return result
    }

    /// `|`: the superview of the view next to it.
    func containerView(left: LayoutItem?, right: LayoutItem?) throws(VisualFormatError) -> View {
        guard let superview = (left ?? right)?.parentItem else {
            throw fail("Unable to interpret '|' character, because the related view doesn't have a superview")
        }
        return superview
    }

    /// The alignment constraints the options ask for between two neighbours.
    mutating func align(_ before: LayoutItem, _ after: LayoutItem) throws(VisualFormatError) {
        let bits = options.rawValue & LayoutConstraint.FormatOptions.alignmentMask.rawValue
        for raw in LayoutConstraint.Attribute.left.rawValue...LayoutConstraint.Attribute.firstBaseline.rawValue
        where bits & (1 << UInt(raw)) != 0 {
            let attribute = LayoutConstraint.Attribute(rawValue: raw)!
            if attribute.isHorizontal == isHorizontal {
                throw fail(isHorizontal
                    ? "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal."
                    : "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.")
            }
            alignments.append(Pending(first: .item(before), firstAttribute: attribute, relation: .equal,
                                      second: .item(after), secondAttribute: attribute, constant: 0,
                                      priority: .required))
        }
    }
}
