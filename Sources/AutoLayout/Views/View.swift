import Cassowary

/// A rectangle in a hierarchy, laid out by constraints (UIKit's `UIView`).
///
/// Subclass it to give a view an ``intrinsicContentSize``. Every hierarchy has one
/// ``LayoutEngine``, kept by its root and shared by all descendants; frames come from that
/// engine at ``layoutIfNeeded()``.
open class View: LayoutItem, CustomStringConvertible {
    /// Which edges and sizes follow the superview when it resizes (UIKit's `UIView.AutoresizingMask`).
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        /// The mask's bits.
        public let rawValue: Int
        /// Creates a mask from its bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The left margin stretches.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width stretches.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin stretches.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin stretches.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height stretches.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin stretches.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// How a view's content reads (UIKit's `UISemanticContentAttribute`).
    public enum SemanticContentAttribute: Int, Sendable {
        /// Follow the superview (the root reads left to right).
        case unspecified = 0
        /// Playback controls: always left to right.
        case playback
        /// Directional controls: always left to right.
        case spatial
        /// Always left to right.
        case forceLeftToRight
        /// Always right to left.
        case forceRightToLeft
    }

    /// "No size in this dimension" for ``intrinsicContentSize`` (UIKit's `UIView.noIntrinsicMetric`).
    public static let noIntrinsicMetric: Double = -1
    /// The smallest size: fit to it to get a view's compressed size.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// A large size: fit to it to get a view's expanded size (UIKit uses 10000 × 10000).
    public static let layoutFittingExpandedSize = Size(width: 10000, height: 10000)

    // MARK: Hierarchy

    // `@exclusivity(unchecked)`, here and on the other stored properties a reused cell's
    // fitting reads or writes for every item (texts, constants, the engine's queues, the kept
    // fitting solver): the runtime's access checks on them were a fifth of that path's time
    // (README, Benchmarks). Their accesses never overlap: each is either a plain read or
    // write, an observed property (set through its setter), or an inout access to a value
    // whose call cannot reach the same object again.

