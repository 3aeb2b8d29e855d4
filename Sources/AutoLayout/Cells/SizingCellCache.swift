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
