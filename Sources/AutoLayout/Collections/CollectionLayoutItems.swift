// The pieces of a compositional layout (UIKit's `NSCollectionLayout…` classes): dimensions and
// sizes, items, groups of items, sections of groups, and the supplementary items at a section's
// edges. Items, groups, sections and supplementary items are classes, as in UIKit, so that a
// ported `let item = …; item.contentInsets = …` compiles; dimensions, sizes and spacings are
// values.

/// A length along one axis (UIKit's `NSCollectionLayoutDimension`): absolute, a fraction of the
/// container's width or height, or an estimate that the item's cell replaces when it is measured.
public struct CollectionLayoutDimension: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind
    /// The number the dimension was made with: a fraction, a length in points, or an estimate.
    public let dimension: Double

    private init(_ kind: Kind, _ value: Double) {
        precondition(value.isFinite && value >= 0,
                     "NSCollectionLayoutDimension \(value) is invalid: pass a finite dimension, at least 0.")
        self.kind = kind
        dimension = value
    }

    /// A fraction of the container's width.
    public static func fractionalWidth(_ fraction: Double) -> CollectionLayoutDimension { .init(.fractionalWidth, fraction) }
    /// A fraction of the container's height.
    public static func fractionalHeight(_ fraction: Double) -> CollectionLayoutDimension { .init(.fractionalHeight, fraction) }
    /// A fixed length in points.
    public static func absolute(_ points: Double) -> CollectionLayoutDimension { .init(.absolute, points) }
    /// An estimate, replaced by the size the item's view measures.
    public static func estimated(_ points: Double) -> CollectionLayoutDimension { .init(.estimated, points) }

    /// Whether the dimension is a fraction of the container's width.
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    /// Whether the dimension is a fraction of the container's height.
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    /// Whether the dimension is a fixed length.
    public var isAbsolute: Bool { kind == .absolute }
    /// Whether the dimension is an estimate.
    public var isEstimated: Bool { kind == .estimated }

    /// The length in a container of `container` size (an estimate gives its estimate).
    func resolve(in container: Size) -> Double {
        switch kind {
        case .fractionalWidth: dimension * container.width
        case .fractionalHeight: dimension * container.height
        case .absolute, .estimated: dimension
        }
    }

    /// UIKit's description: `<NSCollectionLayoutDimension: fractionalWidth=1.0>` style, shortened.
    public var description: String {
        switch kind {
        case .fractionalWidth: ".fractionalWidth(\(dimension))"
        case .fractionalHeight: ".fractionalHeight(\(dimension))"
        case .absolute: ".absolute(\(dimension))"
        case .estimated: ".estimated(\(dimension))"
        }
    }
}

/// A width and a height (UIKit's `NSCollectionLayoutSize`).
public struct CollectionLayoutSize: Hashable, Sendable {
    /// The width.
    public var widthDimension: CollectionLayoutDimension
    /// The height.
    public var heightDimension: CollectionLayoutDimension

    /// A size of two dimensions.
    public init(widthDimension: CollectionLayoutDimension, heightDimension: CollectionLayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }

    /// The size in a container of `container` size, estimates at their estimate.
    func resolve(in container: Size) -> Size {
        Size(width: widthDimension.resolve(in: container), height: heightDimension.resolve(in: container))
    }
}

/// The space between items of a group (UIKit's `NSCollectionLayoutSpacing`). A group made with
/// `count:` keeps its count and narrows its items to fit the spacing.
public struct CollectionLayoutSpacing: Hashable, Sendable {
    /// The spacing in points.
    public let spacing: Double
    /// Whether the spacing may grow to spread the items over the group (UIKit's `.flexible`).
    public let isFlexibleSpacing: Bool

    /// Exactly `points` between items.
    public static func fixed(_ points: Double) -> CollectionLayoutSpacing { .init(spacing: points, isFlexibleSpacing: false) }
    /// At least `points`, growing to spread the items over the group.
    public static func flexible(_ points: Double) -> CollectionLayoutSpacing { .init(spacing: points, isFlexibleSpacing: true) }
    /// Whether the spacing is fixed.
    public var isFixedSpacing: Bool { !isFlexibleSpacing }

    private init(spacing: Double, isFlexibleSpacing: Bool) {
        precondition(spacing.isFinite && spacing >= 0, "NSCollectionLayoutSpacing \(spacing) is invalid: pass a finite spacing, at least 0.")
        self.spacing = spacing
        self.isFlexibleSpacing = isFlexibleSpacing
    }
}

