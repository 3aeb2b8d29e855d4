import Synchronization
import Testing
@testable import AutoLayout

/// The cells and content views a registration's handler was given.
private final class CellRecorder: Sendable {
    let cells = Mutex<[ObjectIdentifier]>([])
    let contentViews = Mutex<[ObjectIdentifier]>([])

    var distinctCells: Int { cells.withLock { Set($0).count } }
    var distinctContentViews: Int { contentViews.withLock { Set($0).count } }
}

/// A list cell showing `text` in the default cell configuration.
private func listCellRegistration(recorder: CellRecorder? = nil) -> CellRegistration<CollectionViewListCell, String> {
    CellRegistration(cell: { CollectionViewListCell() }) { cell, text in
        var c = cell.defaultContentConfiguration()
        c.text = text
        cell.contentConfiguration = c
        recorder?.cells.withLock { $0.append(ObjectIdentifier(cell)) }
        if let view = cell.contentView as? ContentView { recorder?.contentViews.withLock { $0.append(ObjectIdentifier(view)) } }
    }
}

/// A list cell registration that counts the sizing cells it makes. (Cell identities cannot
/// count them across tasks: a freed cell's identifier can be reused.)
private func countingRegistration(_ made: CellCounter) -> CellRegistration<CollectionViewListCell, String> {
    CellRegistration(cell: {
        made.count.add(1, ordering: .relaxed)
        return CollectionViewListCell()
    }) { cell, text in
        var c = cell.defaultContentConfiguration()
        c.text = text
        cell.contentConfiguration = c
    }
}

/// A count shared by tasks.
private final class CellCounter: Sendable {
    let count = Atomic<Int>(0)
}

/// Item `i` of the 1,000-row list: `lines(i)` words of 20…29 letters. At 375 points a label is
/// 343 wide, 33 characters of the 17-point model; two such words never share a line, one
/// always fits, so the text takes exactly `lines(i)` lines.
private func lines(_ i: Int) -> Int { i % 3 + 1 }
private func rowText(_ i: Int) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let word = String(repeating: letters[i % 26], count: 20 + i % 10)
    return Array(repeating: word, count: lines(i)).joined(separator: " ")
}

/// The height of a row of `n` body lines: the text between 11-point margins, at least 44.
private func rowHeight(lines n: Int) -> Double { max(44, 11 + textHeight(lines: n) + 11) }

@Suite struct CollectionTests {
    // MARK: List

    @Test func aThousandRowsGetTheirTextHeightsStackedWithoutGaps() throws {
        let items = (0..<1000).map(rowText)
        let cache = SizingCellCache()
        let result = ListLayout(appearance: .plain).layout(items: items, width: 375, using: listCellRegistration(), cells: cache)
        try #require(result.itemFrames.count == 1000)
        #expect(Set((0..<3).map { rowHeight(lines: $0 + 1) }) == [44, 63, 83.5])
        var y = 0.0
        for (i, frame) in result.itemFrames.enumerated() {
            #expect(frame == Rect(x: 0, y: y, width: 375, height: rowHeight(lines: lines(i))), "row \(i)")
            y += frame.height
        }
        #expect(result.headerFrame == nil)
        #expect(result.contentSize == Size(width: 375, height: y))
        // 334 one-line rows, 333 of two lines, 333 of three.
        let total: Double = 334.0 * 44 + 333.0 * 63 + 333.0 * 83.5
        #expect(y == total)
        #expect(cache.cellsMade == 1)
    }

