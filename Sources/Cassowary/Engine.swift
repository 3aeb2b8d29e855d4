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
    /// constraint record here. `Engine.untagged` until set.
    var tags: [Int32] = []
    var tableau = SparseMatrix()
    var definitions = SparseMatrix()
    var objective = Objective()
    /// Definition order: a definition's rank exceeds the rank of every defined symbol it uses.
    var rank: [Int] = []

    /// The basic symbols whose rows may have gone negative, for `dualOptimize`.
    var infeasible = InfeasibleRows()
    /// Scratch for `expand`.
    var expansionScratch = ExpansionScratch()
    /// Scratch for `changedDefinitions`.
    var affectedScratch = AffectedDefinitions()

    // Journal
    private(set) var journaling = false
    private var savedSymbolCount = 0

    /// Per-symbol storage is allocated ahead (`grownSymbolCapacity`).
    private(set) var symbolCount = 0
    /// Symbols that no constraint uses any more, at rest (no row, no cell, no cost), which
    /// `newSymbol` hands out again before making new ones: a solver that adds and removes
    /// constraints for ever keeps its per-symbol storage at the size of what it holds at once.
    private(set) var freeSymbols: [Symbol] = []
    /// The free-list operations of the transaction: the symbol taken by a pop, nil for a push.
    private var freeSymbolLog: [Symbol?] = []

    /// The tag of a symbol that belongs to nothing of the engine's user.
    static let untagged: Int32 = -1

    // MARK: Symbols

    mutating func newSymbol(_ kind: SymbolKind) -> Symbol {
        let s: Symbol
        if let free = freeSymbols.popLast() {
            if journaling { freeSymbolLog.append(free) }
            s = free
        } else {
            s = Symbol(symbolCount)
            symbolCount += 1
            if symbolCount > kinds.count {
                let grown = grownSymbolCapacity(kinds.count)
                kinds.extend(to: grown, with: .external)
                tags.extend(to: grown, with: Engine.untagged)
                rank.extend(to: grown, with: 0)
                infeasible.grow(to: grown)
                expansionScratch.grow(to: grown)
                affectedScratch.grow(to: grown)
            }
            tableau.appendSymbol()
            definitions.appendSymbol()
            objective.appendSymbol()
        }
        kinds[s] = kind
        tags[s] = Engine.untagged
        rank[s] = 0
        return s
    }

    /// Symbols in use: made and not freed.
    var liveSymbolCount: Int { symbolCount - freeSymbols.count }

    @inline(__always) func isDefined(_ s: Symbol) -> Bool { definitions.isOwner(s) }
    @inline(__always) func isBasic(_ s: Symbol) -> Bool { tableau.isOwner(s) }

    /// An external symbol that nothing determines and nothing refers to.
    @inline(__always) func isUnused(_ s: Symbol) -> Bool {
        kinds[s] == .external && !definitions.isOwner(s) && definitions.columnCount(s) == 0
    }

    mutating func objectiveLevel(for priority: Double) -> Int { objective.level(for: priority) }

    /// Adds `delta` to the cost of `symbol` at the exploration level (below every user level).
    mutating func addExplorationCost(_ symbol: Symbol, _ delta: Double) {
        objective.add(objective.exploration, symbol, delta)
    }

    /// Puts a symbol at rest (no row, no cell, no cost) on the free list, untagged: nothing of
    /// the solver's may read it as a variable or a constraint's.
    mutating func free(_ s: Symbol) {
        tags[s] = Engine.untagged
        if journaling { freeSymbolLog.append(nil) }
        freeSymbols.append(s)
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
        infeasible.clear()
        tableau.rollback()
        definitions.rollback()
        objective.rollback()
        // Restoring the rows and costs has put every symbol taken from the free list back at
        // rest; scratch entries of the symbols dropped are at rest too, newSymbol resets the others.
        for op in freeSymbolLog.reversed() {
            if let taken = op { free(taken) } else { freeSymbols.removeLast() }
        }
        freeSymbolLog.removeAll(keepingCapacity: true)
        symbolCount = savedSymbolCount
    }
}

// MARK: - Adding

extension Engine {
    enum AddOutcome {
        /// Added; the symbol is the variable the row now defines, if any.
        case added(defined: Symbol?)
        /// A required row cannot hold; the markers of the constraints it conflicts with.
        case unsatisfiable(markers: [Symbol])
    }

