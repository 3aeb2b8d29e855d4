#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Collections size and place items for a width, without scrolling: a self-sizing list
// (ListLayout), a compositional grid (GridLayout) and a data table (TableLayout). Items are
// measured with one sizing cell per reuse identifier, reconfigured for each item, as UIKit's
// layouts do with their prototype cells.

/// How to make and fill the cell an item is measured with (UIKit's
/// `UICollectionView.CellRegistration`).
///
/// As UIKit's, its closures need not be `@Sendable`: a handler may capture the app's models and
/// `self`. To measure on several tasks, give the concurrent methods a function that makes a
/// registration for each task.
public struct CellRegistration<Cell: View, Item> {
    /// The sizing cells of one identifier are shared: one per cache.
    public let reuseIdentifier: String
    let make: () -> Cell
    let handler: (Cell, Item) -> Void

    /// A registration: `cell` makes a sizing cell (once per cache), `handler` configures it for
    /// an item (each time one is measured). The reuse identifier defaults to the cell class's
    /// name.
    public init(reuseIdentifier: String? = nil, cell: @escaping () -> Cell,
                handler: @escaping (Cell, Item) -> Void) {
        self.reuseIdentifier = reuseIdentifier ?? qualifiedName(of: Cell.self)
        self.make = cell
        self.handler = handler
    }
}

/// The sizing cells of one thread or task: one cell per reuse identifier, made on first use and
/// reconfigured for every item measured with it (views are not `Sendable`: give each task its
/// own cache).
public final class SizingCellCache {
    /// A sizing cell with its self-sizing and reusable forms (looked up once: a protocol cast
    /// costs a conformance lookup), and whether it has measured an item yet.
    private final class Entry {
        let cell: View
        let sizing: SelfSizingCell?
        let reusable: ConfigurableCell?
        /// Whether an open height is UIKit's exception (a table row takes the standard height).
        let reportsOpenHeight: Bool
        var hasMeasured = false

        init(cell: View) {
            self.cell = cell
            sizing = cell as? SelfSizingCell
            reusable = cell as? ConfigurableCell
            reportsOpenHeight = !(cell is TableViewCell)
        }
    }

    /// The cells by reuse identifier.
    private var cells: [String: Entry] = [:]
    /// How many sizing cells the cache has made: one per reuse identifier used.
    public private(set) var cellsMade = 0

    /// The number of processors online: the default number of tasks for concurrent measuring.
    public static let activeProcessorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// An empty cache.
    public init() {}

    /// The sizing cell for `registration`'s reuse identifier, made on first use.
    ///
    /// - Precondition: the identifier is not already used by a cell of another class.
    public func cell<Cell, Item>(for registration: CellRegistration<Cell, Item>) -> Cell {
        entry(for: registration).cell
    }

    private func entry<Cell, Item>(for registration: CellRegistration<Cell, Item>) -> (cell: Cell, entry: Entry) {
        if let cached = cells[registration.reuseIdentifier] {
            guard let cell = cached.cell as? Cell else {
                preconditionFailure("The reuse identifier '\(registration.reuseIdentifier)' belongs to cells of class \(type(of: cached.cell)), not \(Cell.self): register each cell class under its own reuse identifier.")
            }
            return (cell, cached)
        }
        let cell = registration.make()
        let entry = Entry(cell: cell)
        cells[registration.reuseIdentifier] = entry
        cellsMade += 1
        return (cell, entry)
    }

    /// The fitted size of `item` at `width`: the registration's sizing cell, configured for the
    /// item, measured with its ``SelfSizingCell/preferredLayoutSize(fittingWidth:)`` (other views
    /// with `systemLayoutSizeFitting` at a required width and a fitting-level height).
    ///
    /// A cell that measured an item before is reused as a collection view reuses a dequeued
    /// cell: its `prepareForReuse()` runs and it asks for a configuration update, then the
    /// registration's handler configures it.
    /// - Complexity: one fitting of the cell's constraints.
    public func size<Cell, Item>(of item: Item, width: Double, using registration: CellRegistration<Cell, Item>) -> Size {
        precondition(width.isFinite && width >= 0, "Fitting width \(width) is invalid: pass a finite width, at least 0.")
        let (cell, entry) = entry(for: registration)
        return Self.fit(item, width: width, cell: cell, entry: entry, using: registration)
    }

