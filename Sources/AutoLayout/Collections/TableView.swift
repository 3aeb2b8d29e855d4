/// Provides a table view's rows (UIKit's `UITableViewDataSource`).
public protocol TableViewDataSource: AnyObject {
    /// The number of sections (1 unless implemented).
    func numberOfSections(in tableView: TableView) -> Int
    /// The number of rows in a section.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The configured cell of a row, dequeued from the table view.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
}

extension TableViewDataSource {
    /// One section.
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
}

/// Rows in sections (UIKit's `UITableView`), laid out by a collection view inside it: a list
/// section per table section, full-width rows (inset at the sides in `.insetGrouped`), each
/// measured by its cell when ``rowHeight`` is ``automaticDimension`` (the default) and it
/// reaches the visible rectangle, at ``estimatedRowHeight`` (44 when automatic) until then.
///
/// Rows are ``TableViewCell``s from the data source, dequeued from pools by identifier; a row
/// cell keeps its own layout engine and is placed by frame. ``layoutIfNeeded()`` lays out the
/// rows the visible rectangle reaches.
open class TableView: View {
    /// The table's look (UIKit's `UITableView.Style`), which decides the sections' insets as
    /// ``CollectionLayoutListConfiguration`` does for the matching appearance.
    public enum Style: Int, Sendable {
        /// Rows from edge to edge, sections touching.
        case plain = 0
        /// Rows from edge to edge, 35 points above each section.
        case grouped
        /// Rows inset by the standard margin at the sides, 35 points above each section.
        case insetGrouped

        var appearance: CollectionLayoutListConfiguration.Appearance {
            switch self {
            case .plain: .plain
            case .grouped: .grouped
            case .insetGrouped: .insetGrouped
            }
        }
    }

    /// A height that asks for the rows' own (UIKit's `UITableView.automaticDimension`).
    public static let automaticDimension = -1.0

    /// The look.
    public let style: Style
    /// The rows' height, or ``automaticDimension`` for each row's measured height.
    public var rowHeight = TableView.automaticDimension {
        didSet { precondition(rowHeight == Self.automaticDimension || (rowHeight.isFinite && rowHeight >= 0), "rowHeight \(rowHeight) is invalid: pass a finite height, at least 0, or TableView.automaticDimension."); relayout() }
    }
    /// The height rows count at until measured; ``automaticDimension`` (the default) estimates 44.
    public var estimatedRowHeight = TableView.automaticDimension {
        didSet { precondition(estimatedRowHeight == Self.automaticDimension || (estimatedRowHeight.isFinite && estimatedRowHeight > 0), "estimatedRowHeight \(estimatedRowHeight) is invalid: pass a finite height above 0, or TableView.automaticDimension."); relayout() }
    }
    /// Where the rows come from (held weakly, as in UIKit: keep the data source alive).
    public weak var dataSource: (any TableViewDataSource)? {
        didSet { reloadData() }
    }
    /// The top-left corner of the visible rectangle, in content coordinates.
    public var contentOffset: Point {
        get { rows.contentOffset }
        set { rows.contentOffset = newValue }
    }
    /// The size of all the rows (measured rows at their height, the others at the estimate).
    public var contentSize: Size { rows.contentSize }

    /// The collection view that places the rows, filling the table.
    private let rows: CollectionView
    private let adapter = TableRowsAdapter()
    /// Registered row classes by reuse identifier, and the rows waiting for reuse.
    private var rowClasses: [String: TableViewCell.Type] = [:]
    private var rowPool: [String: [TableViewCell]] = [:]

    /// A table of a frame and style.
    public init(frame: Rect, style: Style) {
        self.style = style
        rows = CollectionView(frame: Rect(origin: .zero, size: frame.size), collectionViewLayout: CollectionViewLayout())
        super.init(frame: frame)
        rows.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(rows)
        adapter.table = self
        rows.register(TableRowHost.self, forCellWithReuseIdentifier: TableRowHost.identifier)
        rows.dataSource = adapter
        relayout()
    }

    /// A plain table of a frame.
    public override convenience init(frame: Rect) { self.init(frame: frame, style: .plain) }

