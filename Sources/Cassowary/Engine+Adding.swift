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
        defer { expansionScratch.recycle(row) }
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
        let r = tableau.insertRow(owner: subject, constant: -k / c, terms: row, dividedBy: -c, omitting: subject)
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
        if canonical {
            // No defined symbol on the right: rank below everything that refers to s.
            var lowest: Int32?
            for cell in definitions.column(s) { lowest = min(lowest ?? .max, rank[definitions.owner(cell.row)]) }
            rank[s] = (lowest ?? 1) - 1
        } else {
            var r: Int32 = 0
            for t in terms where t.symbol != s && isDefined(t.symbol) { r = max(r, rank[t.symbol]) }
            rank[s] = r + 1
        }
        definitions.insertRow(owner: s, constant: constant * (-1 / c), terms: terms, dividedBy: -c, omitting: s)
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
