import AutoLayout

/// Attributes by their names in `.layout` files, which are UIKit's (and IB's) names.
let attributesByName: [String: LayoutConstraint.Attribute] = {
    var map: [String: LayoutConstraint.Attribute] = [:]
    for a in LayoutConstraint.Attribute.allCases where a != .notAnAttribute { map[a.name] = a }
    return map
}()

private let attributeList = LayoutConstraint.Attribute.allCases.filter { $0 != .notAnAttribute }.map(\.name).joined(separator: ", ")

extension LayoutFileParser {
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
}