    private static func fit<Cell, Item>(_ item: Item, width: Double, cell: Cell, entry: Entry,
                                        using registration: CellRegistration<Cell, Item>) -> Size {
        var open: OpenHeight?
        return measure(item, width: width, cell: cell, entry: entry, using: registration, openHeight: &open)
    }

    /// The heights of items, and the items (by index) whose cell's constraints left the height
    /// open, with what UIKit's exception needs to name the cell: rare, so kept apart.
    struct Measurements: Sendable {
        var heights: [Double] = []
        var openHeights: [(index: Int, cell: OpenHeight)] = []
    }

    /// A cell whose height its constraints left open, as the exception UIKit raises names it.
    struct OpenHeight: Sendable, Hashable {
        /// The cell's class, module-qualified for an app's subclass.
        var className: String
        /// UIKit's class it derives from, when it is an app's subclass.
        var baseClassName: String?
        var address: String
        /// Whether the cell clips (list cells do).
        var clips: Bool
        /// The engine's account of the open chain (``FittingIssue/message``).
        var explanation: String
    }

    /// Reuses, configures and measures the cell for `item`; sets `openHeight` when the cell's
    /// constraints leave its height open (a table row takes the standard height instead, in its
    /// `preferredLayoutSize`).
    private static func measure<Cell, Item>(_ item: Item, width: Double, cell: Cell, entry: Entry,
                                            using registration: CellRegistration<Cell, Item>,
                                            openHeight: inout OpenHeight?) -> Size {
        if entry.hasMeasured { entry.reusable?.reuseForMeasuring() } else { entry.hasMeasured = true }
        registration.handler(cell, item)
        let engine = entry.reportsOpenHeight ? cell.layoutEngine : nil
        let known = engine?.fittingIssues.count ?? 0
        let size = if let sizing = entry.sizing {
            sizing.preferredLayoutSize(fittingWidth: width)
        } else {
            cell.systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                         verticalFittingPriority: .fittingSizeLevel)
        }
        // A cell whose own measuring skipped the update it is due keeps it for its next layout.
        if let reusable = entry.reusable, reusable.needsConfigurationUpdate {
            reusable.needsConfigurationUpdate = false
            reusable.requestConfigurationUpdate()
        }
        if let engine, engine.fittingIssues.count > known,
           let issue = engine.fittingIssues[known...].first(where: { $0.axis == .vertical }) {
            let base = uikitBaseClassName(of: cell)
            let name = cell.descriptionClassName
            openHeight = OpenHeight(className: name, baseClassName: name == base ? nil : base, address: cell.addressString,
                                    clips: cell is CollectionViewListCell, explanation: issue.message)
        }
        return size
    }

    /// The measurements of `items`, each at its width, in order, with one sizing cell.
    func measurements<Cell, Item>(of items: [Item], widths: [Double], using registration: CellRegistration<Cell, Item>) -> Measurements {
        precondition(items.count == widths.count, "\(items.count) items but \(widths.count) widths: pass one width per item.")
        for width in widths { precondition(width.isFinite && width >= 0, "Fitting width \(width) is invalid: pass a finite width, at least 0.") }
        // The sizing cell is looked up once for them all.
        let (cell, entry) = entry(for: registration)
        var result = Measurements()
        result.heights.reserveCapacity(items.count)
        for i in items.indices {
            var open: OpenHeight?
            result.heights.append(Self.measure(items[i], width: widths[i], cell: cell, entry: entry, using: registration,
                                               openHeight: &open).height)
            if let open { result.openHeights.append((i, open)) }
        }
        return result
    }

    /// The fitted heights of `items`, each at its width, in order, with one sizing cell.
    /// - Complexity: one fitting per item.
    public func heights<Cell, Item>(of items: [Item], widths: [Double], using registration: CellRegistration<Cell, Item>) -> [Double] {
        measurements(of: items, widths: widths, using: registration).heights
    }

    /// The fitted heights of `items`, measured on up to `workers` concurrent tasks.
    ///
    /// The items are split into contiguous ranges of nearly equal length, one per task; each
    /// task makes its own registration with `makeRegistration` and its own cache (one sizing
    /// cell), and the results are put back in item order, so the heights are identical to
    /// ``heights(of:widths:using:)``'s.
    /// - Complexity: one fitting per item, spread over the tasks.
    public static func heights<Cell, Item: Sendable>(of items: [Item], widths: [Double],
                                                     using makeRegistration: @escaping @Sendable () -> CellRegistration<Cell, Item>,
                                                     workers: Int = activeProcessorCount) async -> [Double] {
        await measurements(of: items, widths: widths, using: makeRegistration, workers: workers).heights
    }

    /// ``measurements(of:widths:using:)`` on up to `workers` concurrent tasks.
    static func measurements<Cell, Item: Sendable>(of items: [Item], widths: [Double],
                                                   using makeRegistration: @escaping @Sendable () -> CellRegistration<Cell, Item>,
                                                   workers: Int) async -> Measurements {
        precondition(items.count == widths.count, "\(items.count) items but \(widths.count) widths: pass one width per item.")
        precondition(workers >= 1, "\(workers) workers: measure with at least one.")
        let ranges = contiguousRanges(count: items.count, parts: workers)
        if ranges.count <= 1 { return SizingCellCache().measurements(of: items, widths: widths, using: makeRegistration()) }
        return await withTaskGroup(of: (Int, Measurements).self) { group in
            for (k, range) in ranges.enumerated() {
                group.addTask {
                    (k, SizingCellCache().measurements(of: Array(items[range]), widths: Array(widths[range]), using: makeRegistration()))
                }
            }
            var parts = [Measurements](repeating: Measurements(), count: ranges.count)
            for await (k, part) in group { parts[k] = part }
            var all = Measurements()
            for (range, part) in zip(ranges, parts) {
                all.heights += part.heights
                all.openHeights += part.openHeights.map { ($0.index + range.lowerBound, $0.cell) }
            }
            return all
        }
    }

    /// `0..<count` cut into at most `parts` contiguous ranges whose lengths differ by at most one.
    static func contiguousRanges(count: Int, parts: Int) -> [Range<Int>] {
        let n = max(1, min(parts, count))
        var ranges: [Range<Int>] = []
        var start = 0
        for k in 0..<n {
            let length = count / n + (k < count % n ? 1 : 0)
            ranges.append(start..<(start + length))
            start += length
        }
        return ranges
    }
}

