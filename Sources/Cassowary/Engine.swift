/// What a symbol stands for.
enum SymbolKind: UInt8, Sendable {
    /// A user variable: unrestricted in sign.
    case external
    /// The slack of an inequality, or an artificial variable: ≥ 0.
    case slack
    /// The error of an optional constraint: ≥ 0, and costs in the objective.
    case error
    /// The marker of a required equality: always 0.
    case dummy
}

/// The simplex engine behind `Solver`: symbols, the tableau, the external definitions and the
/// lexicographic objective. It knows nothing of `Variable` or `Constraint`; `Solver` maps those
/// to symbols.
///
/// The system is held as two kinds of equations over symbols:
/// - **tableau rows**, `basic = constant + Σ c·parametric`, over restricted symbols (slacks,
///   errors, dummies) only, in canonical form: no basic symbol appears on a right-hand side.
///   The simplex method pivots these.
/// - **definitions**, `external = constant + Σ c·symbol`, one per determined user variable. They
///   may refer to any symbol, basic or not, and to other definitions (never in a cycle: `rank`
///   orders them). A pivot leaves them alone: they stay true equations whatever the basis, so
///   the long chains of a layout (x₂ = x₁ + w₁ + 8, …) are never rewritten on a pivot. A
///   variable's value is its definition evaluated.
///
/// A user variable without a definition is *free*: nothing determines it (its value is 0).
/// Free variables appear in definitions only, never in tableau rows or the objective.
struct Engine: Sendable {
    private(set) var kinds: [SymbolKind] = []
    /// A number per symbol for the engine's user: `Solver` keeps the index of a variable or of a
    /// constraint record here. -1 until set.
    var tags: [Int32] = []
    private(set) var tableau = SparseMatrix()
    private(set) var definitions = SparseMatrix()
    private(set) var objective = Objective()
    /// Definition order: a definition's rank exceeds the rank of every defined symbol it uses.
    private(set) var rank: [Int] = []

    /// Basic symbols whose rows may have gone negative.
    private var infeasible: [Int32] = []
    private var listed: [Bool] = []
    /// Set when a constant change makes a redundant required equality false.
    private var inconsistent = false

    // Scratch for `expand`.
    private var accumulator: [Double] = []
    private var touched: [Int32] = []
    private var queued: [Bool] = []
    private var heapScratch: [(Int, Int32)] = []
    // Scratch for `changedDefinitions`.
    private var affectedMark: [Bool] = []
    private var affected: [Int32] = []

    // Journal
    private(set) var journaling = false
    private var savedSymbolCount = 0

    /// Per-symbol storage is allocated ahead (`grownSymbolCapacity`).
    private(set) var symbolCount = 0
    /// Symbols that no constraint uses any more, at rest (no row, no cell, no cost), which
    /// `newSymbol` hands out again before making new ones: a solver that adds and removes
    /// constraints for ever keeps its per-symbol storage at the size of what it holds at once.
    private(set) var freeSymbols: [Int32] = []
    /// The free-list operations of the transaction: a symbol for a pop, -1 for a push.
    private var freeSymbolLog: [Int32] = []

    // MARK: Symbols

    mutating func newSymbol(_ kind: SymbolKind) -> Int32 {
        let s: Int32
        if let free = freeSymbols.popLast() {
            if journaling { freeSymbolLog.append(free) }
            s = free
        } else {
            s = Int32(symbolCount)
            symbolCount += 1
            if symbolCount > kinds.count {
                let grown = grownSymbolCapacity(kinds.count)
                kinds.extend(to: grown, with: .external)
                tags.extend(to: grown, with: -1)
                rank.extend(to: grown, with: 0)
                listed.extend(to: grown, with: false)
                accumulator.extend(to: grown, with: 0)
                queued.extend(to: grown, with: false)
                affectedMark.extend(to: grown, with: false)
            }
            tableau.appendSymbol()
            definitions.appendSymbol()
            objective.appendSymbol()
        }
        kinds[Int(s)] = kind
        tags[Int(s)] = -1
        rank[Int(s)] = 0
        return s
    }

    /// Symbols in use: made and not freed.
    var liveSymbolCount: Int { symbolCount - freeSymbols.count }

    @inline(__always) func isDefined(_ s: Int32) -> Bool { definitions.isOwner(s) }
    @inline(__always) func isBasic(_ s: Int32) -> Bool { tableau.isOwner(s) }

