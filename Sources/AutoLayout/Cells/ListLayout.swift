/// A self-sizing list, one section (UIKit's `UICollectionLayoutListConfiguration` in a
/// compositional layout): full-width rows stacked without gaps, each as tall as its cell's
/// content, under an optional header.
///
/// Before measuring, UIKit places rows at an estimated height (``estimatedItemHeight``,
/// ``estimatedLayout(itemCount:width:)``) and replaces each estimate by the measured height; the
/// measured ``layout(items:width:using:header:cells:)`` is the result of that replacement.
/// Frames are in left-to-right coordinates (leading insets on the left), relative to the list.
public struct ListLayout: Hashable, Sendable {
    /// The list's look, which decides its insets.
    public enum Appearance: Hashable, Sendable {
        /// Rows span the whole width; no insets.
        case plain
        /// Rows are inset from the sides by the layout margin (16 pt, or 20 from 390 pt wide) and
        /// the section by 35 pt at the top and bottom. The horizontal inset is UIKit's: its
        /// inset-grouped table lays cells out inside the table's layout margins
        /// (TimOliver/TOInsetGroupedTableView, which back-ports the style, does exactly this) and
        /// the margins are 16/20 (openradar 29013952). The 35-pt top matches the empty space a
        /// grouped table leaves above its first section; the bottom repeats it (a chosen value).
        case insetGrouped
    }

    /// Where each part of a list goes.
    public struct Result: Hashable, Sendable {
        /// The header's frame, if the list has one.
        public var headerFrame: Rect?
        /// The rows' frames, in item order.
        public var itemFrames: [Rect]
        /// The size of everything: the width, and the height down to the bottom inset.
        public var contentSize: Size
        /// What UIKit would have raised, in item order: for each item whose cell's constraints
        /// leave its height open, the `NSInternalInconsistencyException` UIKit raises ("Rounding
        /// frame … resulted in a frame with one or more invalid members"), with the chain that is
        /// open. Such a row keeps its estimated height; the others are laid out as measured.
        public var exceptions: [Exception] = []
    }

    /// The look.
    public var appearance: Appearance
    /// The height rows get before they are measured (UIKit estimates 44).
    public var estimatedItemHeight: Double
    /// Insets of the section from the list's edges; nil uses the appearance's.
    public var contentInsets: DirectionalEdgeInsets?

    /// A list with an appearance.
    public init(appearance: Appearance = .plain, estimatedItemHeight: Double = 44, contentInsets: DirectionalEdgeInsets? = nil) {
        self.appearance = appearance
        self.estimatedItemHeight = estimatedItemHeight
        self.contentInsets = contentInsets
    }

    /// The section's insets in a list `width` wide.
    public func sectionInsets(forWidth width: Double) -> DirectionalEdgeInsets {
        if let contentInsets { return contentInsets }
        switch appearance {
        case .plain:
            return .zero
        case .insetGrouped:
            let m = ListContentConfiguration.standardHorizontalMargin(forWidth: width)
            return DirectionalEdgeInsets(top: 35, leading: m, bottom: 35, trailing: m)
        }
    }

    /// The width rows (and the header) get in a list `width` wide.
    public func itemWidth(forWidth width: Double) -> Double {
        let insets = sectionInsets(forWidth: width)
        let w = width - insets.leading - insets.trailing
        precondition(width.isFinite && w >= 0, "A list \(width) wide has no room for rows inside its insets \(insets): make it wider.")
        return w
    }

    /// The frames before measuring: every row at ``estimatedItemHeight``.
    /// - Complexity: O(itemCount).
    public func estimatedLayout(itemCount: Int, width: Double) -> Result {
        precondition(estimatedItemHeight.isFinite && estimatedItemHeight >= 0,
                     "estimatedItemHeight \(estimatedItemHeight) is invalid: pass a finite height, at least 0.")
        precondition(itemCount >= 0, "itemCount \(itemCount) is negative.")
        return place(headerHeight: nil, measured: SizingCellCache.Measurements(heights: Array(repeating: estimatedItemHeight, count: itemCount)),
                     width: width)
    }

    /// Measures every item with the registration's sizing cell (made once, in `cells`) at the row
    /// width, and the header, if any, with a list cell showing it; then stacks the rows.
    /// - Complexity: one fitting per item.
    public func layout<Cell, Item>(items: [Item], width: Double, using registration: CellRegistration<Cell, Item>,
                                   header: (any ContentConfiguration)? = nil,
                                   cells: SizingCellCache = SizingCellCache()) -> Result {
        let w = itemWidth(forWidth: width)
        let measured = cells.measurements(of: items, widths: Array(repeating: w, count: items.count), using: registration)
        let headerHeight = header.map { cells.size(of: $0, width: w, using: ListLayout.headerRegistration()).height }
        return place(headerHeight: headerHeight, measured: measured, width: width)
    }