    /// Adds the row `0 = constant + Σ terms` of a constraint.
    ///
    /// The row becomes, in the first way that applies: the definition of a variable that
    /// nothing else uses, as written; after expansion (`expand`), the definition of a free
    /// variable it holds; a tableau row solved for a symbol that keeps the tableau feasible
    /// (`subject(of:constant:marker:other:)`); or a tableau row entered through an artificial
    /// variable (`addWithArtificialVariable`).
    ///
    /// - Parameters:
    ///   - terms: Distinct symbols: the constraint's variables and its marker symbols.
    ///   - marker: The constraint's marker: slack, dummy or positive error, coefficient -1.
    ///   - other: The constraint's second symbol (an error), if it has one.
    ///   - level, weight: What the error symbols among the two cost (`charge`).
    /// Leaves the objective un-optimised; the caller optimises once per batch. Must run inside a
    /// transaction: when the row cannot hold, the caller rolls back what this changed.
    mutating func add(constant: Double, terms: [LinearTerm], marker: Symbol, other: Symbol?,
                      level: Int, weight: Double) -> AddOutcome {
        // A variable used by nothing else can take the whole row as its definition, as written.
        for t in terms where isUnused(t.symbol) {
            define(t.symbol, coefficient: t.coefficient, constant: constant, terms: terms, canonical: false)
            charge(marker, other, level: level, weight: weight)
            return .added(defined: t.symbol)
        }
        var (k, row) = expand(constant: constant, terms: terms)
        // (Loops rather than closures: a closure would hold a copy of `kinds`, which the next
        // new symbol would then copy whole.)
        var free: LinearTerm?
        for t in row where kinds[t.symbol] == .external {
            if let f = free, f.symbol < t.symbol { continue }
            free = t
        }
        if let free {
            define(free.symbol, coefficient: free.coefficient, constant: k, terms: row, canonical: true)
            charge(marker, other, level: level, weight: weight)
            return .added(defined: free.symbol)
        }
        if k < 0 {
            k = -k
            for i in row.indices { row[i].coefficient = -row[i].coefficient }
        }
        var subject = subject(of: row, constant: k, marker: marker, other: other)
        var onlyDummies = true
        for t in row where kinds[t.symbol] != .dummy { onlyDummies = false; break }
        if subject == nil, onlyDummies {
            if k >= epsilon { return .unsatisfiable(markers: row.map(\.symbol)) }
            subject = marker  // A redundant equality: its dummy becomes basic at 0.
        }
        charge(marker, other, level: level, weight: weight)
        guard let subject else { return addWithArtificialVariable(constant: k, row: row) }
        // `0 = k + c·subject + Σ rest` solved for the subject: `subject = -k/c - Σ rest/c`.
        let c = row.first { $0.symbol == subject }!.coefficient
        row.removeAll { $0.symbol == subject }
        for i in row.indices { row[i].coefficient = -row[i].coefficient / c }
        let r = tableau.insertRow(owner: subject, constant: -k / c, terms: row)
        substitute(subject, row: r)
        return .added(defined: nil)
    }

    /// The symbol to solve the row `0 = k + Σ row` for (k ≥ 0, every symbol parametric) so that
    /// the tableau stays feasible without an artificial variable, or nil.
    ///
    /// The marker, else `other`, when it is not a dummy and its coefficient is negative: a
    /// symbol new with the row, it takes the value `k / -c ≥ 0` and moves no other row. Else
    /// `enteringWithoutArtificial`.
    @inline(__always) private func subject(of row: [LinearTerm], constant k: Double, marker: Symbol, other: Symbol?) -> Symbol? {
        if kinds[marker] != .dummy, row.contains(where: { $0.symbol == marker && $0.coefficient < 0 }) { return marker }
        if let other, row.contains(where: { $0.symbol == other && $0.coefficient < 0 }) { return other }
        return enteringWithoutArtificial(constant: k, row: row)
    }

