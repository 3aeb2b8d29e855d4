import AutoLayout

/// Makes the live views, guides and constraints a ``LayoutModel`` declares, one statement at a
/// time: what `autolayout check` runs a file with (its runner adds the actions, expectations
/// and reports) and what loading a nib builds its views with.
class HierarchyMaker {
    let model: LayoutModel
    /// The views made so far, by declaration index.
    var views: [View?]
    /// The guides made so far, by declaration index.
    var guides: [LayoutGuide?]
    /// Constraints by their `identifier`, for `set … constant` actions.
    var byIdentifier: [String: LayoutConstraint] = [:]
    /// The declared name of each view and guide made, for reports.
    var names: [ObjectIdentifier: String] = [:]
    /// The views and guides made so far by name, for visual formats.
    var items: [String: LayoutItem] = [:]

    init(model: LayoutModel) {
        self.model = model
        views = Array(repeating: nil, count: model.views.count)
        guides = Array(repeating: nil, count: model.guides.count)
    }

    func view(_ ref: ViewRef) -> View {
        switch ref {
        case .view(let i): return views[i]!
        case .contentView(let i): return contentView(of: views[i]!)!
        }
    }

    func item(_ ref: ItemRef) -> LayoutItem {
        switch ref {
        case .view(let r): return view(r)
        case .margins(let r):
            let g = view(r).layoutMarginsGuide
            names[ObjectIdentifier(g)] = model.name(of: r) + ".margins"
            return g
        case .safeArea(let r):
            let g = view(r).safeAreaLayoutGuide
            names[ObjectIdentifier(g)] = model.name(of: r) + ".safeArea"
            return g
        case .guide(let g): return guides[g]!
        }
    }

    /// Makes declared view `i`, sets what the file says about it and adds it to its superview
    /// (as an arranged subview of a stack view, in the stack's order).
    /// - Parameter made: A view the caller made for the declaration (a nib's custom class), of
    ///   the declared class or a subclass; it keeps its own class name. Nil: a view of the
    ///   declared class, printed with the file's class name.
    /// - Returns: The view.
    @discardableResult
    func makeView(_ i: Int, made: View? = nil) -> View {
        let decl = model.views[i]
        let p = decl.properties
        let v = made ?? ConstraintFile.makeView(decl.viewClass, intrinsic: p.intrinsic)
        views[i] = v
        items[decl.name] = v
        names[ObjectIdentifier(v)] = decl.name
        if made == nil, let className = p.className { v.descriptionClassName = className }
        if let content = contentView(of: v) {
            names[ObjectIdentifier(content)] = model.name(of: .contentView(i))
            if let margins = decl.contentMargins { content.directionalLayoutMargins = margins }
        }
        if let frame = p.frame { v.frame = frame }
        if let frame = decl.contentFrame, let content = contentView(of: v) { content.frame = frame }
        if let mask = p.autoresizing { v.autoresizingMask = mask }
        v.translatesAutoresizingMaskIntoConstraints = p.translates ?? (decl.parent == nil || p.frame != nil || p.autoresizing != nil)
        if let (h, vertical) = p.hugging {
            v.setContentHuggingPriority(LayoutPriority(h), for: .horizontal)
            v.setContentHuggingPriority(LayoutPriority(vertical), for: .vertical)
        }
        if let (h, vertical) = p.compression {
            v.setContentCompressionResistancePriority(LayoutPriority(h), for: .horizontal)
            v.setContentCompressionResistancePriority(LayoutPriority(vertical), for: .vertical)
        }
        if let margins = p.margins { v.directionalLayoutMargins = margins }
        if let insets = p.safeArea { v.safeAreaInsets = insets }
        if let inset = p.insetsMarginsFromSafeArea { v.insetsLayoutMarginsFromSafeArea = inset }
        if p.hidden { v.isHidden = true }
        if let id = p.identifier { v.accessibilityIdentifier = id }
        if p.rightToLeft { v.semanticContentAttribute = .forceRightToLeft }
        if let label = v as? Label {
            if let font = p.font { label.font = Font.systemFont(ofSize: font) }
            if let lines = p.lines { label.numberOfLines = lines }
            if let width = p.preferredMaxLayoutWidth { label.preferredMaxLayoutWidth = width }
            if let mode = p.lineBreakMode { label.lineBreakMode = mode }
            if let alignment = p.textAlignment { label.textAlignment = alignment }
            if let text = p.text { label.text = text }
        }
        if let image = p.image { (v as? ImageView)?.image = Image(size: image) }
        if let title = p.title { (v as? Button)?.setTitle(title, for: .normal) }
        if let stack = v as? StackView {
            if let axis = p.axis { stack.axis = axis }
            if let d = p.distribution { stack.distribution = d }
            if let a = p.alignment { stack.alignment = a }
            if let s = p.spacing { stack.spacing = s }
            stack.isLayoutMarginsRelativeArrangement = p.marginsRelative
            stack.isBaselineRelativeArrangement = p.baselineRelative
            stack.omitsFittingConstraints = p.omitsFittingConstraints
            stack.arrangesHiddenViewsAsInterfaceBuilder = p.arrangesHiddenViewsAsInterfaceBuilder
        }
        if let parent = decl.parent {
            let superview = view(parent)
            if case .view(let s) = parent, let stack = superview as? StackView,
               let position = model.views[s].properties.arranged.firstIndex(of: i) {
                let before = model.views[s].properties.arranged[..<position].filter { views[$0] != nil }.count
                stack.insertArrangedSubview(v, at: before)
                for (after, spacing) in model.views[s].properties.customSpacing where after == i {
                    stack.setCustomSpacing(spacing, after: v)
                }
            } else {
                superview.addSubview(v)
            }
        }
        return v
    }

    /// Makes declared guide `g` and adds it to its owning view.
    func makeGuide(_ g: Int) {
        let guide = LayoutGuide()
        guide.identifier = model.guides[g].name
        view(model.guides[g].owner).addLayoutGuide(guide)
        guides[g] = guide
        names[ObjectIdentifier(guide)] = model.guides[g].name
        items[model.guides[g].name] = guide
    }

    /// The constraints of a line, not yet active.
    func make(_ line: ConstraintLine) -> [LayoutConstraint] {
        switch line {
        case .equation(let d):
            let c = LayoutConstraint(item: item(d.first), attribute: d.firstAttribute, relatedBy: d.relation,
                                     toItem: d.second.map(item), attribute: d.secondAttribute,
                                     multiplier: d.multiplier, constant: d.constant)
            c.priority = LayoutPriority(d.priority)
            if let id = d.identifier {
                c.identifier = id
                byIdentifier[id] = c
            }
            return [c]
        case .visualFormat(let d):
            return (try? LayoutConstraint.parseVisualFormat(d.format, options: d.options, views: items)) ?? []
        }
    }

    /// Makes a line's constraints and activates them: on the view the file installs them on
    /// (an Interface Builder `<constraints>` element's view), else on the closest common
    /// ancestor of their items, as activation does.
    /// - Returns: The constraints, active.
    @discardableResult
    func install(_ line: ConstraintLine) -> [LayoutConstraint] {
        let made = make(line)
        if case .equation(let d) = line, let host = d.host {
            view(host).addConstraints(made)
        } else {
            LayoutConstraint.activate(made)
        }
        return made
    }
}
