import Testing
@testable import AutoLayout

/// A row whose label is pinned at the top only: its content view's height is open, so UIKit
/// gives it the standard 44.
private final class TopOnlyCell: TableViewCell {
    let label = Label()

    required init(style: TableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        LayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16)
        ])
    }
}

/// Subtitle rows from registered cells; counts the rows it is asked for.
private final class SubtitleRows: TableViewDataSource {
    let sections: [[String]]
    var asked = 0
    init(_ sections: [[String]]) { self.sections = sections }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        asked += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "subtitle", for: indexPath)
        cell.contentConfiguration = SubtitleRows.content(sections[indexPath.section][indexPath.row])
        return cell
    }

    static func content(_ text: String) -> ListContentConfiguration {
        var c = ListContentConfiguration.subtitleCell()
        c.text = text
        c.secondaryText = String(repeating: "more about \(text) ", count: text.count % 4 + 1)
        return c
    }

    /// The height a lone cell measures for a row at `width`.
    static func height(_ text: String, width: Double) -> Double {
        let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
        cell.contentConfiguration = content(text)
        return cell.preferredLayoutSize(fittingWidth: width).height
    }
}

@Suite struct TableViewTests {
    private func table(_ style: TableView.Style, _ source: SubtitleRows, configure: (TableView) -> Void = { _ in }) -> TableView {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 375, height: 667), style: style)
        table.register(TableViewCell.self, forCellReuseIdentifier: "subtitle")
        configure(table)
        table.dataSource = source
        table.layoutIfNeeded()
        return table
    }

    private let names = [["Ann", "Bartholomew", "Cy"], ["Dee", "Eleanor"]]

    @Test func automaticRowsAreMeasuredByTheirCells() throws {
        let source = SubtitleRows(names)
        let t = table(.plain, source)
        var y = 0.0
        for (s, section) in names.enumerated() {
            for (r, name) in section.enumerated() {
                let h = SubtitleRows.height(name, width: 375)
                #expect(t.rectForRow(at: IndexPath(row: r, section: s)) == Rect(x: 0, y: y, width: 375, height: h))
                y += h
            }
        }
        #expect(t.contentSize == Size(width: 375, height: y))
        #expect(t.indexPathsForVisibleRows.count == 5 && source.asked == 5)
        let cell = try #require(t.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect((cell.contentConfiguration as? ListContentConfiguration)?.text == "Bartholomew")
        #expect(cell.frame.size == t.rectForRow(at: IndexPath(row: 1, section: 0)).size)
        #expect(cell.contentView.frame.size == cell.frame.size)
    }

    @Test func insetGroupedRowsSitInsideTheMarginsBelowA35PointGap() {
        let t = table(.insetGrouped, SubtitleRows(names))
        let first = t.rectForRow(at: IndexPath(row: 0, section: 0))
        #expect(first.minX == 16 && first.width == 343 && first.minY == 35)
        let lastOfFirst = t.rectForRow(at: IndexPath(row: 2, section: 0))
        #expect(t.rectForRow(at: IndexPath(row: 0, section: 1)).minY == lastOfFirst.maxY + 35)
        // Rows are measured at their own width: 343, not the table's.
        #expect(first.height == SubtitleRows.height("Ann", width: 343))
        let grouped = table(.grouped, SubtitleRows(names)).rectForRow(at: IndexPath(row: 0, section: 0))
        #expect(grouped.minX == 0 && grouped.width == 375 && grouped.minY == 35)
    }

    @Test func aFixedRowHeightIsNotMeasured() {
        let t = table(.plain, SubtitleRows(names)) { $0.rowHeight = 60 }
        #expect((0..<3).map { t.rectForRow(at: IndexPath(row: $0, section: 0)).minY } == [0, 60, 120])
        #expect(t.contentSize.height == 300)
        #expect(t.visibleCells.allSatisfy { $0.frame.height == 60 })
    }

    @Test func anOpenHeightGetsTheStandardRowHeight() {
        let t = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        t.register(TopOnlyCell.self, forCellReuseIdentifier: "top")
        let source = TableViewDiffableDataSource<Int, String>(tableView: t) { table, path, text in
            let cell = table.dequeueReusableCell(withIdentifier: "top", for: path) as! TopOnlyCell
            cell.label.text = text
            return cell
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["one", "two"])
        source.apply(snapshot)
        t.layoutIfNeeded()
        #expect(t.rectForRow(at: IndexPath(row: 1, section: 0)) == Rect(x: 0, y: 44, width: 320, height: 44))
        #expect(t.visibleCells.compactMap { ($0 as? TopOnlyCell)?.label.text } == ["one", "two"])
        #expect(source.itemIdentifier(for: IndexPath(row: 1, section: 0)) == "two")
    }

    @Test func scrolledOffRowsAreReused() {
        let many = SubtitleRows([(0..<200).map { "Row \($0)" }])
        let t = table(.plain, many)
        let first = Set(t.visibleCells.map(ObjectIdentifier.init))
        t.contentOffset = Point(x: 0, y: 5_000)
        t.layoutIfNeeded()
        let now = Set(t.visibleCells.map(ObjectIdentifier.init))
        #expect(!now.isEmpty && !first.isDisjoint(with: now))   // rows shown now reuse cells shown before
        #expect(t.indexPathsForVisibleRows.allSatisfy { $0.row > 20 })
    }

    @Test func dequeuingAnUnregisteredIdentifierTraps() async {
        await #expect(processExitsWith: .failure) {
            let t = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480), style: .plain)
            _ = t.dequeueReusableCell(withIdentifier: "missing", for: IndexPath(row: 0, section: 0))
        }
        #expect(TableView(frame: .zero).dequeueReusableCell(withIdentifier: "missing") == nil)
    }
}