/// One cell's place in a compositional layout (UIKit's `NSCollectionLayoutItem`): its size in
/// its group, and insets that shrink the cell inside the space the size gives it.
open class CollectionLayoutItem {
    /// The item's size, relative to its group.
    public let layoutSize: CollectionLayoutSize
    // Unchecked exclusivity on the insets and spacings: read for every item placed (see the
    // note above `View.superview`).
    /// Space kept free around the cell inside the item's size. As in UIKit, an inset along an
    /// estimated dimension is ignored (the measured cell takes the whole length).
    @exclusivity(unchecked) public var contentInsets: DirectionalEdgeInsets = .zero

    /// An item of a size.
    public init(layoutSize: CollectionLayoutSize) {
        self.layoutSize = layoutSize
    }
}

/// Items laid side by side or one under another (UIKit's `NSCollectionLayoutGroup`). A group is
/// itself an item, so groups nest; a section repeats its group until its items run out.
open class CollectionLayoutGroup: CollectionLayoutItem {
    enum Axis: Hashable { case horizontal, vertical }
    let axis: Axis
    /// The items, in order: the group repeats the list while items fit.
    public let subitems: [CollectionLayoutItem]
    /// The number of items when the group was made with `count:` (their sizes along the axis are
    /// then shared equally, whatever the item says).
    let count: Int?
    /// The space between the group's items.
    @exclusivity(unchecked) public var interItemSpacing: CollectionLayoutSpacing?

    private init(axis: Axis, layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem], count: Int?) {
        precondition(!subitems.isEmpty, "NSCollectionLayoutGroup needs at least one subitem.")
        if let count { precondition(count >= 1, "NSCollectionLayoutGroup count \(count) is invalid: pass at least 1.") }
        self.axis = axis
        self.subitems = subitems
        self.count = count
        super.init(layoutSize: layoutSize)
    }

    /// A row of `count` equal items: Apple's "equally sized items arranged in a horizontal line
    /// up to the number specified by count". The item's own width is ignored (a `.absolute(999)`
    /// item in a three-item group 375 wide is 125 wide).
    public static func horizontal(layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        CollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    /// A row of items, each as wide as its own size says, repeated while they fit.
    public static func horizontal(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        CollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: subitems, count: nil)
    }
    /// A column of `count` equal items; the item's own height is ignored.
    public static func vertical(layoutSize: CollectionLayoutSize, subitem: CollectionLayoutItem, count: Int) -> CollectionLayoutGroup {
        CollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    /// A column of items, each as tall as its own size says, repeated while they fit.
    public static func vertical(layoutSize: CollectionLayoutSize, subitems: [CollectionLayoutItem]) -> CollectionLayoutGroup {
        CollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: subitems, count: nil)
    }
}

/// A supplementary view at an edge of a section or of the whole layout (UIKit's
/// `NSCollectionLayoutBoundarySupplementaryItem`): a header at the top, a footer at the bottom.
open class CollectionLayoutBoundarySupplementaryItem {
    /// Where the view sits (UIKit's `NSRectAlignment`; vertical layouts use the top and bottom).
    public enum Alignment: Hashable, Sendable {
        /// Above the section's items.
        case top
        /// Below the section's items.
        case bottom
    }

    /// The view's size, relative to the section's content width.
    public let layoutSize: CollectionLayoutSize
    /// The kind of supplementary view, which its registration names.
    public let elementKind: String
    /// Where it sits.
    public let alignment: Alignment
    /// Whether the view stays visible while its section scrolls by (stored; pinning needs
    /// scrolling, which a layout without a screen does not do).
    public var pinToVisibleBounds = false
    /// Space kept free around the view inside its size.
    @exclusivity(unchecked) public var contentInsets: DirectionalEdgeInsets = .zero

    /// A boundary item.
    public init(layoutSize: CollectionLayoutSize, elementKind: String, alignment: Alignment) {
        self.layoutSize = layoutSize
        self.elementKind = elementKind
        self.alignment = alignment
    }
}

/// A run of one group repeated over a section's items (UIKit's `NSCollectionLayoutSection`).
open class CollectionLayoutSection {
    /// How a section scrolls across the layout's axis (UIKit's
    /// `UICollectionLayoutSectionOrthogonalScrollingBehavior`). Stored: every section is laid out
    /// along the layout's own axis.
    public enum OrthogonalScrollingBehavior: Hashable, Sendable {
        /// The section follows the layout's axis.
        case none
        /// The section scrolls across, freely.
        case continuous
        /// The section scrolls across, stopping at a group's leading edge.
        case continuousGroupLeadingBoundary
        /// The section scrolls across a page (the collection view's width) at a time.
        case paging
        /// The section scrolls across a group at a time.
        case groupPaging
        /// The section scrolls across a group at a time, centring it.
        case groupPagingCentered
    }

