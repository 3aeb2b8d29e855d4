/// A vertical grid of groups of items (UIKit's compositional layout: a section of horizontal
/// `NSCollectionLayoutGroup`s of ``columns`` items each), with fixed or self-sizing heights.
///
/// Sizes follow `NSCollectionLayoutDimension`: a group's dimensions are relative to the section's
/// content width (the width inside ``contentInsets``), an item's to its group. A vertical grid
/// has no container height, so a group dimension of `.fractionalHeight` is a programmer error.
///
/// Widths: the group's width is shared equally by its ``columns`` items after the spacing, and
/// ``itemWidth`` is ignored, as `NSCollectionLayoutGroup.horizontal(layoutSize:subitem:count:)`
/// ignores the item's width dimension: Apple documents that it "creates a group of the specified
/// size, containing an array of equally sized items arranged in a horizontal line up to the
/// number specified by count", and that with ``interItemSpacing`` "the group keeps the same
/// number of items and automatically resizes them". Three columns 375 points wide make items
/// 125 wide, whatever the item says (`.absolute(999)` included). iOS 16's
/// `horizontal(layoutSize:repeatingSubitem:count:)`, which keeps the item's own width instead
/// ("it's your responsibility to ensure that the group's layoutSize can fit count repetitions"),
/// is not modelled.
///
/// Heights: `.estimated` item heights are measured at the item width. An `.estimated` group is as
/// tall as its tallest item (items sized by `.fractionalHeight` count with their measured height,
/// then take their fraction of the group's height; items with their own height keep it). Without
/// cells to measure, ``layout(itemCount:width:)`` uses the estimates. Items fill a group from
/// the leading edge (the last group may be partial); frames are in left-to-right coordinates.
public struct GridLayout: Hashable, Sendable {
    /// A length (UIKit's `NSCollectionLayoutDimension`).
    public enum Dimension: Hashable, Sendable {
        /// A fixed number of points.
        case absolute(Double)
        /// A fraction of the container's width.
        case fractionalWidth(Double)
        /// A fraction of the container's height.
        case fractionalHeight(Double)
        /// An estimate, replaced by the measured size.
        case estimated(Double)

        /// Whether the length is measured.
        public var isEstimated: Bool {
            if case .estimated = self { return true }
            return false
        }

        /// Whether the length is a fraction of a height.
        fileprivate var isFractionalHeight: Bool {
            if case .fractionalHeight = self { return true }
            return false
        }

        fileprivate var value: Double {
            switch self {
            case .absolute(let v), .fractionalWidth(let v), .fractionalHeight(let v), .estimated(let v): return v
            }
        }
    }

    /// Items per group (per row).
    public var columns: Int
    /// The item's own width dimension, as the `NSCollectionLayoutItem` of a ported layout declares
    /// it. It is ignored: the group's width is shared by its ``columns`` items (see the type's
    /// description). It is kept so that ported layouts keep their shape, and it is checked as the
    /// other dimensions are.
    public var itemWidth: Dimension?
    /// Each item's height in its group.
    public var itemHeight: Dimension
    /// Each group's width in the section's content width.
    public var groupWidth: Dimension
    /// Each group's height (the content width is its container's width).
    public var groupHeight: Dimension
    /// The space between items of a group.
    public var interItemSpacing: Double
    /// The space between groups.
    public var interGroupSpacing: Double
    /// The section's insets from the grid's edges.
    public var contentInsets: DirectionalEdgeInsets

    /// A grid; see the type's description for how the dimensions resolve.
    ///
    /// - Precondition: at least one column; dimensions positive and finite, no group dimension
    ///   relative to a height that a vertical grid does not have; spacings finite and not negative.
    public init(columns: Int, itemWidth: Dimension? = nil, itemHeight: Dimension = .fractionalHeight(1),
                groupWidth: Dimension = .fractionalWidth(1), groupHeight: Dimension,
                interItemSpacing: Double = 0, interGroupSpacing: Double = 0, contentInsets: DirectionalEdgeInsets = .zero) {
        self.columns = columns
        self.itemWidth = itemWidth
        self.itemHeight = itemHeight
        self.groupWidth = groupWidth
        self.groupHeight = groupHeight
        self.interItemSpacing = interItemSpacing
        self.interGroupSpacing = interGroupSpacing
        self.contentInsets = contentInsets
        validate()
    }

