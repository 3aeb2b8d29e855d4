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
    /// tall, measuring what the visible rectangle reaches; subclasses override it. The base
    /// layout places nothing.
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

    /// The sections as last placed, kept while the collection view's size, its items and its
    /// measurements stay the same (UIKit calls the section provider again only then).
    private var placed: CompositionalPlan?

    /// Asks for new sections from the provider at the next pass.
    open override func invalidateLayout() {
        placed = nil
        super.invalidateLayout()
    }

    override func place(_ context: CollectionLayoutContext) -> CollectionLayoutPlan {
        let plan: CompositionalPlan
        if let placed, placed.fits(context) {
            plan = placed
        } else {
            let environment = CollectionLayoutEnvironment(size: context.size)
            let sections = context.counts.indices.map { s in
                guard let section = sectionProvider(s, environment) else {
                    preconditionFailure("The section provider of UICollectionViewCompositionalLayout returned nil for section \(s): return a section for every section of the data.")
                }
                return section
            }
            plan = CompositionalPlan(sections: sections, context: context, spacing: configuration.interSectionSpacing)
            placed = plan
        }
        plan.update(for: context)
        return plan
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
    /// The heights measured so far.
    var measured: MeasuredHeights
    /// Measures an element's cell (or supplementary view) at a width now, and records it; nil
    /// keeps the estimate.
    var measure: (_ element: CollectionLayoutElement, _ width: Double) -> Double?
}

/// Heights measured by a collection view, with the width each was measured at: cells in dense
/// arrays by section and item (a layout pass reads every item), supplementary views by element.
final class MeasuredHeights {
    @exclusivity(unchecked) private var cells: [[(width: Double, height: Double)]] = []
    private var supplementary: [CollectionLayoutElement: (width: Double, height: Double)] = [:]
    private static let none = (width: -1.0, height: 0.0)

    /// Counts the resets: a layout made before the last one is stale.
    private(set) var generation = 0
    /// How many cells have been measured since the last reset.
    private(set) var recordedCells = 0

    /// Forgets everything and makes room for `counts` items per section.
    func reset(counts: [Int]) {
        cells = counts.map { Array(repeating: Self.none, count: $0) }
        supplementary = [:]
        generation += 1
        recordedCells = 0
    }

    /// Whether the arrays fit `counts`.
    func fits(_ counts: [Int]) -> Bool { cells.count == counts.count && zip(cells, counts).allSatisfy { $0.count == $1 } }

    func height(_ element: CollectionLayoutElement, _ width: Double) -> Double? {
        let m: (width: Double, height: Double)
        if element.kind == nil {
            m = cells[element.indexPath.section][element.indexPath.item]
        } else {
            guard let found = supplementary[element] else { return nil }
            m = found
        }
        return m.width == width ? m.height : nil
    }

    /// Moves the measurements to new places after the data changed: `cell` gives an item's new
    /// index path (nil drops it), `section` a section's new index (nil drops its supplementary
    /// views' measurements); items not moved here are measured again.
    func remap(counts: [Int], cell: (IndexPath) -> IndexPath?, section: (Int) -> Int?) {
        let old = cells, oldSupplementary = supplementary
        reset(counts: counts)
        for (s, items) in old.enumerated() {
            for (i, m) in items.enumerated() where m.width >= 0 {
                guard let to = cell(IndexPath(item: i, section: s)), cells.indices.contains(to.section),
                      cells[to.section].indices.contains(to.item) else { continue }
                cells[to.section][to.item] = m
                recordedCells += 1
            }
        }
        for (element, m) in oldSupplementary {
            guard let s = section(element.indexPath.section) else { continue }
            supplementary[CollectionLayoutElement(indexPath: IndexPath(item: element.indexPath.item, section: s), kind: element.kind)] = m
        }
    }

    func record(_ element: CollectionLayoutElement, width: Double, height: Double) {
        if element.kind == nil {
            cells[element.indexPath.section][element.indexPath.item] = (width, height)
            recordedCells += 1
        } else {
            supplementary[element] = (width, height)
        }
    }
}

/// A cell, or a supplementary view of a kind, at an index path.
struct CollectionLayoutElement: Hashable {
    var indexPath: IndexPath
    /// Nil for a cell.
    var kind: String?
}

