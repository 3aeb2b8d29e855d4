import AutoLayout

/// The geometry an expectation can read from an item.
let geometryProperties: [String: Int] = [
    "frame": 4, "absoluteFrame": 4, "x": 1, "y": 1, "width": 1, "height": 1,
    "minX": 1, "midX": 1, "maxX": 1, "minY": 1, "midY": 1, "maxY": 1,
]
/// What an expectation can read from a fitting.
let fittedProperties: [String: Int] = ["fitted": 2, "fittedWidth": 1, "fittedHeight": 1]

extension LayoutFileParser {
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
