import Cassowary

extension LayoutEngine {
    /// Every broken invariant of the engine's bookkeeping, with the solver's own
    /// (`Solver.invariantFaults()`); empty when all hold. The tests run it after every
    /// operation of random sequences.
    ///
    /// - Each solver constraint is recorded for the layout constraint that made it, or is a
    ///   view's implicit bound, or waits for removal at the next pass; each recorded one is in
    ///   the solver ("one owner record per solver constraint").
    /// - A recorded layout constraint is active in this engine; its solver constraints have the
    ///   relations and strengths it would make now (below required once broken) and the
    ///   constants it has now (unless a change waits for the next pass).
    /// - Complexity: O(constraints of the engine), plus the solver's check.
    package func invariantFaults() -> [String] {
        var out = solver.invariantFaults()
        var allowed = Set(toRemove.map(\.id))
        if let root {
            forEachView(root) { v in
                for b in v.background { allowed.insert(b.id) }
                for g in v.layoutGuides { for b in g.background { allowed.insert(b.id) } }
            }
        }
        out += ownership.faults(against: solver, background: allowed)
        let pending = Set(toChange.map(ObjectIdentifier.init))
        for record in ownership.records {
            let c = record.owner
            if c.engine !== self { out.append("\(c) is recorded, but not active in this engine") }
            let expected = makeSolverConstraints(c)
            if expected.map(\.relation) != record.constraints.map(\.relation) || expected.map(\.strength) != record.constraints.map(\.strength) {
                out.append("\(c)\(c.isBroken ? " (broken)" : "") is held as \(record.constraints), not as \(expected)")
            }
            if !pending.contains(ObjectIdentifier(c)) {
                var moves: [(id: UInt64, constant: Double)] = []
                ownership.appendMoves(for: c, to: &moves)
                for (s, move) in zip(record.constraints, moves) where solver.constant(of: s) != move.constant {
                    out.append("\(c) has constant \(c.constant), but the solver holds \(s) at \(solver.constant(of: s).map { "\($0)" } ?? "none")")
                }
            }
        }
        return out
    }
}