    /// A slack or error symbol of the row `0 = k + Σ row` (k ≥ 0, every symbol non-basic)
    /// that can become the row's basic symbol at once, or nil. Solved for, a symbol `s` with
    /// coefficient `c < 0` takes the value `k / -c ≥ 0`; the rows that use `s` move by that
    /// much times their coefficient, and the choice is kept only when none of them goes
    /// negative (the simplex ratio test; the row of a basic dummy, a redundant equality, holds
    /// only dummies, so it never moves), so the tableau stays feasible and no artificial
    /// variable or phase-one pass is needed. Of those, the largest coefficient wins (the
    /// steadiest division), ties to the lowest symbol.
    private func enteringWithoutArtificial(constant k: Double, row: [LinearTerm]) -> Symbol? {
        var best: LinearTerm?
        for t in row where t.coefficient < 0 && kinds[t.symbol] != .dummy {
            if let b = best, t.coefficient > b.coefficient || (t.coefficient == b.coefficient && t.symbol > b.symbol) {
                continue
            }
            let value = k / -t.coefficient
            var feasible = true
            for cell in tableau.column(t.symbol) where tableau.constant(cell.row) + tableau.coefficient(at: cell) * value < 0 {
                feasible = false
                break
            }
            if feasible { best = t }
        }
        return best?.symbol
    }

    /// Adds the row `a = k + Σ row` (k ≥ 0) for a new artificial variable `a` and minimises `a`
    /// (phase one). The constraint holds when `a` reaches 0: `a` then leaves the basis, or its
    /// row, over dummies only, is redundant and dropped. Otherwise the row's non-error symbols
    /// are the markers of the required constraints in conflict.
    private mutating func addWithArtificialVariable(constant k: Double, row: [LinearTerm]) -> AddOutcome {
        precondition(journaling, "internal error: an artificial variable needs a transaction to undo")
        let a = newSymbol(.slack)
        tableau.insertRow(owner: a, constant: k, terms: row)
        for t in row { objective.add(objective.phaseOne, t.symbol, t.coefficient) }
        optimize(through: objective.phaseOne)
        let r = tableau.row(of: a)
        if let r, tableau.constant(r) >= epsilon {
            var markers: [Symbol] = []
            for t in tableau.terms[r] where kinds[t.symbol] != .error { markers.append(t.symbol) }
            return .unsatisfiable(markers: markers.sorted())
        }
        objective.clear(objective.phaseOne)
        if let r {
            var entering: Symbol?
            for t in tableau.terms[r] where kinds[t.symbol] != .dummy { entering = min(t.symbol, entering ?? t.symbol) }
            if let entering {
                pivot(r, entering)
            } else {
                tableau.removeRow(r)  // `a = 0 + Σ dummies`: the row is redundant.
            }
        }
        purge(a)
        return .added(defined: nil)
    }

    /// Makes `s` the owner of a definition taken from the row `0 = constant + Σ terms`.
    private mutating func define(_ s: Symbol, coefficient c: Double, constant: Double,
                                 terms: [LinearTerm], canonical: Bool) {
        let f = -1 / c
        var defTerms: [LinearTerm] = []
        defTerms.reserveCapacity(terms.count - 1)
        for t in terms where t.symbol != s { defTerms.append(LinearTerm(t.symbol, t.coefficient * f)) }
        if canonical {
            // No defined symbol on the right: rank below everything that refers to s.
            let users = definitions.column(s).map { rank[definitions.owner($0.row)] }
            rank[s] = (users.min() ?? 1) - 1
        } else {
            var r = 0
            for t in defTerms where isDefined(t.symbol) { r = max(r, rank[t.symbol]) }
            rank[s] = r + 1
        }
        definitions.insertRow(owner: s, constant: constant * f, terms: defTerms)
    }

    /// Adds `weight` to the cost of each error symbol among a constraint's marker and `other`
    /// at `level`: an error that is basic is charged through its row.
    mutating func charge(_ marker: Symbol, _ other: Symbol?, level: Int, weight: Double) {
        if kinds[marker] == .error { chargeError(marker, level: level, weight: weight) }
        if let other, kinds[other] == .error { chargeError(other, level: level, weight: weight) }
    }

    /// Adds `weight` to the cost of the error symbol `e` at `level`, through its row when basic.
    private mutating func chargeError(_ e: Symbol, level: Int, weight: Double) {
        if let r = tableau.row(of: e) {
            objective.addScaled(level, factor: weight, terms: tableau.terms[r])
        } else {
            objective.add(level, e, weight)
        }
    }
}

// MARK: - Expansion