    /// Builds the list layout for the current heights.
    private func relayout() {
        let appearance = style.appearance
        let height: CollectionLayoutDimension = rowHeight == Self.automaticDimension
            ? .estimated(estimatedRowHeight == Self.automaticDimension ? 44 : estimatedRowHeight) : .absolute(rowHeight)
        rows.collectionViewLayout = CollectionViewCompositionalLayout { _, environment in
            let size = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: height)
            let section = CollectionLayoutSection(group: .vertical(layoutSize: size, subitems: [CollectionLayoutItem(layoutSize: size)]))
            section.contentInsets = CollectionLayoutListConfiguration(appearance: appearance).sectionInsets(forWidth: environment.container.contentSize.width)
            return section
        }
    }

    // MARK: Registering and dequeuing

    /// Registers a cell class under a reuse identifier.
    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        rowClasses[identifier] = cellClass
    }

    /// A cell of the class registered under `identifier`, for a row: one waiting for reuse
    /// (prepared for it) or a new one.
    ///
    /// - Precondition: a class is registered under `identifier`.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            preconditionFailure("unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        return cell
    }

    /// A cell of the class registered under `identifier`, or nil when none is registered.
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        if let cell = rowPool[identifier]?.popLast() {
            cell.reuseForMeasuring()
            return cell
        }
        guard let cls = rowClasses[identifier] else { return nil }
        let cell = cls.init(style: .default, reuseIdentifier: identifier)
        cell.hostsOwnLayout = true
        return cell
    }

    /// Puts a row cell back in its pool.
    fileprivate func enqueue(_ cell: TableViewCell) {
        if cell.superview != nil { cell.removeFromSuperview() }
        guard let id = cell.reuseIdentifier, rowClasses[id] != nil else { return }
        rowPool[id, default: []].append(cell)
    }

    // MARK: Data and layout

    /// The number of sections, as the data source says.
    public var numberOfSections: Int { dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 0 }

    /// The number of rows in a section, as the data source says.
    public func numberOfRows(inSection section: Int) -> Int {
        dataSource.map { max(0, $0.tableView(self, numberOfRowsInSection: section)) } ?? 0
    }

    /// Forgets every row and measurement and asks the data source again at the next pass.
    public func reloadData() { rows.reloadData() }

    /// Keeps the rows shown and measured across a change of the data (see
    /// `CollectionView.reload(keeping:sections:)`).
    func reload(keeping row: (IndexPath) -> IndexPath?, sections: (Int) -> Int?) {
        rows.reload(keeping: row, sections: sections)
    }

    /// Solves the table's constraints, then lays out the rows the visible rectangle reaches.
    open override func layoutIfNeeded() {
        super.layoutIfNeeded()
        rows.layoutIfNeeded()
    }

    /// Measures every row (one reused cell per identifier), then lays out the visible ones.
    public func measureAllRows() { rows.measureAllItems() }

    /// The row cells shown, in index-path order.
    public var visibleCells: [TableViewCell] { rows.visibleCells.compactMap { ($0 as? TableRowHost)?.row } }

    /// The index paths of the rows shown, in order.
    public var indexPathsForVisibleRows: [IndexPath] { rows.indexPathsForVisibleItems }

    /// The cell shown for a row; nil when it is not visible.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? { (rows.cellForItem(at: indexPath) as? TableRowHost)?.row }

    /// Where a row goes (measured, or at its estimate), in content coordinates; `.zero` for a
    /// row that does not exist, as in UIKit.
    public func rectForRow(at indexPath: IndexPath) -> Rect { rows.layoutAttributesForItem(at: indexPath)?.frame ?? .zero }

    fileprivate func rowCell(at indexPath: IndexPath) -> TableViewCell {
        guard let dataSource else { preconditionFailure("UITableView has rows but no data source: set its dataSource.") }
        return dataSource.tableView(self, cellForRowAt: indexPath)
    }
}

/// Answers the table's collection view from the table's data source.
private final class TableRowsAdapter: CollectionViewDataSource {
    weak var table: TableView?

    func numberOfSections(in collectionView: CollectionView) -> Int { table?.numberOfSections ?? 0 }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        table?.numberOfRows(inSection: section) ?? 0
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let host = collectionView.dequeueReusableCell(withReuseIdentifier: TableRowHost.identifier, for: indexPath) as! TableRowHost
        guard let table else { return host }
        if let old = host.row { table.enqueue(old) }
        host.row = table.rowCell(at: indexPath)
        return host
    }
}

/// The collection view's cell that carries one table row: measured by the row, and placing the
/// row at its own bounds.
private final class TableRowHost: CollectionViewCell {
    static let identifier = "TableRow"
    var row: TableViewCell? {
        didSet {
            guard let row, row.superview !== self else { return }
            if row.superview == nil { row.hostsOwnLayout = true }
            addSubview(row)
        }
    }

    override var frame: Rect {
        didSet {
            guard let row, frame.size != oldValue.size || row.frame.size != frame.size else { return }
            row.frame = Rect(origin: .zero, size: frame.size)
        }
    }

    override func preferredLayoutSize(fittingWidth width: Double) -> Size {
        row?.preferredLayoutSize(fittingWidth: width) ?? Size(width: width, height: TableViewCell.standardRowHeight)
    }

    override func layoutIfNeeded() {
        if let row, row.frame.size != frame.size { row.frame = Rect(origin: .zero, size: frame.size) }
        row?.layoutIfNeeded()
    }
}

/// A table view's data source made from snapshots (UIKit's `UITableViewDiffableDataSource`).
open class TableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: TableViewDataSource {
    /// Makes the configured cell of an item.
    public typealias CellProvider = (TableView, IndexPath, ItemIdentifierType) -> TableViewCell?

    private let cellProvider: CellProvider
    private weak var tableView: TableView?
    private var current = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// A data source for a table view; it becomes the table's data source.
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.cellProvider = cellProvider
        self.tableView = tableView
        tableView.dataSource = self
    }

    /// Shows a snapshot: rows kept from the shown one keep their cells and measured heights; new
    /// rows, and those marked for reloading or reconfiguring, are dequeued at the next pass.
    open func apply(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let moves = snapshot.moves(from: current)
        current = snapshot
        current.clearMarks()
        tableView?.reload(keeping: moves.item, sections: moves.section)
        completion?()
    }

    /// A copy of the snapshot shown.
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }
    /// The item at an index path, if there is one.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }
    /// The index path of an item, if it is shown.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    /// The snapshot's number of sections.
    public func numberOfSections(in tableView: TableView) -> Int { current.numberOfSections }

    /// The number of items of the snapshot's section at an index.
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        current.numberOfItems(inSection: current.sectionIdentifiers[section])
    }

    /// The cell provider's cell for the item at an index path.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let item = current.item(at: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            preconditionFailure("The cell provider of UITableViewDiffableDataSource returned nil for index path \(indexPath): return a cell for every item.")
        }
        return cell
    }
}
