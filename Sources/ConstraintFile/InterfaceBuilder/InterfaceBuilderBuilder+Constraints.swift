import AutoLayout

extension InterfaceBuilderBuilder {
    // MARK: Constraints

    mutating func readConstraints() throws(SourceError) {
        var placeholders = 0
        var constrained: Set<Int> = []
        for (e, host) in pending {
            // A placeholder constraint is on IB's canvas, which lays out with it and stores the
            // frames it gives, and not in the app: Xcode removes it at build time.
            if e["placeholder"] == "YES" {
                placeholders += 1
                if forNib { continue }
            }
            if let id = e["id"], excluded.contains(id) { continue }
            func item(_ attribute: String) -> ItemRef?? {
                guard let id = e[attribute] else { return .some(nil) }
                return items[id].map { .some($0) }
            }
            guard let firstItem = item("firstItem"), let secondItem = item("secondItem") else {
                let missing = [e["firstItem"], e["secondItem"]].compactMap { $0 }.filter { items[$0] == nil }
                if !missing.contains(where: excluded.contains) {
                    note("skipped constraint \(e["id"] ?? ""): no view or guide '\(missing.joined(separator: "', '"))' in this file", at: e)
                }
                continue
            }
            var first = firstItem ?? .view(host)
            var firstAttribute = try attribute(e, "firstAttribute")
            var second = secondItem
            var secondAttribute = LayoutConstraint.Attribute.notAnAttribute
            if e["secondAttribute"] != nil {
                secondAttribute = try attribute(e, "secondAttribute")
                if second == nil { second = .view(host) }
            } else if second != nil {
                secondAttribute = firstAttribute
            }
            let relation: LayoutConstraint.Relation
            switch e["relation"] {
            case nil: relation = .equal
            case "greaterThanOrEqual": relation = .greaterThanOrEqual
            case "lessThanOrEqual": relation = .lessThanOrEqual
            case let other?: throw error("unknown relation '\(other)': expected greaterThanOrEqual or lessThanOrEqual", at: e)
            }
            let multiplier = try readMultiplier(e)
            var constant = try e["constant"].map { (text) throws(SourceError) in try number(text, "constant", in: e) } ?? 0
            if let id = e["id"], let c = constants[id] { constant = c }
            let priority = try self.priority(e, "priority", default: 1000)
            if let problem = LayoutConstraint.problem(firstAttribute: firstAttribute, secondAttribute: second == nil ? nil : secondAttribute, multiplier: multiplier, constant: 0) {
                throw error(problem, at: e)
            }
            // Edges of a scroll view relate its subviews to its content, not its frame; so do
            // its margins, inset from the content's edges.
            if let s = second {
                let (a, b) = (contentArea(first, firstAttribute, other: s), contentArea(s, secondAttribute, other: first))
                (first, firstAttribute, second, secondAttribute) = (a.item, a.attribute, b.item, b.attribute)
                constant += multiplier * b.offset - a.offset
            }
            if let second, !out.layout.haveCommonAncestor(out.layout.host(first), out.layout.host(second)) {
                throw error("no common ancestor: the two items are in different view hierarchies", at: e)
            }
            // UIKit installs a constraint on the view whose <constraints> hold it; one stored on
            // a view outside its items' hierarchy goes to their closest common ancestor instead.
            let installsOnHost = [first, second].allSatisfy { $0.map { out.layout.contains(host, out.layout.host($0)) } ?? true }
            if !installsOnHost {
                note("constraint \(e["id"] ?? "") is stored on \(out.layout.name(of: host)), which does not contain both its items: installed on their closest common ancestor", at: e)
            }
            for item in [first, second] { constrained.formUnion(viewsTakingPart(item)) }
            out.layout.statements.append(.constraint(.equation(ConstraintDecl(
                first: first, firstAttribute: firstAttribute, relation: relation, second: second, secondAttribute: secondAttribute,
                multiplier: multiplier, constant: constant, priority: priority, identifier: e["identifier"], line: e.line,
                host: installsOnHost ? host : nil, objectID: e["id"]))))
        }
        if placeholders > 0 {
            let s = placeholders == 1 ? "" : "s"
            out.notes.append(forNib ? "removed \(placeholders) placeholder constraint\(s) (Xcode removes them at build time)"
                : "kept \(placeholders) placeholder constraint\(s) as IB lays out with them (Xcode removes them at build time)")
        }
        keepFramesOfUnconstrainedViews(constrained)
    }