    /// An external symbol that nothing determines and nothing refers to.
    @inline(__always) func isUnused(_ s: Int32) -> Bool {
        kinds[Int(s)] == .external && !definitions.isOwner(s) && definitions.columns.count(Int(s)) == 0
    }

    mutating func objectiveLevel(for priority: Double) -> Int { objective.level(for: priority) }

    /// Adds `delta` to the cost of `symbol` at the exploration level (below every user level).
    mutating func addExplorationCost(_ symbol: Int32, _ delta: Double) {
        objective.add(objective.exploration, symbol, delta)
    }

    // MARK: Transactions

    mutating func beginTransaction() {
        journaling = true
        savedSymbolCount = symbolCount
        freeSymbolLog.removeAll(keepingCapacity: true)
        tableau.beginTransaction()
        definitions.beginTransaction()
        objective.beginTransaction()
    }

    mutating func commit() {
        journaling = false
        freeSymbolLog.removeAll(keepingCapacity: true)
        tableau.commit()
        definitions.commit()
        objective.commit()
    }

    mutating func rollback() {
        journaling = false
        clearInfeasible()
        inconsistent = false
        tableau.rollback()
        definitions.rollback()
        objective.rollback()
        // Restoring the rows and costs has put every symbol taken from the free list back at
        // rest; scratch entries of the symbols dropped are at rest too, newSymbol resets the others.
        for op in freeSymbolLog.reversed() {
            if op < 0 { freeSymbols.removeLast() } else { free(op) }
        }
        freeSymbolLog.removeAll(keepingCapacity: true)
        symbolCount = savedSymbolCount
    }

    // MARK: Adding

    enum AddOutcome {
        /// Added; the symbol is the variable the row now defines, if any.
        case added(defined: Int32?)
        /// A required row cannot hold; the markers of the constraints it conflicts with.
        case unsatisfiable(markers: [Int32])
    }

    /// Adds the row `0 = constant + Σ terms` of a constraint.
    ///
    /// - Parameters:
    ///   - terms: Distinct symbols: the constraint's variables and its marker symbols.
    ///   - marker: The constraint's marker: slack, dummy or positive error, coefficient -1.
    ///   - other: The constraint's second symbol (an error), or -1.
    ///   - level, weight: What the error symbols among the two cost (`charge`).
    /// Leaves the objective un-optimised; the caller optimises once per batch. Must run inside a
    /// transaction: when the row cannot hold, the caller rolls back what this changed.
    mutating func add(constant: Double, terms: [(Int32, Double)], marker: Int32, other: Int32,
                      level: Int, weight: Double) -> AddOutcome {
        // A variable used by nothing else can take the whole row as its definition, as written.
        for (s, c) in terms where isUnused(s) {
            define(s, coefficient: c, constant: constant, terms: terms, canonical: false)
            charge(marker, other, level: level, weight: weight)
            return .added(defined: s)
        }
        var (k, row) = expand(constant: constant, terms: terms)
        // (Loops rather than closures: a closure would hold a copy of `kinds`, which the next
        // new symbol would then copy whole.)
        var free: (Int32, Double)?
        for t in row where kinds[Int(t.0)] == .external && t.0 < free?.0 ?? .max { free = t }
        if let free {
            define(free.0, coefficient: free.1, constant: k, terms: row, canonical: true)
            charge(marker, other, level: level, weight: weight)
            return .added(defined: free.0)
        }
        if k < 0 {
            k = -k
            for i in row.indices { row[i].1 = -row[i].1 }
        }
        var subject: Int32 = -1
        // The marker, else `other`, when it is not a dummy and its coefficient is negative.
        for t in row where t.0 == marker && kinds[Int(marker)] != .dummy && t.1 < 0 { subject = marker }
        if subject < 0, other >= 0 { for t in row where t.0 == other && t.1 < 0 { subject = other } }
        if subject < 0 { subject = enteringWithoutArtificial(constant: k, row: row) }
        var onlyDummies = true
        for t in row where kinds[Int(t.0)] != .dummy { onlyDummies = false; break }
        if subject < 0, onlyDummies {
            if k >= epsilon { return .unsatisfiable(markers: row.map(\.0)) }
            subject = marker  // A redundant equality: its dummy becomes basic at 0.
        }
        if subject >= 0 {
            charge(marker, other, level: level, weight: weight)
            // `0 = k + c·subject + Σ rest` solved for the subject: `subject = -k/c - Σ rest/c`.
            let c = row.first { $0.0 == subject }!.1
            row.removeAll { $0.0 == subject }
            for i in row.indices { row[i].1 = -row[i].1 / c }
            let r = tableau.insertRow(owner: subject, constant: -k / c, terms: row)
            substitute(subject, row: r)
            return .added(defined: nil)
        }
        charge(marker, other, level: level, weight: weight)
        return addWithArtificialVariable(constant: k, row: row)
    }

