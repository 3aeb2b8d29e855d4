import AutoLayout

private let formatOptionsByName: [String: LayoutConstraint.FormatOptions] = [
    "alignAllLeft": .alignAllLeft, "alignAllRight": .alignAllRight, "alignAllTop": .alignAllTop,
    "alignAllBottom": .alignAllBottom, "alignAllLeading": .alignAllLeading, "alignAllTrailing": .alignAllTrailing,
    "alignAllCenterX": .alignAllCenterX, "alignAllCenterY": .alignAllCenterY,
    "alignAllLastBaseline": .alignAllLastBaseline, "alignAllFirstBaseline": .alignAllFirstBaseline,
    "directionLeadingToTrailing": .directionLeadingToTrailing, "directionLeftToRight": .directionLeftToRight,
    "directionRightToLeft": .directionRightToLeft, "spacingBaselineToBaseline": .spacingBaselineToBaseline,
]

extension LayoutFileParser {
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
}