extension Engine {
    /// Rewrites `constant + Σ terms` over symbols that are neither defined nor basic: parametric
    /// restricted symbols and free variables. The terms come out sorted by symbol, without
    /// coefficients smaller than `epsilon`.
    ///
    /// - Complexity: O(size of the definitions and rows reached). Definitions are expanded in
    ///   decreasing rank, so each is expanded once however many paths lead to it.
    mutating func expand(constant: Double, terms: [LinearTerm]) -> (constant: Double, terms: [LinearTerm]) {
        expansionScratch.expand(constant: constant, terms: terms, definitions: definitions, tableau: tableau, rank: rank)
    }
}

/// The work of `Engine.expand`, with its scratch space: an accumulator per symbol and the
/// definitions waiting to be expanded, highest rank first. At rest between calls (accumulators
/// 0, nothing touched or queued), and kept so that an expansion allocates only its result.
struct ExpansionScratch: Sendable {
    /// A definition waiting to be expanded. The highest rank goes first: a definition refers to
    /// lower ranks only, so when its turn comes every path to it has been added up.
    private struct Queued: Comparable {
        var rank: Int
        var symbol: Symbol

        static func < (a: Queued, b: Queued) -> Bool { (a.rank, a.symbol) < (b.rank, b.symbol) }
    }

    /// Per symbol: its coefficient so far. A symbol touched is never at exactly 0 (it keeps
    /// the smallest magnitude instead), so that 0 means untouched.
    private var accumulator: [Double] = []
    /// The symbols with a coefficient, in the order they were touched.
    private var touched: [Symbol] = []
    /// Per symbol: whether its definition is in `heap`.
    private var queued: [Bool] = []
    /// A max-heap of the definitions to expand.
    private var heap: [Queued] = []

    /// Makes room for `capacity` symbols.
    mutating func grow(to capacity: Int) {
        accumulator.extend(to: capacity, with: 0)
        queued.extend(to: capacity, with: false)
    }

    /// `Engine.expand` over the engine's definitions, tableau and ranks.
    mutating func expand(constant: Double, terms: [LinearTerm], definitions: SparseMatrix, tableau: SparseMatrix,
                         rank: [Int]) -> (constant: Double, terms: [LinearTerm]) {
        var k = constant
        for t in terms { accumulate(t.symbol, t.coefficient, definitions: definitions, rank: rank) }
        while !heap.isEmpty {
            let x = pop()
            let c = accumulator[x]
            accumulator[x] = .leastNonzeroMagnitude
            queued[x] = false
            let r = definitions.row(of: x)!
            k += c * definitions.constant(r)
            for t in definitions.terms[r] { accumulate(t.symbol, c * t.coefficient, definitions: definitions, rank: rank) }
        }
        var i = 0
        while i < touched.count {
            let s = touched[i]
            i += 1
            guard let r = tableau.row(of: s) else { continue }
            let c = accumulator[s]
            accumulator[s] = .leastNonzeroMagnitude
            k += c * tableau.constant(r)
            for t in tableau.terms[r] { accumulate(t.symbol, c * t.coefficient, definitions: definitions, rank: rank) }
        }
        var out: [LinearTerm] = []
        out.reserveCapacity(touched.count)
        for s in touched {
            let c = accumulator[s]
            accumulator[s] = 0
            if abs(c) >= epsilon, !definitions.isOwner(s), !tableau.isOwner(s) { out.append(LinearTerm(s, c)) }
        }
        touched.removeAll(keepingCapacity: true)
        out.sort { $0.symbol < $1.symbol }
        return (k, out)
    }

    /// Adds `c` to the coefficient of `s`, queueing its definition if it has one.
    @inline(__always) private mutating func accumulate(_ s: Symbol, _ c: Double, definitions: SparseMatrix, rank: [Int]) {
        if accumulator[s] == 0 { touched.append(s) }
        accumulator[s] += c
        if accumulator[s] == 0 { accumulator[s] = .leastNonzeroMagnitude }  // keep it listed
        if !queued[s], definitions.isOwner(s) { push(s, rank: rank[s]) }
    }

    private mutating func push(_ s: Symbol, rank: Int) {
        queued[s] = true
        heap.append(Queued(rank: rank, symbol: s))
        var i = heap.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if heap[p] < heap[i] { heap.swapAt(p, i); i = p } else { break }
        }
    }

    private mutating func pop() -> Symbol {
        let top = heap[0].symbol
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
}

// MARK: - Simplex

extension Engine {
    // MARK: Pivoting

