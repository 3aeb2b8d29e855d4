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
        var source = substitutionSource
        substitutionSource = []
        tableau.terms.copy(r.index, into: &source)
        defer { substitutionSource = source }
        if source.count >= 32 && tableau.columnCount(subject) == 2 {
            let one = tableau.removeCell(of: subject, at: 1), two = tableau.removeCell(of: subject, at: 0)
            let (long, short) = tableau.terms.count(one.row.index) >= tableau.terms.count(two.row.index) ? (one, two) : (two, one)
            let longCount = tableau.terms.count(long.row.index)
            if 2 * longCount >= source.count && 4 * tableau.terms.count(short.row.index) <= longCount
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
    mutating func optimize() -> Bool { optimize(through: objective.levelCount - 1) }

    /// The primal simplex's entering symbol: the lowest-numbered parametric, non-dummy symbol
    /// whose reduced cost vector through `lastLevel` is negative (`Objective.improves`), or nil
    /// when the objective is minimal.
    ///
    /// Only symbols whose costs changed since the list was last cleared (`Objective.changed(at:)`)
    /// can have started to improve; when optimising every level, a candidate that does not
    /// improve leaves the list. In phase one the artificial variable's level lists every
    /// candidate itself.
    @inline(__always) private mutating func enteringSymbol(through lastLevel: Int) -> Symbol? {
        let full = lastLevel == objective.levelCount - 1
        var entering: Symbol?
        if lastLevel == objective.phaseOne {
            // Phase one improves only the artificial variable's level: its support holds
            // every candidate (the changed list may hold a whole batch's symbols).
            for i in 0..<objective.supportCount(ofLevel: objective.phaseOne) {
                let s = objective.support(ofLevel: objective.phaseOne, at: i)
                if kinds[s] != .dummy && !isBasic(s) && objective.improves(s, through: lastLevel) {
                    entering = min(s, entering ?? s)
                }
            }
            return entering
        }
        var i = 0
        while i < objective.changedCount {
            let s = objective.changed(at: i)
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
            // By index: a column held as a slice cost a retain and a release of the pool's
            // memory per call, a good part of a small system's step.
            for k in 0..<tableau.columnCount(m) {
                let cell = tableau.cell(of: m, at: k)
                tableau.addToConstant(cell.row, tableau.coefficient(at: cell) * t)
                checkShifted(cell.row)
            }
        }
        for k in 0..<definitions.columnCount(m) {
            let cell = definitions.cell(of: m, at: k)
            definitions.addToConstant(cell.row, definitions.coefficient(at: cell) * t)
        }
    }

    /// Notes a shifted row: infeasible when negative, inconsistent when a dummy's row (a
    /// redundant required equality) leaves 0.
    @inline(__always) private mutating func checkShifted(_ r: Row) {
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
        symbols.removeAllKeepingCapacity()
        inconsistent = false
    }
}
