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
