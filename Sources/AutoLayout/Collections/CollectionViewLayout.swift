/// What kind of view a set of layout attributes places (UIKit's
/// `UICollectionView.ElementCategory`).
public enum CollectionElementCategory: Hashable, Sendable {
    /// A cell showing an item.
    case cell
    /// A supplementary view, such as a section header.
    case supplementaryView
    /// A decoration view, such as a section background.
    case decorationView
}

/// Where one cell or supplementary view goes (UIKit's `UICollectionViewLayoutAttributes`).
public final class CollectionViewLayoutAttributes: CustomStringConvertible {
    /// The item's (or supplementary view's) index path.
    public let indexPath: IndexPath
    /// A cell or a supplementary view.
    public let representedElementCategory: CollectionElementCategory
    /// The supplementary view's kind; nil for a cell.
    public let representedElementKind: String?
    /// The frame, in the collection view's content coordinates.
    public var frame: Rect
    /// The frame's size.
    public var size: Size { frame.size }
    /// The frame's centre.
    public var center: Point { Point(x: frame.midX, y: frame.midY) }

    init(indexPath: IndexPath, category: CollectionElementCategory, kind: String?, frame: Rect) {
        self.indexPath = indexPath
        representedElementCategory = category
        representedElementKind = kind
        self.frame = frame
    }

    /// UIKit's form: `<UICollectionViewLayoutAttributes: 0x…> index path: (…); frame = (…)`,
    /// without an address.
    public var description: String {
        let kind = representedElementKind.map { "element kind: (\($0)); " } ?? ""
        return "<UICollectionViewLayoutAttributes> index path: (\(indexPath)); \(kind)frame = \(frame)"
    }
}

/// A collection view's layout (UIKit's `UICollectionViewLayout`): compared by identity, so that
/// `collectionView.collectionViewLayout == listLayout` asks whether it is that layout object.
open class CollectionViewLayout: Equatable {
    /// The collection view using the layout.
    public internal(set) weak var collectionView: CollectionView?

    /// A layout.
    public init() {}

    /// Asks the collection view to lay out again at its next layout pass.
    open func invalidateLayout() { collectionView?.setNeedsCollectionLayout() }

    /// Places the items of `counts` (items per section) in a collection view `size` wide and
    /// tall; subclasses override it. The base layout places nothing.
    func place(_ context: CollectionLayoutContext) -> CollectionLayoutPlan { CollectionLayoutPlan() }

    /// Layouts are equal when they are the same object.
    public static func == (lhs: CollectionViewLayout, rhs: CollectionViewLayout) -> Bool { lhs === rhs }
}

/// Settings of a whole compositional layout (UIKit's
/// `UICollectionViewCompositionalLayoutConfiguration`).
public final class CollectionViewCompositionalLayoutConfiguration {
    /// Space between consecutive sections.
    public var interSectionSpacing: Double = 0
    /// A configuration with no spacing.
    public init() {}
}