// MARK: - List

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
        /// Rows are inset from the sides by the layout margin (16 pt, or 20 from 414 pt wide) and
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

    private func place(headerHeight: Double?, measured: SizingCellCache.Measurements, width: Double) -> Result {
        let insets = sectionInsets(forWidth: width)
        let w = itemWidth(forWidth: width)
        var y = insets.top
        var headerFrame: Rect?
        if let headerHeight {
            headerFrame = Rect(x: insets.leading, y: y, width: w, height: headerHeight)
            y += headerHeight
        }
        var frames: [Rect] = []
        var exceptions: [Exception] = []
        frames.reserveCapacity(measured.heights.count)
        var open = measured.openHeights[...]
        for (i, h) in measured.heights.enumerated() {
            var frame = Rect(x: insets.leading, y: y, width: w, height: h)
            if let next = open.first, next.index == i {
                open = open.dropFirst()
                frame.size.height = estimatedItemHeight
                exceptions.append(.openHeight(frame: frame, index: i, cell: next.cell))
            }
            frames.append(frame)
            y += frame.height
        }
        return Result(headerFrame: headerFrame, itemFrames: frames, contentSize: Size(width: width, height: y + insets.bottom),
                      exceptions: exceptions)
    }

}

// MARK: - Grid

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

    private func place(count: Int, width: Double, measured: [Double]?) -> [Rect] {
        let (content, group, item) = widths(width)
        var frames: [Rect] = []
        frames.reserveCapacity(count)
        var y = contentInsets.top
        var start = 0
        while start < count {
            let members = start..<min(count, start + columns)
            // Heights that do not depend on the group's.
            func ownHeight(_ i: Int) -> Double? {
                switch itemHeight {
                case .absolute(let v): v
                case .fractionalWidth(let f): f * group
                case .estimated(let e): measured?[i] ?? e
                case .fractionalHeight: nil
                }
            }
            let groupH: Double = switch groupHeight {
            case .absolute(let v): v
            case .fractionalWidth(let f): f * content
            case .estimated(let e):
                // The tallest item; items sized by the group count with their measured height.
                members.map { ownHeight($0) ?? measured?[$0] ?? e }.max()!
            case .fractionalHeight: preconditionFailure("unreachable: rejected by init")
            }
            for (j, i) in members.enumerated() {
                let h: Double = if case .fractionalHeight(let f) = itemHeight { f * groupH } else { ownHeight(i)! }
                frames.append(Rect(x: contentInsets.leading + Double(j) * (item + interItemSpacing), y: y, width: item, height: h))
            }
            y += groupH + interGroupSpacing
            start = members.upperBound
        }
        return frames
    }
}

