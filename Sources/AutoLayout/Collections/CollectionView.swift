/// A view a collection view shows and reuses (UIKit's `UICollectionReusableView`): the base of
/// cells and of supplementary views such as section headers.
open class CollectionReusableView: View {
    /// The identifier the view was dequeued with, if any.
    public internal(set) var reuseIdentifier: String?
    /// The reuse pool of the collection view that made it (-1 for a view it did not make).
    var reusePool = -1

    /// Creates a view with a frame. A collection view makes the views of a registered class with
    /// it, so a subclass overriding it writes `required init(frame:)` (UIKit's Objective-C
    /// runtime makes a view from its class without that keyword).
    public required override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Creates a view with a zero frame.
    public override convenience init() { self.init(frame: .zero) }

    /// Called before the view shows another item; override it to clear what the last item left
    /// (call `super`). The default does nothing.
    open func prepareForReuse() {}
}

/// Provides a collection view's items (UIKit's `UICollectionViewDataSource`).
public protocol CollectionViewDataSource: AnyObject {
    /// The number of sections (1 unless implemented).
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// The number of items in a section.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// The configured cell of an item, dequeued from the collection view.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
    /// The configured supplementary view of a kind at an index path, dequeued from the
    /// collection view (needed when the layout has supplementary items).
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> CollectionReusableView
}

extension CollectionViewDataSource {
    /// One section.
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    /// Traps: the layout asked for a supplementary view the data source does not provide.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> CollectionReusableView {
        preconditionFailure("The layout of the collection view has a supplementary view of kind '\(kind)' at \(indexPath), and its data source does not implement collectionView(_:viewForSupplementaryElementOfKind:at:) (a diffable data source: set its supplementaryViewProvider).")
    }
}

