import Testing
@testable import AutoLayout

/// The data table's text cell (a wrapping label 8 points inside it): its height depends on its
/// text and width. It counts its reuses.
private final class WrappingNoteCell: DataCell {
    var label: Label { dataLabel }
    var reuses = 0

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }
}

/// A data source of `counts` items per section, asked for cells through `register`ed classes;
/// it counts the cells it is asked for.
private final class CountingSource: CollectionViewDataSource {
    var counts: [Int]
    var text: (IndexPath) -> String
    var asked = 0

    init(counts: [Int], text: @escaping (IndexPath) -> String) {
        self.counts = counts
        self.text = text
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        asked += 1
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "note", for: indexPath) as! WrappingNoteCell
        cell.label.text = text(indexPath)
        return cell
    }
}

/// A list of self-sizing rows (estimated 44).
private func selfSizingList(estimate: Double = 44) -> CollectionViewCompositionalLayout {
    let size = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimate))
    return CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: .vertical(layoutSize: size, subitems: [CollectionLayoutItem(layoutSize: size)])))
}

@Suite struct CollectionViewTests {
    private func collection(_ source: CountingSource, layout: CollectionViewLayout = selfSizingList(),
                            size: Size = Size(width: 320, height: 480)) -> CollectionView {
        let cv = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
        cv.register(WrappingNoteCell.self, forCellWithReuseIdentifier: "note")
        cv.dataSource = source
        cv.layoutIfNeeded()
        return cv
    }