// MARK: - Table

/// A data table: columns of given widths, rows as tall as their tallest cell (each cell
/// measured at its column's width), every cell stretched to its row's height.
public struct TableLayout: Hashable, Sendable {
    /// Where each row and cell goes.
    public struct Result: Hashable, Sendable {
        /// Each row's frame, across every column.
        public var rowFrames: [Rect]
        /// Each row's cells' frames, one per item of the row.
        public var cellFrames: [[Rect]]
        /// The size of the table.
        public var contentSize: Size
    }

    /// The columns' widths, leading to trailing.
    public var columnWidths: [Double]
    /// The space between columns.
    public var columnSpacing: Double
    /// The space between rows.
    public var rowSpacing: Double

    /// A table with the given column widths.
    /// - Precondition: at least one column; widths and spacings finite and not negative.
    public init(columnWidths: [Double], columnSpacing: Double = 0, rowSpacing: Double = 0) {
        self.columnWidths = columnWidths
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        validate()
    }

    /// Traps on settings no table can have (checked at creation and before each layout).
    private func validate() {
        precondition(!columnWidths.isEmpty, "A table needs at least one column width.")
        precondition(columnWidths.allSatisfy { $0.isFinite && $0 >= 0 }, "Column widths \(columnWidths) are invalid: pass finite widths, at least 0.")
        precondition(columnSpacing.isFinite && columnSpacing >= 0 && rowSpacing.isFinite && rowSpacing >= 0,
                     "Table spacings \(columnSpacing), \(rowSpacing) are invalid: pass finite spacings, at least 0.")
    }

    /// Measures every cell with the registration's sizing cell at its column's width and places
    /// the rows.
    /// - Precondition: no row has more items than there are columns.
    /// - Complexity: one fitting per cell.
    public func layout<Cell, Item>(rows: [[Item]], using registration: CellRegistration<Cell, Item>,
                                   cells: SizingCellCache = SizingCellCache()) -> Result {
        let (items, widths) = flatten(rows)
        return place(rows: rows, heights: cells.heights(of: items, widths: widths, using: registration))
    }

    /// ``layout(rows:using:cells:)`` measuring on up to `workers` concurrent tasks; the result is
    /// identical.
    /// - Complexity: one fitting per cell, spread over the tasks.
    public func layout<Cell, Item: Sendable>(rows: [[Item]], using makeRegistration: @escaping @Sendable () -> CellRegistration<Cell, Item>,
                                             workers: Int) async -> Result {
        let (items, widths) = flatten(rows)
        return place(rows: rows, heights: await SizingCellCache.heights(of: items, widths: widths, using: makeRegistration, workers: workers))
    }

    private func flatten<Item>(_ rows: [[Item]]) -> ([Item], [Double]) {
        validate()
        var items: [Item] = []
        var widths: [Double] = []
        for (r, row) in rows.enumerated() {
            precondition(row.count <= columnWidths.count,
                         "Row \(r) has \(row.count) cells but the table has \(columnWidths.count) columns: add column widths or drop cells.")
            items += row
            widths += columnWidths.prefix(row.count)
        }
        return (items, widths)
    }

    private func place<Item>(rows: [[Item]], heights: [Double]) -> Result {
        var xs: [Double] = []
        var x = 0.0
        for w in columnWidths {
            xs.append(x)
            x += w + columnSpacing
        }
        let tableWidth = x - columnSpacing
        var rowFrames: [Rect] = []
        var cellFrames: [[Rect]] = []
        var y = 0.0
        var next = 0
        for (r, row) in rows.enumerated() {
            let rowHeights = heights[next..<(next + row.count)]
            next += row.count
            let h = rowHeights.max() ?? 0
            if r > 0 { y += rowSpacing }
            rowFrames.append(Rect(x: 0, y: y, width: tableWidth, height: h))
            cellFrames.append(row.indices.map { Rect(x: xs[$0], y: y, width: columnWidths[$0], height: h) })
            y += h
        }
        return Result(rowFrames: rowFrames, cellFrames: cellFrames, contentSize: Size(width: tableWidth, height: y))
    }
}