/// Where everything goes, as a layout pass left it.
class CollectionLayoutPlan {
    /// The size of all the content.
    var contentSize = Size(width: 0, height: 0)
    /// The elements whose frames meet `rect`, with their frames, in no particular order.
    func elements(in rect: Rect) -> [(CollectionLayoutElement, Rect)] { [] }
    /// An element's frame; nil when there is no such element.
    func frame(of element: CollectionLayoutElement) -> Rect? { nil }
}

/// Frames listed element by element.
final class ListedPlan: CollectionLayoutPlan {
    /// Item frames by section.
    var items: [[Rect]] = []

    override func elements(in rect: Rect) -> [(CollectionLayoutElement, Rect)] {
        var out: [(CollectionLayoutElement, Rect)] = []
        for (s, frames) in items.enumerated() {
            for (i, f) in frames.enumerated() where f.meets(rect) {
                out.append((CollectionLayoutElement(indexPath: IndexPath(item: i, section: s), kind: nil), f))
            }
        }
        return out
    }

    override func frame(of element: CollectionLayoutElement) -> Rect? {
        guard element.kind == nil, items.indices.contains(element.indexPath.section),
              items[element.indexPath.section].indices.contains(element.indexPath.item) else { return nil }
        return items[element.indexPath.section][element.indexPath.item]
    }
}

extension Rect {
    /// A rectangle every layout lies in: laid out "for" it, everything is visible.
    static let everything = Rect(x: -Double.greatestFiniteMagnitude / 4, y: -Double.greatestFiniteMagnitude / 4,
                                 width: Double.greatestFiniteMagnitude / 2, height: Double.greatestFiniteMagnitude / 2)

    /// Whether the two rectangles overlap (touching edges do not).
    func meets(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

/// A compositional layout's sections, each a run of its group repeated over its items. A
/// group takes the same number of items every time, so group `g` starts at item `g × k`; the
/// groups' heights (measured, or estimated until then) are kept in a sum tree, so that a pass
/// finds the groups a rectangle reaches and updates a measured one in O(log n), and only the
/// groups it reaches are placed item by item.
final class CompositionalPlan: CollectionLayoutPlan {
    private let sections: [SectionPlan]
    private let spacing: Double
    private let size: Size
    private let counts: [Int]
    private let generation: Int
    /// Each section's top after the last pass.
    private var tops: [Double] = []
    private var reached: [(CollectionLayoutElement, Rect)] = []
    private var reachedRect: Rect?

    init(sections: [CollectionLayoutSection], context: CollectionLayoutContext, spacing: Double) {
        self.sections = sections.enumerated().map { SectionPlan($1, index: $0, count: context.counts[$0], context: context) }
        self.spacing = spacing
        size = context.size
        counts = context.counts
        generation = context.measured.generation
    }

    /// Whether the plan was made for the same size, items and measurements.
    func fits(_ context: CollectionLayoutContext) -> Bool {
        context.size == size && context.counts == counts && context.measured.generation == generation
    }

    /// Places what the visible rectangle reaches, measuring it, and moves everything after.
    func update(for context: CollectionLayoutContext) {
        tops = []
        reached = []
        var y = 0.0
        for (s, section) in sections.enumerated() {
            if s > 0 { y += spacing }
            tops.append(y)
            section.walk(top: y, rect: context.visible, measuring: true, into: &reached)
            y += section.height
        }
        reachedRect = context.visible
        contentSize = Size(width: size.width, height: y)
    }

    /// The frames of `count` items of one section laid out `width` wide, without a collection
    /// view, and the section's height: `measured` gives an item's measured width and height,
    /// or nil for its estimate; `supplementary` the measured size of a boundary item by kind.
    static func frames(of section: CollectionLayoutSection, count: Int, width: Double,
                       supplementary: [String: (width: Double, height: Double)] = [:],
                       measured: (Int) -> (width: Double, height: Double)?) -> (items: [Rect], supplementary: [String: Rect], height: Double) {
        let heights = MeasuredHeights()
        heights.reset(counts: [count])
        for i in 0..<count {
            if let m = measured(i) { heights.record(CollectionLayoutElement(indexPath: IndexPath(item: i, section: 0), kind: nil), width: m.width, height: m.height) }
        }
        for (kind, m) in supplementary {
            heights.record(CollectionLayoutElement(indexPath: IndexPath(item: 0, section: 0), kind: kind), width: m.width, height: m.height)
        }
        // Everything is visible, so one pass places every group once; nothing more is measured.
        let context = CollectionLayoutContext(size: Size(width: width, height: 0), counts: [count], visible: .everything,
                                              measured: heights) { _, _ in nil }
        let plan = CompositionalPlan(sections: [section], context: context, spacing: 0)
        plan.update(for: context)
        var items = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: count)
        var frames: [String: Rect] = [:]
        for (element, frame) in plan.elements(in: .everything) {
            if let kind = element.kind { frames[kind] = frame } else { items[element.indexPath.item] = frame }
        }
        return (items, frames, plan.contentSize.height)
    }

    override func elements(in rect: Rect) -> [(CollectionLayoutElement, Rect)] {
        if rect == reachedRect { return reached }
        var out: [(CollectionLayoutElement, Rect)] = []
        for (s, section) in sections.enumerated() { section.walk(top: tops[s], rect: rect, measuring: false, into: &out) }
        return out
    }

    override func frame(of element: CollectionLayoutElement) -> Rect? {
        let s = element.indexPath.section
        guard sections.indices.contains(s) else { return nil }
        return sections[s].frame(of: element, top: tops[s])
    }
}

/// One section of a compositional plan.
private final class SectionPlan {
    let section: CollectionLayoutSection
    let index: Int
    let count: Int
    let measured: MeasuredHeights
    let measure: (CollectionLayoutElement, Double) -> Double?
    /// The group's slot: its size in the space groups are laid out in, estimates included.
    let slot: Size
    /// Items per group (the last group may hold fewer), and the number of groups.
    let perGroup: Int
    let groupCount: Int
    /// Group heights plus the inter-group spacing.
    @exclusivity(unchecked) var groups: SumTree
    var headers: [(item: CollectionLayoutBoundarySupplementaryItem, size: Size)]
    var footers: [(item: CollectionLayoutBoundarySupplementaryItem, size: Size)]

