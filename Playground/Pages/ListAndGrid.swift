import AutoLayout
import PlaygroundKit

//: # A list and a grid
//: The same fruits as a plain list and as a grid of three columns, as an app switches between
//: them with a segmented control. Both layouts measure the items with the same sizing cell.
//: In the grid the names wrap at the narrower width, and each row of three is as tall as its
//: tallest item (the items' height is the group's: `.fractionalHeight(1)`).
enum FruitLayout: String {
    case list, grid
}

func listAndGridPage(_ page: Page) {
    page.title("A list and a grid")
    let fruits = ["Apples", "Blood oranges", "Figs", "Dragon fruit", "Kiwis", "Passion fruit", "Quinces"]
    let registration = CellRegistration<CollectionViewListCell, String>(cell: { CollectionViewListCell() }) { cell, fruit in
        var content = cell.defaultContentConfiguration()
        content.text = fruit
        cell.contentConfiguration = content
    }
    let list = ListLayout(appearance: .plain)
    let grid = GridLayout(columns: 3, itemHeight: .fractionalHeight(1), groupHeight: .estimated(44),
                          interItemSpacing: 8, interGroupSpacing: 8,
                          contentInsets: DirectionalEdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))
    let cells = SizingCellCache()
    let frames = { (layout: FruitLayout) -> [Rect] in
        switch layout {
        case .list: return list.layout(items: fruits, width: 375, using: registration, cells: cells).itemFrames
        case .grid: return grid.layout(items: fruits, width: 375, using: registration, cells: cells)
        }
    }

    let listFrames = frames(.list)
    page.section("as a list, 375 wide")
    var boxes = zip(fruits, listFrames).map { (name: $0, frame: $1) }
    page.frames(boxes)
    page.draw(boxes, size: Size(width: 375, height: listFrames.last!.maxY))

    let gridFrames = frames(.grid)
    let itemWidth = formatNumber(grid.itemWidth(forWidth: 375))
    page.section("as a grid of 3 columns: items \(itemWidth) wide, (375 - 2 × 16 - 2 × 8) / 3")
    boxes = zip(fruits, gridFrames).map { (name: $0, frame: $1) }
    page.frames(boxes)
    page.draw(boxes, size: Size(width: 375, height: gridFrames.last!.maxY + 16))

    page.section("back to the list")
    page.print("the same frames as the first time: \(frames(.list) == listFrames)")
    page.print("sizing cells made for the three layouts: \(cells.cellsMade)")
}
