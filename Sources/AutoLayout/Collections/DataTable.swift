/// A value of a data table's cell, as the table shows it (SwiftDataTables'
/// `DataTableValueType`, reduced to its text).
public struct DataTableValue: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text the table shows for the value.
    public var stringRepresentation: String

    /// A value showing `text`.
    public init(_ text: String) { stringRepresentation = text }
    /// A value from a literal.
    public init(stringLiteral text: String) { stringRepresentation = text }
    /// The text.
    public var description: String { stringRepresentation }
}

/// How a ``DataTable`` makes, configures and measures its cells: four closures, shaped like
/// SwiftDataTables' `DataTableCustomCellProvider`. In every index path the section is the
/// column and the row is the data row.
public struct DataTableCellProvider {
    /// Registers the custom cell classes with the table's collection view (called once).
    public var register: (CollectionView) -> Void
    /// The reuse identifier of the cell for a position: a custom one, or
    /// ``DataTable/dataCellIdentifier`` for the built-in text cell.
    public var reuseIdentifierFor: (IndexPath) -> String
    /// Configures a cell for its value (the built-in text cell already shows the value's text).
    public var configure: (CollectionViewCell, DataTableValue, IndexPath) -> Void
    /// The off-screen cell that measures cells of an identifier. The table asks once per
    /// identifier and keeps the cell.
    public var sizingCellFor: (String) -> CollectionViewCell

    /// A provider of four closures.
    public init(register: @escaping (CollectionView) -> Void, reuseIdentifierFor: @escaping (IndexPath) -> String,
                configure: @escaping (CollectionViewCell, DataTableValue, IndexPath) -> Void,
                sizingCellFor: @escaping (String) -> CollectionViewCell) {
        self.register = register
        self.reuseIdentifierFor = reuseIdentifierFor
        self.configure = configure
        self.sizingCellFor = sizingCellFor
    }

    /// Only the built-in text cell.
    public static var text: DataTableCellProvider {
        DataTableCellProvider(register: { _ in }, reuseIdentifierFor: { _ in DataTable.dataCellIdentifier },
                              configure: { _, _, _ in }, sizingCellFor: { _ in DataCell() })
    }
}

/// The built-in cell of a data table: its value's text, 8 points from every edge, wrapping.
open class DataCell: CollectionViewCell {
    /// The label showing the value.
    public let dataLabel = Label()

    /// A cell with a frame.
    public required init(frame: Rect) {
        super.init(frame: frame)
        dataLabel.numberOfLines = 0
        dataLabel.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(dataLabel)
        LayoutConstraint.activate([
            dataLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            dataLabel.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
            dataLabel.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            dataLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8)
        ])
    }

    /// Clears the text.
    open override func prepareForReuse() {
        super.prepareForReuse()
        dataLabel.text = nil
    }
}

/// A grid of values in columns of fixed widths whose cell kind is chosen per position, each row
/// as tall as its tallest cell at its column's width (SwiftDataTables' automatic row heights).
///
/// Cells are measured with one sizing cell per reuse identifier (from
/// ``DataTableCellProvider/sizingCellFor``), configured for each value in turn; shown cells come
/// from the table's ``collectionView``. With ``RowHeightMode/automatic(estimated:)`` only the
/// rows the visible rectangle reaches are measured; the others count at the estimate.
public final class DataTable: View {
    /// How tall rows are.
    public enum RowHeightMode: Hashable, Sendable {
        /// Every row this tall.
        case fixed(Double)
        /// Each row as tall as its tallest cell; unmeasured rows count at the estimate.
        case automatic(estimated: Double)
    }

    /// The reuse identifier of the built-in text cell, ``DataCell``.
    public static let dataCellIdentifier = "DataCell"

    /// The collection view showing the cells.
    public let collectionView: CollectionView
    /// The columns' widths, leading to trailing.
    public let columnWidths: [Double]
    /// The values, row by row, one per column.
    public let rows: [[DataTableValue]]
    /// How tall rows are.
    public let rowHeightMode: RowHeightMode
    private let provider: DataTableCellProvider
    private let source: DataTableSource
    /// Sizing cells by identifier.
    private var sizingCells: [String: CollectionViewCell] = [:]
    /// The measured heights of rows.
    private var measuredRows: [Int: Double] = [:]

    /// The number of sizing cells the table has asked its provider for: one per identifier used.
    public var sizingCellCount: Int { sizingCells.count }

