import AutoLayout
import PlaygroundKit

//: # A fruit stand
//: An inset-grouped list with a header and three kinds of rows: a fruit with its price (a
//: value cell), a special with a note under it (a subtitle cell, the note wraps) and a basket
//: with a picture (a cell with an image). One registration configures the list cell for each
//: kind, as a `UICollectionView.CellRegistration` handler would, and the list measures every
//: row with one sizing cell.
enum FruitStandRow: Sendable {
    case fruit(name: String, price: String)
    case special(name: String, note: String)
    case basket(name: String, picture: Image)

    var name: String {
        switch self {
        case .fruit(let name, _), .special(let name, _), .basket(let name, _): name
        }
    }
}

func fruitStandPage(_ page: Page) {
    page.title("A fruit stand")
    let rows: [FruitStandRow] = [
        .fruit(name: "Apples", price: "$1.20"),
        .fruit(name: "Blood oranges", price: "$2.40"),
        .special(name: "Mangoes", note: "Ripe today, from the market in Seville: two for the price of one"),
        .basket(name: "The Saturday basket", picture: Image(size: Size(width: 40, height: 40), name: "basket")),
        .fruit(name: "Cherries", price: "sold out"),
    ]
    let registration = CellRegistration<CollectionViewListCell, FruitStandRow>(cell: { CollectionViewListCell() }) { cell, row in
        var content: ListContentConfiguration
        switch row {
        case .fruit(let name, let price):
            content = .valueCell()
            content.text = name
            content.secondaryText = price
        case .special(let name, let note):
            content = .subtitleCell()
            content.text = name
            content.secondaryText = note
        case .basket(let name, let picture):
            content = cell.defaultContentConfiguration()
            content.text = name
            content.image = picture
        }
        cell.contentConfiguration = content
    }
    var header = ListContentConfiguration.cell()
    header.text = "FRUIT STAND"

    let list = ListLayout(appearance: .insetGrouped)
    let cells = SizingCellCache()
    let result = list.layout(items: rows, width: 375, using: registration, header: header, cells: cells)

    page.section("frames in a list 375 wide, measured with \(cells.cellsMade) sizing cells (the rows', the header's)")
    var boxes = [(name: "header", frame: result.headerFrame!)]
    for (row, frame) in zip(rows, result.itemFrames) { boxes.append((row.name, frame)) }
    page.frames(boxes)
    page.print("content size: \(result.contentSize)")
    page.draw(boxes, size: result.contentSize)

    //: The special's row is the tallest: its note takes two lines at the row's width.
    page.section("the special's row: the sizing cell measured for it, laid out at that size")
    let size = cells.size(of: rows[2], width: list.itemWidth(forWidth: 375), using: registration)
    let cell = cells.cell(for: registration)
    cell.contentView.accessibilityIdentifier = "contentView"
    cell.frame = Rect(origin: .zero, size: size)
    cell.layoutIfNeeded()
    page.frames(of: cell)
    page.draw(cell)
}
