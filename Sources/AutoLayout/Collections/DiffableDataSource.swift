/// The sections and items a collection shows, by identifier (UIKit's
/// `NSDiffableDataSourceSnapshot`). Identifiers are unique across the whole snapshot: supplying
/// one twice traps with UIKit's reason ("Fatal: supplied item identifiers are not unique").
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    /// A section's identifier.
    public typealias Section = SectionIdentifierType
    /// An item's identifier.
    public typealias Item = ItemIdentifierType

    /// The sections, in order.
    public private(set) var sectionIdentifiers: [Section] = []
    private var items: [[Item]] = []
    /// Where each section is, and which section holds each item.
    private var sectionIndex: [Section: Int] = [:]
    private var itemSection: [Item: Section] = [:]
    /// Items marked for reloading.
    public private(set) var reloadedItemIdentifiers: [Item] = []
    /// Items marked for reconfiguring.
    public private(set) var reconfiguredItemIdentifiers: [Item] = []

    /// An empty snapshot.
    public init() {}

    /// The number of sections.
    public var numberOfSections: Int { sectionIdentifiers.count }
    /// The number of items in all sections.
    public var numberOfItems: Int { itemSection.count }
    /// Every item, section by section.
    public var itemIdentifiers: [Item] { items.flatMap { $0 } }

    /// The number of items in a section.
    public func numberOfItems(inSection identifier: Section) -> Int { items[index(of: identifier)].count }
    /// The items of a section, in order.
    public func itemIdentifiers(inSection identifier: Section) -> [Item] { items[index(of: identifier)] }
    /// The section holding an item, if the snapshot has it.
    public func sectionIdentifier(containingItem identifier: Item) -> Section? { itemSection[identifier] }
    /// The position of an item among all items, if the snapshot has it.
    public func indexOfItem(_ identifier: Item) -> Int? {
        guard let section = itemSection[identifier], let s = sectionIndex[section] else { return nil }
        return items[..<s].reduce(0) { $0 + $1.count } + items[s].firstIndex(of: identifier)!
    }
    /// The position of a section, if the snapshot has it.
    public func indexOfSection(_ identifier: Section) -> Int? { sectionIndex[identifier] }

    // MARK: Sections

    /// Adds sections at the end.
    public mutating func appendSections(_ identifiers: [Section]) {
        insertSections(identifiers, at: sectionIdentifiers.count)
    }

    /// Adds sections before a section.
    public mutating func insertSections(_ identifiers: [Section], beforeSection: Section) {
        insertSections(identifiers, at: index(of: beforeSection))
    }

    /// Adds sections after a section.
    public mutating func insertSections(_ identifiers: [Section], afterSection: Section) {
        insertSections(identifiers, at: index(of: afterSection) + 1)
    }

    private mutating func insertSections(_ identifiers: [Section], at position: Int) {
        Self.checkUnique(identifiers, existing: { sectionIndex[$0] != nil }, what: "section")
        sectionIdentifiers.insert(contentsOf: identifiers, at: position)
        items.insert(contentsOf: Array(repeating: [], count: identifiers.count), at: position)
        reindexSections()
    }

    /// Removes sections and their items.
    public mutating func deleteSections(_ identifiers: [Section]) {
        let doomed = Set(identifiers.compactMap { sectionIndex[$0] })
        for s in doomed { for item in items[s] { itemSection[item] = nil } }
        sectionIdentifiers = sectionIdentifiers.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
        items = items.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
        reindexSections()
    }

    /// Marks sections' items for reloading.
    public mutating func reloadSections(_ identifiers: [Section]) {
        for s in identifiers { reloadedItemIdentifiers += items[index(of: s)] }
    }

    // MARK: Items

    /// Adds items at the end of a section (the last one when nil).
    ///
    /// - Precondition: the snapshot has a section, and the identifiers are new and unique.
    public mutating func appendItems(_ identifiers: [Item], toSection sectionIdentifier: Section? = nil) {
        guard let section = sectionIdentifier ?? sectionIdentifiers.last else {
            preconditionFailure("There are currently no sections in the data source. Please add a section first.")
        }
        let s = index(of: section)
        insertItems(identifiers, in: s, at: items[s].count)
    }

    /// Adds items before an item.
    public mutating func insertItems(_ identifiers: [Item], beforeItem: Item) {
        let (s, i) = position(of: beforeItem)
        insertItems(identifiers, in: s, at: i)
    }

    /// Adds items after an item.
    public mutating func insertItems(_ identifiers: [Item], afterItem: Item) {
        let (s, i) = position(of: afterItem)
        insertItems(identifiers, in: s, at: i + 1)
    }

    private mutating func insertItems(_ identifiers: [Item], in s: Int, at position: Int) {
        Self.checkUnique(identifiers, existing: { itemSection[$0] != nil }, what: "item")
        items[s].insert(contentsOf: identifiers, at: position)
        for item in identifiers { itemSection[item] = sectionIdentifiers[s] }
    }

    /// Removes items (those the snapshot does not have are ignored).
    public mutating func deleteItems(_ identifiers: [Item]) {
        let doomed = Set(identifiers)
        for item in identifiers { itemSection[item] = nil }
        for s in items.indices { items[s].removeAll { doomed.contains($0) } }
    }

    /// Removes every section and item.
    public mutating func deleteAllItems() { self = Self() }

    /// Moves an item before another.
    public mutating func moveItem(_ identifier: Item, beforeItem: Item) {
        deleteItems([identifier])
        insertItems([identifier], beforeItem: beforeItem)
    }

    /// Moves an item after another.
    public mutating func moveItem(_ identifier: Item, afterItem: Item) {
        deleteItems([identifier])
        insertItems([identifier], afterItem: afterItem)
    }

    /// Marks items for reloading: their cells are dequeued and configured again.
    public mutating func reloadItems(_ identifiers: [Item]) {
        for item in identifiers { _ = position(of: item) }
        reloadedItemIdentifiers += identifiers
    }

    /// Marks items for reconfiguring: their cells are configured again in place.
    public mutating func reconfigureItems(_ identifiers: [Item]) {
        for item in identifiers { _ = position(of: item) }
        reconfiguredItemIdentifiers += identifiers
    }

    // MARK: Lookup

    /// The item at an index path, if there is one.
    func item(at indexPath: IndexPath) -> Item? {
        // Plain comparisons: generic `indices` would look up type metadata on every call.
        let s = indexPath.section, i = indexPath.item
        guard s >= 0, s < items.count else { return nil }
        return items.withUnsafeBufferPointer { sections in
            sections[s].withUnsafeBufferPointer { row in i >= 0 && i < row.count ? row[i] : nil }
        }
    }

    /// The index path of an item, if the snapshot has it.
    func indexPath(of item: Item) -> IndexPath? {
        guard let section = itemSection[item], let s = sectionIndex[section], let i = items[s].firstIndex(of: item) else { return nil }
        return IndexPath(item: i, section: s)
    }

    private func index(of section: Section) -> Int {
        guard let s = sectionIndex[section] else {
            preconditionFailure("Invalid section identifier (\(section)) specified: the snapshot has no such section; append it first.")
        }
        return s
    }

    private func position(of item: Item) -> (Int, Int) {
        guard let path = indexPath(of: item) else {
            preconditionFailure("Invalid item identifier (\(item)) specified: the snapshot has no such item.")
        }
        return (path.section, path.item)
    }

    private mutating func reindexSections() {
        sectionIndex = Dictionary(uniqueKeysWithValues: sectionIdentifiers.enumerated().map { ($1, $0) })
    }

    /// Traps with UIKit's reason when identifiers repeat or are already in the snapshot.
    private static func checkUnique<T: Hashable>(_ identifiers: [T], existing: (T) -> Bool, what: String) {
        var seen = Set<T>()
        var duplicates: [T] = []
        for x in identifiers where !seen.insert(x).inserted || existing(x) { duplicates.append(x) }
        guard duplicates.isEmpty else {
            let list = duplicates.map { "    \($0)" }.joined(separator: ",\n")
            preconditionFailure("Fatal: supplied \(what) identifiers are not unique. Duplicate identifiers: {(\n\(list)\n)}")
        }
    }
}

