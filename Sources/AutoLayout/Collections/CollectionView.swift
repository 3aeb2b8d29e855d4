/// A view a collection view shows and reuses (UIKit's `UICollectionReusableView`): the base of
/// cells and of supplementary views such as section headers.
open class CollectionReusableView: View {
    /// The identifier the view was dequeued with, if any.
    public internal(set) var reuseIdentifier: String?

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
            measured = [:]
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

    /// Registered classes by reuse identifier, cells and supplementary views by kind.
    private var cellClasses: [String: CollectionViewCell.Type] = [:]
    private var supplementaryClasses: [String: CollectionReusableView.Type] = [:]
    /// Views waiting to be reused, by reuse identifier (kind-qualified for supplementary views).
    private var reusePool: [String: [CollectionReusableView]] = [:]
    /// The views shown, by element.
    private var shown: [CollectionLayoutElement: CollectionReusableView] = [:]
    /// Views dequeued while measuring, not yet shown.
    private var prepared: [CollectionLayoutElement: CollectionReusableView] = [:]
    /// Measured heights by element, with the width they were measured at.
    private var measured: [CollectionLayoutElement: (width: Double, height: Double)] = [:]
    /// The last layout's result and the item counts it was made for.
    private var plan = CollectionLayoutPlan()
    private var counts: [Int] = []
    private var needsCollectionLayout = true

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
        cellClasses[identifier] = cellClass
    }

    /// Registers a supplementary view class for a kind under a reuse identifier.
    public func register(_ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind kind: String,
                         withReuseIdentifier identifier: String) {
        supplementaryClasses[kind + "\u{1}" + identifier] = viewClass
    }

    /// A cell of the class registered under `identifier`: one waiting for reuse (its
    /// `prepareForReuse()` called) or a new one.
    ///
    /// - Precondition: a class is registered under `identifier`.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        guard let cls = cellClasses[identifier] else {
            preconditionFailure("could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        return reusable(identifier, make: { cls.init(frame: .zero) }) as! CollectionViewCell
    }

    /// A supplementary view of the class registered for `kind` under `identifier`.
    ///
    /// - Precondition: a class is registered for the kind and identifier.
    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> CollectionReusableView {
        let key = kind + "\u{1}" + identifier
        guard let cls = supplementaryClasses[key] else {
            preconditionFailure("could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        return reusable(key, make: { cls.init(frame: .zero) })
    }

    private func reusable(_ key: String, make: () -> CollectionReusableView) -> CollectionReusableView {
        if let view = reusePool[key]?.popLast() {
            if let cell = view as? CollectionViewCell { cell.reuseForMeasuring() } else { view.prepareForReuse() }
            return view
        }
        let view = make()
        view.reuseIdentifier = key.split(separator: "\u{1}").last.map(String.init) ?? key
        return view
    }

    /// Puts a view back in its pool, out of the hierarchy.
    private func enqueue(_ view: CollectionReusableView, kind: String?) {
        if view.superview === self { view.removeFromSuperview() }
        guard let id = view.reuseIdentifier else { return }
        reusePool[kind.map { $0 + "\u{1}" + id } ?? id, default: []].append(view)
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
        for (element, view) in shown { enqueue(view, kind: element.kind) }
        for (element, view) in prepared { enqueue(view, kind: element.kind) }
        shown = [:]
        prepared = [:]
        measured = [:]
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
    /// and solves the shown cells' constraints.
    open override func layoutIfNeeded() {
        super.layoutIfNeeded()
        guard needsCollectionLayout || frame.size.width != plan.contentSize.width else { return }
        needsCollectionLayout = false
        layoutContent()
        super.layoutIfNeeded()
    }

    /// The visible rectangle in content coordinates.
    public var visibleRect: Rect { Rect(origin: contentOffset, size: frame.size) }

    private func layoutContent() {
        let sections = numberOfSections
        counts = (0..<sections).map { numberOfItems(inSection: $0) }
        let visible = visibleRect
        // Cells scrolled out of view go back to their pools first, so that the ones coming
        // into view (measured during placement) reuse them.
        for (element, view) in shown where !intersects(view.frame, visible) {
            enqueue(view, kind: element.kind)
            shown[element] = nil
        }
        let context = CollectionLayoutContext(size: frame.size, counts: counts, visible: visible) { [unowned self] element, width, mayMeasure in
            if let m = measured[element], m.width == width { return m.height }
            guard mayMeasure else { return nil }
            let view = preparedView(for: element)
            let height: Double
            if let cell = view as? CollectionViewCell {
                height = cell.preferredLayoutSize(fittingWidth: width).height
            } else {
                height = view.systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                      verticalFittingPriority: .fittingSizeLevel).height
            }
            measured[element] = (width, height)
            return height
        }
        plan = collectionViewLayout.place(context)
        contentSize = plan.contentSize

        // Show what the visible rectangle reaches; put the rest back in the pools.
        var showing: [CollectionLayoutElement: Rect] = [:]
        for (s, frames) in plan.items.enumerated() {
            for (i, f) in frames.enumerated() where intersects(f, visible) {
                showing[CollectionLayoutElement(indexPath: IndexPath(item: i, section: s), kind: nil)] = f
            }
        }
        for (element, f) in plan.supplementary where intersects(f, visible) { showing[element] = f }
        for (element, view) in shown where showing[element] == nil {
            enqueue(view, kind: element.kind)
            shown[element] = nil
        }
        for element in showing.keys.sorted(by: Self.order) {
            let view = shown[element] ?? preparedView(for: element)
            prepared[element] = nil
            shown[element] = view
            view.frame = showing[element]!
            if view.superview !== self { addSubview(view) }
        }
        for (element, view) in prepared { enqueue(view, kind: element.kind) }
        prepared = [:]
    }

    private static func order(_ a: CollectionLayoutElement, _ b: CollectionLayoutElement) -> Bool {
        if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
        return (a.kind ?? "") < (b.kind ?? "")
    }

    private func intersects(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// The view of an element, from the data source, kept until it is shown or put back.
    private func preparedView(for element: CollectionLayoutElement) -> CollectionReusableView {
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
        prepared[element] = view
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
        guard plan.items.indices.contains(indexPath.section), plan.items[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return CollectionViewLayoutAttributes(indexPath: indexPath, category: .cell, kind: nil,
                                              frame: plan.items[indexPath.section][indexPath.item])
    }

    /// Where a supplementary view of a kind goes, after a layout pass; nil when the layout has none.
    public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        plan.supplementary[CollectionLayoutElement(indexPath: indexPath, kind: kind)].map {
            CollectionViewLayoutAttributes(indexPath: indexPath, category: .supplementaryView, kind: kind, frame: $0)
        }
    }
}