    /// Traps on settings no grid can have (checked at creation and before each layout, since
    /// the properties can change in between).
    private func validate() {
        precondition(columns >= 1, "A grid of \(columns) columns: use at least one.")
        for (name, d) in [("itemWidth", itemWidth), ("itemHeight", itemHeight), ("groupWidth", groupWidth), ("groupHeight", groupHeight)] {
            guard let d else { continue }
            precondition(d.value.isFinite && d.value > 0, "GridLayout \(name) \(d) is invalid: pass a finite dimension above 0.")
        }
        precondition(!groupWidth.isFractionalHeight && !groupHeight.isFractionalHeight,
                     "A vertical grid has no height for a group to be a fraction of: size groups with .absolute, .fractionalWidth or .estimated.")
        precondition(interItemSpacing.isFinite && interItemSpacing >= 0 && interGroupSpacing.isFinite && interGroupSpacing >= 0,
                     "Grid spacings \(interItemSpacing), \(interGroupSpacing) are invalid: pass finite spacings, at least 0.")
    }

    /// The content width, group width and item width in a grid `width` wide.
    private func widths(_ width: Double) -> (content: Double, group: Double, item: Double) {
        validate()
        let content = width - contentInsets.leading - contentInsets.trailing
        precondition(width.isFinite && content >= 0, "A grid \(width) wide has no room inside its insets \(contentInsets): make it wider.")
        let group = switch groupWidth {
        case .absolute(let v), .estimated(let v): v
        case .fractionalWidth(let f): f * content
        case .fractionalHeight: preconditionFailure("unreachable: rejected by init")
        }
        // The count decides the width: itemWidth is ignored (see the type's description).
        let item = (group - Double(columns - 1) * interItemSpacing) / Double(columns)
        return (content, group, max(0, item))
    }

    /// Whether items must be measured: their height is estimated, or the group's is and the
    /// items take a fraction of it.
    private var measuresItems: Bool {
        if itemHeight.isEstimated { return true }
        if groupHeight.isEstimated, case .fractionalHeight = itemHeight { return true }
        return false
    }

    /// The item width in a grid `width` wide (the width items are measured at).
    public func itemWidth(forWidth width: Double) -> Double { widths(width).item }

    /// The frames of `itemCount` items, with estimates for estimated heights.
    /// - Complexity: O(itemCount).
    public func layout(itemCount: Int, width: Double) -> [Rect] {
        precondition(itemCount >= 0, "itemCount \(itemCount) is negative.")
        return place(count: itemCount, width: width, measured: nil)
    }

    /// The frames of `items`, measuring them with the registration's sizing cell where a height
    /// is estimated (no cell is made otherwise).
    /// - Complexity: one fitting per item when heights are measured, else O(items).
    public func layout<Cell, Item>(items: [Item], width: Double, using registration: CellRegistration<Cell, Item>,
                                   cells: SizingCellCache = SizingCellCache()) -> [Rect] {
        let measured = measuresItems
            ? cells.heights(of: items, widths: Array(repeating: itemWidth(forWidth: width), count: items.count), using: registration)
            : nil
        return place(count: items.count, width: width, measured: measured)
    }

    /// ``layout(items:width:using:cells:)`` measuring on up to `workers` concurrent tasks; the
    /// result is identical.
    /// - Complexity: one fitting per item when heights are measured, spread over the tasks.
    public func layout<Cell, Item: Sendable>(items: [Item], width: Double,
                                             using makeRegistration: @escaping @Sendable () -> CellRegistration<Cell, Item>,
                                             workers: Int) async -> [Rect] {
        let measured = measuresItems
            ? await SizingCellCache.heights(of: items, widths: Array(repeating: itemWidth(forWidth: width), count: items.count),
                                            using: makeRegistration, workers: workers)
            : nil
        return place(count: items.count, width: width, measured: measured)
    }

    /// The grid as the compositional section it describes.
    public var section: CollectionLayoutSection {
        func dimension(_ d: Dimension) -> CollectionLayoutDimension {
            switch d {
            case .absolute(let v): .absolute(v)
            case .fractionalWidth(let f): .fractionalWidth(f)
            case .fractionalHeight(let f): .fractionalHeight(f)
            case .estimated(let e): .estimated(e)
            }
        }
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: dimension(itemWidth ?? .fractionalWidth(1 / Double(columns))),
                                                                         heightDimension: dimension(itemHeight)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: CollectionLayoutSize(widthDimension: dimension(groupWidth), heightDimension: dimension(groupHeight)),
                                                     subitem: item, count: columns)
        group.interItemSpacing = .fixed(interItemSpacing)
        let section = CollectionLayoutSection(group: group)
        section.interGroupSpacing = interGroupSpacing
        section.contentInsets = contentInsets
        return section
    }

    /// Places the items as the compositional layout places ``section``, with the measured
    /// heights (at the item width) where given.
    private func place(count: Int, width: Double, measured: [Double]?) -> [Rect] {
        let item = itemWidth(forWidth: width)
        return CompositionalPlan.frames(of: section, count: count, width: width) { index in measured.map { (item, $0[index]) } }.items
    }
}