/// A collection view's data source made from snapshots (UIKit's
/// `UICollectionViewDiffableDataSource`): it answers the collection view from the last snapshot
/// applied, asking the cell provider for each item's cell.
open class CollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: CollectionViewDataSource {
    /// Makes the configured cell of an item.
    public typealias CellProvider = (CollectionView, IndexPath, ItemIdentifierType) -> CollectionViewCell?
    /// Makes the configured supplementary view of a kind at an index path.
    public typealias SupplementaryViewProvider = (CollectionView, String, IndexPath) -> CollectionReusableView?

    private let cellProvider: CellProvider
    private weak var collectionView: CollectionView?
    private var current = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// Makes supplementary views, such as section headers.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// A data source for a collection view; it becomes the collection view's data source.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.cellProvider = cellProvider
        self.collectionView = collectionView
        collectionView.dataSource = self
    }

    /// Shows a snapshot: items kept from the shown one keep their cells and measured sizes
    /// (wherever they moved); new items, and those marked with `reloadItems` or
    /// `reconfigureItems`, are dequeued and measured at the next pass (UIKit animates the
    /// differences; here the new state is laid out directly).
    open func apply(_ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        let moves = snapshot.moves(from: current)
        current = snapshot
        current.clearMarks()
        collectionView?.reload(keeping: moves.item, sections: moves.section)
        completion?()
    }

    /// A copy of the snapshot shown.
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// The item at an index path, if there is one.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }
    /// The index path of an item, if it is shown.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }
    /// The section at an index, if there is one.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }

    /// The snapshot's number of sections.
    public func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }

    /// The number of items of the snapshot's section at an index.
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        current.numberOfItems(inSection: current.sectionIdentifiers[section])
    }

    /// The cell provider's cell for the item at an index path.
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard let item = current.item(at: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
            preconditionFailure("The cell provider of UICollectionViewDiffableDataSource returned nil for index path \(indexPath): return a cell for every item.")
        }
        return cell
    }

    /// The supplementary view provider's view of a kind at an index path.
    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> CollectionReusableView {
        guard let provider = supplementaryViewProvider else {
            preconditionFailure("The layout asked for a supplementary view of kind '\(kind)' at \(indexPath) and the UICollectionViewDiffableDataSource has no supplementaryViewProvider: set one.")
        }
        guard let view = provider(collectionView, kind, indexPath) else {
            preconditionFailure("The supplementaryViewProvider of UICollectionViewDiffableDataSource returned nil for kind '\(kind)' at \(indexPath): return a view for every supplementary item of the layout.")
        }
        return view
    }
}

extension DiffableDataSourceSnapshot {
    /// Where the items and sections of `old` are in this snapshot: an item's new index path (nil
    /// when it is gone, or marked here for reloading or reconfiguring), a section's new index.
    func moves(from old: Self) -> (item: (IndexPath) -> IndexPath?, section: (Int) -> Int?) {
        let redo = Set(reloadedItemIdentifiers).union(reconfiguredItemIdentifiers)
        return ({ path in
            guard let item = old.item(at: path), !redo.contains(item) else { return nil }
            return self.indexPath(of: item)
        }, { s in
            old.sectionIdentifiers.indices.contains(s) ? self.indexOfSection(old.sectionIdentifiers[s]) : nil
        })
    }

    /// Forgets the reload and reconfigure marks once applied.
    mutating func clearMarks() {
        reloadedItemIdentifiers = []
        reconfiguredItemIdentifiers = []
    }
}
