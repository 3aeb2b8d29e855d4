extension Engine {
    /// Whether the optimum leaves the value of external symbol `x` open: some other solution,
    /// just as good at every priority level, gives it another value.
    ///
    /// `x` is open when it has no definition, when its definition reaches a free variable, or
    /// when moving along the optimal face changes it: the face is explored by minimising and
    /// maximising `x` at a level below every user level, which the lexicographic simplex can
    /// only do without losing anything above.
    /// Mutating only for the expansion's scratch space: the system is left as it was.
    /// - Complexity: O(what `x`'s definition reaches) for the expansion; two simplex runs on a
    ///   copy when a symbol of zero cost at every level reaches `x`.
    mutating func isUndetermined(_ x: Symbol) -> Bool {
        guard let r = definitions.row(of: x) else { return true }
        let (_, terms) = expand(constant: definitions.constant(r), terms: definitions.terms[r].map(\.linear))
        if terms.contains(where: { kinds[$0.symbol] == .external }) { return true }
        let exploration = objective.exploration
        let movable = terms.contains { kinds[$0.symbol] != .dummy && objective.isZeroAbove(exploration, $0.symbol) }
        if !movable { return false }
        let current = value(of: x)
        for direction in [1.0, -1.0] {
            var run = self
            for t in terms { run.addExplorationCost(t.symbol, direction * t.coefficient) }
            if !run.optimize() { return true }
            let moved = run.value(of: x)
            if abs(moved - current) > epsilon * max(1, abs(current)) { return true }
        }
        return false
    }
}

extension Engine {
    /// `isUndetermined` for many symbols, settling at once every symbol whose definitions and
    /// rows reach no free or zero-cost symbol (which its expansion cannot hold either): in a
    /// long chain each position then costs its own row, not the chain below it.
    /// - Complexity: O(the part of the system the symbols reach), plus `isUndetermined` for the
    ///   symbols that do reach a free or zero-cost symbol.
    mutating func undetermined(_ xs: [Symbol]) -> [Bool] {
        let exploration = objective.exploration
        // 0: not visited, 1: reaches nothing open, 2: may reach something open, 3: on the
        // walk's stack (read as 2, so that a cycle could only make the answer conservative).
        var memo = [UInt8](repeating: 0, count: kinds.count)
        func row(_ s: Symbol) -> ListPool<SparseMatrix.Term>.Slice? {
            if let r = definitions.row(of: s) { return definitions.terms[r] }
            guard let r = tableau.row(of: s) else { return nil }
            return tableau.terms[r]
        }
        func mayReachOpen(_ start: Symbol) -> Bool {
            if memo[start] != 0 { return memo[start] != 1 }
            memo[start] = 3
            var stack: [(symbol: Symbol, next: Int)] = [(start, 0)]
            while let (s, next) = stack.last {
                guard let terms = row(s) else {
                    let open = kinds[s] == .external || (kinds[s] != .dummy && objective.isZeroAbove(exploration, s))
                    memo[s] = open ? 2 : 1
                    stack.removeLast()
                    continue
                }
                // `next` counts from the row's first term; the slice's indices start where the
                // row sits in its matrix's pool.
                var i = terms.startIndex + next
                while i < terms.endIndex, memo[terms[i].symbol] == 1 { i += 1 }
                if i < terms.endIndex, memo[terms[i].symbol] == 0 {
                    stack[stack.count - 1].next = i - terms.startIndex
                    memo[terms[i].symbol] = 3
                    stack.append((terms[i].symbol, 0))
                    continue
                }
                memo[s] = i < terms.endIndex ? 2 : 1   // stopped at a term that may reach open
                stack.removeLast()
            }
            return memo[start] == 2
        }
        return xs.map { x in isDefined(x) && !mayReachOpen(x) ? false : isUndetermined(x) }
    }
}

extension Solver {
    /// Whether the variable's value is not determined by the constraints: another solution,
    /// equally good at every priority, gives it a different value. UIKit calls such layouts
    /// ambiguous. A variable no constraint mentions is ambiguous: nothing determines it.
    /// - Complexity: O(size of the system) for a scratch copy, plus two simplex runs on a copy
    ///   when needed. ``checkAmbiguity(of:)`` answers the same without the scratch copy.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        var solver = self
        return solver.checkAmbiguity(of: variable)
    }

    /// The same answer as ``isAmbiguous(_:)``, worked out in the solver's own scratch space
    /// (the constraints and values are left as they were), so that asking about many variables
    /// does not copy the solver for each.
    /// - Complexity: O(what the variable's definition reaches), plus two simplex runs on a copy
    ///   when a choice of zero cost at every priority reaches it.
    public mutating func checkAmbiguity(of variable: Variable) -> Bool {
        guard let s = symbols[variable.id] else { return true }
        return engine.isUndetermined(s)
    }

    /// The variables whose values the constraints do not determine, in the order the solver
    /// first saw them.
    /// - Complexity: A scratch copy of the solver, then as ``ambiguousVariables(among:)`` for
    ///   every variable.
    public func ambiguousVariables() -> [Variable] {
        var solver = self
        return solver.ambiguousVariables(among: variableList.compactMap { $0 })
    }

    /// Which of `variables` the constraints do not determine, in the order given (one no
    /// constraint mentions is among them). One pass settles every variable whose definition
    /// reaches nothing open, so asking about all the positions of a long chain costs each its
    /// own row, where asking one at a time expands the chain below each.
    /// - Complexity: O(what the variables' definitions reach), plus two simplex runs on a copy
    ///   for each choice of zero cost that reaches them.
    public mutating func ambiguousVariables(among variables: [Variable]) -> [Variable] {
        let known = variables.filter { symbols[$0.id] != nil }
        var open = engine.undetermined(known.map { symbols[$0.id]! })[...]
        return variables.filter { symbols[$0.id] == nil || open.popFirst()! }
    }
}

extension Solver {
    /// The constraints that determine a variable's current value: those whose symbols its
    /// definition reaches, through other definitions and tableau rows. Changing any other
    /// constraint's constant cannot move the variable without a pivot. UIKit answers
    /// `constraintsAffectingLayout(for:)` this way, from the engine's rows.
    ///
    /// Returns the constraints in the order they were added; none for a free variable.
    /// - Complexity: O(the part of the system the variable depends on).
    public func constraints(affecting variable: Variable) -> [Constraint] {
        guard let start = symbols[variable.id] else { return [] }
        var seen: Set<Symbol> = [start]
        var stack = [start]
        var found: [Int32: Record] = [:]
        while let s = stack.popLast() {
            let slot = engine.tags[s]
            if engine.kinds[s] != .external, slot != Engine.untagged, !records[Int(slot)].isVacant {
                found[slot] = records[Int(slot)]
            }
            let row: ListPool<SparseMatrix.Term>.Slice
            if let r = engine.definitions.row(of: s) {
                row = engine.definitions.terms[r]
            } else if let r = engine.tableau.row(of: s) {
                row = engine.tableau.terms[r]
            } else {
                continue
            }
            for t in row where seen.insert(t.symbol).inserted { stack.append(t.symbol) }
        }
        return found.values.sorted { $0.sequence < $1.sequence }.map(\.constraint)
    }
}