    /// The view that contains this one (it clears this as it is freed: see ``UnownedReference``).
    public private(set) var superview: View? {
        get { superviewLink?.takeUnretainedValue() }
        set { superviewLink = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// The superview, unretained: walks up the hierarchy read it without a retain and a release
    /// at each step.
    @exclusivity(unchecked) private var superviewLink: Unmanaged<View>?
    /// The views this one contains, back to front.
    public private(set) var subviews: [View] = []
    /// The guides this view owns, including the margins and safe-area guides once used.
    public private(set) var layoutGuides: [LayoutGuide] = []
    /// The constraints installed on this view (each activated constraint is installed on the
    /// closest common ancestor of its items).
    public private(set) var constraints: [LayoutConstraint] = []

    /// The engine of a root view (created when first needed).
    var ownEngine: LayoutEngine?
    /// Constraints the framework keeps for this view: autoresizing, content size, guides.
    @exclusivity(unchecked) var generated = GeneratedConstraints()
    /// Whether the engine must look at this view's generated constraints again.
    var needsConstraintUpdate = false
    /// Whether only the intrinsic size changed since (the engine then updates just that).
    var onlyIntrinsicSizeChanged = false
    /// Whether ``updateConstraints()`` is due.
    var needsUpdateConstraints = false

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates. Set it to place a view that
    /// translates its autoresizing mask into constraints; otherwise layout overwrites it.
    public var frame: Rect {
        didSet {
            if frame != oldValue, !isApplyingLayout {
                // As UIKit's autoresizing, relative to the superview's size now: a later change
                // of that size is shared out by the mask.
                autoresizingReference = superview.map { (frame, $0.frame.size) }
                setNeedsConstraintUpdate()
            }
        }
    }
    /// The view's rectangle in its own coordinates: the frame's size at the origin (a
    /// collection view's origin is its content offset).
    open var bounds: Rect {
        get { Rect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    /// The superview size and own frame the autoresizing constraints are relative to.
    var autoresizingReference: (frame: Rect, superSize: Size)?
    var isApplyingLayout = false
    /// The direction of the next ``exerciseAmbiguityInLayout()`` move.
    var exerciseDirection = -1.0

    /// Whether the frame is turned into constraints (`NSAutoresizingMaskLayoutConstraint`s):
    /// true by default, as in UIKit. Set it to false on every view you position with constraints.
    public var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if translatesAutoresizingMaskIntoConstraints != oldValue { setNeedsConstraintUpdate() } }
    }
    /// How the frame follows the superview's size when autoresizing constraints are made.
    public var autoresizingMask: AutoresizingMask = [] {
        didSet { if autoresizingMask != oldValue { setNeedsConstraintUpdate() } }
    }
    /// Hidden views still take part in layout, as in UIKit; a stack view collapses its hidden
    /// arranged views.
    public var isHidden = false {
        didSet { if isHidden != oldValue { superview?.subviewVisibilityChanged(self) } }
    }
    /// A name for tests and descriptions: conflict messages quote it after the address.
    public var accessibilityIdentifier: String?
    /// Whether the view reads left to right or right to left; `.unspecified` follows the superview.
    public var semanticContentAttribute: SemanticContentAttribute = .unspecified {
        didSet { if semanticContentAttribute != oldValue { layoutEngine.directionChanged() } }
    }

    // MARK: Appearance (stored, not drawn)

    // What ported drawing code sets and reads back. Nothing draws it and none of it takes part in
    // layout: setting these never invalidates a constraint or moves a frame.

    /// The colour behind the content; nil (the default) is transparent.
    public var backgroundColor: Color?
    /// The colour of tinted content: the colour set on this view, else its superview's tint, else
    /// ``Color/systemBlue`` (UIKit's default tint). Never nil when read; setting nil makes the
    /// view inherit again, as in UIKit.
    public var tintColor: Color! {
        get { ownTintColor ?? superview?.tintColor ?? .tintColor }
        set { ownTintColor = newValue }
    }
    private var ownTintColor: Color?
    /// The view's layer (UIKit's backing `CALayer`): corner radius, border and shadow settings,
    /// made on first use.
    public var layer: Layer {
        if let layer = ownLayer { return layer }
        let layer = Layer()
        ownLayer = layer
        return layer
    }
    private var ownLayer: Layer?
    /// How the content fills the bounds (`.scaleToFill` by default).
    public var contentMode = ContentMode.scaleToFill
    /// Whether subviews and content are clipped to the bounds: the layer's
    /// ``Layer/masksToBounds`` under another name, as in UIKit (false by default).
    public var clipsToBounds: Bool {
        get { ownLayer?.masksToBounds ?? false }
        set { layer.masksToBounds = newValue }
    }
    /// The opacity, 0 to 1 (1 by default). A view at 0 still takes part in layout.
    public var alpha = 1.0
    /// Whether the view promises to fill its bounds with opaque content (true by default).
    public var isOpaque = true
    /// Whether the view takes touches (true by default; labels and image views start with false,
    /// as in UIKit).
    public var isUserInteractionEnabled: Bool {
        get { ownUserInteraction ?? Self.takesTouchesByDefault }
        set { ownUserInteraction = newValue }
    }
    private var ownUserInteraction: Bool?
    /// Whether a view of this class takes touches until told otherwise.
    class var takesTouchesByDefault: Bool { true }

    /// Creates a view with a frame.
    public init(frame: Rect) {
        self.frame = frame
        super.init()
    }

    /// Creates a view with a zero frame.
    public override init() {
        self.frame = .zero
        super.init()
    }

    deinit {
        // Before the subviews, guides and constraints go: none of them may reach this view
        // while it is being freed.
        reference.object = nil
        for v in subviews { v.superview = nil }
        for g in layoutGuides { g.owningView = nil }
        for c in constraints where c.installedOn === self { c.installedOn = nil }
    }

    /// The class name descriptions and conflict messages print for this view: UIKit's name for
    /// the framework's classes (`UILabel`), the module-qualified name for subclasses
    /// (`MyApp.AvatarView`). Set it when the view stands for a class the program does not have,
    /// such as the custom class of a view read from a constraint file or a storyboard.
    public var descriptionClassName: String {
        get { classNameOverride ?? uikitClassNames[ObjectIdentifier(type(of: self))] ?? qualifiedName(of: type(of: self)) }
        set { classNameOverride = newValue }
    }
    private var classNameOverride: String?

    override var hostView: View? { self }

    override var debugName: String {
        var s = "\(descriptionClassName):\(addressString)"
        if let label = debugLabel { s += "'\(truncatedLabel(label))'" }
        return s
    }

    /// What descriptions quote after the address: the accessibility identifier, else the text.
    var debugLabel: String? { accessibilityIdentifier }

    /// `<UIView: 0x…; frame = (0 0; 320 44)>`, as UIKit prints a view.
    public var description: String { "<\(descriptionClassName): \(addressString); frame = \(frame)>" }

    /// Adds a view at the front, removing it from its previous superview first.
    public func addSubview(_ view: View) {
        precondition(view !== self && !isDescendant(of: view),
                     "Can't add self as subview, or a superview as a subview: \(view.debugName) contains \(debugName).")
        if view.superview === self {
            subviews.removeAll { $0 === view }
            subviews.append(view)
            return
        }
        view.removeFromSuperview()
        if view.hostsOwnLayout {
            subviews.append(view)
            view.superview = self
            didAddSubview(view)
            return
        }
        let engine = layoutEngine
        let childEngine = view.ownEngine
        view.ownEngine = nil
        subviews.append(view)
        view.superview = self
        engine.adopt(subtree: view, from: childEngine)
        didAddSubview(view)
    }

    /// Adds a view at `index` in ``subviews`` (0 is the back), removing it from its previous
    /// superview first.
    public func insertSubview(_ view: View, at index: Int) {
        addSubview(view)
        guard let i = subviews.lastIndex(where: { $0 === view }) else { return }
        subviews.remove(at: i)
        subviews.insert(view, at: max(0, min(index, subviews.count)))
    }

    /// Removes the view from its superview. Constraints between its subtree and the rest of the
    /// old hierarchy are deactivated; constraints inside the subtree move to its new engine.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        if hostsOwnLayout {
            parent.subviews.removeAll { $0 === self }
            superview = nil
            return
        }
        let engine = layoutEngine
        parent.subviews.removeAll { $0 === self }
        superview = nil
        engine.release(subtree: self)
    }

