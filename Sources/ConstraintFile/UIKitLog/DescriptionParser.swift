import AutoLayout
import Cassowary

/// Why a description could not be read, and where (characters into it).
struct DescriptionError: Error {
    var offset: Int
    var message: String
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
