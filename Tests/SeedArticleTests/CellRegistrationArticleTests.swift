// "Registering Collection View Cells in iOS 14" (../shared/seeds/cell-registration-ios14.txt): a
// fruit stand of apples and oranges in a collection view fed by a diffable data source, with
// cell and supplementary registrations, or one "bad weather" item when there is no fruit.
//
// The article's listings, ported: `import UIKit` becomes `import AutoLayout` and `UI`/`NS`
// prefixes are dropped. Every other change carries a `// Port:` comment with its reason. The
// article elides its layout, `HeaderView`, the data functions and the view set-up
// ("...<layout and other code>..."): those parts are written here and marked `// Added:`.
import AutoLayout
import Testing

struct Apple: Hashable {
    var name: String
    var coreThickness: Int
}

struct Orange: Hashable {
    var name: String
    var peelThickness: Int
}

struct EmptyData: Hashable {
    let emptyMessage = "We're sorry! The fruit stand is closed due to inclement weather!"
    let emptyImage = "cloud.bold.rain.fill"
}

// Added: the article uses `HeaderView` and its `titleLabel` without showing them.
final class HeaderView: CollectionReusableView {
    let titleLabel = Label()

    required init(frame: Rect) {
        super.init(frame: frame)
        titleLabel.translatesAutoresizingMaskIntoConstraints = false
        addSubview(titleLabel)
        LayoutConstraint.activate([
            titleLabel.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            titleLabel.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            titleLabel.topAnchor.constraint(equalTo: topAnchor, constant: 8),
            titleLabel.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -8)
        ])
    }

    required init?(coder: Coder) { fatalError("init(coder:) has not been implemented") }
}

/// Simple sample diffable table view to demonstrate using diffable data sources. Approximately 33% of the time, it should show "bad weather" UI instead of apples and oranges
final class DiffableCollectionViewController : ViewController {
    var collectionView: CollectionView!
    enum Section: String, CaseIterable, Hashable {
        case apples = "Apples"
        case oranges = "Oranges"
        case empty = "Bad Weather Today!"
    }
    // Port: `private` dropped so that the tests can apply snapshots and read the data source.
    lazy var dataSource: CollectionViewDiffableDataSource<Section, AnyHashable> = makeDataSource()
    override func viewDidLoad() {
        collectionView = CollectionView(frame: view.frame, collectionViewLayout: layout())
        collectionView.dataSource = dataSource
        // Added: the elided set-up puts the collection view in the root view, following its size.
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        // Just a silly method to pretend we're getting empty data every 3rd or so call (for demo purposes every 3 days or so we get rain at the fruit stand)
        let badWeatherDay = Int.random(in: 0..<3) > 0
        badWeatherDay ? getData() : getEmptyData()
    }