    /// The group repeated over the items.
    public let group: CollectionLayoutGroup
    /// Space between the section's edges and its content. Boundary supplementary items follow
    /// it (``supplementariesFollowContentInsets``).
    @exclusivity(unchecked) public var contentInsets: DirectionalEdgeInsets = .zero
    /// Space between consecutive groups.
    public var interGroupSpacing: Double = 0
    /// Headers and footers.
    public var boundarySupplementaryItems: [CollectionLayoutBoundarySupplementaryItem] = []
    /// Whether headers and footers are inset like the content (true, as in UIKit).
    public var supplementariesFollowContentInsets = true
    /// How the section scrolls across the layout's axis (stored).
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none
    /// The list configuration the section was made from, if any: its rows are measured cells.
    var list: CollectionLayoutListConfiguration?

    /// A section repeating `group`.
    public init(group: CollectionLayoutGroup) {
        self.group = group
    }

    /// A section laid out as a list (UIKit's `NSCollectionLayoutSection.list(using:layoutEnvironment:)`):
    /// full-width rows measured by their cells (estimated 44 tall), with the appearance's insets
    /// and the configuration's header and footer.
    public static func list(using configuration: CollectionLayoutListConfiguration,
                            layoutEnvironment: CollectionLayoutEnvironment) -> CollectionLayoutSection {
        let width = layoutEnvironment.container.contentSize.width
        let row = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let section = CollectionLayoutSection(group: .vertical(layoutSize: row, subitems: [CollectionLayoutItem(layoutSize: row)]))
        section.contentInsets = configuration.sectionInsets(forWidth: width)
        let supplementary = CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(configuration.appearance == .plain ? 28 : 38))
        if configuration.headerMode == .supplementary {
            section.boundarySupplementaryItems.append(.init(layoutSize: supplementary, elementKind: CollectionView.elementKindSectionHeader, alignment: .top))
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(.init(layoutSize: supplementary, elementKind: CollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        section.list = configuration
        return section
    }
}

/// Whether a layout is wide or narrow (UIKit's `UIUserInterfaceSizeClass`).
public enum UserInterfaceSizeClass: Int, Hashable, Sendable {
    /// Not known.
    case unspecified = 0
    /// Narrow (or short).
    case compact
    /// Wide (or tall).
    case regular
}

/// The traits a section provider may decide on (UIKit's `UITraitCollection`, its size classes).
public struct TraitCollection: Hashable, Sendable {
    /// Compact on phones in portrait, regular from 600 points wide.
    public var horizontalSizeClass: UserInterfaceSizeClass
    /// Regular unless the container is shorter than 500 points.
    public var verticalSizeClass: UserInterfaceSizeClass

    /// Traits of those size classes.
    public init(horizontalSizeClass: UserInterfaceSizeClass = .unspecified, verticalSizeClass: UserInterfaceSizeClass = .unspecified) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
    }

    /// The size classes of a container of `size`.
    init(size: Size) {
        self.init(horizontalSizeClass: size.width >= 600 ? .regular : .compact,
                  verticalSizeClass: size.height > 0 && size.height < 500 ? .compact : .regular)
    }
}

/// The space a section is laid out in (UIKit's `NSCollectionLayoutContainer`).
public struct CollectionLayoutContainer: Hashable, Sendable {
    /// The collection view's size.
    public var contentSize: Size
    /// Insets of the content (the collection view's content insets; zero here).
    public var contentInsets: DirectionalEdgeInsets
    /// The size inside the insets.
    public var effectiveContentSize: Size {
        Size(width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
             height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
}

/// What a section provider knows when it makes a section (UIKit's
/// `NSCollectionLayoutEnvironment`): the container and its traits.
public struct CollectionLayoutEnvironment: Hashable, Sendable {
    /// The space sections are laid out in.
    public var container: CollectionLayoutContainer
    /// The container's traits.
    public var traitCollection: TraitCollection

    /// The environment of a collection view of `size`.
    init(size: Size) {
        container = CollectionLayoutContainer(contentSize: size, contentInsets: .zero)
        traitCollection = TraitCollection(size: size)
    }
}
