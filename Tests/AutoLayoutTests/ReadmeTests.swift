import Testing
import AutoLayout

@Suite struct ReadmeTests {
    /// The README's fifteen-line example, line for line, with the frames its comment states.
    @Test func viewsAndAnchorsExample() {
        let row = View(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        let avatar = View(), name = Label(text: "Jane Appleseed")
        for v in [avatar, name] {
            v.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(v)
        }
        LayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: row.layoutMarginsGuide.leadingAnchor),
            avatar.centerYAnchor.constraint(equalTo: row.centerYAnchor),
            avatar.widthAnchor.constraint(equalToConstant: 32),
            avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
            name.leadingAnchor.constraint(equalToSystemSpacingAfter: avatar.trailingAnchor, multiplier: 1),
            name.centerYAnchor.constraint(equalTo: avatar.centerYAnchor),
        ])
        row.layoutIfNeeded()   // avatar (8 6; 32 32), name (48 11.75; 143 20.5)
        #expect(avatar.frame.description == "(8 6; 32 32)")
        #expect(name.frame.description == "(48 11.75; 143 20.5)")
        #expect(row.layoutEngine.conflicts.isEmpty)
    }
}

@Suite struct ReadmeCellTests {
    /// The README's list example, line for line.
    @Test func selfSizingListExample() {
        let rows = ["Short", "A longer text that wraps onto a second line at this width", "Third"]
        let registration = CellRegistration<CollectionViewListCell, String>(cell: { CollectionViewListCell() }) { cell, text in
            var content = cell.defaultContentConfiguration()
            content.text = text
            cell.contentConfiguration = content
        }
        let list = ListLayout(appearance: .plain).layout(items: rows, width: 375, using: registration)
        #expect(list.itemFrames.map(\.height) == [44, 63, 44])   // 11 + the text + 11, at least 44
        #expect(list.itemFrames.map(\.minY) == [0, 44, 107])
    }

    /// The README's collection view example, line for line: inset-grouped rows at the 16-point
    /// margin, 35 below the top, measured at 343 wide.
    @Test func collectionViewExample() {
        let rows = ["Short", "A longer text that wraps onto a second line at this width", "Third"]
        let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 667),
            collectionViewLayout: CollectionViewCompositionalLayout.list(using: CollectionLayoutListConfiguration(appearance: .insetGrouped)))
        let cellRegistration = CollectionView.CellRegistration<CollectionViewListCell, String> { cell, indexPath, text in
            var content = cell.defaultContentConfiguration()
            content.text = text
            cell.contentConfiguration = content
        }
        let dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { collectionView, indexPath, text in
            collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: text)
        }
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(rows)
        dataSource.apply(snapshot)
        collectionView.layoutIfNeeded()
        #expect(collectionView.visibleCells.map(\.frame.description) == ["(16 35; 343 44)", "(16 79; 343 63)", "(16 142; 343 44)"])
    }
}
