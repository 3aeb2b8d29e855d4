extension CollectionView {
    /// How to make and configure the cells of one kind of item (UIKit's
    /// `UICollectionView.CellRegistration`).
    ///
    /// Registrations of one cell class and item type share a reuse pool, so a registration made
    /// on every request (as iOS 14 code did; iOS 15 raises for it) still reuses cells.
    public struct CellRegistration<Cell: CollectionViewCell, Item> {
        /// Configures a dequeued cell for an item at an index path.
        public typealias Handler = (Cell, IndexPath, Item) -> Void
        let handler: Handler
        let reuseIdentifier: String

        /// A registration with a handler.
        public init(handler: @escaping Handler) {
            self.handler = handler
            reuseIdentifier = "CellRegistration<\(qualifiedName(of: Cell.self)), \(Item.self)>"
        }
    }

    /// How to make and configure the supplementary views of one kind (UIKit's
    /// `UICollectionView.SupplementaryRegistration`).
    public struct SupplementaryRegistration<Supplementary: CollectionReusableView> {
        /// Configures a dequeued view: the view, its kind, its index path.
        public typealias Handler = (Supplementary, String, IndexPath) -> Void
        /// The kind of view the registration makes.
        public let elementKind: String
        let handler: Handler
        let reuseIdentifier: String

        /// A registration for views of a kind.
        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
            reuseIdentifier = "SupplementaryRegistration<\(qualifiedName(of: Supplementary.self))>"
        }
    }

    /// A cell of the registration's class, dequeued and configured by its handler for `item`.
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath,
                                                          item: Item) -> Cell {
        register(Cell.self, forCellWithReuseIdentifier: registration.reuseIdentifier)
        guard let cell = dequeueReusableCell(withReuseIdentifier: registration.reuseIdentifier, for: indexPath) as? Cell else {
            preconditionFailure("The cell dequeued for \(registration.reuseIdentifier) is not a \(Cell.self).")
        }
        registration.handler(cell, indexPath, item)
        return cell
    }

    /// A supplementary view of the registration's class and kind, dequeued and configured.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(using registration: SupplementaryRegistration<Supplementary>,
                                                                      for indexPath: IndexPath) -> Supplementary {
        register(Supplementary.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier)
        guard let view = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: registration.reuseIdentifier,
                                                          for: indexPath) as? Supplementary else {
            preconditionFailure("The view dequeued for \(registration.reuseIdentifier) is not a \(Supplementary.self).")
        }
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }
}
