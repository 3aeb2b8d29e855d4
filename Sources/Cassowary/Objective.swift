/// The objective: one row per priority level, minimised lexicographically.
///
/// Level 0 is the phase-one level (the artificial variable of a constraint being added), then
/// one level per priority in use, highest first, then an exploration level used to probe the
/// optimal face. A symbol's reduced cost is the vector of its coefficients in level order; it
/// improves the objective when the first non-zero entry is negative. Comparing vectors instead
/// of summing `weight × 10^k` is what makes priorities exact.
///
/// Each level lists its non-zero symbols (for scans) with their coefficients, and keeps one
/// slot per symbol into that list (for O(1) look-ups in ratio tests): 4 bytes per symbol and
/// level, where a dense coefficient array beside the slots took 12. A level's slots are made
/// when it first holds a symbol: the phase-one and exploration levels of a system that never
/// needs them, and a level whose constraints all went, take none.
struct Objective: Sendable {
    struct Level: Sendable {
        var priority: Double
        /// The symbols with a non-zero coefficient, and their coefficients.
        var support: [Symbol] = []
        var coefficients: [Double] = []
        /// The index of each symbol (by id) in `support`, or -1; empty until the level first
        /// holds a symbol.
        var slot: [Int32]

        /// The coefficient of `symbol`, 0 when it is not in the support.
        @inline(__always) subscript(symbol: Symbol) -> Double {
            guard symbol.index < slot.count else { return 0 }
            let at = slot[symbol]
            return at < 0 ? 0 : coefficients[Int(at)]
        }

        /// Sets a coefficient (values within `epsilon` of zero become zero), keeping the support
        /// list. Returns the old value, or nil when nothing changed.
        @inline(__always) mutating func store(_ symbol: Symbol, _ newValue: Double) -> Double? {
            let s = symbol.index
            let at = Int(slot[s])
            let old = at < 0 ? 0 : coefficients[at]
            let v = abs(newValue) < epsilon ? 0 : newValue
            if old == v { return nil }
            if at < 0 {
                slot[s] = Int32(support.count)
                support.appendGrowing(symbol)
                coefficients.appendGrowing(v)
            } else if v != 0 {
                coefficients[at] = v
            } else {
                let last = support.removeLast()
                let lastValue = coefficients.removeLast()
                if last != symbol {
                    support[at] = last
                    coefficients[at] = lastValue
                    slot[last] = Int32(at)
                }
                slot[s] = -1
            }
            return old
        }
    }

    private(set) var levels: [Level] = []
    private var symbolCount = 0
    /// Per-symbol storage is allocated ahead (`grownSymbolCapacity`); entries past `symbolCount` are 0.
    private var capacity = 0
    /// Symbols whose coefficients changed since the list was last cleared: outside this list no
    /// symbol can have turned into an improving one, so optimisation scans only these.
    private(set) var changed: [Symbol] = []
    private var isChanged: [Bool] = []

    /// A journalled change: the coefficient `symbol` had at the level of `priority`.
    private struct Change {
        var priority: Double
        var symbol: Symbol
        var old: Double
    }
    private var journaling = false
    private var log: [Change] = []
    private var savedLevelCount = 0
    private var createdPriorities: [Double] = []
    private var savedSymbolCount = 0

    static let phaseOnePriority: Double = 1001
    static let explorationPriority: Double = 0

    init() {
        levels = [Level(priority: Objective.phaseOnePriority, slot: []),
                  Level(priority: Objective.explorationPriority, slot: [])]
    }

    var phaseOne: Int { 0 }
    var exploration: Int { levels.count - 1 }

    mutating func appendSymbol() {
        symbolCount += 1
        if symbolCount <= capacity { return }
        let grown = grownSymbolCapacity(capacity)
        isChanged.extend(to: grown, with: false)
        for l in levels.indices where !levels[l].slot.isEmpty { levels[l].slot.extend(to: grown, with: -1) }
        capacity = grown
    }

    /// Makes a level's slots, if it has none yet.
    @inline(__always) private mutating func makeSlots(_ level: Int) {
        if levels[level].slot.isEmpty { levels[level].slot = Array(repeating: -1, count: capacity) }
    }

    /// The level of a priority, created on first use.
    /// - Complexity: O(levels): a layout uses a handful of distinct priorities.
    mutating func level(for priority: Double) -> Int {
        let at = levels.firstIndex { $0.priority <= priority }!
        if levels[at].priority == priority { return at }
        if journaling { createdPriorities.append(priority) }
        levels.insert(Level(priority: priority, slot: []), at: at)
        return at
    }