    /// Exchanges the basic symbol of row `r` for `entering`.
    ///
    /// - Precondition: `entering` is parametric and in row `r`.
    /// - Postcondition: `entering` owns row `r` and appears in no other tableau row nor in the
    ///   objective; the old owner is parametric. The definitions are left as they are.
    mutating func pivot(_ r: Row, _ entering: Symbol) {
        tableau.solve(r, for: entering)
        substitute(entering, row: r)
    }

    /// Replaces the basic symbol `subject` (row `r`) in every other tableau row and the objective,
    /// listing the rows it makes negative for `dualOptimize`.
    ///
    /// A long row whose subject sits in exactly two other rows, one long and one short, is the
    /// pattern of a dual-simplex pass through a row that holds every view of a stack: each pivot
    /// hands the long expression from one view's rows to the next, the long row cancelling and
    /// the short one taking it. Those two trade storage (`addScaledExchanging`) instead of
    /// moving every term between columns, when the long one does cancel.
    mutating func substitute(_ subject: Symbol, row r: Row) {
        let k = tableau.constant(r)
        let source = tableau.terms[r]
        if source.count >= 32 && tableau.columnCount(subject) == 2 {
            let one = tableau.removeCell(of: subject, at: 1), two = tableau.removeCell(of: subject, at: 0)
            let (long, short) = tableau.terms[one.row].count >= tableau.terms[two.row].count ? (one, two) : (two, one)
            let longCount = tableau.terms[long.row].count
            if 2 * longCount >= source.count && 4 * tableau.terms[short.row].count <= longCount
                && tableau.addScaledExchanging(long.row, long.coefficient, short.row, short.coefficient,
                                               constant: k, source: source) {
                noteSign(long.row)
                noteSign(short.row)
            } else {
                merge(into: long.row, long.coefficient, constant: k, source: source)
                merge(into: short.row, short.coefficient, constant: k, source: source)
            }
        }
        while let (row, c) = tableau.popCell(of: subject) { merge(into: row, c, constant: k, source: source) }
        objective.substitute(subject, terms: source)
    }

    /// `row += c · (k + Σ source)`, then `noteSign`.
    @inline(__always) private mutating func merge(into row: Row, _ c: Double, constant k: Double,
                                                  source: [SparseMatrix.Term]) {
        tableau.addScaled(into: row, factor: c, constant: k, source: source)
        noteSign(row)
    }

    /// Lists the owner of a tableau row for `dualOptimize` when the row's constant is negative.
    @inline(__always) private mutating func noteSign(_ row: Row) {
        if tableau.constant(row) < -epsilon { infeasible.insert(tableau.owner(row)) }
    }

    // MARK: Primal simplex

    /// Primal simplex: minimises the objective's levels `0…lastLevel` lexicographically, one
    /// pivot at a time (`enteringSymbol`, `leavingRow`, `pivot`), from a feasible tableau.
    ///
    /// The entering and leaving rules are Bland's (lowest-numbered symbols first), so it cannot
    /// cycle and makes the same pivots whatever order the rows are stored in.
    /// - Returns: false when some level was unbounded below (only the exploration level can be).
    @discardableResult
    mutating func optimize(through lastLevel: Int) -> Bool {
        var bounded = true
        while let entering = enteringSymbol(through: lastLevel) {
            if let r = leavingRow(for: entering) {
                pivot(r, entering)
                continue
            }
            // The user levels are bounded below by zero, so a blocking row exists there; without
            // one, the level probed is unbounded (or rounding made the cost spurious): drop it.
            bounded = false
            for l in 0...lastLevel { objective.set(l, entering, 0) }
        }
        return bounded
    }

    /// Minimises every level of the objective.
    @discardableResult
    mutating func optimize() -> Bool { optimize(through: objective.levels.count - 1) }