    init(_ section: CollectionLayoutSection, index: Int, count: Int, context: CollectionLayoutContext) {
        self.section = section
        self.index = index
        self.count = count
        measured = context.measured
        measure = context.measure
        let insets = section.contentInsets
        let contentWidth = context.size.width - insets.leading - insets.trailing
        precondition(contentWidth >= 0, "A section's content insets \(insets) leave no room in a collection view \(context.size.width) wide: make them smaller.")
        let container = Size(width: contentWidth, height: max(0, context.size.height - insets.top - insets.bottom))
        slot = section.group.layoutSize.resolve(in: container)
        let supplementaryWidth = section.supplementariesFollowContentInsets ? contentWidth : context.size.width
        let boundary = section.boundarySupplementaryItems.map {
            (item: $0, size: $0.layoutSize.resolve(in: Size(width: supplementaryWidth, height: container.height)))
        }
        headers = boundary.filter { $0.item.alignment == .top }
        footers = boundary.filter { $0.item.alignment == .bottom }
        // One dry run finds how many items a group takes and its height before measuring.
        var scratch: [(Int, Rect)] = []
        let probe = GroupPlacer(section: index, count: count, measured: context.measured, measure: nil)
        let first = count > 0 ? probe.place(section.group, slot: Rect(origin: .zero, size: slot), first: 0, into: &scratch) : (used: 1, height: slot.height)
        perGroup = max(first.used, 1)
        groupCount = count == 0 ? 0 : (count + perGroup - 1) / perGroup
        var heights = Array(repeating: first.height + section.interGroupSpacing, count: groupCount)
        // Groups holding items measured before (a layout invalidated by hand), and a last
        // group with fewer items, may differ from the first: place them too. Not when
        // everything is visible: the walk that follows a plan's making then places every group,
        // in order, and sets its height before the next one's position is read.
        let redo = context.visible == .everything ? []
            : context.measured.recordedCells > 0 ? Array(1..<max(groupCount, 1))
            : groupCount > 1 && count % perGroup != 0 ? [groupCount - 1] : []
        for g in redo {
            scratch.removeAll(keepingCapacity: true)
            heights[g] = probe.place(section.group, slot: Rect(origin: .zero, size: slot), first: g * perGroup, into: &scratch).height
                + section.interGroupSpacing
        }
        groups = SumTree(heights)
    }