    /// Sets a coefficient, keeping the support list; values within `epsilon` of zero become zero.
    mutating func set(_ level: Int, _ symbol: Symbol, _ newValue: Double) {
        if newValue != 0 { makeSlots(level) } else if levels[level].slot.isEmpty { return }
        guard let old = levels[level].store(symbol, newValue) else { return }
        noteChange(levels[level].priority, symbol, old)
    }

    /// Journals a changed coefficient and lists its symbol as an optimisation candidate.
    @inline(__always) private mutating func noteChange(_ priority: Double, _ symbol: Symbol, _ old: Double) {
        if journaling { log.appendGrowing(Change(priority: priority, symbol: symbol, old: old)) }
        if !isChanged[symbol] { isChanged[symbol] = true; changed.appendGrowing(symbol) }
    }

    @inline(__always) mutating func add(_ level: Int, _ symbol: Symbol, _ delta: Double) {
        set(level, symbol, levels[level][symbol] + delta)
    }

    /// Replaces `symbol` in every level by `constant + Σ terms` (a row solved for it).
    mutating func substitute(_ symbol: Symbol, terms: some Collection<SparseMatrix.Term>) {
        for l in levels.indices {
            let c = levels[l][symbol]
            if c == 0 { continue }   // (a level without slots holds nothing)
            set(l, symbol, 0)
            // Edit the level outside the array so that the loop works on uniquely held storage.
            var level = levels[l]
            levels[l] = Level(priority: level.priority, slot: [])
            for t in terms {
                if let old = level.store(t.symbol, level[t.symbol] + c * t.coefficient) {
                    noteChange(level.priority, t.symbol, old)
                }
            }
            levels[l] = level
        }
    }

    /// Adds `factor · Σ terms` to one level.
    mutating func addScaled(_ level: Int, factor: Double, terms: some Collection<SparseMatrix.Term>) {
        for t in terms { add(level, t.symbol, factor * t.coefficient) }
    }

    /// Empties the list of changed symbols.
    mutating func clearChanged() {
        for s in changed { isChanged[s] = false }
        changed.removeAllKeepingCapacity()
    }

    /// Removes the changed symbol at `index` of the list (the last one takes its place).
    @inline(__always) mutating func dropChanged(at index: Int) {
        isChanged[changed[index]] = false
        changed[index] = changed[changed.count - 1]
        changed.removeLast()
    }

    /// Clears a level (the phase-one and exploration levels between uses).
    mutating func clear(_ level: Int) {
        while let s = levels[level].support.last { set(level, s, 0) }
    }

    /// Whether `symbol` improves the objective: its first non-zero coefficient, in level order
    /// and up to `lastLevel`, is negative.
    @inline(__always) func improves(_ symbol: Symbol, through lastLevel: Int) -> Bool {
        for l in 0...lastLevel {
            let v = levels[l][symbol]
            if v != 0 { return v < 0 }
        }
        return false
    }

    /// Whether `symbol` has a zero coefficient in every level above `level`.
    @inline(__always) func isZeroAbove(_ level: Int, _ symbol: Symbol) -> Bool {
        for l in 0..<level where levels[l][symbol] != 0 { return false }
        return true
    }

    /// Compares `cost(a)/da` with `cost(b)/db` lexicographically: -1, 0 or 1.
    func ratioOrder(_ a: Symbol, _ da: Double, _ b: Symbol, _ db: Double) -> Int {
        for l in levels.indices {
            let x = levels[l][a] / da, y = levels[l][b] / db
            // Ratios equal up to rounding tie here, so that lower levels decide.
            if abs(x - y) > epsilon * max(1, abs(x), abs(y)) { return x < y ? -1 : 1 }
        }
        return 0
    }

    // MARK: Journal

    mutating func beginTransaction() {
        journaling = true
        log.removeAllKeepingCapacity()
        savedLevelCount = levels.count
        savedSymbolCount = symbolCount
    }

    mutating func commit() {
        journaling = false
        // A batch's log can be long: its room is not kept for the next one past a few dozen
        // entries (24 bytes each), which most single adds stay within.
        if !log.isEmpty { log.removeAll(keepingCapacity: log.capacity <= 64) }
        if !createdPriorities.isEmpty { createdPriorities.removeAll() }
    }

    mutating func rollback() {
        journaling = false
        for change in log.reversed() {
            set(levels.firstIndex { $0.priority == change.priority }!, change.symbol, change.old)
        }
        log.removeAll(keepingCapacity: true)
        if !createdPriorities.isEmpty {
            levels.removeAll { createdPriorities.contains($0.priority) }
            createdPriorities.removeAll()
        }
        assert(levels.count == savedLevelCount)
        // The state before the transaction was optimal: nothing is a candidate.
        clearChanged()
        // The log has returned the new symbols' entries to zero.
        symbolCount = savedSymbolCount
    }
}