    /// The primal simplex's entering symbol: the lowest-numbered parametric, non-dummy symbol
    /// whose reduced cost vector through `lastLevel` is negative (`Objective.improves`), or nil
    /// when the objective is minimal.
    ///
    /// Only symbols whose costs changed since the list was last cleared (`Objective.changed`)
    /// can have started to improve; when optimising every level, a candidate that does not
    /// improve leaves the list. In phase one the artificial variable's level lists every
    /// candidate itself.
    @inline(__always) private mutating func enteringSymbol(through lastLevel: Int) -> Symbol? {
        let full = lastLevel == objective.levels.count - 1
        var entering: Symbol?
        if lastLevel == objective.phaseOne {
            // Phase one improves only the artificial variable's level: its support holds
            // every candidate (the changed list may hold a whole batch's symbols).
            for s in objective.levels[objective.phaseOne].support
            where kinds[s] != .dummy && !isBasic(s) && objective.improves(s, through: lastLevel) {
                entering = min(s, entering ?? s)
            }
            return entering
        }
        var i = 0
        while i < objective.changed.count {
            let s = objective.changed[i]
            if kinds[s] != .dummy && !isBasic(s) && objective.improves(s, through: lastLevel) {
                entering = min(s, entering ?? s)
                i += 1
            } else if full {
                // It can only start to improve when its costs change, which lists it again.
                objective.dropChanged(at: i)
            } else {
                i += 1
            }
        }
        return entering
    }

    /// The primal simplex's leaving row for `entering`: of the rows where it has a negative
    /// coefficient, the one that blocks it first (minimum ratio `constant / -coefficient`), ties
    /// to the lowest-numbered owner; nil when no row blocks it (the objective is unbounded
    /// along it).
    @inline(__always) private func leavingRow(for entering: Symbol) -> Row? {
        var best: (row: Row, ratio: Double, owner: Symbol)?
        for cell in tableau.column(entering) {
            let c = tableau.coefficient(at: cell)
            if c >= 0 { continue }
            let ratio = tableau.constant(cell.row) / -c
            let owner = tableau.owner(cell.row)
            if let b = best, ratio > b.ratio || (ratio == b.ratio && owner > b.owner) { continue }
            best = (cell.row, ratio, owner)
        }
        return best?.row
    }

    // MARK: Dual simplex

    /// Dual simplex: restores feasibility after constants changed, keeping optimality, one pivot
    /// at a time (`dualLeavingRow`, `dualEnteringSymbol`, `pivot`).
    /// - Returns: false when some required row cannot be made feasible.
    mutating func dualOptimize() -> Bool {
        // The dual simplex keeps the objective optimal: what it changes is no candidate.
        defer { infeasible.clear(); objective.clearChanged() }
        while let r = dualLeavingRow() {
            guard let entering = dualEnteringSymbol(in: r) else { return false }
            pivot(r, entering)
        }
        return !infeasible.inconsistent
    }

    /// The dual simplex's leaving row: of the rows listed infeasible, the most negative, ties to
    /// the lowest-numbered owner; nil when every row is feasible. Drops from the list the rows
    /// that are feasible now.
    @inline(__always) private mutating func dualLeavingRow() -> Row? {
        var leaving: (row: Row, value: Double, owner: Symbol)?
        var i = 0
        while i < infeasible.symbols.count {
            let s = infeasible.symbols[i]
            guard let r = tableau.row(of: s), tableau.constant(r) < -epsilon else {
                infeasible.remove(at: i)
                continue
            }
            let v = tableau.constant(r)
            i += 1
            if let l = leaving, v > l.value || (v == l.value && s > l.owner) { continue }
            leaving = (r, v, s)
        }
        return leaving?.row
    }

    /// The dual simplex's entering symbol for the infeasible row `r`: of its non-dummy symbols
    /// with a positive coefficient (those whose increase raises the row), the one with the
    /// least ratio of reduced cost to coefficient, compared level by level
    /// (`Objective.ratioOrder`), ties to the lowest-numbered symbol; so the objective stays
    /// optimal. Nil when there is none: the row cannot be made feasible.
    @inline(__always) private func dualEnteringSymbol(in r: Row) -> Symbol? {
        var entering: LinearTerm?
        for t in tableau.terms[r] where t.coefficient > 0 && kinds[t.symbol] != .dummy {
            if let e = entering {
                let order = objective.ratioOrder(t.symbol, t.coefficient, e.symbol, e.coefficient)
                if order > 0 || (order == 0 && t.symbol > e.symbol) { continue }
            }
            entering = t.linear
        }
        return entering?.symbol
    }

    // MARK: Constants