    /// The section's height: insets, headers, groups and footers.
    var height: Double { section.contentInsets.top + headersHeight + groupsHeight + footersHeight + section.contentInsets.bottom }

    private var groupsHeight: Double { groupCount == 0 ? 0 : groups.total - section.interGroupSpacing }
    private var headersHeight: Double { headers.reduce(0) { $0 + $1.size.height } }
    private var footersHeight: Double { footers.reduce(0) { $0 + $1.size.height } }
    private var supplementaryX: Double { section.supplementariesFollowContentInsets ? section.contentInsets.leading : 0 }

    /// Lists the headers, items and footers meeting `rect`, with the section's top at `top`.
    /// When `measuring`, the estimated ones it reaches are measured first (their heights, and
    /// their groups' in the sum tree, are updated, which moves what follows); otherwise only
    /// heights measured before are used.
    func walk(top: Double, rect: Rect, measuring: Bool, into out: inout [(CollectionLayoutElement, Rect)]) {
        let measureNow = measuring ? measure : nil
        var y = top + section.contentInsets.top
        func boundary(_ list: inout [(item: CollectionLayoutBoundarySupplementaryItem, size: Size)]) {
            for k in list.indices {
                let element = CollectionLayoutElement(indexPath: IndexPath(item: 0, section: index), kind: list[k].item.elementKind)
                if list[k].item.layoutSize.heightDimension.isEstimated {
                    let reaches = y <= rect.maxY && y + list[k].size.height >= rect.minY
                    if let h = measured.height(element, list[k].size.width) ?? (reaches ? measureNow?(element, list[k].size.width) ?? nil : nil) {
                        list[k].size.height = h
                    }
                }
                let frame = Rect(x: supplementaryX, y: y, width: list[k].size.width, height: list[k].size.height)
                if frame.meets(rect) { out.append((element, frame)) }
                y += list[k].size.height
            }
        }
        boundary(&headers)
        let groupsTop = y
        // The first group that ends below the top of the rectangle, then each one it reaches.
        var g = groups.firstIndex(endingAfter: rect.minY - groupsTop)
        let placer = GroupPlacer(section: index, count: count, measured: measured, measure: measureNow)
        var frames: [(Int, Rect)] = []
        // Everything visible: every group is placed, in order from the first, so each of the
        // tree's sums is made once, when its last group is placed (the same sums `set` makes).
        let inOrder = rect == .everything
        while g < groupCount {
            let start = groupsTop + groups.prefix(g)
            if start > rect.maxY { break }
            frames.removeAll(keepingCapacity: true)
            let placed = placer.place(section.group, slot: Rect(x: section.contentInsets.leading, y: start, width: slot.width, height: slot.height),
                                      first: g * perGroup, into: &frames)
            let h = placed.height + section.interGroupSpacing
            if inOrder { groups.setInOrder(g, h) } else if h != groups.value(g) { groups.set(g, h) }
            for (i, f) in frames where f.meets(rect) {
                out.append((CollectionLayoutElement(indexPath: IndexPath(item: i, section: index), kind: nil), f))
            }
            g += 1
        }
        if inOrder { groups.finishInOrder() }
        y = groupsTop + groupsHeight
        boundary(&footers)
    }

    /// An element's frame with the section's top at `top`, without measuring.
    func frame(of element: CollectionLayoutElement, top: Double) -> Rect? {
        var y = top + section.contentInsets.top
        if let kind = element.kind {
            guard element.indexPath.item == 0 else { return nil }
            for (item, size) in headers {
                if item.elementKind == kind { return Rect(x: supplementaryX, y: y, width: size.width, height: size.height) }
                y += size.height
            }
            y += groupsHeight
            for (item, size) in footers {
                if item.elementKind == kind { return Rect(x: supplementaryX, y: y, width: size.width, height: size.height) }
                y += size.height
            }
            return nil
        }
        let i = element.indexPath.item
        guard i >= 0, i < count else { return nil }
        let g = i / perGroup
        let placer = GroupPlacer(section: index, count: count, measured: measured, measure: nil)
        var frames: [(Int, Rect)] = []
        _ = placer.place(section.group, slot: Rect(x: section.contentInsets.leading, y: y + headersHeight + groups.prefix(g), width: slot.width, height: slot.height),
                         first: g * perGroup, into: &frames)
        return frames.first { $0.0 == i }?.1
    }
}

/// Sums of a list of lengths, kept in a tree: a prefix sum, an update and the search for the
/// first entry ending after a length each take O(log n). Sums are recomputed from their parts
/// on each update, so they never drift.
struct SumTree {
    private var tree: [Double]
    private let leaves: Int
    let count: Int