/// A layout made of sections of groups of items (UIKit's `UICollectionViewCompositionalLayout`).
///
/// Vertical: sections follow one another down the collection view. In a section, the header
/// (a `.top` boundary item) comes first, inside the section's content insets, then the group is
/// repeated, each repetition below the last with the section's `interGroupSpacing`, until the
/// section's items run out; then the footer and the bottom inset. Dimensions resolve against
/// their container: a group against the section's content width and the collection view's
/// height less the section's insets, an item against its group. Estimated dimensions are
/// replaced by the measured size of the item's cell (or supplementary view) when the layout
/// reaches it inside the visible rectangle, and kept as estimates elsewhere until then.
open class CollectionViewCompositionalLayout: CollectionViewLayout {
    /// Makes the section at an index for an environment (UIKit's
    /// `UICollectionViewCompositionalLayoutSectionProvider`).
    public typealias SectionProvider = (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?

    private let sectionProvider: SectionProvider
    /// The whole layout's settings.
    public var configuration: CollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    /// Every section laid out as `section`.
    public convenience init(section: CollectionLayoutSection) {
        self.init(sectionProvider: { _, _ in section })
    }

    /// Every section laid out as `section`, with a configuration.
    public convenience init(section: CollectionLayoutSection, configuration: CollectionViewCompositionalLayoutConfiguration) {
        self.init(sectionProvider: { _, _ in section }, configuration: configuration)
    }

    /// Each section laid out as the provider makes it for its index and the environment.
    public init(sectionProvider: @escaping SectionProvider,
                configuration: CollectionViewCompositionalLayoutConfiguration = CollectionViewCompositionalLayoutConfiguration()) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// A list: every section laid out with the list configuration (UIKit's `.list(using:)`).
    public static func list(using configuration: CollectionLayoutListConfiguration) -> CollectionViewCompositionalLayout {
        CollectionViewCompositionalLayout { _, environment in
            CollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }

    override func place(_ context: CollectionLayoutContext) -> CollectionLayoutPlan {
        var placer = CompositionalPlacer(context: context)
        let environment = CollectionLayoutEnvironment(size: context.size)
        var y = 0.0
        for s in context.counts.indices {
            if s > 0 { y += configuration.interSectionSpacing }
            guard let section = sectionProvider(s, environment) else {
                preconditionFailure("The section provider of UICollectionViewCompositionalLayout returned nil for section \(s): return a section for every section of the data.")
            }
            y = placer.place(section, index: s, at: y)
        }
        placer.plan.contentSize = Size(width: context.size.width, height: y)
        return placer.plan
    }
}

/// What a layout needs from its collection view: the size, the number of items per section,
/// the visible rectangle, and the measured sizes.
struct CollectionLayoutContext {
    /// The collection view's size.
    var size: Size
    /// Items per section.
    var counts: [Int]
    /// The rectangle shown, in content coordinates: estimated items reaching it are measured.
    var visible: Rect
    /// The measured height of an item's cell (or of a supplementary view, by kind) at a width,
    /// measuring it now if needed; nil leaves the estimate. `mayMeasure` says whether the item
    /// is in the visible rectangle: outside it only a height measured before is returned.
    var height: (_ element: CollectionLayoutElement, _ width: Double, _ mayMeasure: Bool) -> Double?
}

/// A cell, or a supplementary view of a kind, at an index path.
struct CollectionLayoutElement: Hashable {
    var indexPath: IndexPath
    /// Nil for a cell.
    var kind: String?
}

/// Where everything goes.
struct CollectionLayoutPlan {
    /// Item frames by section.
    var items: [[Rect]] = []
    /// Supplementary frames by kind and index path.
    var supplementary: [CollectionLayoutElement: Rect] = [:]
    /// The size of all the content.
    var contentSize = Size(width: 0, height: 0)
}

/// Places a compositional layout's sections, one after another.
private struct CompositionalPlacer {
    let context: CollectionLayoutContext
    var plan = CollectionLayoutPlan()

    init(context: CollectionLayoutContext) {
        self.context = context
        plan.items = context.counts.map { Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: $0) }
    }

    /// Places section `s` with its top at `top`; returns its bottom.
    mutating func place(_ section: CollectionLayoutSection, index s: Int, at top: Double) -> Double {
        let width = context.size.width
        let insets = section.contentInsets
        let contentWidth = width - insets.leading - insets.trailing
        precondition(contentWidth >= 0, "A section's content insets \(insets) leave no room in a collection view \(width) wide: make them smaller.")
        let container = Size(width: contentWidth, height: max(0, context.size.height - insets.top - insets.bottom))
        var y = top + insets.top
        let supplementaryX = section.supplementariesFollowContentInsets ? insets.leading : 0
        let supplementaryWidth = section.supplementariesFollowContentInsets ? contentWidth : width
        func supplementary(_ item: CollectionLayoutBoundarySupplementaryItem) {
            let element = CollectionLayoutElement(indexPath: IndexPath(item: 0, section: s), kind: item.elementKind)
            let size = item.layoutSize.resolve(in: Size(width: supplementaryWidth, height: container.height))
            var height = size.height
            if item.layoutSize.heightDimension.isEstimated {
                let reached = reaches(y, height)
                height = context.height(element, size.width, reached) ?? height
            }
            plan.supplementary[element] = Rect(x: supplementaryX, y: y, width: size.width, height: height)
            y += height
        }
        for item in section.boundarySupplementaryItems where item.alignment == .top { supplementary(item) }
        let count = context.counts[s]
        var next = 0
        while next < count {
            if next > 0 { y += section.interGroupSpacing }
            let slot = section.group.layoutSize.resolve(in: container)
            let measure = reaches(y, slot.height)
            let placed = placeGroup(section.group, slot: Rect(x: insets.leading, y: y, width: slot.width, height: slot.height),
                                    section: s, first: next, count: count, measure: measure)
            next += max(placed.used, 1)
            y += placed.height
        }
        for item in section.boundarySupplementaryItems where item.alignment == .bottom { supplementary(item) }
        return y + insets.bottom
    }

    /// Whether a span from `y`, `height` tall, reaches the visible rectangle.
    private func reaches(_ y: Double, _ height: Double) -> Bool {
        y <= context.visible.maxY && y + height >= context.visible.minY
    }

    /// Places items `first…` of section `s` in `group` at `slot` (its size from its dimensions,
    /// estimates included). Returns how many items it took and its height once measured.
    mutating func placeGroup(_ group: CollectionLayoutGroup, slot: Rect, section s: Int, first: Int, count: Int,
                             measure: Bool) -> (used: Int, height: Double) {
        let horizontal = group.axis == .horizontal
        let along = horizontal ? slot.width : slot.height
        let spacing = group.interItemSpacing?.spacing ?? 0
        // The slots of the group's items along its axis, before measuring.
        var lengths: [Double] = []
        var items: [CollectionLayoutItem] = []
        if let n = group.count {
            let length = max(0, (along - spacing * Double(n - 1)) / Double(n))
            for _ in 0..<min(n, count - first) {
                items.append(group.subitems[0])
                lengths.append(length)
            }
        } else {
            var used = 0.0
            var k = 0
            while first + items.count < count {
                let item = group.subitems[k % group.subitems.count]
                let size = item.layoutSize.resolve(in: slot.size)
                let length = horizontal ? size.width : size.height
                let needed = (items.isEmpty ? 0 : spacing) + length
                if !items.isEmpty && used + needed > along + 1e-9 { break }
                used += needed
                items.append(item)
                lengths.append(length)
                k += 1
                if item is CollectionLayoutGroup { break }   // a nested group takes what is left
            }
        }
        // Flexible spacing spreads what is left over the gaps.
        var gap = spacing
        if let s = group.interItemSpacing, s.isFlexibleSpacing, items.count > 1 {
            let total = lengths.reduce(0, +) + spacing * Double(items.count - 1)
            gap += max(0, along - total) / Double(items.count - 1)
        }
        // Across the axis: each item's own dimension in the group, measured where estimated.
        var used = 0
        var frames: [(Rect, CollectionLayoutItem, Int)] = []
        var position = horizontal ? slot.minX : slot.minY
        var extent = 0.0
        for (item, length) in zip(items, lengths) {
            let index = first + used
            var frame: Rect
            if horizontal {
                frame = Rect(x: position, y: slot.minY, width: length, height: item.layoutSize.heightDimension.resolve(in: slot.size))
            } else {
                frame = Rect(x: slot.minX, y: position, width: item.layoutSize.widthDimension.resolve(in: slot.size), height: length)
            }
            if let nested = item as? CollectionLayoutGroup {
                let placed = placeGroup(nested, slot: frame, section: s, first: index, count: count, measure: measure)
                used += placed.used
                if nested.layoutSize.heightDimension.isEstimated || !horizontal { frame.size.height = placed.height }
            } else {
                let estimatedHeight = item.layoutSize.heightDimension.isEstimated
                    || (group.layoutSize.heightDimension.isEstimated && item.layoutSize.heightDimension.isFractionalHeight)
                if estimatedHeight, let h = context.height(CollectionLayoutElement(indexPath: IndexPath(item: index, section: s), kind: nil),
                                                           frame.width, measure) {
                    frame.size.height = h
                }
                frames.append((frame, item, index))
                used += 1
            }
            position += (horizontal ? frame.width : frame.height) + gap
            extent = horizontal ? max(extent, frame.height) : position - gap - slot.minY
        }
        // The group's height: its own, or what its measured items need.
        var height = slot.height
        if group.layoutSize.heightDimension.isEstimated || (!horizontal && group.count == nil && slot.height < extent) {
            height = extent
        }
        for (frame, item, index) in frames {
            var f = frame
            if horizontal && item.layoutSize.heightDimension.isFractionalHeight {
                f.size.height = item.layoutSize.heightDimension.dimension * height
            }
            plan.items[s][index] = inset(f, by: item)
        }
        return (used, height)
    }

    /// A frame shrunk by its item's content insets, except along estimated dimensions.
    private func inset(_ frame: Rect, by item: CollectionLayoutItem) -> Rect {
        let i = item.contentInsets
        var f = frame
        if !item.layoutSize.widthDimension.isEstimated {
            f.origin.x += i.leading
            f.size.width = max(0, f.width - i.leading - i.trailing)
        }
        if !item.layoutSize.heightDimension.isEstimated {
            f.origin.y += i.top
            f.size.height = max(0, f.height - i.top - i.bottom)
        }
        return f
    }
}