    // Added: the elided layout, a list of self-sizing rows (estimated 44) under a header.
    private func layout() -> CollectionViewLayout {
        let size = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let group = CollectionLayoutGroup.vertical(layoutSize: size, subitems: [CollectionLayoutItem(layoutSize: size)])
        let section = CollectionLayoutSection(group: group)
        section.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(layoutSize: size, elementKind: "section-header", alignment: .top)
        ]
        return CollectionViewCompositionalLayout(section: section)
    }

    // Added: the data the article's "API" returns, delivered at once.
    func getData() {
        updateSnapshot(apples: [Apple(name: "Fuji", coreThickness: 12), Apple(name: "Gala", coreThickness: 10)],
                       oranges: [Orange(name: "Navel", peelThickness: 5), Orange(name: "Valencia", peelThickness: 4),
                                 Orange(name: "Blood", peelThickness: 6)])
    }

    // Added: the article's bad-weather call.
    func getEmptyData() {
        updateSnapshot(apples: [], oranges: [])
    }

    /// Configured apple cell
    /// - Returns: Cell configuration
    private func appleCell() -> CollectionView.CellRegistration<CollectionViewCell, Apple> {
        return CollectionView.CellRegistration<CollectionViewCell, Apple> { (cell, indexPath, item) in
            // Port: the article's text lost `item.name` ("\(, core thickness…"); restored.
            cell.configure(label: "\(item.name), core thickness: \(item.coreThickness)mm", relatedColor: .systemGreen)
        }
    }
    /// Configured orange cell
    /// - Returns: Cell configuration
    private func orangeCell() -> CollectionView.CellRegistration<CollectionViewCell, Orange> {
        return CollectionView.CellRegistration<CollectionViewCell, Orange> { (cell, indexPath, item) in
            // Port: as above, `item.name` restored.
            cell.configure(label: "\(item.name), peel thickness: \(item.peelThickness)mm", relatedColor: .systemOrange)
        }
    }
    /// Configured empty data cell
    /// - Returns: Cell configuration
    private func emptyCell() -> CollectionView.CellRegistration<CollectionViewCell, EmptyData> {
        return CollectionView.CellRegistration<CollectionViewCell, EmptyData> { (cell, indexPath, item) in
            cell.configure(label: item.emptyMessage, relatedColor: .systemRed)
        }
    }

    // Added: the article shows the body of this function, not its declaration.
    private func makeDataSource() -> CollectionViewDiffableDataSource<Section, AnyHashable> {
        let dataSource = CollectionViewDiffableDataSource<Section, AnyHashable>(collectionView: collectionView) { collectionView, indexPath, item in
            if let apple = item as? Apple {
                return collectionView.dequeueConfiguredReusableCell(using: self.appleCell(), for: indexPath, item: apple)
            } else if let orange = item as? Orange {
                return collectionView.dequeueConfiguredReusableCell(using: self.orangeCell(), for: indexPath, item: orange)
            } else if let emptyData = item as? EmptyData {
                return collectionView.dequeueConfiguredReusableCell(using: self.emptyCell(), for: indexPath, item: emptyData)
            } else {
                fatalError("Unknown item type")
            }
        }
        // Port: the article sets the provider on `dataSource` where it has one (here, before
        // returning it: `self.dataSource` is this lazy property, not yet set).
        dataSource.supplementaryViewProvider = { (view, kind, indexPath) in
            print("\(view), \(kind), \(indexPath)")
            return self.collectionView.dequeueConfiguredReusableSupplementary(using: self.configuredHeader(), for: indexPath)
        }
        return dataSource
    }

    /// Update the data source snapshot
    /// - Parameters:
    ///   - apples: Apples if any
    ///   - oranges: Oranges if any
    func updateSnapshot(apples: [Apple], oranges: [Orange]) {
        // Create a new snapshot on each load. Normally you might pull
        // the existing snapshot and update it.
        var snapshot = DiffableDataSourceSnapshot<Section, AnyHashable>()
        defer {
            // Added: the article's `defer` body is elided; it applies the snapshot.
            dataSource.apply(snapshot)
        }
        // If we have no data, just show the empty view
        guard !apples.isEmpty || !oranges.isEmpty else {
            // Added: UIKit raises when items go to a section the snapshot does not have.
            snapshot.appendSections([.empty])
            snapshot.appendItems([EmptyData()], toSection: .empty)
            return
        }
        // We have either apples or oranges, so update the snapshot with those
        snapshot.appendSections([.apples, .oranges])
        snapshot.appendItems(apples, toSection: .apples)
        snapshot.appendItems(oranges, toSection: .oranges)
    }

    private func configuredHeader() -> CollectionView.SupplementaryRegistration<HeaderView> {
        return CollectionView.SupplementaryRegistration<HeaderView>(elementKind: "section-header") { (supplementaryView, title, indexPath) in
            let section = self.dataSource.snapshot().sectionIdentifiers[indexPath.section]
            supplementaryView.titleLabel.text = section.rawValue
        }
    }
}

extension CollectionViewCell {
    /// Just set up a simple cell with text in the middle
    /// - Parameter label: Label
    /// - Parameter relatedColor: Color associated with the data
    func configure(label: String, relatedColor: Color) {
        var content = ListContentConfiguration.cell()
        content.text = label
        content.textProperties.color = .white
        content.textProperties.font = Font.preferredFont(forTextStyle: .body)
        content.textProperties.alignment = .center
        contentConfiguration = content

        var background = BackgroundConfiguration.listPlainCell()
        background.cornerRadius = 8
        background.backgroundColor = relatedColor
        backgroundConfiguration = background
    }
}