    /// The declared views a constraint's item brings into the engine: a view, the owner of its
    /// margins or safe area, a scroll view through its content or frame guide.
    func viewsTakingPart(_ item: ItemRef?) -> [Int] {
        switch item {
        case .view(let v)?, .margins(let v)?, .safeArea(let v)?: return [v.declared]
        case .guide(let g)?: return [out.layout.guides[g].owner.declared]
        case nil: return []
        }
    }

    /// A view that no constraint of the file mentions keeps its stored frame even when
    /// `translatesAutoresizingMaskIntoConstraints` is off: UIKit applies the engine's values only
    /// to views that take part in Auto Layout, and IB does not move such a view (IB writes the
    /// flag off for a view whose constraints were deleted). It is laid out as a fixed frame in its
    /// superview. Arranged views of a stack view take part through the stack's constraints.
    mutating func keepFramesOfUnconstrainedViews(_ constrained: Set<Int>) {
        for i in out.layout.views.indices where out.layout.views[i].properties.translates == false && !constrained.contains(i) {
            guard let parent = out.layout.views[i].parent, out.layout.views[i].properties.frame != nil else { continue }
            if case .view(let p) = parent, out.layout.views[p].viewClass == .stackView { continue }
            out.layout.views[i].properties.translates = true
            out.layout.views[i].properties.autoresizing = []
        }
    }

    /// The attributes that name a centre.
    static let centres: Set<LayoutConstraint.Attribute> = [.centerX, .centerY, .centerXWithinMargins, .centerYWithinMargins]

    /// A scroll view's edge, in a constraint with one of its descendants, stands for its content
    /// layout guide's; sizes and centres (``centres``) stay the frame's ("constraints between the height,
    /// width, or centers attach to the scroll view's frame", Apple's Auto Layout Guide, Working
    /// with Scroll Views). A margin attribute stands for the content guide's edge inset by the
    /// scroll view's layout margins (UIKit relates a scroll view's margins guide to its bounds,
    /// which scroll with the content): the result's `offset` is what the margin adds to the
    /// guide's attribute.
    func contentArea(_ item: ItemRef, _ attribute: LayoutConstraint.Attribute, other: ItemRef)
        -> (item: ItemRef, attribute: LayoutConstraint.Attribute, offset: Double) {
        guard case .view(.view(let i)) = item, let g = contentGuides[i], !attribute.isDimension, !Self.centres.contains(attribute),
              let above = out.layout.parentOf(out.layout.host(other)), out.layout.contains(.view(i), above) else { return (item, attribute, 0) }
        guard attribute.isMargin else { return (.guide(g), attribute, 0) }
        let m = out.layout.views[i].properties.margins ?? DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
        let rightToLeft = out.layout.views[i].properties.rightToLeft
        let (left, right) = rightToLeft ? (m.trailing, m.leading) : (m.leading, m.trailing)
        let offset: Double
        switch attribute {
        case .leadingMargin: offset = rightToLeft ? -m.leading : m.leading
        case .trailingMargin: offset = rightToLeft ? m.trailing : -m.trailing
        case .leftMargin: offset = left
        case .rightMargin: offset = -right
        case .topMargin: offset = m.top
        default: offset = -m.bottom   // .bottomMargin
        }
        return (.guide(g), attribute.withoutMargin, offset)
    }

    func attribute(_ e: MarkupElement, _ name: String) throws(SourceError) -> LayoutConstraint.Attribute {
        guard let text = e[name] else { throw error("the constraint has no \(name)", at: e) }
        if text == "baseline" { return .lastBaseline }
        guard let a = attributesByName[text] else { throw error("unknown \(name) '\(text)'", at: e) }
        return a
    }

    /// `0.5`, or a ratio: `131:220` as IB writes an aspect ratio, or `21/15` as it keeps a
    /// fraction typed into the multiplier field (both forms occur in published files).
    func readMultiplier(_ e: MarkupElement) throws(SourceError) -> Double {
        guard let text = e["multiplier"] else { return 1 }
        let parts = text.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "/" }
        let value: Double
        if parts.count == 2 {
            let (p, q) = (try number(String(parts[0]), "multiplier", in: e), try number(String(parts[1]), "multiplier", in: e))
            guard q != 0 else { throw error("multiplier \"\(text)\" divides by zero", at: e) }
            value = p / q
        } else {
            value = try number(text, "multiplier", in: e)
        }
        guard value == 0 || LayoutFile.multiplierRange.contains(abs(value)) else {
            throw error("multiplier \"\(text)\" is out of range: use 0 or a magnitude from 0.0001 to 10000", at: e)
        }
        return value
    }
}
