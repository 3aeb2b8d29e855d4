extension Engine {
    /// The value of a restricted symbol: its row's constant when basic, else 0.
    @inline(__always) func restrictedValue(_ s: Symbol) -> Double {
        guard let r = tableau.row(of: s) else { return 0 }
        return tableau.constant(r)
    }

    /// The defined symbols, each after every defined symbol its definition uses. Depends only on
    /// the shape of the definitions (`definitions.shapeVersion`), so callers keep it while that holds.
    /// - Complexity: O(size of the definitions).
    func evaluationOrder() -> [Symbol] {
        var order: [Symbol] = []
        order.reserveCapacity(definitions.rowCount)
        var done = [Bool](repeating: false, count: symbolCount)
        var stack: [Symbol] = []
        for r in definitions.owners where !r.isAbsent && !done[r] {
            stack.append(r)
            while let x = stack.last {
                if done[x] { stack.removeLast(); continue }
                var ready = true
                for t in definitions.terms[definitions.row(of: x)!] where isDefined(t.symbol) && !done[t.symbol] {
                    stack.append(t.symbol); ready = false
                }
                if !ready { continue }
                done[x] = true
                order.append(x)
                stack.removeLast()
            }
        }
        return order
    }

    /// Writes the value of every symbol into `values` (by symbol id): restricted symbols from
    /// the tableau, defined ones by evaluating their definitions in `order` (from
    /// `evaluationOrder()`), free ones 0. Appends the tagged external symbols whose values
    /// changed (or are new) to `changed`.
    /// - Complexity: O(symbols + size of the definitions).
    func evaluate(order: [Symbol], into values: inout [Double], changed: inout [Symbol]) {
        let known = values.count
        if values.count < symbolCount { values.append(contentsOf: repeatElement(0, count: symbolCount - values.count)) }
        if values.count > symbolCount { values.removeLast(values.count - symbolCount) }
        for i in values.indices {
            let r = tableau.rowOfOwner[i]
            let v = r.isAbsent ? 0 : tableau.constants[r]
            if kinds[i] == .external && tags[i] != Engine.untagged && (i >= known || values[i] != v) { changed.append(Symbol(i)) }
            values[i] = v
        }
        for x in order {
            let sum = Engine.definitionValue(x, definitions, values)
            if sum != values[x] {
                if x.index < known { changed.append(x) }
                values[x] = sum
            }
        }
    }

    /// The defined symbols whose values may have changed since `clearChanges()`: those whose
    /// definitions changed or use a changed tableau row, and what depends on them, each after
    /// the defined symbols it uses. Valid while the definitions keep their shape. Returns nil
    /// as soon as they pass `limit`: evaluating everything in order is cheaper then.
    /// - Complexity: O(min(limit, the definitions reached) × log of their number).
    mutating func changedDefinitions(limit: Int) -> [Symbol]? {
        if limit == 0 { return nil }
        affectedScratch.start()
        defer { affectedScratch.finish() }
        guard Engine.noteChangedDefinitions(tableau: tableau, definitions: definitions, symbolCount: symbolCount,
                                            limit: limit, into: &affectedScratch) else { return nil }
        return affectedScratch.symbols.sorted { rank[$0] < rank[$1] }
    }

    /// `changedDefinitions`' walk, false past `limit`. Static, with the matrices passed in
    /// borrowed: they cannot change while the walk reads their columns in place, without the
    /// retain and release of the pool's memory a slice costs (a step of enaml read five).
    private static func noteChangedDefinitions(tableau: borrowing SparseMatrix, definitions: borrowing SparseMatrix,
                                               symbolCount: Int, limit: Int,
                                               into affected: inout AffectedDefinitions) -> Bool {
        for s in tableau.changedOwners where s.index < symbolCount {
            for cell in definitions.unsafeColumn(s) where !affected.note(definitions.owner(cell.row), limit: limit) {
                return false
            }
        }
        for x in definitions.changedOwners where x.index < symbolCount && definitions.isOwner(x) {
            if !affected.note(x, limit: limit) { return false }
        }
        var i = 0
        while i < affected.symbols.count {
            for cell in definitions.unsafeColumn(affected.symbols[i]) where !affected.note(definitions.owner(cell.row), limit: limit) {
                return false
            }
            i += 1
        }
        return true
    }

    /// A defined symbol's value from the values of the symbols its definition uses.
    /// (Static, the definitions borrowed: their row is read in place, without a slice's retain.)
    @inline(__always) private static func definitionValue(_ x: Symbol, _ definitions: borrowing SparseMatrix,
                                                          _ values: [Double]) -> Double {
        let r = definitions.rowOfOwner[x]
        var sum = definitions.constants[r]
        for t in definitions.unsafeTerms(r) { sum += t.coefficient * values[t.symbol] }
        return sum
    }

    /// Brings `values` (from `evaluate`) up to date after changes that kept the definitions'
    /// shape, evaluating only what the changed rows reach (or, when that is most of it, every
    /// definition in `order`). Appends the external symbols whose values changed to `changed`.
    mutating func reevaluate(_ values: inout [Double], order: [Symbol], changed: inout [Symbol]) {
        for s in tableau.changedOwners where s.index < values.count { values[s] = restrictedValue(s) }
        for x in definitions.changedOwners
        where x.index < values.count && kinds[x] == .external && tags[x] != Engine.untagged && !isDefined(x) && values[x] != 0 {
            values[x] = 0
            changed.append(x)
        }
        let list = changedDefinitions(limit: order.count / 32) ?? order
        // The same loop as `evaluate`'s, written out in each: one helper for both (with
        // `values` and `changed` inout) made a step of chain-1000 47% slower, measured twice.
        for x in list {
            let sum = Engine.definitionValue(x, definitions, values)
            if sum != values[x] {
                values[x] = sum
                changed.append(x)
            }
        }
    }

    /// Forgets which rows changed.
    mutating func clearChanges() {
        tableau.clearChanges()
        definitions.clearChanges()
    }

    /// The value of one symbol, evaluating only the definitions it depends on.
    /// - Complexity: O(size of the definitions it depends on).
    func value(of s: Symbol) -> Double {
        if kinds[s] != .external { return restrictedValue(s) }
        var memo: [Symbol: Double] = [:]
        var stack: [Symbol] = [s]
        while let x = stack.last {
            if memo[x] != nil { stack.removeLast(); continue }
            guard let xr = definitions.row(of: x) else { memo[x] = 0; stack.removeLast(); continue }
            var ready = true
            for t in definitions.terms[xr] where isDefined(t.symbol) && memo[t.symbol] == nil {
                stack.append(t.symbol); ready = false
            }
            if !ready { continue }
            var sum = definitions.constant(xr)
            for t in definitions.terms[xr] {
                sum += t.coefficient * (kinds[t.symbol] == .external ? memo[t.symbol] ?? 0 : restrictedValue(t.symbol))
            }
            memo[x] = sum
            stack.removeLast()
        }
        return memo[s] ?? 0
    }
}

/// The scratch list of `Engine.changedDefinitions`: the defined symbols found affected, each
/// once. Empty between calls.
struct AffectedDefinitions: Sendable {
    private(set) var symbols: [Symbol] = []
    /// Per symbol: whether it is in `symbols`.
    private var listed: [Bool] = []

    /// Makes room for `capacity` symbols.
    mutating func grow(to capacity: Int) { listed.extend(to: capacity, with: false) }

    /// Starts a list.
    mutating func start() { symbols.removeAllKeepingCapacity() }

    /// Unmarks the symbols listed (the list itself stays until the next `start`).
    mutating func finish() {
        for x in symbols { listed[x] = false }
    }

    /// Lists a defined symbol as affected, once; false when the list has passed `limit`.
    @inline(__always) mutating func note(_ x: Symbol, limit: Int) -> Bool {
        if listed[x] { return true }
        listed[x] = true
        symbols.append(x)
        return symbols.count <= limit
    }
}