    /// A table `frame` in size of `rows` of values under columns of `columnWidths`.
    ///
    /// - Precondition: widths finite and not negative, no row longer than the columns, a finite
    ///   positive height or estimate.
    public init(frame: Rect, columnWidths: [Double], rows: [[DataTableValue]], provider: DataTableCellProvider,
                rowHeightMode: RowHeightMode = .automatic(estimated: 44)) {
        precondition(!columnWidths.isEmpty && columnWidths.allSatisfy { $0.isFinite && $0 >= 0 },
                     "Data table column widths \(columnWidths) are invalid: pass at least one finite width, at least 0.")
        for (r, row) in rows.enumerated() {
            precondition(row.count <= columnWidths.count, "Row \(r) has \(row.count) values but the table has \(columnWidths.count) columns.")
        }
        switch rowHeightMode {
        case .fixed(let h), .automatic(let h):
            precondition(h.isFinite && h > 0, "Data table row height \(h) is invalid: pass a finite height above 0.")
        }
        self.columnWidths = columnWidths
        self.rows = rows
        self.rowHeightMode = rowHeightMode
        self.provider = provider
        let layout = DataTableLayout()
        collectionView = CollectionView(frame: Rect(origin: .zero, size: frame.size), collectionViewLayout: layout)
        source = DataTableSource()
        super.init(frame: frame)
        layout.table = self
        source.table = self
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(collectionView)
        collectionView.register(DataCell.self, forCellWithReuseIdentifier: Self.dataCellIdentifier)
        provider.register(collectionView)
        collectionView.dataSource = source
    }

    /// Lays the table out: its collection view measures and shows the rows it reaches.
    public override func layoutIfNeeded() {
        super.layoutIfNeeded()
        collectionView.layoutIfNeeded()
    }

    /// The height of a row once measured (or fixed); nil before its first measurement.
    public func heightOfRow(_ row: Int) -> Double? {
        if case .fixed(let h) = rowHeightMode { return h }
        return measuredRows[row]
    }

    /// A row's height: fixed, measured (now if `measure`), or the estimate.
    fileprivate func height(ofRow r: Int, measure: Bool) -> Double {
        switch rowHeightMode {
        case .fixed(let h):
            return h
        case .automatic(let estimate):
            if let h = measuredRows[r] { return h }
            guard measure else { return estimate }
            var tallest = 0.0
            for (c, value) in rows[r].enumerated() {
                let path = IndexPath(row: r, section: c)
                let cell = sizingCell(provider.reuseIdentifierFor(path))
                configure(cell, value, path)
                tallest = max(tallest, cell.preferredLayoutSize(fittingWidth: columnWidths[c]).height)
            }
            measuredRows[r] = tallest
            return tallest
        }
    }

    /// The sizing cell of an identifier: asked of the provider once, prepared for reuse after.
    private func sizingCell(_ identifier: String) -> CollectionViewCell {
        if let cell = sizingCells[identifier] {
            cell.reuseForMeasuring()
            return cell
        }
        let cell = provider.sizingCellFor(identifier)
        sizingCells[identifier] = cell
        return cell
    }

    fileprivate func configure(_ cell: CollectionViewCell, _ value: DataTableValue, _ path: IndexPath) {
        if let text = cell as? DataCell { text.dataLabel.text = value.stringRepresentation }
        provider.configure(cell, value, path)
    }

    fileprivate func cell(at path: IndexPath) -> CollectionViewCell {
        let provided = IndexPath(row: path.item, section: path.section)
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: provider.reuseIdentifierFor(provided), for: path)
        // A row shorter than the columns shows an empty value in the columns it lacks.
        let row = rows[path.item]
        configure(cell, path.section < row.count ? row[path.section] : DataTableValue(""), provided)
        return cell
    }
}

/// Answers the table's collection view: a section per column, an item per row that has a
/// value in that column.
private final class DataTableSource: CollectionViewDataSource {
    weak var table: DataTable?

    func numberOfSections(in collectionView: CollectionView) -> Int { table?.columnWidths.count ?? 0 }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        guard let rows = table?.rows else { return 0 }
        // Rows are contiguous: a column holds rows up to the last one long enough for it.
        return (rows.lastIndex { $0.count > section } ?? -1) + 1
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        table!.cell(at: indexPath)
    }
}

/// Places a data table's cells: column by column across, row by row down.
private final class DataTableLayout: CollectionViewLayout {
    weak var table: DataTable?

    override func place(_ context: CollectionLayoutContext) -> CollectionLayoutPlan {
        let plan = ListedPlan()
        guard let table else { return plan }
        var xs: [Double] = []
        var x = 0.0
        for w in table.columnWidths {
            xs.append(x)
            x += w
        }
        plan.items = context.counts.map { Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: $0) }
        var y = 0.0
        for r in table.rows.indices {
            var h = table.height(ofRow: r, measure: false)
            if y <= context.visible.maxY && y + h >= context.visible.minY { h = table.height(ofRow: r, measure: true) }
            for c in table.rows[r].indices where plan.items[c].indices.contains(r) {
                plan.items[c][r] = Rect(x: xs[c], y: y, width: table.columnWidths[c], height: h)
            }
            y += h
        }
        plan.contentSize = Size(width: x, height: y)
        return plan
    }
}