    /// Changes the constant of the constraint whose marker is `m`: every equation is rewritten
    /// with `m_old = m_new + t`. Leaves infeasible rows for `dualOptimize`.
    mutating func shift(_ m: Symbol, by t: Double) {
        if let r = tableau.row(of: m) {
            tableau.addToConstant(r, -t)
            checkShifted(r)
        } else {
            for cell in tableau.column(m) {
                tableau.addToConstant(cell.row, tableau.coefficient(at: cell) * t)
                checkShifted(cell.row)
            }
        }
        for cell in definitions.column(m) {
            definitions.addToConstant(cell.row, definitions.coefficient(at: cell) * t)
        }
    }

    /// Notes a shifted row: infeasible when negative, inconsistent when a dummy's row (a
    /// redundant required equality) leaves 0.
    private mutating func checkShifted(_ r: Row) {
        let owner = tableau.owner(r), v = tableau.constant(r)
        if kinds[owner] == .dummy, abs(v) >= epsilon { infeasible.inconsistent = true }
        if v < -epsilon { infeasible.insert(owner) }
    }
}

/// The basic symbols whose rows may have gone negative, each listed once: the work list of the
/// dual simplex. Empty between operations.
struct InfeasibleRows: Sendable {
    private(set) var symbols: [Symbol] = []
    /// Per symbol: whether it is in `symbols`.
    private var listed: [Bool] = []
    /// Set when a constant change makes a redundant required equality false.
    var inconsistent = false

    /// Makes room for `capacity` symbols.
    mutating func grow(to capacity: Int) { listed.extend(to: capacity, with: false) }

    /// Lists `s`, unless it is listed.
    @inline(__always) mutating func insert(_ s: Symbol) {
        if !listed[s] { listed[s] = true; symbols.append(s) }
    }

    /// Removes the symbol at `index` (the last one takes its place).
    mutating func remove(at index: Int) {
        listed[symbols[index]] = false
        symbols.swapAt(index, symbols.count - 1)
        symbols.removeLast()
    }

    /// Empties the list and forgets an inconsistency.
    mutating func clear() {
        for s in symbols where s.index < listed.count { listed[s] = false }
        symbols.removeAll(keepingCapacity: true)
        inconsistent = false
    }
}

// MARK: - Removing

extension Engine {
    /// Removes the constraint with marker `m` (and `other`): makes `m` basic in some equation,
    /// rewrites every other equation without it, and drops that equation.
    ///
    /// - Parameters:
    ///   - level, weight: What the constraint's error symbols cost (as `add` charged them).
    ///   - hint: The variable the constraint's row defined when it was added, if any: the
    ///     definition to solve for `m` when only definitions hold it.
    /// Leaves the objective un-optimised; the caller optimises once per batch.
    mutating func remove(marker m: Symbol, other: Symbol?, level: Int, weight: Double, defined hint: Symbol?) {
        charge(m, other, level: level, weight: -weight)
        if !isBasic(m), let r = markerLeavingRow(m) { pivot(r, m) }
        if let r = tableau.row(of: m) {
            let k = tableau.constant(r), source = tableau.terms[r]
            while let (row, c) = definitions.popCell(of: m) {
                definitions.addScaled(into: row, factor: c, constant: k, source: source)
            }
            tableau.removeRow(r)
        } else if definitions.columnCount(m) > 0 {
            release(m, preferring: hint)
        }
        // The errors are the marker and `other`; nothing else of the constraint can remain.
        purge(m)
        if let other { purge(other) }
    }

    /// The row to pivot a parametric marker into: the one that keeps every row feasible; nil
    /// when no tableau row holds it.
    ///
    /// A row owned by a dummy (a redundant required equality, over dummies only, at 0) comes
    /// first: pivoting there moves no constant, whereas pivoting anywhere else at a nonzero
    /// ratio would move that dummy off 0 and silently drop the equality it stands for. Then
    /// the least ratio `constant / -coefficient` among the rows where `m` has a negative
    /// coefficient (they block `m` as it grows), then the least `constant / coefficient` among
    /// the others; ties to the lowest-numbered owner.
    @inline(__always) private func markerLeavingRow(_ m: Symbol) -> Row? {
        typealias Candidate = (row: Row, ratio: Double, owner: Symbol)
        var dummy: Candidate?, blocking: Candidate?, other: Candidate?
        // Whether `ratio` at `owner` comes before `best`.
        func precedes(_ ratio: Double, _ owner: Symbol, _ best: Candidate?) -> Bool {
            guard let best else { return true }
            return ratio < best.ratio || (ratio == best.ratio && owner < best.owner)
        }
        for cell in tableau.column(m) {
            let c = tableau.coefficient(at: cell)
            let k = tableau.constant(cell.row), owner = tableau.owner(cell.row)
            if kinds[owner] == .dummy {
                if precedes(0, owner, dummy) { dummy = (cell.row, 0, owner) }
            } else if c < 0 {
                if precedes(-k / c, owner, blocking) { blocking = (cell.row, -k / c, owner) }
            } else {
                if precedes(k / c, owner, other) { other = (cell.row, k / c, owner) }
            }
        }
        return dummy?.row ?? blocking?.row ?? other?.row
    }

