// "The Case for Lists in UICollectionView" (../shared/seeds/lists-in-collection-view.txt): one
// collection view switching between a list and a three-column grid, a list of mixed
// appearances from a section provider, and a grid above a sidebar list.
//
// The article's listings, ported: `import UIKit` becomes `import AutoLayout` and `UI`/`NS`
// prefixes are dropped. Every other change carries a `// Port:` comment. The article shows its
// layouts and cells but not the controller, data or cell registration around them: those parts
// are written here and marked `// Added:`.
import AutoLayout
import Testing

class ClearBackgroundCell: CollectionViewListCell {
    override func updateConfiguration(using state: CellConfigurationState) {
        var background = BackgroundConfiguration.listPlainCell().updated(for: state)

        if state.isSelected == false {
            background.backgroundColor = .clear
        }

        self.backgroundConfiguration = background
    }
}

// Added: a document browser showing file names, as in PDF Viewer's.
final class DocumentBrowserViewController: ViewController {
    var collectionView: CollectionView!
    var dataSource: CollectionViewDiffableDataSource<Int, String>!
    var deleted: [IndexPath] = []

    lazy var listLayout: CollectionViewLayout = {
        var listConfig = CollectionLayoutListConfiguration(appearance: .plain)
        // Remove the separators for a smoother transition
        // because the grid does not show separators.
        listConfig.showsSeparators = false

        // Supporting swipe to delete in lists is easy.
        listConfig.trailingSwipeActionsConfigurationProvider = { indexPath in
            let deleteAction = ContextualAction(style: .destructive, title: "Delete") {
                [weak self] action, view, completion in
                // Update the data source...
                self?.deleted.append(indexPath)   // Added: what the elided update does here.
                completion(true)                  // Added: as above.
            }
            deleteAction.image = Image(systemName: "trash")
            return SwipeActionsConfiguration(actions: [deleteAction])
        }

        return CollectionViewCompositionalLayout.list(using: listConfig)
    }()

    lazy var gridLayout: CollectionViewLayout = {
        let ignored = CollectionLayoutDimension.absolute(999)

        let itemSize = CollectionLayoutSize(
            widthDimension: ignored,
            heightDimension: .fractionalHeight(1)
        )
        let item = CollectionLayoutItem(layoutSize: itemSize)

        let groupSize = CollectionLayoutSize(
            widthDimension: .fractionalWidth(1),
            heightDimension: .absolute(120)
        )
        let group = CollectionLayoutGroup.horizontal(
            layoutSize: groupSize,
            subitem: item,
            count: 3
        )

        let section = CollectionLayoutSection(group: group)

        return CollectionViewCompositionalLayout(section: section)
    }()

