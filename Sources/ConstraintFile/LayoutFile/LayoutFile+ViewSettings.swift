import AutoLayout

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
        let settings = try parseSettings(of: viewClass)
        var decl = ViewDecl(name: viewName, viewClass: viewClass, parent: parent, line: lineNumber, depth: depth)
        decl.properties = settings.properties
        let i = file.views.count
        file.views.append(decl)
        viewIndex[viewName] = i
        if !settings.arrangedNames.isEmpty || !settings.spacingNames.isEmpty {
            pendingArranged.append((i, settings.arrangedNames, settings.spacingNames, lineNumber, lineText))
        }
        let scratch = makeView(viewClass, intrinsic: nil)
        scratchViews.append(scratch)
        scratchItems[viewName] = scratch
        if let parent { scratchView(parent).addSubview(scratch) }
        file.statements.append(.makeView(i))
    }

    /// A `view` line's settings, each key looked up in ``ViewSetting/all``, to the end of the line.
    mutating func parseSettings(of viewClass: ViewClass) throws(SourceError) -> ViewLine {
        var line = ViewLine(properties: ViewProperties())
        var seen: Set<String> = []
        while true {
            if case .end = current.kind { break }
            let (key, keyColumn) = try name("a key=value setting")
            guard seen.insert(key).inserted else { throw fail("'\(key)' is set twice", at: keyColumn) }
            let setting = ViewSetting.byKey[key]
            if setting?.isFlag != true { try expectPunct("=", "'=' after '\(key)'") }
            guard let setting else { throw fail(ViewSetting.unknownKey(key), at: keyColumn) }
            if let refusal = setting.refusal(for: viewClass) { throw fail(refusal, at: keyColumn) }
            try parseValue(of: setting, into: &line)
        }
        return line
    }

    /// A setting's value (none for a flag; after `=` for the others), checked and set.
    mutating func parseValue(of setting: ViewSetting, into line: inout ViewLine) throws(SourceError) {
        let key = setting.key
        let column = current.column
        switch setting.value {
        case .flag(let set): set(&line)
        case .number(let check, let set):
            let x = try signedNumber(key)
            if let refusal = check?(key, x) { throw fail(refusal, at: column) }
            set(&line, x)
        case .tuple(let components, let none, let check, let set):
            let v = try tuple(components.count, ViewSetting.tupleForm(key, components), allowNone: none)
            if let refusal = check?(key, v) { throw fail(refusal, at: column) }
            set(&line, v)
        case .string(let set): set(&line, try string(key))
        case .bool(let set): set(&line, try bool(key))
        case .size(let example, let set):
            guard case .size(let w, let h) = current.kind else { throw fail("expected a size such as \(example) for \(key), found \(current.shown)", current) }
            _ = advance()
            set(&line, Size(width: w, height: h))
        case .choice(let choice, let set):
            set(&line, try chosen(choice, expected: choice.listed))
        case .mask(let choice, let set):
            var all: [Int] = []
            if isIdent("none") { _ = advance() } else {
                repeat {
                    if isPunct("|") { _ = advance() }
                    all.append(try chosen(choice, expected: "none or \(choice.names.joined(separator: ", ")) joined by '|'"))
                } while isPunct("|")
            }
            set(&line, all)
        case .viewNames(let set):
            var names: [(String, Int)] = []
            try expectPunct("(", "'(' and the arranged views' names")
            repeat {
                if isPunct(",") { _ = advance() }
                names.append(try name("an arranged view's name"))
            } while isPunct(",")
            try expectPunct(")", "')' after the arranged views")
            set(&line, names)
        case .viewSpacings(let set):
            var spacings: [(String, Int, Double)] = []
            try expectPunct("(", "'(' and name:spacing pairs")
            repeat {
                if isPunct(",") { _ = advance() }
                let (n, nameColumn) = try name("an arranged view's name")
                try expectPunct(":", "':' and the spacing after '\(n)'")
                spacings.append((n, nameColumn, try signedNumber("custom spacing")))
            } while isPunct(",")
            try expectPunct(")", "')' after the custom spacings")
            set(&line, spacings)
        }
    }

    /// One of the choice's names, as its index; `expected` says what another name should be.
    mutating func chosen(_ choice: ViewSetting.Choice, expected: String) throws(SourceError) -> Int {
        let (name, column) = try name(choice.what ?? choice.listed)
        guard let i = choice.names.firstIndex(of: name) else {
            throw fail("unknown \(choice.noun) '\(name)': expected \(expected)", at: column)
        }
        return i
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
