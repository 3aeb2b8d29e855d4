extension SparseMatrix {
    /// The structural faults of the matrix: cross-links, owners and coefficients.
    func faults(_ name: String) -> [String] {
        var out: [String] = []
        for r in rows {
            if rowOfOwner[owner(r)] != r { out.append("\(name) row \(r): owner \(owner(r)) does not point back") }
            var seen = Set<Symbol>()
            for (k, t) in terms[r].enumerated() {
                if !seen.insert(t.symbol).inserted { out.append("\(name) row \(r): symbol \(t.symbol) twice") }
                if abs(t.coefficient) < epsilon || !t.coefficient.isFinite {
                    out.append("\(name) row \(r): coefficient \(t.coefficient) of \(t.symbol)")
                }
                let s = t.symbol.index, slot = Int(t.cellSlot)
                if slot >= columns.count(s) || columns[s, slot].row != r || columns[s, slot].termSlot != Int32(k) {
                    out.append("\(name) row \(r): term \(k) has a broken cell link")
                }
            }
            if !constant(r).isFinite { out.append("\(name) row \(r): constant \(constant(r))") }
        }
        for s in (0..<columns.listCount).map(Symbol.init) {
            for (j, cell) in column(s).enumerated() {
                let row = cell.row, slot = Int(cell.termSlot)
                if row.index >= owners.count || owners[row].isAbsent || slot >= terms.count(row.index)
                    || terms[row.index, slot].symbol != s || terms[row.index, slot].cellSlot != Int32(j) {
                    out.append("\(name) column \(s): cell \(j) has a broken row link")
                }
            }
        }
        for (i, r) in rowOfOwner.enumerated() where !r.isAbsent && owners[r] != Symbol(i) {
            out.append("\(name) symbol \(Symbol(i)): owns row \(r), which names \(owners[r])")
        }
        return out
    }
}

extension Engine {
    /// Every broken invariant of the engine, as readable sentences; empty when all hold.
    ///
    /// - Parameter optimal: Also check that no symbol can improve the objective (true after
    ///   every public operation).
    func invariantFaults(optimal: Bool = true) -> [String] {
        var out = tableau.faults("tableau") + definitions.faults("definitions")
        for r in tableau.rows {
            let owner = tableau.owner(r)
            if kinds[owner] == .external { out.append("tableau row \(r): owned by external symbol \(owner)") }
            for t in tableau.terms[r] {
                if kinds[t.symbol] == .external { out.append("tableau row \(r): holds external symbol \(t.symbol)") }
                // A basic dummy stands for a redundant required equality: its row relates dummies only.
                if kinds[owner] == .dummy, kinds[t.symbol] != .dummy {
                    out.append("tableau row \(r): dummy row holds \(kinds[t.symbol]) symbol \(t.symbol)")
                }
                if isBasic(t.symbol) { out.append("tableau row \(r): holds basic symbol \(t.symbol)") }
            }
            let k = tableau.constant(r)
            if k < -epsilon { out.append("tableau row \(r): infeasible constant \(k)") }
            if kinds[owner] == .dummy, abs(k) >= epsilon { out.append("tableau row \(r): dummy at \(k)") }
        }
        for r in definitions.rows {
            let owner = definitions.owner(r)
            if kinds[owner] != .external { out.append("definition \(r): owned by restricted symbol \(owner)") }
            for t in definitions.terms[r] where isDefined(t.symbol) && rank[t.symbol] >= rank[owner] {
                out.append("definition of \(owner): uses \(t.symbol) of rank \(rank[t.symbol]) ≥ \(rank[owner])")
            }
        }
        out += objective.faults(symbolCount: symbolCount)
        for l in 0..<objective.levelCount {
            for i in 0..<objective.supportCount(ofLevel: l) {
                let s = objective.support(ofLevel: l, at: i)
                if kinds[s] == .external { out.append("objective level \(l): holds external \(s)") }
                if isBasic(s) { out.append("objective level \(l): holds basic \(s)") }
            }
        }
        var free = Set<Symbol>()
        for s in freeSymbols {
            if !free.insert(s).inserted || s.index >= symbolCount { out.append("free symbol \(s) listed twice or out of range"); continue }
            if isBasic(s) || isDefined(s) || tableau.columnCount(s) > 0 || definitions.columnCount(s) > 0
                || (0..<objective.levelCount).contains(where: { objective.coefficient($0, s) != 0 }) || tags[s] != Engine.untagged {
                out.append("free symbol \(s) still in use")
            }
        }
        if objective.supportCount(ofLevel: objective.phaseOne) > 0 { out.append("phase-one level not cleared") }
        if objective.supportCount(ofLevel: objective.exploration) > 0 { out.append("exploration level not cleared") }
        if optimal {
            for s in (0..<symbolCount).map(Symbol.init) where kinds[s] != .dummy && !isBasic(s)
                && objective.improves(s, through: objective.levelCount - 1) {
                out.append("not optimal: symbol \(s) improves the objective")
            }
        }
        return out
    }
}

extension Solver {
    /// Every broken invariant of the solver's tableau, definitions and objective; empty when all
    /// hold. The tests run this after every operation, and so does the solver's fuzz target
    /// (hence `package`).
    package func invariantFaults() -> [String] {
        var out = engine.invariantFaults()
        let free = Set(engine.freeSymbols)
        for (id, slot) in slots.entries {
            let r = records[Int(slot)]
            guard !r.isVacant, r.constraint.id == id, owner(ofMarker: r.marker) == r.constraint else {
                out.append("constraint \(id) not registered"); continue
            }
            if free.contains(r.marker) || r.other.map(free.contains) == true { out.append("constraint \(id) uses a free symbol") }
            var net: [UInt64: Double] = [:]
            for t in r.constraint.expression.terms { net[t.variable.id, default: 0] += t.coefficient }
            for (v, c) in net where abs(c) >= epsilon && symbols[v] == nil { out.append("constraint \(id) mentions forgotten variable \(v)") }
        }
        let live = records.filter { !$0.isVacant }.count
        if slots.count != live { out.append("\(slots.count) slots for \(live) records") }
        for (id, s) in symbols.entries where variableList[Int(engine.tags[s])]?.id != id { out.append("variable \(id) not registered") }
        if symbols.count != variableList.count(where: { $0 != nil }) { out.append("\(symbols.count) variables, a list of \(variableList.count(where: { $0 != nil }))") }
        for (id, s) in symbols.entries where engine.isUnused(s) { out.append("variable \(id) is used by no constraint") }
        return out
    }
}