/// A scrolling collection of cells placed by a layout (UIKit's `UICollectionView`).
///
/// Cells come from the data source, dequeued from reuse pools by identifier; the layout places
/// them. ``layoutIfNeeded()`` lays the content out for the visible rectangle (the bounds at the
/// ``contentOffset``): only cells in it are dequeued, configured and, where the layout estimates
/// their size, measured (``CollectionViewCell/preferredLayoutSize(fittingWidth:)`` at the width the
/// layout gives them); items elsewhere keep their estimates in ``contentSize`` until the visible
/// rectangle reaches them. Cell frames are in content coordinates, as in UIKit.
open class CollectionView: View {
    /// The kind of a section header made by a list configuration.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section footer made by a list configuration.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// The layout placing the items. Setting it lays the content out again at the next pass.
    public var collectionViewLayout: CollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            measured.reset(counts: [])
            setNeedsCollectionLayout()
        }
    }
    /// Where the items come from (held weakly, as in UIKit: keep the data source alive).
    public weak var dataSource: (any CollectionViewDataSource)? {
        didSet { reloadData() }
    }
    /// The top-left corner of the visible rectangle, in content coordinates.
    public var contentOffset = Point(x: 0, y: 0) {
        didSet { if contentOffset != oldValue { setNeedsCollectionLayout() } }
    }
    /// The size of all the content, measured items at their measured sizes and the others at
    /// their estimates (after a layout pass).
    public private(set) var contentSize = Size(width: 0, height: 0)

    /// Registered classes by reuse identifier (kind-qualified for supplementary views), each
    /// with its reuse pool.
    private var registered: [String: (type: CollectionReusableView.Type, pool: Int)] = [:]
    /// Views waiting to be reused, by pool.
    private var reusePools: [[CollectionReusableView]] = []
    /// The views shown, by element.
    private var shown: [CollectionLayoutElement: CollectionReusableView] = [:]
    /// Views dequeued while measuring, not yet shown.
    private var prepared: [CollectionLayoutElement: CollectionReusableView] = [:]
    /// Measured heights, with the width they were measured at.
    private let measured = MeasuredHeights()
    /// The last layout's result and the item counts it was made for.
    private var plan = CollectionLayoutPlan()
    private var counts: [Int] = []
    private var needsCollectionLayout = true
    /// The size the content was last laid out for: a new size (a new visible rectangle, or
    /// new widths) lays it out again.
    private var laidOutSize: Size?

    /// A collection view of a frame with a layout.
    public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        precondition(layout.collectionView == nil, "This UICollectionViewLayout is already used by another collection view: give each collection view its own layout object.")
        layout.collectionView = self
    }

    // MARK: Registering and dequeuing

    /// Registers a cell class under a reuse identifier.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        register(cellClass, key: identifier)
    }

    /// Registers a class under a key (one dictionary lookup when it is already there, as for a
    /// registration used again).
    private func register(_ type: CollectionReusableView.Type, key: String) {
        if let existing = registered[key] {
            if existing.type != type { registered[key] = (type, existing.pool) }
            return
        }
        registered[key] = (type, reusePools.count)
        reusePools.append([])
    }

    /// Registers a supplementary view class for a kind under a reuse identifier.
    public func register(_ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind kind: String,
                         withReuseIdentifier identifier: String) {
        register(viewClass, key: kind + "\u{1}" + identifier)
    }

    /// A cell of the class registered under `identifier`: one waiting for reuse (its
    /// `prepareForReuse()` called) or a new one.
    ///
    /// - Precondition: a class is registered under `identifier`.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        guard let entry = registered[identifier], entry.type is CollectionViewCell.Type else {
            preconditionFailure("could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        return reusable(entry, identifier: identifier) as! CollectionViewCell
    }

    /// A supplementary view of the class registered for `kind` under `identifier`.
    ///
    /// - Precondition: a class is registered for the kind and identifier.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> CollectionReusableView {
        let key = kind + "\u{1}" + identifier
        guard let entry = registered[key], !(entry.type is CollectionViewCell.Type) else {
            preconditionFailure("could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        return reusable(entry, identifier: identifier)
    }

    /// A view of a registered class: the last one put back in its pool, prepared for reuse, or
    /// a new one.
    private func reusable(_ entry: (type: CollectionReusableView.Type, pool: Int), identifier: String) -> CollectionReusableView {
        if let view = reusePools[entry.pool].popLast() {
            if let cell = view as? CollectionViewCell { cell.reuseForMeasuring() } else { view.prepareForReuse() }
            return view
        }
        let view = entry.type.init(frame: .zero)
        view.reuseIdentifier = identifier
        view.reusePool = entry.pool
        view.hostsOwnLayout = true
        return view
    }

    /// Puts a view back in its pool, out of the hierarchy (a view the collection view did not
    /// make is only removed).
    private func enqueue(_ view: CollectionReusableView) {
        if view.superview === self { view.removeFromSuperview() }
        if reusePools.indices.contains(view.reusePool) { reusePools[view.reusePool].append(view) }
    }

    // MARK: Data

    /// The number of sections, as the data source says.
    public var numberOfSections: Int { dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 0 }

    /// The number of items in a section, as the data source says.
    public func numberOfItems(inSection section: Int) -> Int {
        dataSource.map { max(0, $0.collectionView(self, numberOfItemsInSection: section)) } ?? 0
    }

    /// Forgets every cell and measurement and asks the data source again at the next pass.
    public func reloadData() {
        for view in shown.values { enqueue(view) }
        for view in prepared.values { enqueue(view) }
        shown = [:]
        prepared = [:]
        measured.reset(counts: [])
        setNeedsCollectionLayout()
    }

    /// Keeps what is shown and measured across a change of the data: `cell` gives each item's
    /// new index path (nil for an item that is gone or must be dequeued and measured again),
    /// `section` each section's new index. The rest is reloaded at the next pass.
    func reload(keeping cell: (IndexPath) -> IndexPath?, sections section: (Int) -> Int?) {
        for view in prepared.values { enqueue(view) }
        prepared = [:]
        var kept: [CollectionLayoutElement: CollectionReusableView] = [:]
        for (element, view) in shown {
            let to: CollectionLayoutElement?
            if element.kind == nil {
                to = cell(element.indexPath).map { CollectionLayoutElement(indexPath: $0, kind: nil) }
            } else {
                to = section(element.indexPath.section).map {
                    CollectionLayoutElement(indexPath: IndexPath(item: element.indexPath.item, section: $0), kind: element.kind)
                }
            }
            if let to { kept[to] = view } else { enqueue(view) }
        }
        shown = kept
        counts = (0..<numberOfSections).map { numberOfItems(inSection: $0) }
        measured.remap(counts: counts, cell: cell, section: section)
        setNeedsCollectionLayout()
    }

    /// Asks for the content to be laid out again at the next ``layoutIfNeeded()``.
    public func setNeedsCollectionLayout() {
        needsCollectionLayout = true
        setNeedsLayout()
    }

    /// Changes the layout (UIKit animates the change; here it takes effect at the next pass).
    public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool) {
        collectionViewLayout = layout
    }

    /// Changes the layout and calls `completion` with true once it is laid out.
    public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)?) {
        collectionViewLayout = layout
        layoutIfNeeded()
        completion?(true)
    }

    // MARK: Layout

    /// Solves the hierarchy's constraints, then lays the content out for the visible rectangle
    /// and solves the shown cells' constraints (each cell keeps its own layout engine).
    open override func layoutIfNeeded() {
        super.layoutIfNeeded()
        guard needsCollectionLayout || frame.size != laidOutSize else { return }
        needsCollectionLayout = false
        laidOutSize = frame.size
        layoutContent()
    }

    /// The visible rectangle in content coordinates: the bounds.
    public var visibleRect: Rect { bounds }

    /// The visible rectangle in content coordinates, as a scroll view's bounds are: its origin
    /// is the ``contentOffset``, its size the frame's. Setting it scrolls and resizes.
    open override var bounds: Rect {
        get { Rect(origin: contentOffset, size: frame.size) }
        set {
            contentOffset = newValue.origin
            frame.size = newValue.size
        }
    }

    private func layoutContent() {
        let sections = numberOfSections
        counts = (0..<sections).map { numberOfItems(inSection: $0) }
        let visible = visibleRect
        // Cells scrolled out of view go back to their pools first, so that the ones coming
        // into view (measured during placement) reuse them.
        for (element, view) in shown where !view.frame.meets(visible) {
            enqueue(view)
            shown[element] = nil
        }
        plan = collectionViewLayout.place(context(visible: visible, keepingMeasuredViews: true))
        contentSize = plan.contentSize

        // Show what the visible rectangle reaches; put the rest back in the pools.
        var showing: [CollectionLayoutElement: Rect] = [:]
        for (element, f) in plan.elements(in: visible) { showing[element] = f }
        for (element, view) in shown where showing[element] == nil {
            enqueue(view)
            shown[element] = nil
        }
        for element in showing.keys.sorted(by: Self.order) {
            let view = shown[element] ?? preparedView(for: element)
            prepared[element] = nil
            shown[element] = view
            view.frame = showing[element]!
            if view.superview !== self {
                if view.superview == nil { view.hostsOwnLayout = true }
                addSubview(view)
            }
            view.layoutIfNeeded()
        }
        for view in prepared.values { enqueue(view) }
        prepared = [:]
    }

    /// What the layout is given: the size, the item counts, the rectangle whose items it
    /// measures, and how to measure one: the data source's view for it, fitted at the width.
    /// A measured view is kept to be shown, or put back in its pool at once.
    private func context(visible: Rect, keepingMeasuredViews keep: Bool) -> CollectionLayoutContext {
        if !measured.fits(counts) { measured.reset(counts: counts) }
        return CollectionLayoutContext(size: frame.size, counts: counts, visible: visible, measured: measured) { [unowned self] element, width in
            let view = preparedView(for: element, keep: keep)
            let height: Double
            if let cell = view as? CollectionViewCell {
                height = cell.preferredLayoutSize(fittingWidth: width).height
            } else {
                height = view.systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                      verticalFittingPriority: .fittingSizeLevel).height
            }
            measured.record(element, width: width, height: height)
            if !keep, view.superview == nil, prepared[element] == nil { enqueue(view) }   // not shown, not held
            return height
        }
    }

    /// Measures every item and supplementary view whose size the layout estimates, one reused
    /// cell per reuse identifier, then lays out the visible rectangle: ``contentSize`` is then
    /// the measured size of everything. UIKit has no such call (it measures items as they
    /// scroll into view); sizing tests, and a collection view sized to its content, need it.
    /// - Complexity: one fitting per estimated item.
    public func measureAllItems() {
        super.layoutIfNeeded()
        counts = (0..<numberOfSections).map { numberOfItems(inSection: $0) }
        let everything = Rect.everything
        _ = collectionViewLayout.place(context(visible: everything, keepingMeasuredViews: false))
        setNeedsCollectionLayout()
        layoutIfNeeded()
    }

    private static func order(_ a: CollectionLayoutElement, _ b: CollectionLayoutElement) -> Bool {
        if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
        return (a.kind ?? "") < (b.kind ?? "")
    }

    /// The view of an element, from the data source, kept until it is shown or put back.
    private func preparedView(for element: CollectionLayoutElement, keep: Bool = true) -> CollectionReusableView {
        if let view = shown[element] ?? prepared[element] { return view }
        guard let dataSource else {
            preconditionFailure("UICollectionView has items but no data source: set its dataSource.")
        }
        let view: CollectionReusableView
        if let kind = element.kind {
            view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: element.indexPath)
        } else {
            view = dataSource.collectionView(self, cellForItemAt: element.indexPath)
        }
        if keep { prepared[element] = view }
        return view
    }

    // MARK: What is shown

    /// The cells shown, in index-path order.
    public var visibleCells: [CollectionViewCell] {
        indexPathsForVisibleItems.compactMap { shown[CollectionLayoutElement(indexPath: $0, kind: nil)] as? CollectionViewCell }
    }

    /// The index paths of the cells shown, in order.
    public var indexPathsForVisibleItems: [IndexPath] {
        shown.keys.filter { $0.kind == nil }.map(\.indexPath).sorted()
    }

    /// The cell shown for an item; nil when it is not visible.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        shown[CollectionLayoutElement(indexPath: indexPath, kind: nil)] as? CollectionViewCell
    }

    /// The supplementary view shown of a kind at an index path; nil when it is not visible.
    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> CollectionReusableView? {
        shown[CollectionLayoutElement(indexPath: indexPath, kind: kind)]
    }

    /// Where an item goes (measured, or at its estimate when not yet measured), after a layout
    /// pass; nil for an item that does not exist.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        plan.frame(of: CollectionLayoutElement(indexPath: indexPath, kind: nil)).map {
            CollectionViewLayoutAttributes(indexPath: indexPath, category: .cell, kind: nil, frame: $0)
        }
    }

    /// Where a supplementary view of a kind goes, after a layout pass; nil when the layout has none.
    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        plan.frame(of: CollectionLayoutElement(indexPath: indexPath, kind: kind)).map {
            CollectionViewLayoutAttributes(indexPath: indexPath, category: .supplementaryView, kind: kind, frame: $0)
        }
    }
}