    init(_ values: [Double]) {
        count = values.count
        var n = 1
        while n < max(values.count, 1) { n *= 2 }
        leaves = n
        tree = Array(repeating: 0, count: 2 * n)
        for (i, v) in values.enumerated() { tree[n + i] = v }
        for i in stride(from: n - 1, through: 1, by: -1) { tree[i] = tree[2 * i] + tree[2 * i + 1] }
    }

    /// The sum of all values.
    var total: Double { tree[1] }

    /// The value at `i`.
    func value(_ i: Int) -> Double { tree[leaves + i] }

    /// Sets the value at `i`.
    mutating func set(_ i: Int, _ value: Double) {
        var node = leaves + i
        tree[node] = value
        node /= 2
        while node >= 1 {
            tree[node] = tree[2 * node] + tree[2 * node + 1]
            node /= 2
        }
    }

    /// Sets the value at `i`, in a pass that sets every value in order from the first: only
    /// the sums whose last value is `i` are made again, so that each sum is made once over the
    /// pass, from its final parts. Until `finishInOrder()`, only `prefix(j)` for `j ≤ i + 1` and
    /// `value` may be read.
    mutating func setInOrder(_ i: Int, _ value: Double) {
        var node = leaves + i
        tree[node] = value
        while node > 1 && node & 1 == 1 {
            node /= 2
            tree[node] = tree[2 * node] + tree[2 * node + 1]
        }
    }

    /// Ends an in-order pass: makes the sums that reach past the last value.
    mutating func finishInOrder() {
        guard count > 0 else { return }
        var node = (leaves + count - 1) / 2
        while node >= 1 {
            tree[node] = tree[2 * node] + tree[2 * node + 1]
            node /= 2
        }
    }

    /// The sum of the values before `i`.
    func prefix(_ i: Int) -> Double {
        guard i > 0 else { return 0 }
        if i >= count { return total }
        // The nodes tiling leaves [0, i), one per binary digit of i, the smallest block first:
        // the node just left of the end `p` at the level of its lowest digit, then that digit
        // cleared. (A loop over every level, testing a digit at each, a branch that goes either
        // way, made placing `autolayout-bench table`'s 10,000 rows take about three times as long.)
        var sum = 0.0, p = leaves + i
        while p != leaves {
            let level = p.trailingZeroBitCount
            sum += tree[(p >> level) - 1]
            p &= p - 1
        }
        return sum
    }

    /// The first index whose end (prefix through it) is beyond `length`; `count` when none is.
    func firstIndex(endingAfter length: Double) -> Int {
        if length < 0 { return 0 }
        if total <= length { return count }
        var node = 1, remaining = length
        while node < leaves {
            if tree[2 * node] > remaining { node = 2 * node } else { remaining -= tree[2 * node]; node = 2 * node + 1 }
        }
        return min(node - leaves, count)
    }
}

/// Places one repetition of a group: its items' frames, measuring estimated items when it may.
struct GroupPlacer {
    let section: Int
    let count: Int
    let measured: MeasuredHeights
    /// Measures an item now; nil keeps estimates for items not measured before.
    let measure: ((CollectionLayoutElement, Double) -> Double?)?

    init(section: Int, count: Int, measured: MeasuredHeights, measure: ((CollectionLayoutElement, Double) -> Double?)?) {
        self.section = section
        self.count = count
        self.measured = measured
        self.measure = measure
    }

    private func height(_ index: Int, width: Double) -> Double? {
        let element = CollectionLayoutElement(indexPath: IndexPath(item: index, section: section), kind: nil)
        if let h = measured.height(element, width) { return h }
        return measure?(element, width) ?? nil
    }