    /// The list's own placement of its rows gives, to the last bit, what the compositional
    /// layout of its section gives: random widths, insets, estimates and heights (thirds of a
    /// point and arbitrary doubles, whose sums round), with and without a header.
    @Test func listsStackRowsExactlyAsTheirCompositionalSection() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {  // SplitMix64: the same cases on every run
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        func height() -> Double {
            switch next() % 4 {
            case 0: return Double(next() % 600) / 3
            case 1: return unit() * 300
            case 2: return 0
            default: return 44
            }
        }
        var compared = 0
        for n in 0..<400 {
            var list = ListLayout(appearance: next() % 2 == 0 ? .plain : .insetGrouped)
            list.estimatedItemHeight = [44, 0, 1e-10, 0.5, unit() * 100][Int(next() % 5)]
            if next() % 3 == 0 {
                list.contentInsets = DirectionalEdgeInsets(top: unit() * 40, leading: unit() * 20, bottom: unit() * 40, trailing: unit() * 20)
            }
            let width = 320 + unit() * 110
            let count = n % 50 == 0 ? 1000 : Int(next() % 40)
            let heights = (0..<count).map { _ in height() }
            let header: Double? = next() % 2 == 0 ? height() : nil
            let direct = list.stackedFrames(heights: heights, headerHeight: header, width: width)
            let general = list.compositionalFrames(heights: heights, headerHeight: header, width: width)
            #expect(direct.header == general.header, "case \(n)")
            #expect(direct.items == general.items, "case \(n)")
            #expect(direct.height == general.height, "case \(n)")
            compared += count
        }
        #expect(compared > 10_000)
    }

