import AutoLayout
import PlaygroundKit

//: # A data table
//: A price list in three columns of fixed widths. Each cell is a label pinned 8 points inside
//: its content view and wraps at its column's width; each row is as tall as its tallest cell
//: (automatic row heights), and every cell of the row takes that height.
final class TextCell: CollectionViewCell {
    let label = Label()

    required init(frame: Rect) {
        super.init(frame: frame)
        label.font = Font.systemFont(ofSize: 15)
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
        ])
    }
}

func dataTablePage(_ page: Page) {
    page.title("A data table")
    let rows = [
        ["Fruit", "Price", "Notes"],
        ["Apples", "$1.20", "Crisp, from the orchard up the hill"],
        ["Mangoes", "$2.50", "Ripe today"],
        ["Durian", "$9.00", "Ask before opening one: the smell carries across the whole market"],
        ["Passion fruit", "$0.80", "Wrinkled is ripe"],
    ]
    let registration = CellRegistration<TextCell, String>(cell: { TextCell() }) { cell, text in
        cell.label.text = text
    }
    let table = TableLayout(columnWidths: [100, 70, 205])
    let cells = SizingCellCache()
    let result = table.layout(rows: rows, using: registration, cells: cells)

    //: Each cell is measured at its column's width (8 + lines × 18 + 8 tall); the row takes the
    //: tallest.
    page.section("cell heights in columns \(table.columnWidths.map(formatNumber).joined(separator: ", ")) wide, and the rows they make")
    for (row, frame) in zip(rows, result.rowFrames) {
        let heights = zip(row, table.columnWidths).map { text, width in
            cells.size(of: text, width: width, using: registration).height
        }
        let name = row[0] + String(repeating: " ", count: 14 - row[0].count)
        page.print("  \(name) \(heights.map(formatNumber).joined(separator: ", ")) -> row \(frame)")
    }
    var boxes: [(name: String, frame: Rect)] = []
    for (row, frames) in zip(rows, result.cellFrames) {
        for (text, frame) in zip(row, frames) { boxes.append((text, frame)) }
    }
    page.print("content size: \(result.contentSize)")
    page.draw(boxes, size: result.contentSize)

    //: The Durian's note, the tallest cell, laid out in its row.
    page.section("the Durian's note cell, laid out at its row's height")
    let cell = TextCell(frame: Rect(origin: .zero, size: result.cellFrames[3][2].size))
    cell.contentView.accessibilityIdentifier = "contentView"
    page.watch(cell)
    cell.label.text = rows[3][2]
    cell.layoutIfNeeded()
    page.frames(of: cell)
}