    /// Places items `first…` in `group` at `slot` (its size from its dimensions, estimates
    /// included), appending `(item, frame)` to `out`. Returns how many items it took and its
    /// height once measured.
    func place(_ group: CollectionLayoutGroup, slot: Rect, first: Int,
                        into out: inout [(Int, Rect)]) -> (used: Int, height: Double) {
        // A group of one item, the rows of a list: no lists to make.
        if group.subitems.count == 1, !(group.subitems[0] is CollectionLayoutGroup), first < count, holdsOne(group, slot.size) {
            return placeSingle(group, group.subitems[0], slot: slot, index: first, into: &out)
        }
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
                let placed = place(nested, slot: frame, first: index, into: &out)
                used += placed.used
                if nested.layoutSize.heightDimension.isEstimated || !horizontal { frame.size.height = placed.height }
            } else {
                if isMeasured(item, in: group), let h = height(index, width: frame.width) { frame.size.height = h }
                frames.append((frame, item, index))
                used += 1
            }
            position += (horizontal ? frame.width : frame.height) + gap
            extent = horizontal ? max(extent, frame.height) : position - gap - slot.minY
        }
        let height = groupHeight(group, slot: slot, extent: extent)
        for (frame, item, index) in frames { out.append((index, finished(frame, item, in: group, height: height))) }
        return (used, height)
    }

    /// Whether an item's height is measured: estimated, or a fraction of an estimated group's.
    private func isMeasured(_ item: CollectionLayoutItem, in group: CollectionLayoutGroup) -> Bool {
        item.layoutSize.heightDimension.isEstimated
            || (group.layoutSize.heightDimension.isEstimated && item.layoutSize.heightDimension.isFractionalHeight)
    }

    /// A group's height: its own, or what its items need (`extent`: the tallest of a row, the
    /// length of a column) when its height is estimated or a column of its own items overflows.
    private func groupHeight(_ group: CollectionLayoutGroup, slot: Rect, extent: Double) -> Double {
        let column = group.axis == .vertical && group.count == nil
        return group.layoutSize.heightDimension.isEstimated || (column && slot.height < extent) ? extent : slot.height
    }

    /// An item's frame once its group's height is known: a fraction of that height in a row,
    /// then shrunk by the item's insets.
    private func finished(_ frame: Rect, _ item: CollectionLayoutItem, in group: CollectionLayoutGroup, height: Double) -> Rect {
        var f = frame
        if group.axis == .horizontal && item.layoutSize.heightDimension.isFractionalHeight {
            f.size.height = item.layoutSize.heightDimension.dimension * height
        }
        return inset(f, by: item)
    }

    /// Whether a group of one subitem holds a single item: made with `count: 1`, or its item
    /// too long for a second one to fit beside it.
    private func holdsOne(_ group: CollectionLayoutGroup, _ slot: Size) -> Bool {
        if let n = group.count { return n == 1 }
        let size = group.subitems[0].layoutSize.resolve(in: slot)
        let (length, along) = group.axis == .horizontal ? (size.width, slot.width) : (size.height, slot.height)
        return 2 * length + (group.interItemSpacing?.spacing ?? 0) > along + 1e-9
    }

    /// ``place(_:slot:first:into:)`` for a group holding one item: the item's size in the slot,
    /// its height measured where estimated (or where it is a fraction of an estimated group's),
    /// the group as tall as the item when its own height is estimated.
    private func placeSingle(_ group: CollectionLayoutGroup, _ item: CollectionLayoutItem, slot: Rect, index: Int,
                                      into out: inout [(Int, Rect)]) -> (used: Int, height: Double) {
        let horizontal = group.axis == .horizontal
        let size = item.layoutSize.resolve(in: slot.size)
        // Along the axis the item is as long as it says, up to the group (a group of `count: 1`
        // gives it the whole length).
        var frame = Rect(x: slot.minX, y: slot.minY,
                         width: horizontal && group.count == nil ? size.width : horizontal ? slot.width : size.width,
                         height: horizontal ? size.height : group.count == nil ? size.height : slot.height)
        if isMeasured(item, in: group), let h = height(index, width: frame.width) { frame.size.height = h }
        let height = groupHeight(group, slot: slot, extent: frame.height)
        out.append((index, finished(frame, item, in: group, height: height)))
        return (1, height)
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
