/// Lays out a row or a column of views with constraints (UIKit's `UIStackView`).
///
/// The stack manages the views in ``arrangedSubviews``: it adds them as subviews, turns off
/// their autoresizing constraints, and positions them with system constraints that carry
/// UIKit's identifiers and priorities (`UISV-spacing`, `UISV-canvas-connection`, …), so a
/// conflict involving a stack prints as it does on iOS. Every property change asks for
/// ``View/updateConstraints()``, where the stack replaces its previous constraints by a new set
/// in one batch.
///
/// The recipe (horizontal stack; a vertical one swaps the axes):
/// - Along the axis: `UISV-canvas-connection` pins the first and last arranged views to the
///   stack's leading and trailing edges, `UISV-spacing` chains neighbours (`>=` for the equal
///   distributions), and the distribution adds `UISV-fill-equally`, `UISV-fill-proportionally`
///   (999, 998, … after the view's index), or gap guides with `UISV-distributing-edge` and
///   `UISV-canvas-fit` (@49).
/// - Across the axis: `UISV-alignment` ties every arranged view to the first one; except for
///   `.fill`, a spanner guide (`_UILayoutSpacer 'UISV-alignment-spanner'`) encloses the views
///   (`UISV-spanning-boundary`, with 999.5 on the aligned edge), shrinks to them
///   (`UISV-spanning-fit` @51), and each view's cross size is pulled to 0 at 25
///   (`UISV-ambiguity-suppression`) so that its intrinsic size decides it.
/// - Hidden arranged views stay in the chain with `UISV-hiding` (size 0, required); the spacing
///   on each side of a hidden view becomes half the gap, or 0 at the ends, so the visible
///   neighbours keep one gap between them. A stack whose arranged views are all hidden adds no
///   constraints, as an empty one: its size comes from the constraints around it, and the
///   hidden views keep theirs (Interface Builder's stored frames: an all-hidden row stretched to
///   its column's width and 0 tall, a hidden 16-point view in a 0-wide stack, no conflict).
open class StackView: View {
    /// How the arranged views share the stack's length along its axis (UIKit's
    /// `UIStackView.Distribution`).
    public enum Distribution: Int, Sendable {
        /// The views keep their intrinsic lengths; hugging decides which one stretches and
        /// compression resistance which one shrinks.
        case fill = 0
        /// Every view has the length of the first visible one.
        case fillEqually
        /// Lengths are proportional to the intrinsic lengths (`UISV-fill-proportionally`,
        /// optional at 999, 998, … so that the last views give way first).
        case fillProportionally
        /// The views keep their intrinsic lengths and the gaps between them are equal, at least
        /// ``StackView/spacing``.
        case equalSpacing
        /// The centres are equally spaced (at 149, 148, … below compression resistance), the
        /// gaps at least ``StackView/spacing``.
        case equalCentering
    }

    /// How the arranged views sit across the stack's axis (UIKit's `UIStackView.Alignment`).
    public enum Alignment: Int, Sendable {
        /// The views fill the stack's width (vertical stack) or height (horizontal stack).
        case fill = 0
        /// Leading edges aligned (vertical stack), or top edges (horizontal stack).
        case leading
        /// First baselines aligned. Horizontal stacks only: a vertical stack lays out as `.fill`.
        case firstBaseline
        /// Centres aligned.
        case center
        /// Trailing edges aligned (vertical stack), or bottom edges (horizontal stack).
        case trailing
        /// Last baselines aligned. Horizontal stacks only: a vertical stack lays out as `.fill`.
        case lastBaseline

        /// Top edges aligned: the same value as ``leading``, for horizontal stacks.
        public static let top = Alignment.leading
        /// Bottom edges aligned: the same value as ``trailing``, for horizontal stacks.
        public static let bottom = Alignment.trailing
    }

    /// "Use the stack's ``spacing``" (UIKit's `spacingUseDefault`, `FLT_MAX`): what
    /// ``customSpacing(after:)`` returns for a view without custom spacing. As the stack's own
    /// spacing it means 0.
    public static let spacingUseDefault = Double(Float.greatestFiniteMagnitude)
    /// "Use the system spacing" (UIKit's `spacingUseSystem`, `FLT_MIN`): 8 points between
    /// siblings, described with `NSLayoutAnchorConstraintSpace(8)`.
    public static let spacingUseSystem = Double(Float.leastNormalMagnitude)

