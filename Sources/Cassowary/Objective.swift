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
///
/// The levels, the list of changed symbols and the journal live in one block of memory
/// (`Storage`), copied when a copy of the objective still shares it at a change: each change
/// checks that once and then writes plain memory. As Swift arrays (three per level, three
/// beside), every coefficient written checked the uniqueness of five or six of them, a quarter
/// of the runtime calls that adding a constraint made.
struct Objective: Sendable {
    /// A journalled change: the coefficient `symbol` had at the level of `priority`.
    fileprivate struct Change {
        var priority: Double
        var symbol: Symbol
        var old: Double
    }

    /// One level, in its storage's memory.
    fileprivate struct Level {
        var priority: Double
        /// The symbols with a non-zero coefficient and their coefficients: `count` of them, with
        /// room for `room`.
        var symbols: UnsafeMutablePointer<Symbol>?
        var values: UnsafeMutablePointer<Double>?
        var count = 0
        var room = 0
        /// The index of each symbol (by id) in `symbols`, or -1, for the storage's `capacity`
        /// symbols; nil until the level first holds a symbol.
        var slots: UnsafeMutablePointer<Int32>?

        init(priority: Double) { self.priority = priority }

        func deallocate() {
            symbols?.deallocate()
            values?.deallocate()
            slots?.deallocate()
        }
    }

    /// The objective's memory: reached only through `own()` for a change.
    fileprivate final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var levels: UnsafeMutablePointer<Level>
        @exclusivity(unchecked) var levelCount = 0
        @exclusivity(unchecked) var levelRoom = 8
        /// Per-symbol room: of every level's slots and of `isChanged`.
        @exclusivity(unchecked) var capacity = 0
        @exclusivity(unchecked) var symbolCount = 0
        /// Symbols whose coefficients changed since the list was last cleared: outside this list
        /// no symbol can have turned into an improving one, so optimisation scans only these.
        @exclusivity(unchecked) var changed: UnsafeMutablePointer<Symbol>?
        @exclusivity(unchecked) var changedCount = 0
        @exclusivity(unchecked) var changedRoom = 0
        @exclusivity(unchecked) var isChanged: UnsafeMutablePointer<Bool>?
        // The journal.
        @exclusivity(unchecked) var journaling = false
        @exclusivity(unchecked) var log: UnsafeMutablePointer<Change>?
        @exclusivity(unchecked) var logCount = 0
        @exclusivity(unchecked) var logRoom = 0
        @exclusivity(unchecked) var savedLevelCount = 0
        @exclusivity(unchecked) var createdPriorities: [Double] = []
        @exclusivity(unchecked) var savedSymbolCount = 0

        init() { levels = .allocate(capacity: levelRoom) }

        deinit {
            for l in 0..<levelCount { levels[l].deallocate() }
            levels.deallocate()
            changed?.deallocate()
            isChanged?.deallocate()
            log?.deallocate()
        }

        func copy() -> Storage {
            let c = Storage()
            c.levels.deallocate()
            c.levels = .allocate(capacity: levelRoom)
            c.levelRoom = levelRoom
            c.levelCount = levelCount
            for l in 0..<levelCount {
                var level = levels[l]
                level.symbols = copiedBlock(level.symbols, keeping: level.count, into: level.room)
                level.values = copiedBlock(level.values, keeping: level.count, into: level.room)
                level.slots = copiedBlock(level.slots, keeping: capacity, into: capacity)
                (c.levels + l).initialize(to: level)
            }
            c.capacity = capacity
            c.symbolCount = symbolCount
            c.changed = copiedBlock(changed, keeping: changedCount, into: changedRoom)
            c.changedCount = changedCount
            c.changedRoom = changedRoom
            c.isChanged = copiedBlock(isChanged, keeping: capacity, into: capacity)
            c.journaling = journaling
            c.log = copiedBlock(log, keeping: logCount, into: logRoom)
            c.logCount = logCount
            c.logRoom = logRoom
            c.savedLevelCount = savedLevelCount
            c.createdPriorities = createdPriorities
            c.savedSymbolCount = savedSymbolCount
            return c
        }