    /// Called after a subview was added; override to react (call `super`).
    open func didAddSubview(_ subview: View) {}

    /// Called before a subview leaves (a stack view drops it from its arrangement); override
    /// to react (call `super`).
    open func willRemoveSubview(_ subview: View) {}

    /// Whether `view` is this view or one of its ancestors.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// The top of the hierarchy.
    var rootView: View { unmanagedRoot.takeUnretainedValue() }

    /// The top of the hierarchy, unretained: the walk retains nothing (the hierarchy holds
    /// every view on it).
    private var unmanagedRoot: Unmanaged<View> {
        var v = Unmanaged.passUnretained(self)
        while let s = v._withUnsafeGuaranteedRef({ $0.hostsOwnLayout ? nil : $0.superviewLink }) { v = s }
        return v
    }

    /// Whether the view keeps its own layout engine when it is a subview: a collection view's
    /// cells, placed by frame, with no constraint to anything outside them. Their constraints
    /// then never move between engines as cells are shown and reused, and measuring a cell uses
    /// its own engine. Set only while the view has no superview.
    var hostsOwnLayout = false {
        willSet { precondition(superview == nil, "hostsOwnLayout changes only on a view without a superview") }
    }

    func closestCommonAncestor(with other: View) -> View? {
        // The usual cases first, without walking the hierarchy: one is the other's superview,
        // or they are siblings.
        if self === other || other.superview === self { return self }
        if let s = superview, s === other || s === other.superview { return s }
        var ancestors: Set<ObjectIdentifier> = []
        var v: View? = self
        while let current = v { ancestors.insert(ObjectIdentifier(current)); v = current.superview }
        v = other
        while let current = v {
            if ancestors.contains(ObjectIdentifier(current)) { return current }
            v = current.superview
        }
        return nil
    }

    /// The engine that lays out this view's hierarchy (shared by the root and its descendants).
    public var layoutEngine: LayoutEngine {
        if let engine = unmanagedRoot._withUnsafeGuaranteedRef({ $0.ownEngine }) { return engine }
        let root = rootView
        let engine = LayoutEngine(root: root)
        root.ownEngine = engine
        return engine
    }

    var effectiveRightToLeft: Bool {
        switch semanticContentAttribute {
        case .forceRightToLeft: return true
        case .forceLeftToRight, .playback, .spatial: return false
        case .unspecified: return superview?.effectiveRightToLeft ?? false
        }
    }

    // MARK: Constraints

    /// Installs a constraint on this view and activates it. The view must contain both items.
    public func addConstraint(_ constraint: LayoutConstraint) {
        guard constraint.engine == nil else { return }
        let ancestor = constraint.commonAncestor()
        precondition(ancestor.isDescendant(of: self),
                     "The view hierarchy is not prepared for the constraint: \(constraint)\n\tWhen added to a view, the constraint's items must be descendants of that view (or the view itself).")
        install(constraint)
    }