    /// ``layout(items:width:using:header:cells:)`` measuring the items on up to `workers`
    /// concurrent tasks, each with its own registration (from `makeRegistration`) and sizing
    /// cell; the result is identical.
    /// - Complexity: one fitting per item, spread over the tasks.
    public func layout<Cell, Item: Sendable>(items: [Item], width: Double,
                                             using makeRegistration: @escaping @Sendable () -> CellRegistration<Cell, Item>,
                                             header: (any ContentConfiguration)? = nil,
                                             workers: Int) async -> Result {
        let w = itemWidth(forWidth: width)
        let measured = await SizingCellCache.measurements(of: items, widths: Array(repeating: w, count: items.count),
                                                          using: makeRegistration, workers: workers)
        let headerHeight = header.map { SizingCellCache().size(of: $0, width: w, using: ListLayout.headerRegistration()).height }
        return place(headerHeight: headerHeight, measured: measured, width: width)
    }

    /// Headers are list cells showing the header's configuration.
    static func headerRegistration() -> CellRegistration<CollectionViewListCell, any ContentConfiguration> {
        CellRegistration(reuseIdentifier: "ListLayout.header", cell: { CollectionViewListCell() }, handler: { $0.contentConfiguration = $1 })
    }

    /// The list as the compositional section it describes: one full-width row a group, rows
    /// estimated at ``estimatedItemHeight``, the header (when there is one) a boundary item.
    public func section(forWidth width: Double, header: Bool = false) -> CollectionLayoutSection {
        let row = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimatedItemHeight))
        let section = CollectionLayoutSection(group: .vertical(layoutSize: row, subitems: [CollectionLayoutItem(layoutSize: row)]))
        section.contentInsets = sectionInsets(forWidth: width)
        if header {
            section.boundarySupplementaryItems = [CollectionLayoutBoundarySupplementaryItem(layoutSize: row, elementKind: CollectionView.elementKindSectionHeader, alignment: .top)]
        }
        return section
    }

    /// Places the rows as the compositional layout places ``section(forWidth:header:)``, with
    /// the measured heights; a row whose cell left its height open keeps the estimate and
    /// records UIKit's exception.
    private func place(headerHeight: Double?, measured: SizingCellCache.Measurements, width: Double) -> Result {
        var heights = measured.heights
        for open in measured.openHeights { heights[open.index] = estimatedItemHeight }
        let placed = stackedFrames(heights: heights, headerHeight: headerHeight, width: width)
        let exceptions = measured.openHeights.map { Exception.openHeight(frame: placed.items[$0.index], index: $0.index, cell: $0.cell) }
        return Result(headerFrame: placed.header, itemFrames: placed.items, contentSize: Size(width: width, height: placed.height),
                      exceptions: exceptions)
    }

    /// The frames the compositional layout gives ``section(forWidth:header:)`` with rows of
    /// `heights` under a header of `headerHeight`, and the content height, worked out directly:
    /// the section's walk, for a list, stacks one row a group, each at the sum of the rows above
    /// it as its tree of group heights adds them (`SumTree`, whose rounding this keeps). Built
    /// the general way, the walk cost 7% of a reused table row's time (a list of placed
    /// elements, a measured-height record and a group placement for every row).
    func stackedFrames(heights: [Double], headerHeight: Double?, width: Double) -> (header: Rect?, items: [Rect], height: Double) {
        // An estimate of (about) 0 lets one group take every row: only the general walk knows that.
        guard 2 * estimatedItemHeight > estimatedItemHeight + 1e-9 else {
            return compositionalFrames(heights: heights, headerHeight: headerHeight, width: width)
        }
        let insets = sectionInsets(forWidth: width)
        let w = itemWidth(forWidth: width)
        // The walk's order of sums: the section's top, its top inset, the header, then the rows.
        var top = 0 + insets.top
        var header: Rect?
        if let headerHeight {
            header = Rect(x: insets.leading, y: top, width: w, height: headerHeight)
            top += headerHeight
        }
        let sums = SumTree(heights)
        let items = heights.indices.map { Rect(x: insets.leading, y: top + sums.prefix($0), width: w, height: heights[$0]) }
        // (An empty tree's total is 0, as the walk's height of no groups.)
        return (header, items, 0 + (insets.top + (0 + (headerHeight ?? 0)) + sums.total + 0 + insets.bottom))
    }

    /// ``stackedFrames(heights:headerHeight:width:)`` through the compositional layout itself.
    func compositionalFrames(heights: [Double], headerHeight: Double?, width: Double) -> (header: Rect?, items: [Rect], height: Double) {
        let w = itemWidth(forWidth: width)
        let kind = CollectionView.elementKindSectionHeader
        let placed = CompositionalPlan.frames(of: section(forWidth: width, header: headerHeight != nil), count: heights.count, width: width,
                                              supplementary: headerHeight.map { [kind: (w, $0)] } ?? [:]) { (w, heights[$0]) }
        return (placed.supplementary[kind], placed.items, placed.height)
    }
}
