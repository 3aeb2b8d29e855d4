import AutoLayout

private let autoresizingByName: [String: View.AutoresizingMask] = [
    "flexibleLeftMargin": .flexibleLeftMargin, "flexibleWidth": .flexibleWidth,
    "flexibleRightMargin": .flexibleRightMargin, "flexibleTopMargin": .flexibleTopMargin,
    "flexibleHeight": .flexibleHeight, "flexibleBottomMargin": .flexibleBottomMargin,
]

extension LayoutFileParser {
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

    func depthOf(_ ref: ViewRef) -> Int {
        switch ref {
        case .view(let i): return file.views[i].depth
        case .contentView(let i): return file.views[i].depth + 1
        }
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
}