    /// A slack or error symbol of the row `0 = k + Σ terms` (k ≥ 0, every symbol non-basic)
    /// that can become the row's basic symbol at once, or -1. Solved for, a symbol `s` with
    /// coefficient `c < 0` takes the value `k / -c ≥ 0`; the rows that use `s` move by that
    /// much times their coefficient, and the choice is kept only when none of them goes
    /// negative (the simplex ratio test; the row of a basic dummy, a redundant equality, holds
    /// only dummies, so it never moves), so the tableau stays feasible and no artificial
    /// variable or phase-one pass is needed. Of those, the largest coefficient wins (the
    /// steadiest division), ties to the lowest symbol.
    private func enteringWithoutArtificial(constant k: Double, row: [(Int32, Double)]) -> Int32 {
        var best: (symbol: Int32, coefficient: Double)?
        for (s, c) in row where c < 0 && kinds[Int(s)] != .dummy {
            if let b = best, c > b.coefficient || (c == b.coefficient && s > b.symbol) { continue }
            let value = k / -c
            var feasible = true
            for cell in tableau.columns[Int(s)] {
                let a = tableau.terms[Int(cell.row)][Int(cell.termSlot)].coefficient
                if tableau.constant(cell.row) + a * value < 0 { feasible = false; break }
            }
            if feasible { best = (s, c) }
        }
        return best?.symbol ?? -1
    }

    private mutating func addWithArtificialVariable(constant k: Double, row: [(Int32, Double)]) -> AddOutcome {
        precondition(journaling, "internal error: an artificial variable needs a transaction to undo")
        let a = newSymbol(.slack)
        tableau.insertRow(owner: a, constant: k, terms: row)
        for (s, c) in row { objective.add(objective.phaseOne, s, c) }
        optimize(through: objective.phaseOne)
        let r = tableau.row(of: a)
        if r >= 0, tableau.constant(r) >= epsilon {
            var markers: [Int32] = []
            for t in tableau.terms[Int(r)] where kinds[Int(t.symbol)] != .error { markers.append(t.symbol) }
            return .unsatisfiable(markers: markers.sorted())
        }
        objective.clear(objective.phaseOne)
        if r >= 0 {
            var entering: Int32 = .max
            for t in tableau.terms[Int(r)] where kinds[Int(t.symbol)] != .dummy { entering = min(entering, t.symbol) }
            if entering != .max {
                pivot(r, entering)
            } else {
                tableau.removeRow(r)  // `a = 0 + Σ dummies`: the row is redundant.
            }
        }
        purge(a)
        return .added(defined: nil)
    }

    /// Makes `s` the owner of a definition taken from the row `0 = constant + Σ terms`.
    private mutating func define(_ s: Int32, coefficient c: Double, constant: Double,
                                 terms: [(Int32, Double)], canonical: Bool) {
        let f = -1 / c
        var defTerms: [(Int32, Double)] = []
        defTerms.reserveCapacity(terms.count - 1)
        for (t, a) in terms where t != s { defTerms.append((t, a * f)) }
        if canonical {
            // No defined symbol on the right: rank below everything that refers to s.
            let users = definitions.columns[Int(s)].map { rank[Int(definitions.owner($0.row))] }
            rank[Int(s)] = (users.min() ?? 1) - 1
        } else {
            var r = 0
            for (t, _) in defTerms where isDefined(t) { r = max(r, rank[Int(t)]) }
            rank[Int(s)] = r + 1
        }
        definitions.insertRow(owner: s, constant: constant * f, terms: defTerms)
    }

    // MARK: Expansion

