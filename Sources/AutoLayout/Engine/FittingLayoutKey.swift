import Cassowary

/// A fitting's system read from its layout constraints, without making their solver forms: the
/// key of its shape, the constants of its solver constraints in the shape's order, and its
/// items numbered. Everything ``LayoutEngine/makeSolverConstraints(_:)`` builds from besides
/// the constant (``LayoutEngine/SolverForm``: the resolved items and attributes, mirroring,
/// an autoresizing origin, the priorities) and the relation and multiplier go into the key, the
/// items by number (first gathered, first numbered); each item has variables of its own, so two
/// batches with equal keys make solver constraint lists of one ``Cassowary/ConstraintShape``.
///
/// A baseline's solver form depends on the text (the view it resolves to and its offset): a
/// batch with one has no layout key, and takes the solver forms' shape.
struct LayoutSystem {
    let key: LayoutShapeKey
    /// The constant of each solver constraint the batch and the bounds make, in that order.
    let constants: [Double]
    /// Where each layout constraint's solver constraints begin in `constants` (one more at the end).
    let starts: [Int32]
    /// The items by number.
    let items: [LayoutItem]
    private let numbers: SlotTable

    /// Items numbered in the order first met (a struct, not a closure over locals: a closure's
    /// captured tables were copied and access-checked on every call).
    private struct Numbering {
        var table = SlotTable()
        var items: [LayoutItem] = []

        init(capacity: Int) {
            table.reserve(capacity)
            items.reserveCapacity(capacity)
        }

        mutating func number(_ item: LayoutItem) -> UInt64 {
            let key = identityKey(item)
            if let n = table[key] { return UInt64(n) }
            table.set(key, Int32(items.count))
            items.append(item)
            return UInt64(items.count - 1)
        }
    }

    init?(_ gathered: FittingBatch) {
        var numbering = Numbering(capacity: gathered.items.count + 4)
        for (item, _) in gathered.items { _ = numbering.number(item) }
        var words: [UInt64] = []
        words.reserveCapacity(4 * gathered.batch.count + gathered.items.count)
        var constants: [Double] = []
        constants.reserveCapacity(gathered.batch.count + gathered.batch.count / 4 + gathered.background.count)
        var starts: [Int32] = []
        starts.reserveCapacity(gathered.batch.count + 1)
        for c in gathered.batch {
            starts.append(Int32(constants.count))
            guard let form = LayoutEngine.solverForm(c) else {
                words.append(1)
                continue
            }
            if form.first.attribute.isBaseline || form.second?.attribute.isBaseline == true { return nil }
            let relation: UInt64 = form.compression != nil ? 3 : UInt64(c.relation.rawValue + 1)
            words.append(2 | relation << 2 | (form.mirrored ? 1 << 4 : 0) | UInt64(form.first.attribute.rawValue) << 8
                         | UInt64(form.second?.attribute.rawValue ?? 0) << 16 | numbering.number(form.first.item) << 32)
            let second = form.second.map { numbering.number($0.item) } ?? 0xFFFF_FFFF
            let origin = form.origin.map { numbering.number($0) } ?? 0xFFFF_FFFF
            words.append(second | origin << 32)
            words.append(form.second == nil ? 0 : c.multiplier.bitPattern)
            words.append(form.priority.bitPattern)
            constants.append(c.constant)
            if let compression = form.compression {
                words.append(compression.bitPattern)
                constants.append(c.constant)
            }
        }
        starts.append(Int32(constants.count))
        // The bounds: `width >= 0`, `height >= 0`, and for a root `minX == 0`, `minY == 0`
        // (`LayoutEngine.backgroundConstraints`), told apart by their count.
        for (i, (_, bounds)) in gathered.items.enumerated() {
            words.append(UInt64(i) << 8 | UInt64(bounds))
            constants.append(contentsOf: repeatElement(0, count: bounds))
        }
        key = LayoutShapeKey(words)
        self.constants = constants
        self.starts = starts
        items = numbering.items
        numbers = numbering.table
    }

    /// The number of a gathered item.
    func number(of item: LayoutItem) -> Int? { numbers[identityKey(item)].map(Int.init) }
}

/// The key of a fitting's shape read from its layout constraints (``LayoutSystem``): equal keys,
/// equal shapes.
struct LayoutShapeKey: Hashable {
    private let words: [UInt64]
    private let digest: UInt64

    init(_ words: [UInt64]) {
        self.words = words
        var digest = WordDigest()
        for w in words { digest.mix(w) }
        self.digest = digest.value
    }

    static func == (a: LayoutShapeKey, b: LayoutShapeKey) -> Bool { a.digest == b.digest && a.words == b.words }
    func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}

/// What the shape table keeps for a layout key: the shape its solver forms have, and the
/// number in that shape of each item's variables (`minX`, `minY`, `width`, `height`, by the
/// item's number; -1 where no constraint uses it).
struct LayoutShapeEntry: Sendable {
    let shape: ConstraintShape
    let numbers: [Int32]

    init(shape: ConstraintShape, items: [LayoutItem]) {
        self.shape = shape
        var numbers: [Int32] = []
        numbers.reserveCapacity(4 * items.count)
        for item in items {
            for v in [item.minX, item.minY, item.width, item.height] { numbers.append(shape.number(of: v).map(Int32.init) ?? -1) }
        }
        self.numbers = numbers
    }

    /// The shape's number of an item's width (`k` 2) or height (`k` 3), nil when unused.
    func number(ofItem item: Int, _ k: Int) -> Int? {
        let n = numbers[4 * item + k]
        return n < 0 ? nil : Int(n)
    }
}
