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
            do {
                // A slice of the tableau's pool, read into the definitions (another matrix), and
                // let go before the tableau changes.
                let k = tableau.constant(r), source = tableau.terms[r]
                while let (row, c) = definitions.popCell(of: m) {
                    definitions.addScaled(into: row, factor: c, constant: k, source: source)
                }
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
        for l in 0..<objective.levelCount where objective.coefficient(l, s) != 0 { objective.set(l, s, 0) }
        free(s)
    }
}