    /// An arranged view and the spacing after it (``spacingUseDefault`` unless set).
    private struct Arranged {
        let view: View
        var spacingAfter: Double
    }

    private var arranged: [Arranged] = []
    /// The constraints the last ``updateConstraints()`` activated.
    private var arrangementConstraints: [LayoutConstraint] = []
    /// The guide that encloses the arranged views across the axis (alignments other than `.fill`).
    private var alignmentSpanner: LayoutSpacer?
    /// The guides between neighbouring visible views (equal spacing and equal centering).
    private var gapGuides: [GapGuide] = []

    // MARK: Configuration

    /// The axis the views are laid out along (default `.horizontal`).
    public var axis: LayoutConstraint.Axis = .horizontal {
        didSet { if axis != oldValue { arrangementChanged() } }
    }
    /// How the views share the length along the axis (default `.fill`).
    public var distribution: Distribution = .fill {
        didSet { if distribution != oldValue { arrangementChanged() } }
    }
    /// How the views sit across the axis (default `.fill`).
    public var alignment: Alignment = .fill {
        didSet { if alignment != oldValue { arrangementChanged() } }
    }
    /// Leaves out the weak constraints that only settle what nothing else decides
    /// (`UISV-ambiguity-suppression` @25, `UISV-canvas-fit` @49, `UISV-spanning-fit` @51), so
    /// an ambiguity check shows which lengths only they decide (the Interface Builder reader
    /// asks, as IB keeps the lengths it drew there). Not UIKit's: false by default.
    package var omitsFittingConstraints = false {
        didSet { if omitsFittingConstraints != oldValue { arrangementChanged() } }
    }
    /// Arranges hidden views as Interface Builder's canvas draws them, not as UIKit does: the
    /// chain runs through the visible views only, and a hidden view keeps the size its own
    /// required constraints give it (`UISV-hiding` just below required: an intrinsic size
    /// still gives way), placed where it would collapse: half the gap after the visible view
    /// before it (none after the last), or, with none before it, ending where the first
    /// visible view starts; an equal-spacing or equal-centering stack does the reverse (ending
    /// with the visible view before it, or starting with the first visible one). VLC's player
    /// controls, Habitica's and Element's cells, Pocket Casts' episode cell and checkout's
    /// card form show both. Not UIKit's: false by default.
    package var arrangesHiddenViewsAsInterfaceBuilder = false {
        didSet { if arrangesHiddenViewsAsInterfaceBuilder != oldValue { arrangementChanged() } }
    }
    /// The space between neighbouring views (the minimum for the equal distributions); negative
    /// values overlap them. ``spacingUseSystem`` asks for the system spacing (8). Default 0.
    ///
    /// - Precondition: finite.
    public var spacing: Double = 0 {
        didSet {
            precondition(spacing.isFinite, "UIStackView spacing \(spacing) is not finite. Pass a finite number or StackView.spacingUseSystem.")
            if spacing != oldValue { arrangementChanged() }
        }
    }
    /// Whether vertical spacing runs from one view's last baseline to the next view's first
    /// baseline instead of edge to edge (vertical stacks only; default false).
    public var isBaselineRelativeArrangement = false {
        didSet { if isBaselineRelativeArrangement != oldValue { arrangementChanged() } }
    }
    /// Whether the views are laid out inside the stack's ``View/layoutMarginsGuide`` instead of
    /// its edges (default false).
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { arrangementChanged() } }
    }

    // MARK: Creating a stack

    /// Creates an empty horizontal stack with a frame.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Creates an empty horizontal stack with a zero frame.
    public override init() { super.init() }

    /// Creates a horizontal stack arranging `views` in order (each becomes a subview).
    public convenience init(arrangedSubviews views: [View]) {
        self.init(frame: .zero)
        for v in views { addArrangedSubview(v) }
    }

    // MARK: Arranged views

    /// The views the stack lays out, in order: always subviews of the stack. A view removed
    /// from the stack with ``View/removeFromSuperview()`` leaves the arrangement too.
    public var arrangedSubviews: [View] {
        arranged.filter { $0.view.superview === self }.map(\.view)
    }

    /// Appends a view to the arrangement, adding it as a subview when it is not one yet and
    /// turning off its autoresizing constraints. Adding an arranged view again moves it to the end.
    public func addArrangedSubview(_ view: View) {
        pruneDeparted()
        insertArrangedSubview(view, at: arranged.count)
    }

    /// Inserts a view into the arrangement at `index` (moving it there if it is already
    /// arranged), adding it as a subview when it is not one yet and turning off its
    /// autoresizing constraints.
    ///
    /// - Precondition: `0 <= index <= arrangedSubviews.count`, and `view` is not the stack or
    ///   one of its ancestors.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        pruneDeparted()
        precondition(index >= 0 && index <= arranged.count,
                     "Index \(index) out of bounds for arranged subview: index must be from 0 to \(arranged.count) (the number of arranged subviews).")
        if let i = arranged.firstIndex(where: { $0.view === view }) {
            let item = arranged.remove(at: i)
            arranged.insert(item, at: min(index, arranged.count))
        } else {
            if view.superview !== self { addSubview(view) }
            view.translatesAutoresizingMaskIntoConstraints = false
            arranged.insert(Arranged(view: view, spacingAfter: StackView.spacingUseDefault), at: index)
        }
        arrangementChanged()
    }

    /// Removes a view from the arrangement. As in UIKit it stays a subview (call
    /// ``View/removeFromSuperview()`` too to take it off screen); the stack no longer positions
    /// it and forgets its custom spacing.
    public func removeArrangedSubview(_ view: View) {
        pruneDeparted()
        guard let i = arranged.firstIndex(where: { $0.view === view }) else { return }
        arranged.remove(at: i)
        arrangementChanged()
    }

    /// Sets the space after an arranged view, replacing ``spacing`` for that gap:
    /// ``spacingUseDefault`` goes back to ``spacing``, ``spacingUseSystem`` asks for 8. As in
    /// UIKit, a view that is not arranged is ignored. When the view is hidden, the gap after the
    /// last visible view before it applies.
    ///
    /// - Precondition: `spacing` is finite.
    public func setCustomSpacing(_ spacing: Double, after arrangedSubview: View) {
        precondition(spacing.isFinite, "Custom spacing \(spacing) after \(arrangedSubview.debugName) is not finite. Pass a finite number, StackView.spacingUseDefault or StackView.spacingUseSystem.")
        pruneDeparted()
        guard let i = arranged.firstIndex(where: { $0.view === arrangedSubview }),
              arranged[i].spacingAfter != spacing else { return }
        arranged[i].spacingAfter = spacing
        arrangementChanged()
    }

    /// The custom space after an arranged view, or ``spacingUseDefault`` when it has none (or
    /// is not arranged).
    public func customSpacing(after arrangedSubview: View) -> Double {
        arranged.first { $0.view === arrangedSubview && $0.view.superview === self }?.spacingAfter
            ?? StackView.spacingUseDefault
    }

    // MARK: Baselines

    /// The view whose first baseline is the stack's: the first visible arranged view of a
    /// vertical stack, the tallest visible one (by intrinsic height; the first on ties) of a
    /// horizontal stack, followed into nested stacks; the stack itself when nothing is visible.
    open override var forFirstBaselineLayout: View { baselineView(first: true) }

    /// The view whose last baseline is the stack's: the last visible arranged view of a
    /// vertical stack, the tallest visible one of a horizontal stack, followed into nested
    /// stacks; the stack itself when nothing is visible.
    open override var forLastBaselineLayout: View { baselineView(first: false) }

    // MARK: Constraints

    /// Replaces the stack's constraints by ones for the current arrangement, in one batch,
    /// then calls `super`. Subclasses that override it must call `super`.
    open override func updateConstraints() {
        pruneDeparted()
        LayoutConstraint.deactivate(arrangementConstraints)
        arrangementConstraints = makeArrangementConstraints()
        LayoutConstraint.activate(arrangementConstraints)
        super.updateConstraints()
    }

    override func subviewVisibilityChanged(_ subview: View) {
        guard isArranged(subview) else { return }
        arrangementChanged()
    }

    override func subviewIntrinsicSizeChanged(_ subview: View) {
        guard isArranged(subview) else { return }
        // Proportions come from intrinsic sizes, and the last-baseline connection goes to the
        // tallest view; the other constraints do not depend on sizes.
        if distribution == .fillProportionally || alignment == .lastBaseline { setNeedsUpdateConstraints() }
        baselineParametersChanged()
    }

    /// Drops a departing subview from the arrangement, as UIKit does.
    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        if arranged.contains(where: { $0.view === subview }) {
            arranged.removeAll { $0.view === subview }
            arrangementChanged()
        }
    }

    // MARK: Private

    private func isArranged(_ view: View) -> Bool {
        view.superview === self && arranged.contains { $0.view === view }
    }

    /// Drops views that left the stack through `removeFromSuperview()` (UIKit removes them
    /// from the arrangement at once).
    private func pruneDeparted() {
        arranged.removeAll { $0.view.superview !== self }
    }

    private func arrangementChanged() {
        setNeedsUpdateConstraints()
        baselineParametersChanged()
    }

    /// The baseline view may have changed: constraints on the stack's baselines are
    /// re-expressed (the engine re-reads baseline views of views it updates), and an enclosing
    /// stack re-reads its own.
    private func baselineParametersChanged() {
        setNeedsConstraintUpdate()
        superview?.subviewIntrinsicSizeChanged(self)
    }

    private var visibleArrangedViews: [View] { arrangedSubviews.filter { !$0.isHidden } }

    private func baselineView(first: Bool) -> View {
        let visible = visibleArrangedViews
        guard let firstVisible = visible.first, let lastVisible = visible.last else { return self }
        let found = axis == .vertical ? (first ? firstVisible : lastVisible)
            : (tallest(of: visible) ?? (first ? firstVisible : lastVisible))
        return first ? found.forFirstBaselineLayout : found.forLastBaselineLayout
    }

    /// The first view of the greatest intrinsic height, or nil when none has a height.
    private func tallest(of views: [View]) -> View? {
        var best: View?
        var height = 0.0
        for v in views {
            let h = StackView.calculatedIntrinsicHeight(of: v)
            if h > height { height = h; best = v }
        }
        return best
    }

    /// A view's height before solving: its intrinsic height (0 without one); for a stack,
    /// the sum of its visible views' heights and spacings (vertical) or the tallest (horizontal).
    private static func calculatedIntrinsicHeight(of view: View) -> Double {
        calculatedIntrinsicLength(of: view, along: .vertical)
    }

    /// A view's length on an axis before solving: its intrinsic length (0 without one); for a
    /// stack, its visible views' lengths and spacings summed along its axis or the longest
    /// across it, inside its margins when it arranges relative to them.
    private static func calculatedIntrinsicLength(of view: View, along axis: LayoutConstraint.Axis) -> Double {
        guard let stack = view as? StackView else {
            let size = view.intrinsicContentSize
            return max(axis == .horizontal ? size.width : size.height, 0)
        }
        let lengths = stack.visibleArrangedViews.map { calculatedIntrinsicLength(of: $0, along: axis) }
        var length = stack.axis == axis ? lengths.reduce(0, +) + stack.spacingPoints * Double(max(lengths.count - 1, 0))
            : lengths.max() ?? 0
        if stack.isLayoutMarginsRelativeArrangement {
            let m = stack.directionalLayoutMargins
            length += axis == .horizontal ? m.leading + m.trailing : m.top + m.bottom
        }
        return length
    }

    /// The stack's spacing in points: ``spacingUseDefault`` is 0, ``spacingUseSystem`` 8.
    private var spacingPoints: Double {
        switch spacing {
        case StackView.spacingUseDefault: return 0
        case StackView.spacingUseSystem: return systemSpacing
        default: return spacing
        }
    }

    /// The gap after the arranged view at `index`: nil for the system spacing, else points.
    private func gapAfter(_ index: Int) -> Double? {
        var value = arranged[index].spacingAfter
        if value == StackView.spacingUseDefault { value = spacing }
        if value == StackView.spacingUseDefault { return 0 }
        return value == StackView.spacingUseSystem ? nil : value
    }

    /// The attributes of one axis: edges, centre and size.
    private struct Edges {
        let start: LayoutConstraint.Attribute
        let end: LayoutConstraint.Attribute
        let center: LayoutConstraint.Attribute
        let size: LayoutConstraint.Attribute

        init(_ axis: LayoutConstraint.Axis) {
            if axis == .horizontal { (start, end, center, size) = (.leading, .trailing, .centerX, .width) }
            else { (start, end, center, size) = (.top, .bottom, .centerY, .height) }
        }
    }

    /// Builds the arrangement's constraints (and adds or removes the guides they use).
    private func makeArrangementConstraints() -> [LayoutConstraint] {
        let views = arranged.map(\.view)
        var out: [LayoutConstraint] = []
        func add(_ a: LayoutItem, _ attrA: LayoutConstraint.Attribute, _ relation: LayoutConstraint.Relation,
                 _ b: LayoutItem?, _ attrB: LayoutConstraint.Attribute, multiplier: Double = 1, constant: Double = 0,
                 priority: LayoutPriority = .required, _ identifier: String) {
            out.append(LayoutConstraint(a, attrA, relation, b, attrB, multiplier: multiplier, constant: constant,
                                        priority: priority, origin: .system, identifier: identifier))
        }
        guard views.contains(where: { !$0.isHidden }) else {   // empty, or every view hidden
            updateGuides(spanner: false, gaps: 0)
            return []
        }
        let canvas: LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let along = Edges(axis), across = Edges(axis == .horizontal ? .vertical : .horizontal)
        let visibleFlags = views.map { !$0.isHidden }
        let visible = views.filter { !$0.isHidden }
        let spreads = distribution == .equalSpacing || distribution == .equalCentering
        let baselineSpacing = isBaselineRelativeArrangement && axis == .vertical
        let effectiveAlignment = axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline)
            ? Alignment.fill : alignment
        let usesSpanner = effectiveAlignment != .fill && views.count > 1
        updateGuides(spanner: usesSpanner, gaps: spreads ? max(visible.count - 1, 0) : 0)

        // Along the axis: the chain from the canvas's start to its end.
        if arrangesHiddenViewsAsInterfaceBuilder && visible.count < views.count {
            let shown = views.indices.filter { visibleFlags[$0] }
            add(canvas, along.start, .equal, views[shown[0]], along.start, "UISV-canvas-connection")
            add(canvas, along.end, .equal, views[shown[shown.count - 1]], along.end, "UISV-canvas-connection")
            for (a, b) in zip(shown, shown.dropFirst()) {
                let gap = gapAfter(a)
                add(views[b], baselineSpacing ? .firstBaseline : along.start, spreads ? .greaterThanOrEqual : .equal,
                    views[a], baselineSpacing ? .lastBaseline : along.end, constant: gap ?? systemSpacing, "UISV-spacing")
                if gap == nil { out[out.count - 1].systemSpacingMultiplier = 1 }
            }
            for k in views.indices where !visibleFlags[k] {
                let before = shown.last { $0 < k }, after = shown.first { $0 > k }
                // Its own required constraints keep their size and place (a file's constraint
                // between two hidden views holds); nothing else does.
                let drawn = LayoutPriority.required - 1
                add(views[k], along.size, .equal, nil, .notAnAttribute, priority: drawn, "UISV-hiding")
                switch (spreads, before) {
                case (false, let before?):
                    // Between two visible views, half the gap after the one before it.
                    let half = after == nil ? 0 : (gapAfter(before) ?? systemSpacing) / 2
                    add(views[k], along.start, .equal, views[before], along.end, constant: half, priority: drawn, "IB-hidden-arranged")
                case (false, nil): add(views[k], along.end, .equal, views[after!], along.start, priority: drawn, "IB-hidden-arranged")
                case (true, let before?): add(views[k], along.end, .equal, views[before], along.end, priority: drawn, "IB-hidden-arranged")
                case (true, nil): add(views[k], along.start, .equal, views[after!], along.start, priority: drawn, "IB-hidden-arranged")
                }
            }
        } else {
            add(canvas, along.start, .equal, views[0], along.start, "UISV-canvas-connection")
            add(canvas, along.end, .equal, views[views.count - 1], along.end, "UISV-canvas-connection")
            for i in views.indices.dropFirst() {
                let a = views[i - 1], b = views[i]
                let attrB = baselineSpacing && visibleFlags[i] ? LayoutConstraint.Attribute.firstBaseline : along.start
                let attrA = baselineSpacing && visibleFlags[i - 1] ? LayoutConstraint.Attribute.lastBaseline : along.end
                // A hidden view takes half of the gap on each side; before the first or after the
                // last visible view, and between two hidden views, there is no gap.
                let factor: Double = visibleFlags[i - 1] && visibleFlags[i] ? 1 : visibleFlags[i - 1] || visibleFlags[i] ? 0.5 : 0
                var gap: Double? = 0
                if factor > 0, let before = visibleFlags[..<i].lastIndex(of: true), visibleFlags[i...].contains(true) {
                    gap = gapAfter(before).map { $0 * factor }
                }
                add(b, attrB, spreads ? .greaterThanOrEqual : .equal, a, attrA,
                    constant: gap ?? factor * systemSpacing, "UISV-spacing")
                if gap == nil { out[out.count - 1].systemSpacingMultiplier = factor }
            }
            for v in views where v.isHidden { add(v, along.size, .equal, nil, .notAnAttribute, "UISV-hiding") }
        }

        switch distribution {
        case .fill:
            break
        case .fillEqually:
            fillEqually(visible, along.size, &out)
        case .fillProportionally:
            // UIKit: proportions of the intrinsic lengths plus the spacing, against the canvas;
            // without enough intrinsic length to share, the views fill equally. A nested stack
            // counts with the length its views give it (Interface Builder's stored frames of
            // FreeOTP's proportional form: rows of a label and a field keep their 34 and 31).
            let s = spacingPoints
            let lengths = visible.map { StackView.calculatedIntrinsicLength(of: $0, along: axis) }
            let denominator = lengths.reduce(0, +) + s * Double(visible.count - 1)
            guard denominator > max(s * Double(views.count - 1), 1) else {
                fillEqually(visible, along.size, &out)
                break
            }
            for (v, length) in zip(visible, lengths) {
                let index = views.firstIndex { $0 === v }!
                let m = length / denominator
                let priority = m == 1 ? LayoutPriority.required : LayoutPriority(Float(max(999 - index, 751)))
                // A view without a length of its own gets a share of none, at its place's
                // priority like the others: its own constraints size it (Habitica's and Trust
                // Wallet's 36- and 52-point images).
                if length <= 0 {
                    add(v, along.size, .equal, nil, .notAnAttribute, priority: priority, "UISV-fill-proportionally")
                } else {
                    add(v, along.size, .equal, canvas, along.size, multiplier: m, priority: priority, "UISV-fill-proportionally")
                }
            }
        case .equalSpacing, .equalCentering:
            if !omitsFittingConstraints { add(self, along.size, .equal, nil, .notAnAttribute, priority: 49, "UISV-canvas-fit") }
            let centering = distribution == .equalCentering
            for (j, gap) in gapGuides.enumerated() {
                let p = visible[j], n = visible[j + 1]
                let pAttr = centering ? along.center : baselineSpacing ? .lastBaseline : along.end
                let nAttr = centering ? along.center : baselineSpacing ? .firstBaseline : along.start
                add(gap, along.start, .equal, p, pAttr, "UISV-distributing-edge")
                add(gap, along.end, .equal, n, nAttr, "UISV-distributing-edge")
                guard j > 0 else { continue }
                let index = views.firstIndex { $0 === p }!
                add(gap, along.size, .equal, gapGuides[0], along.size,
                    priority: centering ? LayoutPriority(Float(max(150 - index, 50))) : .required, "UISV-fill-equally")
            }
        }

        // Across the axis.
        let first = views[0]
        for v in views.dropFirst() {
            switch effectiveAlignment {
            case .fill:
                add(first, across.start, .equal, v, across.start, "UISV-alignment")
                add(first, across.end, .equal, v, across.end, "UISV-alignment")
            case .leading: add(first, across.start, .equal, v, across.start, "UISV-alignment")
            case .trailing: add(first, across.end, .equal, v, across.end, "UISV-alignment")
            case .center: add(first, across.center, .equal, v, across.center, "UISV-alignment")
            case .firstBaseline: add(first, .firstBaseline, .equal, v, .firstBaseline, "UISV-alignment")
            case .lastBaseline: add(first, .lastBaseline, .equal, v, .lastBaseline, "UISV-alignment")
            }
        }
        let isBaseline = effectiveAlignment == .firstBaseline || effectiveAlignment == .lastBaseline
        if effectiveAlignment == .fill {
            add(canvas, across.start, .equal, first, across.start, "UISV-canvas-connection")
            add(canvas, across.end, .equal, first, across.end, "UISV-canvas-connection")
        } else if usesSpanner, let spanner = alignmentSpanner {
            // The spanner encloses the visible views (all of them when none is visible, so
            // that the stack's cross size stays determined). The aligned edge connects to the
            // first view, the others to the spanner.
            let enclosed = visible.isEmpty ? views : visible
            add(canvas, across.start, .equal, effectiveAlignment == .leading ? first : spanner, across.start,
                "UISV-canvas-connection")
            if effectiveAlignment == .lastBaseline {
                // UIKit connects the bottom to one view only (`V:[v]-(>=0)-|`): here the tallest,
                // which with text is also the one reaching lowest below the shared baseline.
                add(canvas, across.end, .greaterThanOrEqual, tallest(of: enclosed) ?? enclosed[0], across.end,
                    "UISV-canvas-connection")
            } else {
                add(canvas, across.end, .equal, effectiveAlignment == .trailing ? first : spanner, across.end,
                    "UISV-canvas-connection")
            }
            if effectiveAlignment == .center {
                add(canvas, across.center, .equal, first, across.center, "UISV-canvas-connection")
            }
            for v in enclosed {
                add(spanner, across.start, effectiveAlignment == .leading ? .equal : .lessThanOrEqual, v, across.start,
                    priority: effectiveAlignment == .leading ? 999.5 : .required, "UISV-spanning-boundary")
                add(spanner, across.end, effectiveAlignment == .trailing ? .equal : .greaterThanOrEqual, v, across.end,
                    priority: effectiveAlignment == .trailing ? 999.5 : .required, "UISV-spanning-boundary")
            }
            if !omitsFittingConstraints { add(spanner, across.size, .equal, nil, .notAnAttribute, priority: 51, "UISV-spanning-fit") }
        } else {
            // A single view needs no spanner: the stack encloses it and shrinks to it.
            add(canvas, across.start, effectiveAlignment == .leading ? .equal : .lessThanOrEqual, first, across.start,
                "UISV-canvas-connection")
            add(canvas, across.end, effectiveAlignment == .trailing ? .equal : .greaterThanOrEqual, first, across.end,
                "UISV-canvas-connection")
            if effectiveAlignment == .center {
                add(canvas, across.center, .equal, first, across.center, "UISV-canvas-connection")
            }
        }
        if (isBaseline || (effectiveAlignment != .fill && !usesSpanner)) && !omitsFittingConstraints {
            add(self, across.size, .equal, nil, .notAnAttribute, priority: 49, "UISV-canvas-fit")
        }
        if effectiveAlignment != .fill && !omitsFittingConstraints {
            for v in views { add(v, across.size, .equal, nil, .notAnAttribute, priority: 25, "UISV-ambiguity-suppression") }
        }
        if isBaseline && distribution == .fill && !visible.isEmpty {
            // Observed on iOS: text side by side shares the width equally, just above
            // compression resistance, instead of leaving it ambiguous.
            let n = Double(visible.count)
            for v in visible {
                let level = min(max(v.contentCompressionResistancePriority(for: .horizontal).rawValue,
                                    v.contentHuggingPriority(for: .horizontal).rawValue) + 10, 999)
                add(v, .width, .equal, canvas, .width, multiplier: 1 / n, constant: -spacingPoints * (n - 1) / n,
                    priority: LayoutPriority(level), "UISV-text-width-disambiguation")
            }
        }
        return out
    }

    /// `UISV-fill-equally`: every visible view as long as the first visible one.
    private func fillEqually(_ visible: [View], _ size: LayoutConstraint.Attribute, _ out: inout [LayoutConstraint]) {
        guard let reference = visible.first else { return }
        for v in visible.dropFirst() {
            out.append(LayoutConstraint(v, size, .equal, reference, size, origin: .system, identifier: "UISV-fill-equally"))
        }
    }

    /// Adds or removes the spanner and gap guides; existing guides are kept.
    private func updateGuides(spanner: Bool, gaps: Int) {
        if spanner, alignmentSpanner == nil {
            let guide = LayoutSpacer(system: "UISV-alignment-spanner")
            addLayoutGuide(guide)
            alignmentSpanner = guide
        } else if !spanner, let guide = alignmentSpanner {
            removeLayoutGuide(guide)
            alignmentSpanner = nil
        }
        while gapGuides.count > gaps { removeLayoutGuide(gapGuides.removeLast()) }
        while gapGuides.count < gaps {
            let guide = GapGuide(system: "UISV-distributing")
            addLayoutGuide(guide)
            gapGuides.append(guide)
        }
    }
}

/// The guides a stack view adds (UIKit's `_UILayoutSpacer`): the alignment spanner, which
/// encloses the arranged views across the axis.
final class LayoutSpacer: LayoutGuide {}

/// A gap between two visible arranged views of an equal-spacing or equal-centering stack
/// (UIKit's `_UIOLAGapGuide`, identified as `'UISV-distributing'`); the gaps are kept equal.
final class GapGuide: LayoutGuide {
    override var debugName: String { "_UIOLAGapGuide:\(addressString)'\(identifier)'" }
}