    @Test func tenThousandItemsMeasureOnlyAScreenful() {
        let source = CountingSource(counts: [10_000]) { "Note \($0.item)" }
        let cv = collection(source)
        // One-line notes measure 8 + 20.5 + 8; a 480-point screen shows 14 of them (the
        // fourteenth cut off), and only those are asked for and measured.
        let row = cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame.height
        #expect(row == 36.5)
        let shown = Int((480 / row).rounded(.up))
        #expect(source.asked == shown)
        #expect(cv.indexPathsForVisibleItems == (0..<shown).map { IndexPath(item: $0, section: 0) })
        // The content size counts measured rows at their height and the others at the estimate.
        #expect(cv.contentSize.height == Double(shown) * row + Double(10_000 - shown) * 44)
        // Unmeasured items are placed at their estimates.
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 5_000, section: 0))?.frame
                == Rect(x: 0, y: Double(shown) * row + Double(5_000 - shown) * 44, width: 320, height: 44))
    }

    @Test func scrollingMeasuresWhatComesIntoViewAndReusesCells() throws {
        let source = CountingSource(counts: [200]) { "Note \($0.item)" }
        let cv = collection(source)
        let firstCells = Set(cv.visibleCells.map(ObjectIdentifier.init))
        let asked = source.asked
        cv.contentOffset = Point(x: 0, y: 2_000)
        #expect(cv.bounds == Rect(x: 0, y: 2_000, width: 320, height: 480))   // a scroll view's bounds
        cv.layoutIfNeeded()
        // The rows now visible were dequeued from the cells that scrolled away (prepared for
        // reuse once): at most one more cell is made.
        let now = cv.visibleCells
        #expect(Set(now.map(ObjectIdentifier.init)).subtracting(firstCells).count <= 1)
        #expect(now.filter { firstCells.contains(ObjectIdentifier($0)) }.allSatisfy { ($0 as? WrappingNoteCell)?.reuses == 1 })
        #expect(source.asked > asked)
        let visible = cv.indexPathsForVisibleItems
        #expect(!visible.isEmpty && visible.allSatisfy { $0.item > 40 })
        for path in visible {
            let cell = try #require(cv.cellForItem(at: path) as? WrappingNoteCell)
            #expect(cell.label.text == "Note \(path.item)")
            #expect(cell.frame == cv.layoutAttributesForItem(at: path)?.frame)
        }
        // Rows in view are measured; the ones before them kept their estimate, unmeasured.
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 20, section: 0))?.frame.height == 44)
        #expect(cv.layoutAttributesForItem(at: visible[1])!.frame.height < 44)
    }

    @Test func measuringEverythingReusesOneCellAndGivesTheWholeContentSize() {
        let source = CountingSource(counts: [500]) { String(repeating: "word ", count: $0.item % 30 + 1) }
        let cv = collection(source)
        let made = Set(cv.visibleCells.map(ObjectIdentifier.init)).count
        cv.measureAllItems()
        // Every row measured, each by a cell from the pool: at most one cell more than shown.
        let heights = (0..<500).map { cv.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.height }
        let probe = WrappingNoteCell(frame: .zero)
        for i in [0, 29, 250, 499] {
            probe.label.text = source.text(IndexPath(item: i, section: 0))
            #expect(heights[i] == probe.preferredLayoutSize(fittingWidth: 320).height)
        }
        #expect(cv.contentSize.height == heights.reduce(0, +))
        #expect(source.asked == 500)   // each row asked for once: the shown ones were measured already
        #expect(cv.visibleCells.count == made)
        #expect(cv.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 0))
    }

    @Test func shownCellsKeepTheirOwnEngineAndAreLaidOut() throws {
        let source = CountingSource(counts: [3]) { "Note \($0.item)" }
        let cv = collection(source)
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 1, section: 0)) as? WrappingNoteCell)
        #expect(cell.superview === cv && cv.subviews.contains { $0 === cell })
        #expect(cell.layoutEngine !== cv.layoutEngine)
        // The cell's content is solved at the frame the layout gave it.
        #expect(cell.contentView.frame == cell.bounds)
        #expect(cell.label.frame == Rect(x: 8, y: 8, width: 304, height: cell.frame.height - 16))
    }

    @Test func aTallerCollectionViewShowsMoreRows() {
        let source = CountingSource(counts: [100]) { "Note \($0.item)" }
        let cv = collection(source)
        let shown = cv.visibleCells.count
        cv.frame = Rect(x: 0, y: 0, width: 320, height: 960)   // only the height changes
        cv.layoutIfNeeded()
        #expect(cv.visibleCells.count > shown)
        #expect(cv.visibleCells.allSatisfy { $0.frame.height == 36.5 })
    }

    @Test func wrappingTextMakesTallerRowsAtTheItemsWidth() {
        let long = String(repeating: "word ", count: 40)
        let source = CountingSource(counts: [3]) { $0.item == 1 ? long : "short" }
        let cv = collection(source)
        let heights = (0..<3).map { cv.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.height }
        #expect(heights[0] == heights[2] && heights[1] > 2 * heights[0])
        // Narrower, the long note wraps onto more lines.
        cv.frame = Rect(x: 0, y: 0, width: 200, height: 480)
        cv.layoutIfNeeded()
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!.frame.height > heights[1])
    }

    @Test func groupsItemsSpacingAndInsets() {
        // Two items a row with 10 between them, in a section inset 20 at the sides and 5 above
        // and below, groups 15 apart; each item inset 2 inside its slot.
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        item.contentInsets = DirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let group = CollectionLayoutGroup.horizontal(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                                                     subitem: item, count: 2)
        group.interItemSpacing = .fixed(10)
        let section = CollectionLayoutSection(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 5, leading: 20, bottom: 5, trailing: 20)
        section.interGroupSpacing = 15
        let source = CountingSource(counts: [3, 1]) { _ in "x" }
        let configuration = CollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 30
        let cv = collection(source, layout: CollectionViewCompositionalLayout(section: section, configuration: configuration))
        func frame(_ s: Int, _ i: Int) -> Rect? { cv.layoutAttributesForItem(at: IndexPath(item: i, section: s))?.frame }
        // Content width 280: slots of 135 with 10 between.
        #expect(frame(0, 0) == Rect(x: 22, y: 7, width: 131, height: 46))
        #expect(frame(0, 1) == Rect(x: 167, y: 7, width: 131, height: 46))
        #expect(frame(0, 2) == Rect(x: 22, y: 72, width: 131, height: 46))
        // Section 0 ends at 5 + 50 + 15 + 50 + 5 = 125; section 1 starts 30 lower.
        #expect(frame(1, 0) == Rect(x: 22, y: 125 + 30 + 7, width: 131, height: 46))
        #expect(cv.contentSize == Size(width: 320, height: 125 + 30 + 60))
        #expect(frame(2, 0) == nil && frame(0, 3) == nil)
    }

    @Test func itemsOfTheirOwnWidthFillARowWhileTheyFit() {
        // Items a third wide in a group of `subitems:`: three a row, the fourth on the next.
        let item = CollectionLayoutItem(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .absolute(30)))
        let group = CollectionLayoutGroup.horizontal(layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                                                     subitems: [item])
        let source = CountingSource(counts: [4]) { _ in "x" }
        let cv = collection(source, layout: CollectionViewCompositionalLayout(section: CollectionLayoutSection(group: group)), size: Size(width: 300, height: 300))
        let xs = (0..<4).map { cv.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame.origin }
        #expect(xs == [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 200, y: 0), Point(x: 0, y: 30)])
    }

    @Test func layoutsAreComparedByIdentity() {
        let a = selfSizingList(), b = selfSizingList()
        #expect(a == a && a != b)
        let cv = CollectionView(frame: .zero, collectionViewLayout: a)
        #expect(cv.collectionViewLayout == a && a.collectionView === cv)
        cv.collectionViewLayout = b
        #expect(a.collectionView == nil && b.collectionView === cv)
    }

    @Test func snapshotsKeepOrderAndAnswerQueries() {
        var snapshot = DiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "c"])
        snapshot.insertSections(["b"], beforeSection: "c")
        snapshot.appendItems([1, 2], toSection: "a")
        snapshot.appendItems([5])                       // the last section
        snapshot.appendItems([3], toSection: "b")
        snapshot.insertItems([4], afterItem: 3)
        #expect(snapshot.sectionIdentifiers == ["a", "b", "c"])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
        #expect(snapshot.itemIdentifiers(inSection: "b") == [3, 4])
        #expect(snapshot.sectionIdentifier(containingItem: 5) == "c")
        #expect(snapshot.indexOfItem(4) == 3 && snapshot.indexOfSection("c") == 2)
        snapshot.deleteItems([2, 99])
        snapshot.moveItem(1, afterItem: 4)
        snapshot.deleteSections(["c"])
        #expect(snapshot.itemIdentifiers == [3, 4, 1] && snapshot.numberOfItems == 3 && snapshot.numberOfSections == 2)
        snapshot.reloadItems([3])
        snapshot.reconfigureItems([4])
        #expect(snapshot.reloadedItemIdentifiers == [3] && snapshot.reconfiguredItemIdentifiers == [4])
    }

    @Test func diffableDataSourceAnswersFromTheAppliedSnapshot() throws {
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: selfSizingList())
        let registration = CollectionView.CellRegistration<WrappingNoteCell, String> { cell, _, text in cell.label.text = text }
        let source = CollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, path, text in
            cv.dequeueConfiguredReusableCell(using: registration, for: path, item: text)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(["a", "b"], toSection: 0)
        snapshot.appendItems(["c"], toSection: 1)
        source.apply(snapshot)
        cv.layoutIfNeeded()
        #expect(cv.numberOfSections == 2 && cv.numberOfItems(inSection: 1) == 1)
        #expect(source.itemIdentifier(for: IndexPath(item: 0, section: 1)) == "c")
        #expect(source.indexPath(for: "b") == IndexPath(item: 1, section: 0))
        #expect(cv.visibleCells.compactMap { ($0 as? WrappingNoteCell)?.label.text } == ["a", "b", "c"])
        snapshot.deleteItems(["a"])
        source.apply(snapshot)
        cv.layoutIfNeeded()
        #expect(cv.visibleCells.compactMap { ($0 as? WrappingNoteCell)?.label.text } == ["b", "c"])
        #expect(source.snapshot().itemIdentifiers == ["b", "c"])
    }

    @Test func theSumTreeAgreesWithRunningSums() {
        // Halves and quarters add exactly, so the tree's sums equal the running ones.
        var values = (0..<37).map { Double(($0 * 7919) % 23) / 4 + 0.5 }
        var tree = SumTree(values)
        func check() {
            var running = 0.0
            for i in 0...values.count {
                #expect(tree.prefix(i) == running)
                if i < values.count { running += values[i] }
            }
            #expect(tree.total == running)
            for length in stride(from: -1.0, through: running + 1, by: 0.75) {
                let expected = (0..<values.count).first { values[...$0].reduce(0, +) > length } ?? values.count
                #expect(tree.firstIndex(endingAfter: length) == expected)
            }
        }
        check()
        for (i, v) in [(0, 9.5), (36, 0.25), (17, 3.0)] {
            values[i] = v
            tree.set(i, v)
        }
        check()
        #expect(SumTree([]).firstIndex(endingAfter: 0) == 0 && SumTree([]).total == 0)
    }

    /// A prefix adds the tree's blocks that tile it, one per binary digit of its length, the
    /// smallest (rightmost) first, each block the pairwise sum of its halves: the order every
    /// position of a layout depends on, pinned with thirds, whose sums round.
    @Test func aPrefixAddsItsBlocksSmallestFirst() {
        for count in [1, 2, 3, 7, 64, 100, 1000] {
            let values = (0..<count).map { Double(($0 * 7919) % 23) / 3 + 0.1 }
            var leaves = 1
            while leaves < count { leaves *= 2 }
            func block(_ start: Int, _ size: Int) -> Double {
                size == 1 ? (start < count ? values[start] : 0) : block(start, size / 2) + block(start + size / 2, size / 2)
            }
            let tree = SumTree(values)
            for i in 0...count {
                var expected = 0.0, end = i, size = 1
                while end > 0 && i < count {
                    if end & size != 0 { expected += block(end - size, size); end -= size }
                    size *= 2
                }
                if i == count { expected = block(0, leaves) }
                #expect(tree.prefix(i) == expected, "prefix \(i) of \(count)")
            }
        }
    }

    /// A pass that sets every value in order (a layout with everything visible) ends with the
    /// tree `SumTree(values)` makes, bit for bit, and reads the same prefixes on the way: with
    /// thirds, whose sums round, so that a different order of additions would show.
    @Test(arguments: [1, 2, 5, 37, 64, 100])
    func anInOrderPassMakesTheSameSums(count: Int) {
        let start = (0..<count).map { Double($0 % 5 + 1) * 44 }
        let values = (0..<count).map { Double(($0 * 7919) % 23) / 3 + 0.1 }
        var tree = SumTree(start)
        let built = SumTree(values)
        for i in 0..<count {
            #expect(tree.prefix(i) == built.prefix(i))
            tree.setInOrder(i, values[i])
        }
        tree.finishInOrder()
        for i in 0...count { #expect(tree.prefix(i) == built.prefix(i)) }
        #expect(tree.total == built.total)
        #expect(tree.firstIndex(endingAfter: built.total / 2) == built.firstIndex(endingAfter: built.total / 2))
    }

    @Test func applyKeepsTheCellsAndSizesOfItemsThatStay() throws {
        let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: selfSizingList())
        var configured: [String] = []
        let registration = CollectionView.CellRegistration<WrappingNoteCell, String> { cell, _, text in
            configured.append(text)
            cell.label.text = text
        }
        let source = CollectionViewDiffableDataSource<Int, String>(collectionView: cv) { cv, path, text in
            cv.dequeueConfiguredReusableCell(using: registration, for: path, item: text)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["b", "c", "d"])
        source.apply(snapshot)
        cv.layoutIfNeeded()
        let cellC = try #require(cv.cellForItem(at: IndexPath(item: 1, section: 0)))
        // A new item on top: the others move down with their cells, and only it is configured.
        configured = []
        snapshot.insertItems(["a long new note that wraps onto a second line here"], beforeItem: "b")
        source.apply(snapshot)
        cv.layoutIfNeeded()
        #expect(configured == ["a long new note that wraps onto a second line here"])
        #expect(cv.cellForItem(at: IndexPath(item: 2, section: 0)) === cellC)
        #expect(cellC.frame.minY == cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!.frame.maxY)
        // Marked for reloading: configured again; untouched: kept.
        configured = []
        snapshot.reloadItems(["d"])
        source.apply(snapshot)
        cv.layoutIfNeeded()
        #expect(configured == ["d"])
        #expect(cv.cellForItem(at: IndexPath(item: 2, section: 0)) === cellC)
        // Gone: its cell goes back to the pool and is reused for nothing else shown.
        snapshot.deleteItems(["c"])
        source.apply(snapshot)
        cv.layoutIfNeeded()
        #expect(cv.visibleCells.compactMap { ($0 as? WrappingNoteCell)?.label.text } == ["a long new note that wraps onto a second line here", "b", "d"])
    }

    // MARK: Programmer errors

    @Test func duplicateIdentifiersTrapAsUIKitRaises() async {
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(["a", "b", "a"])
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0, 1, 0])
        }
        await #expect(processExitsWith: .failure) {
            var snapshot = DiffableDataSourceSnapshot<Int, String>()
            snapshot.appendItems(["a"])     // no section yet
        }
    }

    @Test func dequeuingAnUnregisteredIdentifierTraps() async {
        await #expect(processExitsWith: .failure) {
            let cv = CollectionView(frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: selfSizingList())
            _ = cv.dequeueReusableCell(withReuseIdentifier: "missing", for: IndexPath(item: 0, section: 0))
        }
    }
}