    /// Rewrites `constant + Σ terms` over symbols that are neither defined nor basic: parametric
    /// restricted symbols and free variables.
    ///
    /// - Complexity: O(size of the definitions and rows reached). Definitions are expanded in
    ///   decreasing rank, so each is expanded once however many paths lead to it.
    mutating func expand(constant: Double, terms: [(Int32, Double)]) -> (Double, [(Int32, Double)]) {
        var k = constant
        var heap = heapScratch  // reused: its storage outlives the call
        heapScratch = []
        defer { heap.removeAll(keepingCapacity: true); heapScratch = heap }
        func push(_ s: Int32) {
            queued[Int(s)] = true
            heap.append((rank[Int(s)], s))
            var i = heap.count - 1
            while i > 0 {
                let p = (i - 1) / 2
                if heap[p] < heap[i] { heap.swapAt(p, i); i = p } else { break }
            }
        }
        func pop() -> Int32 {
            let top = heap[0].1
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var i = 0
                while true {
                    let l = 2 * i + 1, r = l + 1
                    var m = i
                    if l < heap.count, heap[m] < heap[l] { m = l }
                    if r < heap.count, heap[m] < heap[r] { m = r }
                    if m == i { break }
                    heap.swapAt(i, m); i = m
                }
            }
            return top
        }
        func accumulate(_ s: Int32, _ c: Double) {
            let i = Int(s)
            if accumulator[i] == 0 { touched.append(s) }
            accumulator[i] += c
            if accumulator[i] == 0 { accumulator[i] = .leastNonzeroMagnitude }  // keep it listed
            if !queued[i], isDefined(s) { push(s) }
        }
        for (s, c) in terms { accumulate(s, c) }
        while !heap.isEmpty {
            let x = pop()
            let c = accumulator[Int(x)]
            accumulator[Int(x)] = .leastNonzeroMagnitude
            queued[Int(x)] = false
            let r = definitions.row(of: x)
            k += c * definitions.constant(r)
            for t in definitions.terms[Int(r)] { accumulate(t.symbol, c * t.coefficient) }
        }
        var i = 0
        while i < touched.count {
            let s = touched[i]
            i += 1
            let r = tableau.row(of: s)
            if r < 0 { continue }
            let c = accumulator[Int(s)]
            accumulator[Int(s)] = .leastNonzeroMagnitude
            k += c * tableau.constant(r)
            for t in tableau.terms[Int(r)] { accumulate(t.symbol, c * t.coefficient) }
        }
        var out: [(Int32, Double)] = []
        out.reserveCapacity(touched.count)
        for s in touched {
            let c = accumulator[Int(s)]
            accumulator[Int(s)] = 0
            if abs(c) >= epsilon, !isDefined(s), !isBasic(s) { out.append((s, c)) }
        }
        touched.removeAll(keepingCapacity: true)
        out.sort { $0.0 < $1.0 }
        return (k, out)
    }

    // MARK: Pivoting

    /// Replaces the basic symbol `subject` (row `r`) in every other tableau row and the objective.
    ///
    /// A long row whose subject sits in exactly two other rows, one long and one short, is the
    /// pattern of a dual-simplex pass through a row that holds every view of a stack: each pivot
    /// hands the long expression from one view's rows to the next, the long row cancelling and
    /// the short one taking it. Those two trade storage (`addScaledExchanging`) instead of
    /// moving every term between columns, when the long one does cancel.
    private mutating func substitute(_ subject: Int32, row r: Int32) {
        let k = tableau.constant(r)
        let source = tableau.terms[Int(r)]
        func merge(_ row: Int32, _ c: Double) {
            tableau.addScaled(into: row, factor: c, constant: k, source: source)
            noteSign(row)
        }
        func noteSign(_ row: Int32) {
            if tableau.constant(row) < -epsilon { markInfeasible(tableau.owner(row)) }
        }
        if source.count >= 32 && tableau.columns.count(Int(subject)) == 2 {
            let one = tableau.removeCell(of: subject, at: 1), two = tableau.removeCell(of: subject, at: 0)
            let (long, short) = tableau.terms[Int(one.row)].count >= tableau.terms[Int(two.row)].count ? (one, two) : (two, one)
            let longCount = tableau.terms[Int(long.row)].count
            if 2 * longCount >= source.count && 4 * tableau.terms[Int(short.row)].count <= longCount
                && tableau.addScaledExchanging(long.row, long.coefficient, short.row, short.coefficient,
                                               constant: k, source: source) {
                noteSign(long.row)
                noteSign(short.row)
            } else {
                merge(long.row, long.coefficient)
                merge(short.row, short.coefficient)
            }
        }
        while let (row, c) = tableau.popCell(of: subject) { merge(row, c) }
        objective.substitute(subject, terms: source)
    }

    /// Exchanges the basic symbol of row `r` for `entering`.
    mutating func pivot(_ r: Int32, _ entering: Int32) {
        tableau.solve(r, for: entering)
        substitute(entering, row: r)
    }

    /// Primal simplex: minimises the objective's levels `0…lastLevel` lexicographically.
    ///
    /// Entering: the lowest-numbered symbol whose reduced cost vector is negative; leaving: the
    /// minimum ratio, ties to the lowest-numbered basic symbol (Bland's rule: no cycling, and
    /// the same pivots whatever order the rows are stored in).
    /// - Returns: false when some level was unbounded below (only the exploration level can be).
    @discardableResult
    mutating func optimize(through lastLevel: Int) -> Bool {
        let full = lastLevel == objective.levels.count - 1
        var bounded = true
        while true {
            var entering: Int32 = -1
            if lastLevel == objective.phaseOne {
                // Phase one improves only the artificial variable's level: its support holds
                // every candidate (the changed list may hold a whole batch's symbols).
                for s in objective.levels[objective.phaseOne].support
                where kinds[Int(s)] != .dummy && !isBasic(s) && objective.improves(s, through: lastLevel) {
                    if entering < 0 || s < entering { entering = s }
                }
            }
            var i = lastLevel == objective.phaseOne ? objective.changed.count : 0
            while i < objective.changed.count {
                let s = objective.changed[i]
                if kinds[Int(s)] != .dummy && !isBasic(s) && objective.improves(s, through: lastLevel) {
                    if entering < 0 || s < entering { entering = s }
                    i += 1
                } else if full {
                    // It can only start to improve when its costs change, which lists it again.
                    objective.dropChanged(at: i)
                } else {
                    i += 1
                }
            }
            if entering < 0 { return bounded }
            var best: Int32 = -1, bestRatio = Double.infinity, bestOwner: Int32 = .max
            for cell in tableau.columns[Int(entering)] {
                let c = tableau.terms[Int(cell.row)][Int(cell.termSlot)].coefficient
                if c >= 0 { continue }
                let ratio = tableau.constant(cell.row) / -c
                let owner = tableau.owner(cell.row)
                if ratio < bestRatio || (ratio == bestRatio && owner < bestOwner) {
                    best = cell.row; bestRatio = ratio; bestOwner = owner
                }
            }
            // The user levels are bounded below by zero, so a blocking row exists there; without
            // one, the level probed is unbounded (or rounding made the cost spurious): drop it.
            if best < 0 {
                bounded = false
                for l in 0...lastLevel { objective.set(l, entering, 0) }
                continue
            }
            pivot(best, entering)
        }
    }

    @discardableResult
    mutating func optimize() -> Bool { optimize(through: objective.levels.count - 1) }

    private mutating func markInfeasible(_ s: Int32) {
        if !listed[Int(s)] { listed[Int(s)] = true; infeasible.append(s) }
    }

    private mutating func clearInfeasible() {
        for s in infeasible where Int(s) < listed.count { listed[Int(s)] = false }
        infeasible.removeAll(keepingCapacity: true)
    }

    /// Dual simplex: restores feasibility after constants changed, keeping optimality.
    /// - Returns: false when some required row cannot be made feasible.
    mutating func dualOptimize() -> Bool {
        // The dual simplex keeps the objective optimal: what it changes is no candidate.
        defer { clearInfeasible(); objective.clearChanged() }
        while true {
            var leaving: Int32 = -1, worst = -epsilon
            var i = 0
            while i < infeasible.count {
                let s = infeasible[i]
                let r = tableau.row(of: s)
                if r < 0 || tableau.constant(r) >= -epsilon {
                    listed[Int(s)] = false
                    infeasible.swapAt(i, infeasible.count - 1)
                    infeasible.removeLast()
                    continue
                }
                let v = tableau.constant(r)
                if v < worst || (v == worst && s < leaving) { worst = v; leaving = s }
                i += 1
            }
            if leaving < 0 { return !inconsistent }
            let r = tableau.row(of: leaving)
            var entering: Int32 = -1, enteringCoefficient = 0.0
            for t in tableau.terms[Int(r)] where t.coefficient > 0 && kinds[Int(t.symbol)] != .dummy {
                if entering < 0 { entering = t.symbol; enteringCoefficient = t.coefficient; continue }
                let order = objective.ratioOrder(t.symbol, t.coefficient, entering, enteringCoefficient)
                if order < 0 || (order == 0 && t.symbol < entering) {
                    entering = t.symbol; enteringCoefficient = t.coefficient
                }
            }
            if entering < 0 { return false }
            pivot(r, entering)
        }
    }

    // MARK: Constants

    /// Changes the constant of the constraint whose marker is `m`: every equation is rewritten
    /// with `m_old = m_new + t`. Leaves infeasible rows for `dualOptimize`.
    mutating func shift(_ m: Int32, by t: Double) {
        let r = tableau.row(of: m)
        if r >= 0 {
            tableau.addToConstant(r, -t)
            checkShifted(r)
        } else {
            for cell in tableau.columns[Int(m)] {
                let c = tableau.terms[Int(cell.row)][Int(cell.termSlot)].coefficient
                tableau.addToConstant(cell.row, c * t)
                checkShifted(cell.row)
            }
        }
        for cell in definitions.columns[Int(m)] {
            let c = definitions.terms[Int(cell.row)][Int(cell.termSlot)].coefficient
            definitions.addToConstant(cell.row, c * t)
        }
    }

    private mutating func checkShifted(_ r: Int32) {
        let owner = tableau.owner(r), v = tableau.constant(r)
        if kinds[Int(owner)] == .dummy, abs(v) >= epsilon { inconsistent = true }
        if v < -epsilon { markInfeasible(owner) }
    }

    /// Adds `weight` to the cost of each error symbol among a constraint's marker and `other`
    /// at `level`: an error that is basic is charged through its row.
    private mutating func charge(_ marker: Int32, _ other: Int32, level: Int, weight: Double) {
        func chargeOne(_ e: Int32) {
            let r = tableau.row(of: e)
            if r >= 0 {
                objective.addScaled(level, factor: weight, terms: tableau.terms[Int(r)])
            } else {
                objective.add(level, e, weight)
            }
        }
        if kinds[Int(marker)] == .error { chargeOne(marker) }
        if other >= 0, kinds[Int(other)] == .error { chargeOne(other) }
    }

    // MARK: Removing

    /// Removes the constraint with marker `m` (and `other`): makes `m` basic in some equation,
    /// rewrites every other equation without it, and drops that equation.
    mutating func remove(marker m: Int32, other: Int32, level: Int, weight: Double, defined hint: Int32?) {
        charge(m, other, level: level, weight: -weight)
        if !isBasic(m), tableau.columns.count(Int(m)) > 0 { pivot(markerLeavingRow(m), m) }
        let r = tableau.row(of: m)
        if r >= 0 {
            let k = tableau.constant(r), source = tableau.terms[Int(r)]
            while let (row, c) = definitions.popCell(of: m) {
                definitions.addScaled(into: row, factor: c, constant: k, source: source)
            }
            tableau.removeRow(r)
        } else if definitions.columns.count(Int(m)) > 0 {
            release(m, preferring: hint)
        }
        // The errors are the marker and `other`; nothing else of the constraint can remain.
        purge(m)
        if other >= 0 { purge(other) }
    }

    /// The row to pivot a parametric marker into: the one that keeps every row feasible.
    ///
    /// A row owned by a dummy (a redundant required equality, over dummies only, at 0) comes
    /// first: pivoting there moves no constant, whereas pivoting anywhere else at a nonzero
    /// ratio would move that dummy off 0 and silently drop the equality it stands for.
    private func markerLeavingRow(_ m: Int32) -> Int32 {
        var first: Int32 = -1, second: Int32 = -1, dummy: Int32 = -1
        var r1 = Double.infinity, r2 = Double.infinity
        var o1: Int32 = .max, o2: Int32 = .max, o3: Int32 = .max
        for cell in tableau.columns[Int(m)] {
            let c = tableau.terms[Int(cell.row)][Int(cell.termSlot)].coefficient
            let k = tableau.constant(cell.row), owner = tableau.owner(cell.row)
            if kinds[Int(owner)] == .dummy {
                if owner < o3 { dummy = cell.row; o3 = owner }
            } else if c < 0 {
                let ratio = -k / c
                if ratio < r1 || (ratio == r1 && owner < o1) { r1 = ratio; first = cell.row; o1 = owner }
            } else {
                let ratio = k / c
                if ratio < r2 || (ratio == r2 && owner < o2) { r2 = ratio; second = cell.row; o2 = owner }
            }
        }
        return dummy >= 0 ? dummy : first >= 0 ? first : second
    }

    /// Removes marker `m` that only definitions hold: one of them, made canonical, is solved for
    /// `m` and substituted into the others; its variable becomes free.
    private mutating func release(_ m: Int32, preferring hint: Int32?) {
        if definitions.columns.count(Int(m)) == 1 {
            // Only one equation holds m: dropping it removes the constraint, nothing to rewrite.
            definitions.removeRow(definitions.columns[Int(m)].first!.row)
            return
        }
        var choice: Int32 = -1
        if let hint, isDefined(hint), definitions.coefficient(definitions.row(of: hint), m) != 0 { choice = hint }
        while true {
            if choice < 0 {
                choice = definitions.columns[Int(m)].map { definitions.owner($0.row) }.min() ?? -1
                if choice < 0 { return }
            }
            let r = definitions.row(of: choice)
            let own = definitions.terms[Int(r)].map { ($0.symbol, $0.coefficient) }
            let (k, canonical) = expand(constant: definitions.constant(r), terms: own)
            definitions.replaceRow(r, constant: k, terms: canonical)
            if definitions.coefficient(r, m) != 0 { break }
            choice = -1
        }
        // x = k + c·m + R  ⇒  m = (x - k - R) / c
        let r = definitions.row(of: choice)
        let c = definitions.removeSymbol(r, m)
        let k = definitions.constant(r)
        var source = definitions.terms[Int(r)].map { ($0.symbol, -$0.coefficient / c) }
        source.append((choice, 1 / c))
        definitions.removeRow(r)
        let sourceTerms = source.map { SparseMatrix.Term(symbol: $0.0, cellSlot: -1, coefficient: $0.1) }
        while let (row, a) = definitions.popCell(of: m) {
            definitions.addScaled(into: row, factor: a, constant: -k / c, source: sourceTerms)
        }
    }

    /// Removes every remaining trace of a symbol that no constraint uses any more, and frees it.
    mutating func purge(_ s: Int32) {
        if isBasic(s) { tableau.removeRow(tableau.row(of: s)) }
        while tableau.popCell(of: s) != nil {}
        while definitions.popCell(of: s) != nil {}
        for l in objective.levels.indices { objective.set(l, s, 0) }
        free(s)
    }

    /// Puts a symbol at rest (no row, no cell, no cost) on the free list, untagged: nothing of
    /// the solver's may read it as a variable or a constraint's.
    mutating func free(_ s: Int32) {
        tags[Int(s)] = -1
        if journaling { freeSymbolLog.append(-1) }
        freeSymbols.append(s)
    }

    // MARK: Values

    /// The value of a restricted symbol: its row's constant when basic, else 0.
    @inline(__always) func restrictedValue(_ s: Int32) -> Double {
        let r = tableau.row(of: s)
        return r >= 0 ? tableau.constant(r) : 0
    }

    /// The defined symbols, each after every defined symbol its definition uses. Depends only on
    /// the shape of the definitions (`definitions.shapeVersion`), so callers keep it while that holds.
    /// - Complexity: O(size of the definitions).
    func evaluationOrder() -> [Int32] {
        var order: [Int32] = []
        order.reserveCapacity(definitions.rowCount)
        var done = [Bool](repeating: false, count: symbolCount)
        var stack: [Int32] = []
        for r in definitions.owners where r >= 0 && !done[Int(r)] {
            stack.append(r)
            while let x = stack.last {
                if done[Int(x)] { stack.removeLast(); continue }
                var ready = true
                for t in definitions.terms[Int(definitions.row(of: x))] where isDefined(t.symbol) && !done[Int(t.symbol)] {
                    stack.append(t.symbol); ready = false
                }
                if !ready { continue }
                done[Int(x)] = true
                order.append(x)
                stack.removeLast()
            }
        }
        return order
    }

    /// Writes the value of every symbol into `values`: restricted symbols from the tableau,
    /// defined ones by evaluating their definitions in `order` (from `evaluationOrder()`), free
    /// ones 0.
    /// - Complexity: O(symbols + size of the definitions).
    func evaluate(order: [Int32], into values: inout [Double], changed: inout [Int32]) {
        let known = values.count
        if values.count < symbolCount { values.append(contentsOf: repeatElement(0, count: symbolCount - values.count)) }
        if values.count > symbolCount { values.removeLast(values.count - symbolCount) }
        for s in values.indices {
            let r = tableau.rowOfOwner[s]
            let v = r >= 0 ? tableau.constants[Int(r)] : 0
            if kinds[s] == .external && tags[s] >= 0 && (s >= known || values[s] != v) { changed.append(Int32(s)) }
            values[s] = v
        }
        for x in order {
            let sum = definitionValue(x, values)
            if sum != values[Int(x)] {
                if Int(x) < known { changed.append(x) }
                values[Int(x)] = sum
            }
        }
    }

    /// The defined symbols whose values may have changed since `clearChanges()`: those whose
    /// definitions changed or use a changed tableau row, and what depends on them, each after
    /// the defined symbols it uses. Valid while the definitions keep their shape. Returns nil
    /// as soon as they pass `limit`: evaluating everything in order is cheaper then.
    /// - Complexity: O(min(limit, the definitions reached) × log of their number).
    mutating func changedDefinitions(limit: Int) -> [Int32]? {
        if limit == 0 { return nil }
        affected.removeAll(keepingCapacity: true)
        defer { for x in affected { affectedMark[Int(x)] = false } }
        for s in tableau.changedOwners where Int(s) < symbolCount {
            for cell in definitions.columns[Int(s)] where !noteAffected(definitions.owner(cell.row), limit: limit) {
                return nil
            }
        }
        for x in definitions.changedOwners where Int(x) < symbolCount && isDefined(x) {
            if !noteAffected(x, limit: limit) { return nil }
        }
        var i = 0
        while i < affected.count {
            for cell in definitions.columns[Int(affected[i])] where !noteAffected(definitions.owner(cell.row), limit: limit) {
                return nil
            }
            i += 1
        }
        return affected.sorted { rank[Int($0)] < rank[Int($1)] }
    }

    /// Lists a defined symbol as affected, once; false when the list has passed `limit`.
    @inline(__always) private mutating func noteAffected(_ x: Int32, limit: Int) -> Bool {
        if affectedMark[Int(x)] { return true }
        affectedMark[Int(x)] = true
        affected.append(x)
        return affected.count <= limit
    }

    /// A defined symbol's value from the values of the symbols its definition uses.
    @inline(__always) private func definitionValue(_ x: Int32, _ values: [Double]) -> Double {
        let r = Int(definitions.rowOfOwner[Int(x)])
        var sum = definitions.constants[r]
        for t in definitions.terms[r] { sum += t.coefficient * values[Int(t.symbol)] }
        return sum
    }

    /// Brings `values` (from `evaluate`) up to date after changes that kept the definitions'
    /// shape, evaluating only what the changed rows reach (or, when that is most of it, every
    /// definition in `order`). Appends the external symbols whose values changed to `changed`.
    mutating func reevaluate(_ values: inout [Double], order: [Int32], changed: inout [Int32]) {
        for s in tableau.changedOwners where Int(s) < values.count { values[Int(s)] = restrictedValue(s) }
        for x in definitions.changedOwners
        where Int(x) < values.count && kinds[Int(x)] == .external && tags[Int(x)] >= 0 && !isDefined(x) && values[Int(x)] != 0 {
            values[Int(x)] = 0
            changed.append(x)
        }
        let list = changedDefinitions(limit: order.count / 32) ?? order
        for x in list {
            let sum = definitionValue(x, values)
            if sum != values[Int(x)] {
                values[Int(x)] = sum
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
    func value(of s: Int32) -> Double {
        if kinds[Int(s)] != .external { return restrictedValue(s) }
        var memo: [Int32: Double] = [:]
        var stack: [Int32] = [s]
        while let x = stack.last {
            if memo[x] != nil { stack.removeLast(); continue }
            let xr = definitions.row(of: x)
            if xr < 0 { memo[x] = 0; stack.removeLast(); continue }
            var ready = true
            for t in definitions.terms[Int(xr)] where isDefined(t.symbol) && memo[t.symbol] == nil {
                stack.append(t.symbol); ready = false
            }
            if !ready { continue }
            var sum = definitions.constant(xr)
            for t in definitions.terms[Int(xr)] {
                sum += t.coefficient * (kinds[Int(t.symbol)] == .external ? memo[t.symbol] ?? 0 : restrictedValue(t.symbol))
            }
            memo[x] = sum
            stack.removeLast()
        }
        return memo[s] ?? 0
    }
}