    /// Removes marker `m` that only definitions hold: one of them, made canonical, is solved for
    /// `m` and substituted into the others; its variable becomes free.
    ///
    /// The definition of `hint` is tried first, then the lowest-numbered owner's; a definition
    /// whose canonical form has lost `m` is kept so and the next is tried.
    private mutating func release(_ m: Symbol, preferring hint: Symbol?) {
        if definitions.columnCount(m) == 1 {
            // Only one equation holds m: dropping it removes the constraint, nothing to rewrite.
            definitions.removeRow(definitions.column(m).first!.row)
            return
        }
        var candidate: Symbol?
        if let hint, let r = definitions.row(of: hint), definitions.coefficient(r, m) != 0 { candidate = hint }
        var chosen: (owner: Symbol, row: Row)
        while true {
            guard let x = candidate ?? definitions.column(m).map({ definitions.owner($0.row) }).min() else { return }
            let r = definitions.row(of: x)!
            let (k, canonical) = expand(constant: definitions.constant(r), terms: definitions.terms[r].map(\.linear))
            definitions.replaceRow(r, constant: k, terms: canonical)
            if definitions.coefficient(r, m) != 0 {
                chosen = (x, r)
                break
            }
            candidate = nil
        }
        // x = k + c·m + R  ⇒  m = (x - k - R) / c
        let r = chosen.row
        let c = definitions.removeSymbol(r, m)
        let k = definitions.constant(r)
        var source = definitions.terms[r].map { SparseMatrix.Term.unlinked($0.symbol, -$0.coefficient / c) }
        source.append(.unlinked(chosen.owner, 1 / c))
        definitions.removeRow(r)
        while let (row, a) = definitions.popCell(of: m) {
            definitions.addScaled(into: row, factor: a, constant: -k / c, source: source)
        }
    }

    /// Removes every remaining trace of a symbol that no constraint uses any more, and frees it.
    mutating func purge(_ s: Symbol) {
        if let r = tableau.row(of: s) { tableau.removeRow(r) }
        while tableau.popCell(of: s) != nil {}
        while definitions.popCell(of: s) != nil {}
        for l in objective.levels.indices { objective.set(l, s, 0) }
        free(s)
    }
}

// MARK: - Values

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
        for id in 0..<Int32(values.count) {
            let s = Symbol(id), r = tableau.rowOfOwner[s]
            let v = r.isAbsent ? 0 : tableau.constants[r]
            if kinds[s] == .external && tags[s] != Engine.untagged && (s.index >= known || values[s] != v) { changed.append(s) }
            values[s] = v
        }
        for x in order {
            let sum = definitionValue(x, values)
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
        for s in tableau.changedOwners where s.index < symbolCount {
            for cell in definitions.column(s) where !affectedScratch.note(definitions.owner(cell.row), limit: limit) {
                return nil
            }
        }
        for x in definitions.changedOwners where x.index < symbolCount && isDefined(x) {
            if !affectedScratch.note(x, limit: limit) { return nil }
        }
        var i = 0
        while i < affectedScratch.symbols.count {
            for cell in definitions.column(affectedScratch.symbols[i])
            where !affectedScratch.note(definitions.owner(cell.row), limit: limit) {
                return nil
            }
            i += 1
        }
        return affectedScratch.symbols.sorted { rank[$0] < rank[$1] }
    }

    /// A defined symbol's value from the values of the symbols its definition uses.
    @inline(__always) private func definitionValue(_ x: Symbol, _ values: [Double]) -> Double {
        let r = definitions.rowOfOwner[x]
        var sum = definitions.constants[r]
        for t in definitions.terms[r] { sum += t.coefficient * values[t.symbol] }
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
        for x in list {
            let sum = definitionValue(x, values)
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
    mutating func start() { symbols.removeAll(keepingCapacity: true) }

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