@Suite struct CellRegistrationArticleTests {
    /// The controller at an iPhone's 375 × 667, laid out with the fruit (or the bad weather).
    private func fruitStand(empty: Bool) -> DiffableCollectionViewController {
        let controller = DiffableCollectionViewController()
        controller.loadViewIfNeeded()
        controller.view.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        if empty { controller.getEmptyData() } else { controller.getData() }
        controller.collectionView.layoutIfNeeded()
        return controller
    }

    @Test func applesAndOrangesUnderTheirHeaders() throws {
        let stand = fruitStand(empty: false)
        let cv = try #require(stand.collectionView)
        #expect(cv.frame.size == Size(width: 375, height: 667))
        #expect(cv.numberOfSections == 2)
        #expect([cv.numberOfItems(inSection: 0), cv.numberOfItems(inSection: 1)] == [2, 3])
        // Every row is a one-line list cell: 44 tall, full width, one under another.
        let rows = cv.indexPathsForVisibleItems.compactMap { cv.layoutAttributesForItem(at: $0)?.frame }
        #expect(rows.count == 5)
        #expect(rows.allSatisfy { $0.height == 44 && $0.width == 375 && $0.minX == 0 })
        // Each section: its header, then its rows; the oranges' header right under the apples.
        let header0 = try #require(cv.layoutAttributesForSupplementaryElement(ofKind: "section-header", at: IndexPath(item: 0, section: 0))?.frame)
        let header1 = try #require(cv.layoutAttributesForSupplementaryElement(ofKind: "section-header", at: IndexPath(item: 0, section: 1))?.frame)
        #expect(header0.minY == 0 && rows[0].minY == header0.maxY && rows[1].minY == rows[0].maxY)
        #expect(header1.minY == rows[1].maxY && rows[2].minY == header1.maxY)
        #expect(cv.contentSize == Size(width: 375, height: rows[4].maxY))
        // The headers say their section's name; the cells show their fruit.
        let titles = [0, 1].compactMap { (cv.supplementaryView(forElementKind: "section-header", at: IndexPath(item: 0, section: $0)) as? HeaderView)?.titleLabel.text }
        #expect(titles == ["Apples", "Oranges"])
        let texts = cv.visibleCells.compactMap { ($0.contentConfiguration as? ListContentConfiguration)?.text }
        #expect(texts == ["Fuji, core thickness: 12mm", "Gala, core thickness: 10mm", "Navel, peel thickness: 5mm",
                          "Valencia, peel thickness: 4mm", "Blood, peel thickness: 6mm"])
        #expect(cv.visibleCells.allSatisfy { $0.backgroundConfiguration?.cornerRadius == 8 })
    }

    @Test func badWeatherShowsOneItemInItsOwnSection() throws {
        let stand = fruitStand(empty: true)
        let cv = try #require(stand.collectionView)
        #expect(stand.dataSource.snapshot().sectionIdentifiers == [.empty])
        #expect(cv.numberOfSections == 1 && cv.numberOfItems(inSection: 0) == 1)
        let cell = try #require(cv.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect((cell.contentConfiguration as? ListContentConfiguration)?.text == EmptyData().emptyMessage)
        #expect(cell.backgroundConfiguration?.backgroundColor == .systemRed)
        // The long message wraps: the row measures taller than one line, as its cell says.
        let measured = CollectionViewCell(frame: .zero)
        measured.configure(label: EmptyData().emptyMessage, relatedColor: .systemRed)
        #expect(cell.frame.height == measured.preferredLayoutSize(fittingWidth: 375).height)
        #expect(cell.frame.height > 44)
    }

    @Test func refreshingReusesCellsMadeByRegistrationsMadeOnEveryRequest() throws {
        // The article makes a new registration for every cell; applying the data again reuses
        // the cells made the first time instead of making more.
        let stand = fruitStand(empty: false)
        let cv = try #require(stand.collectionView)
        let first = Set(cv.visibleCells.map(ObjectIdentifier.init))
        stand.getData()
        cv.layoutIfNeeded()
        #expect(Set(cv.visibleCells.map(ObjectIdentifier.init)) == first)
    }
}