        /// The coefficient of `s` at level `l`, 0 when it is not in the support.
        @inline(__always) func coefficient(_ l: Int, _ s: Symbol) -> Double {
            guard let slots = levels[l].slots, s.index < capacity else { return 0 }
            let at = slots[s.index]
            return at < 0 ? 0 : levels[l].values![Int(at)]
        }

        /// Gives level `l` its slots, all -1, if it has none yet.
        @inline(__always) func makeSlots(_ l: Int) {
            if levels[l].slots == nil {
                let slots = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
                slots.initialize(repeating: -1, count: capacity)
                levels[l].slots = slots
            }
        }

        /// Sets a coefficient of level `l` (which has slots); values within `epsilon` of zero
        /// become zero. Returns the old value, or nil when nothing changed.
        @inline(__always) func store(_ l: Int, _ s: Symbol, _ newValue: Double) -> Double? {
            assert(s.index < capacity, "internal error: objective symbol out of range")
            let level = levels + l
            let slots = level.pointee.slots!
            let at = Int(slots[s.index])
            let old = at < 0 ? 0 : level.pointee.values![at]
            let v = abs(newValue) < epsilon ? 0 : newValue
            if old == v { return nil }
            if at < 0 {
                let count = level.pointee.count
                if count == level.pointee.room {
                    // Twice the room, at least 16 (a level's list grows a symbol at a time).
                    let room = Swift.max(16, 2 * count)
                    level.pointee.symbols = movedBlock(level.pointee.symbols, keeping: count, into: room)
                    level.pointee.values = movedBlock(level.pointee.values, keeping: count, into: room)
                    level.pointee.room = room
                }
                slots[s.index] = Int32(truncatingIfNeeded: count)
                level.pointee.symbols![count] = s
                level.pointee.values![count] = v
                level.pointee.count = count + 1
            } else if v != 0 {
                level.pointee.values![at] = v
            } else {
                let last = level.pointee.count - 1
                let lastSymbol = level.pointee.symbols![last]
                if lastSymbol != s {
                    level.pointee.symbols![at] = lastSymbol
                    level.pointee.values![at] = level.pointee.values![last]
                    slots[lastSymbol.index] = Int32(truncatingIfNeeded: at)
                }
                level.pointee.count = last
                slots[s.index] = -1
            }
            return old
        }

        /// Journals a changed coefficient and lists its symbol as an optimisation candidate.
        @inline(__always) func noteChange(_ priority: Double, _ s: Symbol, _ old: Double) {
            if journaling {
                if logCount == logRoom {
                    logRoom = Swift.max(16, 2 * logRoom)
                    log = movedBlock(log, keeping: logCount, into: logRoom)
                }
                (log! + logCount).initialize(to: Change(priority: priority, symbol: s, old: old))
                logCount += 1
            }
            if !isChanged![s.index] {
                isChanged![s.index] = true
                if changedCount == changedRoom {
                    changedRoom = Swift.max(16, 2 * changedRoom)
                    changed = movedBlock(changed, keeping: changedCount, into: changedRoom)
                }
                changed![changedCount] = s
                changedCount += 1
            }
        }

        /// Sets a coefficient, keeping the support list and journalling the change.
        @inline(__always) func set(_ l: Int, _ s: Symbol, _ newValue: Double) {
            if newValue != 0 { makeSlots(l) } else if levels[l].slots == nil { return }
            guard let old = store(l, s, newValue) else { return }
            noteChange(levels[l].priority, s, old)
        }

        /// Inserts a level of `priority` at `at`.
        func insertLevel(_ priority: Double, at: Int) {
            if levelCount == levelRoom {
                levelRoom *= 2
                levels = movedBlock(levels, keeping: levelCount, into: levelRoom)
            }
            (levels + at + 1).moveInitialize(from: levels + at, count: levelCount - at)
            (levels + at).initialize(to: Level(priority: priority))
            levelCount += 1
        }