    override func viewDidLoad() {
        collectionView = CollectionView(frame: view.bounds, collectionViewLayout: listLayout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        let registration = CollectionView.CellRegistration<ClearBackgroundCell, String> { cell, _, name in
            var content = cell.defaultContentConfiguration()
            content.text = name
            cell.contentConfiguration = content
        }
        dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { collectionView, indexPath, name in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
    }

    func show(_ sections: [[String]]) {
        var snapshot = DiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections(Array(sections.indices))
        for (i, names) in sections.enumerated() { snapshot.appendItems(names, toSection: i) }
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    // Added: the article's toggle, in the action a toolbar button would call.
    func toggleLayout() {
        if collectionView.collectionViewLayout == listLayout {
            collectionView.setCollectionViewLayout(gridLayout, animated: true)
        } else {
            collectionView.setCollectionViewLayout(listLayout, animated: true)
        }
    }
}

@Suite struct ListsInCollectionViewArticleTests {
    /// The browser at 375 × 667 showing `sections` of documents, laid out.
    private func browser(_ sections: [[String]]) -> DocumentBrowserViewController {
        let controller = DocumentBrowserViewController()
        controller.loadViewIfNeeded()
        controller.view.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        controller.show(sections)
        controller.collectionView.layoutIfNeeded()
        return controller
    }

    private func frames(_ cv: CollectionView) -> [Rect] {
        (0..<cv.numberOfItems(inSection: 0)).compactMap { cv.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }
    }

    private let documents = [["Annual Report.pdf", "Invoice.pdf", "Manual.pdf", "Poster.pdf", "Slides.pdf"]]

    @Test func aPlainListOfSelfSizingRows() throws {
        let b = browser(documents)
        let rows = frames(b.collectionView)
        let expected: [Rect] = (0..<5).map { (i: Int) -> Rect in Rect(x: 0, y: Double(i) * 44, width: 375, height: 44) }
        #expect(rows == expected)
        #expect(b.collectionView.contentSize == Size(width: 375, height: 220))
        #expect(b.collectionView.visibleCells.allSatisfy { $0 is ClearBackgroundCell && $0.backgroundConfiguration?.backgroundColor == .clear })
    }

    @Test func theGridIgnoresTheItemsWidthAndSwitchingBackRestoresTheList() throws {
        let b = browser(documents)
        let list = frames(b.collectionView)
        b.toggleLayout()
        #expect(b.collectionView.collectionViewLayout == b.gridLayout)
        b.collectionView.layoutIfNeeded()
        // Three 125 × 120 items a row: the `.absolute(999)` width is ignored, as UIKit does.
        let grid: [Rect] = (0..<5).map { (i: Int) -> Rect in
            Rect(x: Double(i % 3) * 125, y: Double(i / 3) * 120, width: 125, height: 120)
        }
        #expect(frames(b.collectionView) == grid)
        #expect(b.collectionView.contentSize == Size(width: 375, height: 240))
        #expect(b.collectionView.visibleCells.map(\.frame) == frames(b.collectionView))
        b.toggleLayout()
        b.collectionView.layoutIfNeeded()
        #expect(b.collectionView.collectionViewLayout == b.listLayout)
        #expect(frames(b.collectionView) == list)
        #expect(b.collectionView.visibleCells.map(\.frame) == list)
    }

    @Test func swipeActionsAreStoredNotPerformed() throws {
        // Laying the list out runs no handler; the app (or a test) calls it to act.
        let b = browser(documents)
        var config = CollectionLayoutListConfiguration(appearance: .plain)
        var done: Bool?
        config.trailingSwipeActionsConfigurationProvider = { indexPath in
            let delete = ContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                b.deleted.append(indexPath)
                completion(true)
            }
            delete.image = Image(systemName: "trash")
            return SwipeActionsConfiguration(actions: [delete])
        }
        b.collectionView.setCollectionViewLayout(CollectionViewCompositionalLayout.list(using: config), animated: false)
        b.collectionView.layoutIfNeeded()
        #expect(b.deleted.isEmpty)
        let actions = try #require(config.trailingSwipeActionsConfigurationProvider?(IndexPath(item: 2, section: 0)))
        #expect(actions.actions.map(\.title) == ["Delete"] && actions.actions[0].style == .destructive)
        #expect(actions.actions[0].image != nil && actions.performsFirstActionWithFullSwipe)
        actions.actions[0].handler(actions.actions[0], b.collectionView) { done = $0 }
        #expect(b.deleted == [IndexPath(item: 2, section: 0)] && done == true)
    }

    @Test func mixedListAppearancesFromASectionProvider() throws {
        let mixedListLayout = CollectionViewCompositionalLayout { section, env -> CollectionLayoutSection? in
            let listConfig: CollectionLayoutListConfiguration
            if section == 1 {
                listConfig = CollectionLayoutListConfiguration(appearance: .insetGrouped)
            } else {
                listConfig = CollectionLayoutListConfiguration(appearance: .sidebar)
            }

            return CollectionLayoutSection.list(using: listConfig, layoutEnvironment: env)
        }
        let b = browser([["Photos", "Notes", "Mail", "Contacts"], ["Inbox", "Sent", "Drafts"], ["Recents", "Shared", "Trash"]])
        b.collectionView.setCollectionViewLayout(mixedListLayout, animated: false)
        b.collectionView.layoutIfNeeded()
        let cv = b.collectionView!
        func row(_ s: Int, _ i: Int) -> Rect { cv.layoutAttributesForItem(at: IndexPath(item: i, section: s))!.frame }
        // Sidebar rows inset 10 at the sides; inset-grouped rows at the 16-point margin of a
        // 375-point list, 35 below the sidebar section.
        #expect(row(0, 0) == Rect(x: 10, y: 0, width: 355, height: 44))
        #expect(row(0, 3).maxY == 176)
        #expect(row(1, 0) == Rect(x: 16, y: 176 + 35, width: 343, height: 44))
        #expect(row(2, 0) == Rect(x: 10, y: row(1, 2).maxY, width: 355, height: 44))
        #expect(cv.contentSize.height == row(2, 2).maxY)
        #expect(cv.visibleCells.count == 10)
    }

    @Test func aGridAboveASidebarList() throws {
        let gridThenList = CollectionViewCompositionalLayout { section, env -> CollectionLayoutSection? in
            if section == 0 {
                let ignored = CollectionLayoutDimension.absolute(999)

                let itemSize = CollectionLayoutSize(
                    widthDimension: ignored,
                    heightDimension: .fractionalHeight(1)
                )
                let item = CollectionLayoutItem(layoutSize: itemSize)

                let groupSize = CollectionLayoutSize(
                    widthDimension: .fractionalWidth(1),
                    heightDimension: .absolute(60)
                )
                let group = CollectionLayoutGroup.horizontal(
                    layoutSize: groupSize,
                    subitem: item,
                    count: 2
                )

                return CollectionLayoutSection(group: group)
            } else {
                return CollectionLayoutSection.list(
                    using: CollectionLayoutListConfiguration(appearance: .sidebar),
                    layoutEnvironment: env
                )
            }
        }
        let b = browser([["A", "B", "C", "D", "E", "F"], ["G", "H", "I", "J"]])
        b.collectionView.setCollectionViewLayout(gridThenList, animated: false)
        b.collectionView.layoutIfNeeded()
        let cv = b.collectionView!
        func item(_ s: Int, _ i: Int) -> Rect { cv.layoutAttributesForItem(at: IndexPath(item: i, section: s))!.frame }
        // Two columns, three rows of 60; then four full-width sidebar rows.
        for i in 0..<6 {
            let expected = Rect(x: Double(i % 2) * 187.5, y: Double(i / 2) * 60, width: 187.5, height: 60)
            #expect(item(0, i) == expected)
        }
        for i in 0..<4 {
            let expected = Rect(x: 10, y: 180 + Double(i) * 44, width: 355, height: 44)
            #expect(item(1, i) == expected)
        }
    }
}
