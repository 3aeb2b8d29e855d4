extension SparseMatrix {
    /// The structural faults of the matrix: cross-links, owners and coefficients.
    func faults(_ name: String) -> [String] {
        var out: [String] = []
        for r in owners.indices where owners[r] >= 0 {
            if rowOfOwner[Int(owners[r])] != Int32(r) { out.append("\(name) row \(r): owner \(owners[r]) does not point back") }
            var seen = Set<Int32>()
            for (k, t) in terms[r].enumerated() {
                if !seen.insert(t.symbol).inserted { out.append("\(name) row \(r): symbol \(t.symbol) twice") }
                if abs(t.coefficient) < epsilon || !t.coefficient.isFinite {
                    out.append("\(name) row \(r): coefficient \(t.coefficient) of \(t.symbol)")
                }
                let s = Int(t.symbol), slot = Int(t.cellSlot)
                if slot >= columns.count(s) || columns[s, slot].row != Int32(r) || columns[s, slot].termSlot != Int32(k) {
                    out.append("\(name) row \(r): term \(k) has a broken cell link")
                }
            }
            if !constants[r].isFinite { out.append("\(name) row \(r): constant \(constants[r])") }
        }
        for s in 0..<columns.listCount {
            for (j, cell) in columns[s].enumerated() {
                let row = Int(cell.row)
                if row >= owners.count || owners[row] < 0 || Int(cell.termSlot) >= terms[row].count
                    || terms[row][Int(cell.termSlot)].symbol != Int32(s) || terms[row][Int(cell.termSlot)].cellSlot != Int32(j) {
                    out.append("\(name) column \(s): cell \(j) has a broken row link")
                }
            }
        }
        for (s, r) in rowOfOwner.enumerated() where r >= 0 && owners[Int(r)] != Int32(s) {
            out.append("\(name) symbol \(s): owns row \(r), which names \(owners[Int(r)])")
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
        for r in tableau.rowIDs {
            let owner = tableau.owner(r)
            if kinds[Int(owner)] == .external { out.append("tableau row \(r): owned by external symbol \(owner)") }
            for t in tableau.terms[Int(r)] {
                if kinds[Int(t.symbol)] == .external { out.append("tableau row \(r): holds external symbol \(t.symbol)") }
                // A basic dummy stands for a redundant required equality: its row relates dummies only.
                if kinds[Int(owner)] == .dummy, kinds[Int(t.symbol)] != .dummy {
                    out.append("tableau row \(r): dummy row holds \(kinds[Int(t.symbol)]) symbol \(t.symbol)")
                }
                if isBasic(t.symbol) { out.append("tableau row \(r): holds basic symbol \(t.symbol)") }
            }
            let k = tableau.constant(r)
            if k < -epsilon { out.append("tableau row \(r): infeasible constant \(k)") }
            if kinds[Int(owner)] == .dummy, abs(k) >= epsilon { out.append("tableau row \(r): dummy at \(k)") }
        }
        for r in definitions.rowIDs {
            let owner = definitions.owner(r)
            if kinds[Int(owner)] != .external { out.append("definition \(r): owned by restricted symbol \(owner)") }
            for t in definitions.terms[Int(r)] where isDefined(t.symbol) && rank[Int(t.symbol)] >= rank[Int(owner)] {
                out.append("definition of \(owner): uses \(t.symbol) of rank \(rank[Int(t.symbol)]) ≥ \(rank[Int(owner)])")
            }
        }
        for (l, level) in objective.levels.enumerated() {
            if level.slot.count < symbolCount { out.append("objective level \(l): \(level.slot.count) slots") }
            if level.coefficients.count != level.support.count { out.append("objective level \(l): coefficients and support differ in length") }
            for (at, s) in level.support.enumerated() {
                if level.slot[Int(s)] != Int32(at) { out.append("objective level \(l): \(s) has slot \(level.slot[Int(s)]), not \(at)") }
                if level[s] == 0 { out.append("objective level \(l): zero \(s) in support") }
                if kinds[Int(s)] == .external { out.append("objective level \(l): holds external \(s)") }
                if isBasic(s) { out.append("objective level \(l): holds basic \(s)") }
            }
            let listed = level.slot.prefix(symbolCount).filter { $0 >= 0 }.count
            if listed != level.support.count { out.append("objective level \(l): \(listed) slots for \(level.support.count) symbols") }
        }
        var free = Set<Int32>()
        for s in freeSymbols {
            if !free.insert(s).inserted || Int(s) >= symbolCount { out.append("free symbol \(s) listed twice or out of range"); continue }
            if isBasic(s) || isDefined(s) || !tableau.columns[Int(s)].isEmpty || !definitions.columns[Int(s)].isEmpty
                || objective.levels.contains(where: { $0[s] != 0 }) || tags[Int(s)] >= 0 {
                out.append("free symbol \(s) still in use")
            }
        }
        if !objective.levels[objective.phaseOne].support.isEmpty { out.append("phase-one level not cleared") }
        if !objective.levels[objective.exploration].support.isEmpty { out.append("exploration level not cleared") }
        if optimal {
            for s in 0..<Int32(symbolCount) where kinds[Int(s)] != .dummy && !isBasic(s)
                && objective.improves(s, through: objective.levels.count - 1) {
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
            if free.contains(r.marker) || free.contains(r.other) { out.append("constraint \(id) uses a free symbol") }
            var net: [UInt64: Double] = [:]
            for t in r.constraint.expression.terms { net[t.variable.id, default: 0] += t.coefficient }
            for (v, c) in net where abs(c) >= epsilon && symbols[v] == nil { out.append("constraint \(id) mentions forgotten variable \(v)") }
        }
        let live = records.filter { !$0.isVacant }.count
        if slots.count != live { out.append("\(slots.count) slots for \(live) records") }
        for (id, s) in symbols.entries where variableList[Int(engine.tags[Int(s)])]?.id != id { out.append("variable \(id) not registered") }
        if symbols.count != variableList.count(where: { $0 != nil }) { out.append("\(symbols.count) variables, a list of \(variableList.count(where: { $0 != nil }))") }
        for (id, s) in symbols.entries where engine.isUnused(s) { out.append("variable \(id) is used by no constraint") }
        return out
    }
}