    /// Installs and activates constraints as one batch.
    public func addConstraints(_ constraints: [LayoutConstraint]) { constraints.forEach(addConstraint) }

    /// Deactivates a constraint installed on this view.
    public func removeConstraint(_ constraint: LayoutConstraint) {
        if constraint.installedOn === self { uninstall(constraint) }
    }

    /// Deactivates constraints installed on this view.
    public func removeConstraints(_ constraints: [LayoutConstraint]) { constraints.forEach(removeConstraint) }

    func install(_ c: LayoutConstraint) {
        constraints.append(c)
        c.installedOn = self
        layoutEngine.activate(c)
    }

    func uninstall(_ c: LayoutConstraint) {
        if let i = constraints.firstIndex(where: { $0 === c }) { constraints.remove(at: i) }
        c.installedOn = nil
        c.engine?.deactivate(c)
    }

    // MARK: Intrinsic size

    /// The size the content wants, or ``noIntrinsicMetric`` in a dimension without one.
    /// Override it, and call ``invalidateIntrinsicContentSize()`` when it changes.
    open var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric) }

    /// Tells the engine that ``intrinsicContentSize`` changed.
    open func invalidateIntrinsicContentSize() {
        setNeedsConstraintUpdate(intrinsicOnly: true)
        // Unretained: a superview clears the link as it is freed, and the call frees nothing.
        superviewLink?._withUnsafeGuaranteedRef { $0.subviewIntrinsicSizeChanged(self) }
    }

    /// Whether a host (a table cell for its content view) holds this view's size with
    /// `UIView-Encapsulated-Layout-Width/Height` constraints instead of autoresizing ones, as
    /// UIKit does; the root of a hierarchy always has them when it translates its mask.
    var hasEncapsulatedSize = false {
        didSet { if hasEncapsulatedSize != oldValue { setNeedsConstraintUpdate() } }
    }

    /// The view a fitting of this one measures instead: a cell's content view (UIKit's cells
    /// measure their content view; their own frame is the host's to set).
    var fittedContentView: View? { nil }

    // MARK: Configuration updates (cells)

    // Unchecked exclusivity: read and written for every item a reused cell measures (see `superview`).
    /// Whether a configuration update is queued with the engine.
    @exclusivity(unchecked) var needsConfigurationUpdate = false
    /// Whether a configuration update is running: configurations it sets ask for no other.
    @exclusivity(unchecked) var isUpdatingConfiguration = false

    /// Queues a configuration update, run before the next solve or fitting (UIKit's
    /// `setNeedsUpdateConfiguration()`).
    func requestConfigurationUpdate() {
        if needsConfigurationUpdate { return }
        needsConfigurationUpdate = true
        layoutEngine.viewNeedsConfigurationUpdate(self)
    }

    /// Runs `update` now if an update is queued.
    func runPendingConfigurationUpdate(_ update: () -> Void) {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        isUpdatingConfiguration = true
        defer { isUpdatingConfiguration = false }
        update()
    }

    /// Runs the queued configuration update (cells override it; the engine calls it).
    func updateConfigurationIfDue() {}

    /// Whether the intrinsic size depends on the width layout gives the view (a multi-line
    /// label without a preferred width): the engine then lays out again at the solved width.
    var wrapsAtLayoutWidth: Bool { false }
    /// The intrinsic size the view would have at a laid-out width.
    func intrinsicContentSize(atLayoutWidth width: Double) -> Size { intrinsicContentSize }
    /// Whether the intrinsic size is the one at this laid-out width already.
    func isMeasured(atLayoutWidth width: Double) -> Bool { true }
    /// Takes the width the layout gave the view; returns whether its intrinsic size changed
    /// (it has then invalidated it).
    func remeasure(atLayoutWidth width: Double) -> Bool { false }
    /// The engine that lists this view as wrapping at its laid-out width.
    var widthListEngine: UnownedReference<LayoutEngine>?

    /// A subview was hidden or shown (a stack view rearranges).
    func subviewVisibilityChanged(_ subview: View) {}
    /// A subview's intrinsic size changed (a proportional stack view recomputes its ratios).
    func subviewIntrinsicSizeChanged(_ subview: View) {}

    var huggingPriorities = (horizontal: LayoutPriority.defaultLow, vertical: LayoutPriority.defaultLow)
    var compressionPriorities = (horizontal: LayoutPriority.defaultHigh, vertical: LayoutPriority.defaultHigh)

    /// How strongly the view resists growing beyond its intrinsic size on an axis (default 250).
    public func contentHuggingPriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        axis == .horizontal ? huggingPriorities.horizontal : huggingPriorities.vertical
    }
    /// Sets how strongly the view resists growing beyond its intrinsic size on an axis.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        precondition(priority.isValid, "Content hugging priority \(priority.rawValue) is out of range: use 1…1000.")
        if axis == .horizontal { huggingPriorities.horizontal = priority } else { huggingPriorities.vertical = priority }
        setNeedsConstraintUpdate()
    }
    /// How strongly the view resists shrinking below its intrinsic size on an axis (default 750).
    public func contentCompressionResistancePriority(for axis: LayoutConstraint.Axis) -> LayoutPriority {
        axis == .horizontal ? compressionPriorities.horizontal : compressionPriorities.vertical
    }
    /// Sets how strongly the view resists shrinking below its intrinsic size on an axis.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutConstraint.Axis) {
        precondition(priority.isValid, "Compression resistance priority \(priority.rawValue) is out of range: use 1…1000.")
        if axis == .horizontal { compressionPriorities.horizontal = priority } else { compressionPriorities.vertical = priority }
        setNeedsConstraintUpdate()
    }

    // MARK: Margins and safe area

    /// A view's margins until they are set: 8 on every side.
    static let defaultLayoutMargins = DirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    /// The margins in the reading direction (default 8 on every side).
    @exclusivity(unchecked) public var directionalLayoutMargins = View.defaultLayoutMargins {
        didSet { if directionalLayoutMargins != oldValue { setNeedsConstraintUpdate() } }
    }
    /// Whether the margins layout uses are at least a view controller's system minimum (set on
    /// a ``ViewController``'s root view; see ``effectiveLayoutMargins``).
    var respectsSystemMinimumLayoutMargins = false {
        didSet { if respectsSystemMinimumLayoutMargins != oldValue { setNeedsConstraintUpdate() } }
    }
    /// The margins by physical side: leading is left unless the view reads right to left.
    public var layoutMargins: EdgeInsets {
        get {
            let m = directionalLayoutMargins
            return effectiveRightToLeft
                ? EdgeInsets(top: m.top, left: m.trailing, bottom: m.bottom, right: m.leading)
                : EdgeInsets(top: m.top, left: m.leading, bottom: m.bottom, right: m.trailing)
        }
        set {
            directionalLayoutMargins = effectiveRightToLeft
                ? DirectionalEdgeInsets(top: newValue.top, leading: newValue.right, bottom: newValue.bottom, trailing: newValue.left)
                : DirectionalEdgeInsets(top: newValue.top, leading: newValue.left, bottom: newValue.bottom, trailing: newValue.right)
        }
    }
    /// Whether the margins are measured from the safe area rather than the edges (default true).
    public var insetsLayoutMarginsFromSafeArea = true {
        didSet { if insetsLayoutMarginsFromSafeArea != oldValue { setNeedsConstraintUpdate() } }
    }
    /// The part of the view not covered by bars or rounded corners. Hosts set it on their root
    /// view (a window's or a cell's); it is 0 by default.
    public var safeAreaInsets = EdgeInsets.zero {
        didSet { if safeAreaInsets != oldValue { setNeedsConstraintUpdate() } }
    }

    var marginsGuide: LayoutGuide?
    var safeAreaGuide: LayoutGuide?

    /// The guide inset from the edges by ``layoutMargins`` (and the safe area), made on first use.
    public var layoutMarginsGuide: LayoutGuide {
        if let g = marginsGuide { return g }
        let g = LayoutGuide(system: "UIViewLayoutMarginsGuide")
        marginsGuide = g
        addLayoutGuide(g)
        return g
    }
    /// The guide inset from the edges by ``safeAreaInsets``, made on first use.
    public var safeAreaLayoutGuide: LayoutGuide {
        if let g = safeAreaGuide { return g }
        let g = LayoutGuide(system: "UIViewSafeAreaLayoutGuide")
        safeAreaGuide = g
        addLayoutGuide(g)
        return g
    }

    /// Adds a guide owned by this view, so constraints can use it.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        precondition(guide.owningView == nil || guide.owningView === self,
                     "\(guide.debugName) already belongs to \(guide.owningView!.debugName): remove it from that view first.")
        if guide.owningView === self { return }
        guide.owningView = self
        layoutGuides.append(guide)
        setNeedsConstraintUpdate()
    }

    /// Removes a guide, deactivating the constraints that use it.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        layoutEngine.release(guide: guide)
        layoutGuides.removeAll { $0 === guide }
        if guide === marginsGuide { marginsGuide = nil }
        if guide === safeAreaGuide { safeAreaGuide = nil }
        guide.owningView = nil
    }

    // MARK: Layout

    /// Asks for ``updateConstraints()`` before the next layout pass (or fitting).
    public func setNeedsUpdateConstraints() {
        if needsUpdateConstraints { return }
        needsUpdateConstraints = true
        layoutEngine.viewNeedsUpdateConstraints(self)
    }

    /// Runs the pending ``updateConstraints()`` calls of the hierarchy now.
    public func updateConstraintsIfNeeded() { layoutEngine.runUpdateConstraints() }

    /// Override to make or change your own constraints, as UIKit calls it: once per
    /// ``setNeedsUpdateConstraints()``, before the engine solves. Activating and deactivating
    /// constraints here joins the same pass. Call `super`.
    open func updateConstraints() {}

    func setNeedsConstraintUpdate(intrinsicOnly: Bool = false) {
        if needsConstraintUpdate {
            if !intrinsicOnly { onlyIntrinsicSizeChanged = false }
            return
        }
        needsConstraintUpdate = true
        onlyIntrinsicSizeChanged = intrinsicOnly
        // A lone view has no engine yet (views get one when they gain subviews or are laid
        // out); the engine looks at its root when it is made.
        // Root and engine unretained: the hierarchy holds the root, and the root its engine.
        // Returns false when the root has no engine yet and must make one.
        let handled = unmanagedRoot._withUnsafeGuaranteedRef { root -> Bool in
            guard let engine = root.ownEngine.map({ Unmanaged.passUnretained($0) }) else { return root === self }
            engine._withUnsafeGuaranteedRef { $0.viewNeedsUpdate(self, intrinsicOnly: intrinsicOnly) }
            return true
        }
        if !handled { rootView.layoutEngine.viewNeedsUpdate(self, intrinsicOnly: intrinsicOnly) }
    }

    /// Asks for a layout pass; ``layoutIfNeeded()`` performs it.
    public func setNeedsLayout() { layoutEngine.setNeedsLayout() }

    /// Solves what changed since the last pass and updates the frames of the hierarchy.
    open func layoutIfNeeded() { layoutEngine.layoutIfNeeded() }

    /// The baseline views: the view itself unless a subclass forwards to a subview.
    open var forFirstBaselineLayout: View { self }
    /// The view whose last baseline is this view's last baseline.
    open var forLastBaselineLayout: View { self }

    /// The first baseline's distance from the top, or nil for a view without text (its
    /// baselines are its bottom edge).
    var firstBaselineOffsetFromTop: Double? { nil }
    /// The last baseline's distance from the bottom, or nil for a view without text.
    var lastBaselineOffsetFromBottom: Double? { nil }

    override func baselineExpression(first: Bool) -> Expression {
        let target = first ? forFirstBaselineLayout : forLastBaselineLayout
        if target !== self { return target.baselineExpression(first: first) }
        if first, let offset = firstBaselineOffsetFromTop { return Expression([Term(minY)], constant: offset) }
        if !first, let offset = lastBaselineOffsetFromBottom { return Expression([Term(minY), Term(height)], constant: -offset) }
        return Expression([Term(minY), Term(height)])
    }
}

/// Cuts a label to UIKit's 25 characters plus `...`.
func truncatedLabel(_ s: String) -> String {
    s.count > 25 ? String(s.prefix(25)) + "..." : s
}

extension LayoutConstraint {
    /// A direction for sizing priorities and constraint queries (UIKit's `NSLayoutConstraint.Axis`).
    public enum Axis: Int, Sendable {
        /// Left to right.
        case horizontal = 0
        /// Top to bottom.
        case vertical = 1
    }
}

/// `MyApp.AvatarView`; for a class declared inside a function, whose reflected name holds
/// `(unknown context at $55ea…)` parts that change from run to run, the name without them
/// (`MyApp.Local`), so that descriptions stay deterministic.
func qualifiedName(of type: Any.Type) -> String {
    let name = String(reflecting: type)
    guard name.contains("(unknown context at ") else { return name }
    return name.split(separator: ".").filter { !$0.hasPrefix("(unknown context at ") }.joined(separator: ".")
}