        /// Removes the level at `at`, freeing its memory.
        func removeLevel(at: Int) {
            levels[at].deallocate()
            (levels + at).moveInitialize(from: levels + at + 1, count: levelCount - at - 1)
            levelCount -= 1
        }
    }

    private var storage = Storage()

    init() {
        storage.insertLevel(Objective.phaseOnePriority, at: 0)
        storage.insertLevel(Objective.explorationPriority, at: 1)
    }

    /// The memory, held alone: copied first when a copy of the objective shares it.
    @inline(__always) private mutating func own() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    static let phaseOnePriority: Double = 1001
    static let explorationPriority: Double = 0

    var phaseOne: Int { 0 }
    var exploration: Int { storage.levelCount - 1 }
    /// How many levels there are, phase one and exploration included.
    var levelCount: Int { storage.levelCount }

    /// The coefficient of `symbol` at level `level`.
    @inline(__always) func coefficient(_ level: Int, _ symbol: Symbol) -> Double {
        assert(level >= 0 && level < storage.levelCount, "internal error: objective level out of range")
        return storage.coefficient(level, symbol)
    }

    /// How many symbols have a non-zero coefficient at a level.
    func supportCount(ofLevel level: Int) -> Int { storage.levels[level].count }

    /// The `i`th symbol with a non-zero coefficient at a level, in the level's order.
    @inline(__always) func support(ofLevel level: Int, at i: Int) -> Symbol {
        assert(i >= 0 && i < storage.levels[level].count, "internal error: support index out of range")
        return storage.levels[level].symbols![i]
    }

    /// How many symbols are listed as changed (`changed(at:)`).
    var changedCount: Int { storage.changedCount }

    /// The `i`th symbol whose coefficients changed since the list was last cleared.
    @inline(__always) func changed(at i: Int) -> Symbol {
        assert(i >= 0 && i < storage.changedCount, "internal error: changed symbol out of range")
        return storage.changed![i]
    }

    mutating func appendSymbol() {
        own()
        let st = storage
        st.symbolCount += 1
        if st.symbolCount <= st.capacity { return }
        let grown = grownSymbolCapacity(st.capacity)
        st.isChanged = movedBlock(st.isChanged, keeping: st.capacity, into: grown)
        (st.isChanged! + st.capacity).initialize(repeating: false, count: grown - st.capacity)
        for l in 0..<st.levelCount where st.levels[l].slots != nil {
            let slots = movedBlock(st.levels[l].slots, keeping: st.capacity, into: grown)
            (slots + st.capacity).initialize(repeating: -1, count: grown - st.capacity)
            st.levels[l].slots = slots
        }
        st.capacity = grown
    }

    /// The level of a priority, created on first use.
    /// - Complexity: O(levels): a layout uses a handful of distinct priorities.
    mutating func level(for priority: Double) -> Int {
        var at = 0
        while storage.levels[at].priority > priority { at += 1 }
        if storage.levels[at].priority == priority { return at }
        own()
        if storage.journaling { storage.createdPriorities.append(priority) }
        storage.insertLevel(priority, at: at)
        return at
    }

    /// Sets a coefficient, keeping the support list; values within `epsilon` of zero become zero.
    mutating func set(_ level: Int, _ symbol: Symbol, _ newValue: Double) {
        own()
        storage.set(level, symbol, newValue)
    }

    @inline(__always) mutating func add(_ level: Int, _ symbol: Symbol, _ delta: Double) {
        own()
        storage.set(level, symbol, storage.coefficient(level, symbol) + delta)
    }

    /// Replaces `symbol` in every level by `constant + Σ terms` (a row solved for it).
    mutating func substitute(_ symbol: Symbol, terms: some Collection<SparseMatrix.Term>) {
        own()
        let st = storage
        for l in 0..<st.levelCount {
            let c = st.coefficient(l, symbol)
            if c == 0 { continue }   // (a level without slots holds nothing)
            st.set(l, symbol, 0)
            let priority = st.levels[l].priority
            for t in terms {
                if let old = st.store(l, t.symbol, st.coefficient(l, t.symbol) + c * t.coefficient) {
                    st.noteChange(priority, t.symbol, old)
                }
            }
        }
    }

    /// Adds `factor · Σ terms` to one level.
    mutating func addScaled(_ level: Int, factor: Double, terms: some Collection<SparseMatrix.Term>) {
        own()
        let st = storage
        for t in terms { st.set(level, t.symbol, st.coefficient(level, t.symbol) + factor * t.coefficient) }
    }

    /// Empties the list of changed symbols.
    mutating func clearChanged() {
        own()
        let st = storage
        for i in 0..<st.changedCount { st.isChanged![st.changed![i].index] = false }
        st.changedCount = 0
    }

    /// Removes the changed symbol at `index` of the list (the last one takes its place).
    @inline(__always) mutating func dropChanged(at index: Int) {
        own()
        let st = storage
        st.isChanged![st.changed![index].index] = false
        st.changedCount -= 1
        st.changed![index] = st.changed![st.changedCount]
    }

    /// Clears a level (the phase-one and exploration levels between uses).
    mutating func clear(_ level: Int) {
        own()
        let st = storage
        while st.levels[level].count > 0 { st.set(level, st.levels[level].symbols![st.levels[level].count - 1], 0) }
    }

    /// Whether `symbol` improves the objective: its first non-zero coefficient, in level order
    /// and up to `lastLevel`, is negative.
    @inline(__always) func improves(_ symbol: Symbol, through lastLevel: Int) -> Bool {
        for l in 0...lastLevel {
            let v = storage.coefficient(l, symbol)
            if v != 0 { return v < 0 }
        }
        return false
    }

    /// Whether `symbol` has a zero coefficient in every level above `level`.
    @inline(__always) func isZeroAbove(_ level: Int, _ symbol: Symbol) -> Bool {
        for l in 0..<level where storage.coefficient(l, symbol) != 0 { return false }
        return true
    }

    /// Compares `cost(a)/da` with `cost(b)/db` lexicographically: -1, 0 or 1.
    func ratioOrder(_ a: Symbol, _ da: Double, _ b: Symbol, _ db: Double) -> Int {
        for l in 0..<storage.levelCount {
            let x = storage.coefficient(l, a) / da, y = storage.coefficient(l, b) / db
            // Ratios equal up to rounding tie here, so that lower levels decide.
            if abs(x - y) > epsilon * max(1, abs(x), abs(y)) { return x < y ? -1 : 1 }
        }
        return 0
    }

    // MARK: Journal

    mutating func beginTransaction() {
        own()
        storage.journaling = true
        storage.logCount = 0
        storage.savedLevelCount = storage.levelCount
        storage.savedSymbolCount = storage.symbolCount
    }

    mutating func commit() {
        own()
        let st = storage
        st.journaling = false
        // A batch's log can be long: its room is not kept for the next one past a few dozen
        // entries (24 bytes each), which most single adds stay within.
        st.logCount = 0
        if st.logRoom > 64 {
            st.log?.deallocate()
            (st.log, st.logRoom) = (nil, 0)
        }
        if !st.createdPriorities.isEmpty { st.createdPriorities.removeAll() }
    }

    mutating func rollback() {
        own()
        let st = storage
        st.journaling = false
        var i = st.logCount
        while i > 0 {
            i -= 1
            let change = st.log![i]
            var l = 0
            while st.levels[l].priority != change.priority { l += 1 }
            st.set(l, change.symbol, change.old)
        }
        st.logCount = 0
        if !st.createdPriorities.isEmpty {
            var l = 0
            while l < st.levelCount {
                if st.createdPriorities.contains(st.levels[l].priority) { st.removeLevel(at: l) } else { l += 1 }
            }
            st.createdPriorities.removeAll()
        }
        assert(st.levelCount == st.savedLevelCount)
        // The state before the transaction was optimal: nothing is a candidate.
        clearChanged()
        // The log has returned the new symbols' entries to zero.
        st.symbolCount = st.savedSymbolCount
    }

    // MARK: Checks

    /// What is wrong with the levels' lists and slots, for the first `symbolCount` symbols.
    func faults(symbolCount: Int) -> [String] {
        var out: [String] = []
        let st = storage
        for l in 0..<st.levelCount {
            let level = st.levels[l]
            guard let slots = level.slots else {
                if level.count > 0 { out.append("objective level \(l): symbols without slots") }
                continue
            }
            if st.capacity < symbolCount { out.append("objective level \(l): \(st.capacity) slots") }
            for at in 0..<level.count {
                let s = level.symbols![at]
                if slots[s.index] != Int32(at) { out.append("objective level \(l): \(s) has slot \(slots[s.index]), not \(at)") }
                if level.values![at] == 0 { out.append("objective level \(l): zero \(s) in support") }
            }
            let listed = (0..<Swift.min(symbolCount, st.capacity)).filter { slots[$0] >= 0 }.count
            if listed != level.count { out.append("objective level \(l): \(listed) slots for \(level.count) symbols") }
        }
        return out
    }
}