    @Test func estimatesAreReplacedByMeasuredHeights() {
        let layout = ListLayout(appearance: .plain)
        let items = ["One", rowText(1), rowText(2)]
        let estimated = layout.estimatedLayout(itemCount: 3, width: 375)
        #expect(estimated.itemFrames == [0.0, 44, 88].map { Rect(x: 0, y: $0, width: 375, height: 44) })
        let measured = layout.layout(items: items, width: 375, using: listCellRegistration())
        #expect(measured.itemFrames == [Rect(x: 0, y: 0, width: 375, height: 44),
                                        Rect(x: 0, y: 44, width: 375, height: 63),
                                        Rect(x: 0, y: 107, width: 375, height: 83.5)])
    }

    @Test func insetGroupedListsInsetTheirRowsAndHeader() {
        var header = ListContentConfiguration.cell()
        header.text = "SECTION"
        let layout = ListLayout(appearance: .insetGrouped)
        let result = layout.layout(items: ["a", "b"], width: 375, using: listCellRegistration(), header: header)
        #expect(layout.sectionInsets(forWidth: 375) == DirectionalEdgeInsets(top: 35, leading: 16, bottom: 35, trailing: 16))
        #expect(result.headerFrame == Rect(x: 16, y: 35, width: 343, height: 44))
        #expect(result.itemFrames == [Rect(x: 16, y: 79, width: 343, height: 44), Rect(x: 16, y: 123, width: 343, height: 44)])
        #expect(result.contentSize == Size(width: 375, height: 167 + 35))
        // Wider lists use UIKit's 20-point margins.
        let wide = layout.layout(items: ["a"], width: 414, using: listCellRegistration())
        #expect(wide.itemFrames == [Rect(x: 20, y: 35, width: 374, height: 44)])
    }

    @Test func oneSizingCellIsReconfiguredForEveryItem() throws {
        let recorder = CellRecorder()
        let registration = listCellRegistration(recorder: recorder)
        let cache = SizingCellCache()
        let items = (0..<30).map(rowText)
        _ = ListLayout().layout(items: items, width: 375, using: registration, cells: cache)
        _ = GridLayout(columns: 3, itemHeight: .estimated(44), groupHeight: .estimated(44))
            .layout(items: items, width: 375, using: registration, cells: cache)
        #expect(cache.cellsMade == 1)
        #expect(recorder.cells.withLock { $0.count } == 60)
        #expect(recorder.distinctCells == 1)
        #expect(recorder.distinctContentViews == 1)
        let cell = cache.cell(for: registration)
        #expect(recorder.cells.withLock { $0.first } == ObjectIdentifier(cell))
        // Another reuse identifier gets its own cell.
        let other = CellRegistration<CollectionViewListCell, String>(reuseIdentifier: "other", cell: { CollectionViewListCell() }) { _, _ in }
        #expect(cache.cell(for: other) !== cell)
        #expect(cache.cellsMade == 2)
    }

    @Test func parallelMeasuringGivesTheSerialResult() async {
        let items = (0..<300).map(rowText)
        let made = CellCounter()
        let registration = countingRegistration(made)
        let layout = ListLayout(appearance: .insetGrouped)
        let serial = layout.layout(items: items, width: 375, using: registration)
        for workers in [1, 2, 3, 7, SizingCellCache.activeProcessorCount] {
            made.count.store(0, ordering: .relaxed)
            let parallel = await layout.layout(items: items, width: 375, using: { countingRegistration(made) }, workers: workers)
            #expect(parallel == serial, "workers: \(workers)")
            // One sizing cell per task.
            #expect(made.count.load(ordering: .relaxed) == min(workers, items.count), "workers: \(workers)")
        }
        let heights = await SizingCellCache.heights(of: items, widths: Array(repeating: 200, count: items.count),
                                                    using: { countingRegistration(made) }, workers: 4)
        #expect(heights == SizingCellCache().heights(of: items, widths: Array(repeating: 200, count: items.count), using: registration))
    }

    @Test func anItemWhoseHeightIsOpenGetsUIKitsExceptionAndTheRestIsLaidOut() async throws {
        // Item 1's label has no bottom constraint: its cell's height is undetermined.
        let registration = CellRegistration<OpenBottomCell, Bool>(cell: { OpenBottomCell() }) { cell, closed in
            cell.bottom.isActive = closed
        }
        let list = ListLayout(appearance: .insetGrouped)
        let result = list.layout(items: [true, false, true], width: 414, using: registration)
        // 12 + 20.5 + 12 for a closed row; the open one keeps the 44-point estimate.
        #expect(result.itemFrames == [Rect(x: 20, y: 35, width: 374, height: 44.5), Rect(x: 20, y: 79.5, width: 374, height: 44),
                                      Rect(x: 20, y: 123.5, width: 374, height: 44.5)])
        let exception = try #require(result.exceptions.first)
        #expect(result.exceptions.count == 1)
        #expect(exception.name == .internalInconsistencyException)
        #expect(exception.name.rawValue == "NSInternalInconsistencyException")
        let lines = exception.reason.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[0] == "Rounding frame ({{20, -8.9884656743115785e+307}, {374, 1.7976931348623157e+308}}) from preferred layout attributes resulted in a frame with one or more invalid members ({{20, -8.9884656743115785e+307}, {374, inf}}).")
        #expect(lines[1].hasPrefix("Layout attributes: <UICollectionViewLayoutAttributes: 0x"))
        #expect(lines[1].hasSuffix("> {length = 2, path = 0 - 1}); frame = (20 -8.98847e+307; 374 1.79769e+308); zIndex = 10; "))
        #expect(lines[2].hasPrefix("View: <AutoLayoutTests.OpenBottomCell: 0x"))
        #expect(lines[2].contains("; baseClass = UICollectionViewListCell; frame = (20 79.5; 374 44); clipsToBounds = YES; layer = <CALayer: 0x"))
        #expect(exception.description.hasPrefix("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Rounding frame ({{20, "))
        // Which chain is open: from the content view's top down to the label's bottom.
        #expect(exception.explanation.hasPrefix("Item 1's height is undetermined; the list laid it out at its estimated height, 44, and the rest as measured. AutoLayout: the constraints of UIView:0x"))
        #expect(exception.explanation.contains(" do not determine its height: no chain of constraints connects its top and bottom edges through its content. The chain from its top ends at UILabel:0x"))
        #expect(exception.explanation.contains("'Open'.bottom, 32.5 from its top: nothing connects that to its bottom (a missing bottom constraint?)."))
        // Measuring on several tasks reports the same.
        let parallel = await list.layout(items: [true, false, true], width: 414, using: {
            CellRegistration<OpenBottomCell, Bool>(cell: { OpenBottomCell() }) { cell, closed in cell.bottom.isActive = closed }
        }, workers: 2)
        #expect(parallel.itemFrames == result.itemFrames && parallel.exceptions.count == 1)
        #expect(parallel.exceptions[0].reason.hasPrefix(String(lines[0])))
    }

    @Test func rangesAreContiguousAndBalanced() {
        #expect(SizingCellCache.contiguousRanges(count: 10, parts: 3) == [0..<4, 4..<7, 7..<10])
        #expect(SizingCellCache.contiguousRanges(count: 2, parts: 8) == [0..<1, 1..<2])
        #expect(SizingCellCache.contiguousRanges(count: 0, parts: 4) == [0..<0])
    }

    // MARK: Grid

    @Test func threeColumnGridOf120PointGroups() {
        let grid = GridLayout(columns: 3, groupHeight: .absolute(120), interItemSpacing: 8, interGroupSpacing: 8,
                              contentInsets: DirectionalEdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))
        // (375 − 2 × 16 − 2 × 8) / 3 = 109 points per item.
        #expect(grid.itemWidth(forWidth: 375) == 109)
        let frames = grid.layout(itemCount: 7, width: 375)
        #expect(frames == [
            Rect(x: 16, y: 16, width: 109, height: 120), Rect(x: 133, y: 16, width: 109, height: 120), Rect(x: 250, y: 16, width: 109, height: 120),
            Rect(x: 16, y: 144, width: 109, height: 120), Rect(x: 133, y: 144, width: 109, height: 120), Rect(x: 250, y: 144, width: 109, height: 120),
            Rect(x: 16, y: 272, width: 109, height: 120),
        ])
    }

    @Test func fractionalItemsAndGroups() {
        // Items half the group wide, a quarter of the group's width tall; groups half the width tall.
        let grid = GridLayout(columns: 2, itemWidth: .fractionalWidth(0.5), itemHeight: .fractionalWidth(0.25),
                              groupWidth: .fractionalWidth(1), groupHeight: .fractionalWidth(0.5))
        #expect(grid.layout(itemCount: 3, width: 300) == [
            Rect(x: 0, y: 0, width: 150, height: 75), Rect(x: 150, y: 0, width: 150, height: 75),
            Rect(x: 0, y: 150, width: 150, height: 75),
        ])
        // An absolute item width is ignored too: (300 − 10) / 2 = 145, not 100.
        let absolute = GridLayout(columns: 2, itemWidth: .absolute(100), itemHeight: .fractionalHeight(0.5),
                                  groupHeight: .absolute(80), interItemSpacing: 10)
        #expect(absolute.layout(itemCount: 2, width: 300) == [Rect(x: 0, y: 0, width: 145, height: 40), Rect(x: 155, y: 0, width: 145, height: 40)])
    }

    /// UIKit's `horizontal(layoutSize:subitem:count:)` sizes items from the count: the item's
    /// width dimension, whatever it is, does not count.
    @Test func theColumnCountDecidesTheItemWidth() {
        for itemWidth: GridLayout.Dimension? in [nil, .absolute(999), .estimated(10), .fractionalWidth(0.9), .fractionalHeight(2)] {
            let grid = GridLayout(columns: 3, itemWidth: itemWidth, groupHeight: .absolute(125))
            #expect(grid.itemWidth(forWidth: 375) == 125, "\(String(describing: itemWidth))")
            #expect(grid.layout(itemCount: 4, width: 375) == [
                Rect(x: 0, y: 0, width: 125, height: 125), Rect(x: 125, y: 0, width: 125, height: 125),
                Rect(x: 250, y: 0, width: 125, height: 125), Rect(x: 0, y: 125, width: 125, height: 125),
            ])
        }
        // Spacing comes out of the group's width, which a fractional group width sets.
        let spaced = GridLayout(columns: 3, itemWidth: .absolute(999), groupWidth: .fractionalWidth(0.8), groupHeight: .absolute(10),
                                interItemSpacing: 6)
        #expect(spaced.itemWidth(forWidth: 375) == (300 - 12) / 3)
    }

    @Test func selfSizingGridRowsAreAsTallAsTheirTallestItem() async {
        // 375 / 3 = 125-point items: labels 93 wide, 9 characters a line.
        let grid = GridLayout(columns: 3, itemHeight: .estimated(50), groupHeight: .estimated(50), interGroupSpacing: 10)
        let items = ["a", "aaaa bbbb", "aaaa bbbb cccc", "x", "y"]
        #expect(grid.layout(itemCount: 5, width: 375).map(\.height) == [50, 50, 50, 50, 50])
        let frames = grid.layout(items: items, width: 375, using: listCellRegistration())
        #expect(frames == [
            Rect(x: 0, y: 0, width: 125, height: 44), Rect(x: 125, y: 0, width: 125, height: 44),
            Rect(x: 250, y: 0, width: 125, height: rowHeight(lines: 2)),
            Rect(x: 0, y: 73, width: 125, height: 44), Rect(x: 125, y: 73, width: 125, height: 44),
        ])
        #expect(await grid.layout(items: items, width: 375, using: { listCellRegistration() }, workers: 2) == frames)
        // Items filling their group stretch to the tallest one.
        let filled = GridLayout(columns: 3, itemHeight: .fractionalHeight(1), groupHeight: .estimated(50))
        #expect(filled.layout(items: items, width: 375, using: listCellRegistration()).map(\.height) == [63, 63, 63, 44, 44])
    }

    @Test func fixedGridsMakeNoSizingCell() {
        let cache = SizingCellCache()
        let grid = GridLayout(columns: 2, groupHeight: .absolute(50))
        #expect(grid.layout(items: ["a", "b"], width: 100, using: listCellRegistration(), cells: cache).count == 2)
        #expect(cache.cellsMade == 0)
    }

    // MARK: Table

    @Test func tableRowsFollowTheirTallestCell() async {
        // Label widths 68, 118 and 93: 6, 11 and 9 characters a line.
        let table = TableLayout(columnWidths: [100, 150, 125], columnSpacing: 10, rowSpacing: 2)
        let rows = [
            ["ab", "abc", "a"],
            ["abcdef abcdef abcdef", "x", "y"],              // 3 lines in the first column
            ["a", "abcdefghij abcdefghij", "b"],             // 2 lines in the second
            ["only"],
        ]
        let result = table.layout(rows: rows, using: listCellRegistration())
        let heights = [44, rowHeight(lines: 3), rowHeight(lines: 2), 44]
        #expect(heights == [44, 83.5, 63, 44])
        var y = 0.0
        for (r, h) in heights.enumerated() {
            #expect(result.rowFrames[r] == Rect(x: 0, y: y, width: 395, height: h))
            #expect(result.cellFrames[r] == [(0.0, 100.0), (110, 150), (270, 125)].prefix(rows[r].count).map {
                Rect(x: $0.0, y: y, width: $0.1, height: h)
            })
            y += h + 2
        }
        #expect(result.contentSize == Size(width: 395, height: y - 2))
        #expect(await table.layout(rows: rows, using: { listCellRegistration() }, workers: 3) == result)
    }

    // MARK: Programmer errors

    @Test func oneReuseIdentifierForTwoCellClassesTraps() async {
        await #expect(processExitsWith: .failure) {
            let cache = SizingCellCache()
            _ = cache.cell(for: CellRegistration<CollectionViewListCell, Int>(reuseIdentifier: "row", cell: { CollectionViewListCell() }) { _, _ in })
            _ = cache.cell(for: CellRegistration<TableViewCell, Int>(reuseIdentifier: "row", cell: { TableViewCell() }) { _, _ in })
        }
    }

    @Test func gridsWithoutColumnsOrWithGroupsRelativeToAHeightTrap() async {
        await #expect(processExitsWith: .failure) {
            var grid = GridLayout(columns: 2, groupHeight: .absolute(10))
            grid.columns = 0
            _ = grid.layout(itemCount: 3, width: 100)
        }
        await #expect(processExitsWith: .failure) {
            _ = GridLayout(columns: 2, groupHeight: .fractionalHeight(1))
        }
    }

    @Test func tableRowsWiderThanTheTableTrap() async {
        await #expect(processExitsWith: .failure) {
            _ = TableLayout(columnWidths: [100]).layout(rows: [["a", "b"]], using: CellRegistration<CollectionViewListCell, String>(cell: { CollectionViewListCell() }) { _, _ in })
        }
    }
}

/// A list cell with a label 12 points from the top of its content view and, when `bottom` is
/// active, 12 from its bottom.
private final class OpenBottomCell: CollectionViewListCell {
    let label = Label(text: "Open")
    private(set) var bottom: LayoutConstraint!

    required init(frame: Rect) {
        super.init(frame: frame)
        label.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(label)
        bottom = label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12)
        LayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
        ])
        layoutEngine.onFittingIssue = { _ in }
    }
}
