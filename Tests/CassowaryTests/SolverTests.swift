import Testing
@testable import Cassowary

/// Adds, checks the invariants, and returns the solver for chaining in tests.
func expectHealthy(_ s: Solver, sourceLocation: SourceLocation = #_sourceLocation) {
    let faults = s.invariantFaults()
    #expect(faults.isEmpty, "\(faults)", sourceLocation: sourceLocation)
}

@Suite struct TextbookTests {
    /// The example of Badros, Borning & Stuckey (2001): a midpoint between two ends.
    @Test func twoVariablesAndEqualsMakeAConstraintUnlessABoolIsAsked() throws {
        let x = Variable("x"), y = Variable("y")
        let c = x == y                        // the solver's constraint, not Equatable's Bool
        var solver = Solver()
        try solver.add([c, x == 7])
        solver.updateVariables()
        #expect(solver.value(of: y) == 7)
        let same: Bool = x == x               // a Bool where one is asked for
        #expect(same && !(x == y) as Bool)
        #expect([x: 1][x] == 1)               // still a dictionary key
    }

    @Test func midpointOfASegment() throws {
        var s = Solver()
        let left = Variable("left"), mid = Variable("mid"), right = Variable("right")
        try s.add([2 * mid == left + right, left + 10 <= right, right <= 100, left >= 0])
        expectHealthy(s)
        #expect(s[mid] == (s[left] + s[right]) / 2)
        #expect(s[left] + 10 <= s[right])
        try s.add((left == 90).withStrength(.weak))
        #expect(s[left] == 90)
        #expect(s[right] == 100)
        #expect(s[mid] == 95)
        try s.addEditVariable(mid, strength: .strong)
        try s.suggestValue(mid, 20)
        #expect(s[mid] == 20)
        #expect(s[right] - s[left] >= 10)
        #expect(s[left] >= 0 && s[right] <= 100)
        try s.suggestValue(mid, 500)  // beyond reach: the required bounds win
        #expect(s[right] == 100)
        #expect(s[mid] == 95)
        expectHealthy(s)
    }

    @Test func inequalitiesPushInBothDirections() throws {
        var s = Solver()
        let x = Variable("x")
        try s.add([x >= 10, x <= 20])
        try s.add((x == 0).withStrength(.weak))
        #expect(s[x] == 10)
        let strong = (x == 30).withStrength(.strong)
        try s.add(strong)
        #expect(s[x] == 20)
        try s.remove(strong)
        #expect(s[x] == 10)
        expectHealthy(s)
    }

    @Test func repeatedVariablesAndRightHandSides() throws {
        var s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add(x + x + 4 == y + 6)
        try s.add(y == 2 * x - x + 3)
        // 2x - 2 = y and y = x + 3 ⇒ x = 5, y = 8
        #expect(s[x] == 5)
        #expect(s[y] == 8)
        expectHealthy(s)
    }

    @Test func removingEveryConstraintFreesTheVariables() throws {
        var s = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        let cs = [a == 10, b == a + 5, c == a + b, (c == 100).withStrength(.medium), c >= 0]
        try s.add(Array(cs.prefix(3)))
        try s.add(Array(cs.suffix(2)))
        #expect(s[c] == 25)
        for k in cs { try s.remove(k); expectHealthy(s) }
        #expect(s.constraints.isEmpty)
        #expect(s[a] == 0 && s[b] == 0 && s[c] == 0)
    }

    /// Found by .ci/differential.py against kiwisolver (seed 203): removing one of two redundant
    /// required equalities pivoted its marker into the weak constraint's error row, which moved
    /// the other equality's dummy off zero, and the weak constraint won over a required one.
    @Test(arguments: [(-10.0, 0.0), (10.0, 20.0), (10.0, 0.0), (-10.0, -20.0)])
    func removingOneOfTwoRedundantEqualitiesKeepsTheOther(target: Double, pull: Double) throws {
        var s = Solver()
        let x = Variable("x")
        let first = x == target, second = 2 * x == 2 * target
        try s.add([first, second])
        try s.add((x == pull).withStrength(.weak))
        try s.remove(first)
        expectHealthy(s)
        #expect(s[x] == target)
        try s.remove(second)
        #expect(s[x] == pull)
        expectHealthy(s)
    }
}

@Suite struct RemovalTests {
    /// Found by fuzzing (SolverFuzz): a required equality stated twice, then the first removed.
    /// The second's row, owned by its dummy, held the first's marker; removing the first pivoted
    /// the marker into the optional row instead, which moved the dummy's row off zero: x
    /// became 0.5, breaking the remaining `x == 0`.
    @Test func removingOneOfTwoEqualRequiredEqualitiesKeepsTheOther() throws {
        var s = Solver()
        let x = Variable("x")
        let first = x == 0, second = x == 0
        try s.add(first)
        try s.add((2 * x - 1 == 0).withStrength(.weak))
        try s.add(second)
        try s.remove(first)
        expectHealthy(s)
        #expect(s[x] == 0)
        try s.remove(second)
        expectHealthy(s)
        #expect(s[x] == 0.5)
    }
}

/// Removed constraints give their marker and error symbols back: a solver that adds and removes
/// constraints for ever (a UIKit screen swapping its constraint sets) keeps its per-symbol
/// storage at the size of what it holds at once.
@Suite struct SymbolRecyclingTests {
    /// A row of views at weak preferred widths inside a required container.
    func stack(_ xs: [Variable], in width: Double) -> [Constraint] {
        var out = [xs[0] >= 0, xs[xs.count - 1] <= width]
        for i in 1..<xs.count { out.append(xs[i] >= xs[i - 1] + 10) }
        for (i, x) in xs.enumerated() { out.append((x == Double(20 * i)).withStrength(.weak)) }
        return out
    }

    @Test func addingAndRemovingForEverKeepsTheSymbolCount() throws {
        var s = Solver()
        let xs = (0..<8).map { Variable("x\($0)") }
        try s.add(stack(xs, in: 400))
        let held = s.engine.symbolCount
        var values: [[Double]] = []
        for round in 0..<50 {
            let narrow = stack(xs, in: 100 + Double(round % 5) * 10)
            try s.remove(s.constraints)
            try s.add(narrow)
            s.updateVariables()
            values.append(xs.map { s[$0] })
        }
        expectHealthy(s)
        // The same set, removed and added again, needs no symbol beyond the first set's.
        #expect(s.engine.symbolCount == held)
        #expect(s.engine.liveSymbolCount == held)
        // Recycled symbols solve as fresh ones do.
        for round in 0..<5 {
            var fresh = Solver()
            try fresh.add(stack(xs, in: 100 + Double(round) * 10))
            fresh.updateVariables()
            #expect(values[45 + round] == xs.map { fresh[$0] })
        }
    }

    @Test func aFailedBatchGivesBackTheSymbolsItTook() throws {
        var s = Solver()
        let x = Variable("x"), y = Variable("y")
        let optional = [(x == 5).withStrength(.weak), (y >= x + 3).withStrength(.medium), y <= 100]
        try s.add(optional)
        try s.add(x >= 10)
        try s.remove(optional)
        let free = s.engine.freeSymbols
        // The three constraints' five symbols, and y's: no constraint mentions y any more.
        #expect(free.count == 6 && !s.contains(y))
        // Takes free symbols (an error pair, a slack, an artificial row's), then fails.
        let bad = [(y == x + 1).withStrength(.strong), x + y >= 40, (x == 0).withStrength(.weak), x <= 5]
        #expect(throws: SolverError.self) { try s.add(bad) }
        #expect(s.engine.freeSymbols == free)
        expectHealthy(s)
        try s.add(bad.prefix(3))
        expectHealthy(s)
        s.updateVariables()
        #expect(s[x] == 19.5 && s[y] == 20.5)
    }
}

/// A variable leaves the solver with the last constraint that mentions it: a layout whose views
/// come and go (each with variables of its own) holds only the variables in use.
@Suite struct VariableLifetimeTests {
    @Test func variablesLeaveWithTheirLastConstraint() throws {
        var s = Solver()
        let anchor = Variable("anchor")
        try s.add(anchor == 10)
        var held = 0
        for round in 0..<40 {
            let x = Variable("x\(round)"), z = Variable("z\(round)"), w = Variable("w\(round)")
            let set = [x == anchor + 8, z == anchor - 10, w == 100, (w == Double(round)).withStrength(.weak)]
            try s.add(set)
            s.updateVariables()
            #expect(s[x] == 18 && s[z] == 0 && s[w] == 100)
            // First computed, though each may take the symbol (and cached value) of a variable
            // of the last round: z's 0 would otherwise look unchanged.
            #expect(Set(s.changedVariables).isSuperset(of: [x, z, w]))
            if round == 0 { held = s.engine.symbolCount }
            try s.remove(set)
            #expect(!s.contains(x) && !s.contains(z) && !s.contains(w) && s.contains(anchor))
            #expect(s[x] == 0 && s.isAmbiguous(x) && !s.isAmbiguous(anchor))
            expectHealthy(s)
        }
        #expect(s.engine.symbolCount == held)
    }

    @Test func aVariableOnARecycledSymbolIsListedAsFirstComputed() throws {
        var s = Solver()
        let a = Variable("a"), b = Variable("b")
        let pinA = a == 0
        try s.add(pinA)
        s.updateVariables()
        try s.remove(pinA)
        s.updateVariables()
        // b takes a's symbol, whose cached value is b's value too.
        try s.add(b == 0)
        s.updateVariables()
        #expect(s.changedVariables == [b])
    }

    @Test func aFailedBatchOnRecycledSymbolsLeavesNoVariableBehind() throws {
        var s = Solver()
        let a = Variable("a"), b = Variable("b"), x = Variable("x")
        let pinA = a == 5
        try s.add([pinA, x == 1])
        try s.remove(pinA)
        s.updateVariables()
        // b takes a's symbol; the batch fails and gives it back.
        #expect(throws: SolverError.self) { try s.add([b == 7, x == 2]) }
        #expect(!s.contains(b))
        expectHealthy(s)
        #expect(s.changedVariables.isEmpty)  // until the next updateVariables
        // (A failed batch reshapes nothing, but values are evaluated afresh: x may be listed.)
        s.updateVariables()
        #expect(!s.changedVariables.contains(b) && s[x] == 1 && s[b] == 0)
        try s.add(b == 7)
        s.updateVariables()
        #expect(s.changedVariables.contains(b) && s[b] == 7)
    }

    @Test func aZeroCoefficientMentionsNothing() throws {
        var s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add(Constraint(expression: Expression([Term(x), Term(y, 0)], constant: -4), relation: .equal))
        try s.add(Constraint(expression: Expression([Term(x, 2), Term(y), Term(y, -1)]), relation: .greaterThanOrEqual))
        #expect(s.contains(x) && !s.contains(y))
        expectHealthy(s)
    }

    @Test func theOrderFirstSeenSurvivesForgetting() throws {
        var s = Solver()
        let vs = (0..<60).map { Variable("v\($0)") }
        // Pairs v[2i] + v[2i+1] == 10: every variable is open.
        let pairs = (0..<30).map { vs[2 * $0] + vs[2 * $0 + 1] == 10 }
        try s.add(pairs)
        // Forgetting 40 variables squeezes the list (more than half of it holes).
        try s.remove(pairs.prefix(20))
        #expect(s.ambiguousVariables() == Array(vs[40...]))
        try s.add(vs[0] == vs[59])
        #expect(s.ambiguousVariables() == Array(vs[40...]) + [vs[0]])
        expectHealthy(s)
    }
}

@Suite struct PriorityTests {
    /// Summed weights (kiwi's strengths) would let a thousand 998s outvote one 999.
    @Test func one999BeatsAThousand998s() throws {
        var s = Solver()
        let xs = (0..<1000).map { Variable("x\($0)") }
        let total = Variable("total")
        try s.add(total == xs.reduce(Expression()) { $0 + $1 })
        for x in xs { try s.add((x == 1).withStrength(Strength(998))) }
        try s.add((total == 0).withStrength(Strength(999)))
        s.updateVariables()
        #expect(s[total] == 0)
        #expect(xs.filter { s[$0] != 1 }.count >= 1)
        expectHealthy(s)
    }

    @Test func weightsTradeInsideALevelOnly() throws {
        var s = Solver()
        let x = Variable("x")
        try s.add((x == 10).withStrength(Strength(500, weight: 2)))
        try s.add((x == 20).withStrength(Strength(500, weight: 1)))
        #expect(s[x] == 10)  // the heavier wins inside the level
        try s.add((x == 30).withStrength(Strength(501, weight: 0.001)))
        #expect(s[x] == 30)  // any weight at a higher level wins
    }

    @Test func levelsAreLexicographic() throws {
        // Level 750 prefers x = y; level 250 pulls x to 0 and y to 100 many times over.
        var s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add((x == y).withStrength(.strong))
        for _ in 0..<50 {
            try s.add((x == 0).withStrength(.weak))
            try s.add((y == 100).withStrength(.weak))
        }
        #expect(s[x] == s[y])
        #expect(s[x] >= 0 && s[x] <= 100)
    }

    @Test func strengthValues() {
        #expect(Strength.required.priority == 1000 && Strength.required.isRequired)
        #expect(Strength.strong.priority == 750 && Strength.medium.priority == 500 && Strength.weak.priority == 250)
        #expect(Strength(500, weight: 1.25).weight == 1.25)
        #expect(Strength(1000, weight: 3).weight == 1)
        #expect(Strength(999) > Strength(998, weight: 1000))
        #expect(Strength(500, weight: 1.25).description == "500*1.25")
    }
}

@Suite struct EditTests {
    @Test func suggestionsMoveAndStop() throws {
        var s = Solver()
        let width = Variable("width"), left = Variable("left"), right = Variable("right")
        try s.add([left == 0, right == left + width, width >= 100, width <= 400])
        try s.addEditVariable(width, strength: .strong)
        #expect(s.hasEditVariable(width))
        for (suggested, expected) in [(250.0, 250.0), (50, 100), (1000, 400), (300, 300)] {
            try s.suggestValue(width, suggested)
            #expect(s[width] == expected)
            #expect(s[right] == expected)
            expectHealthy(s)
        }
        try s.removeEditVariable(width)
        #expect(!s.hasEditVariable(width))
        expectHealthy(s)
    }

    /// A stack of 60 views (width ≥ 10, weak width = 100 with weights that differ, so the
    /// optimum is unique) in a container steered wider and narrower: each narrowing pivots the
    /// row that holds every view from one view's rows to the next, the pattern that
    /// `substituteExchanging` handles. Every step must give what a fresh solver gives.
    @Test func aStackSteeredNarrowerAndWiderMatchesAFreshSolve() throws {
        let n = 60
        let container = Variable("container")
        let xs = (0...n).map { Variable("x\($0)") }, widths = (0..<n).map { Variable("w\($0)") }
        var constraints: [Constraint] = [xs[0] == 0, xs[n] == container]
        for i in 0..<n {
            constraints += [xs[i + 1] == xs[i] + widths[i] + 8, widths[i] >= 10,
                            (widths[i] == 100).withStrength(Strength(250, weight: 1 + Double(i % 17) / 16 + Double(i) / 1024))]
        }
        func solver(at width: Double) throws -> Solver {
            var s = Solver()
            try s.add(constraints)
            try s.addEditVariable(container, strength: .strong)
            try s.suggestValue(container, width)
            return s
        }
        var steered = try solver(at: 6480)
        for width in [3000.0, 6480, 1200, 5000, 900, 2500, 6480, 2000] {
            try steered.suggestValue(container, width)
            expectHealthy(steered)
            let fresh = try solver(at: width)
            for w in widths { #expect(abs(steered[w] - fresh[w]) < 1e-9, "\(w) at \(width)") }
            // Below 60 · (10 + 8) the required minimum widths beat the strong suggestion.
            #expect(abs(widths.reduce(0) { $0 + steered[$1] } + 8 * Double(n) - max(width, 1080)) < 1e-6)
        }
        // A required width that cannot hold fails after the same pivots, and is undone.
        var fixed = Solver()
        let pin = container == 6480
        try fixed.add(constraints + [pin])
        try fixed.setConstant(3000, for: pin)
        let before = widths.map { fixed[$0] }
        #expect(throws: SolverError.self) { try fixed.setConstant(900, for: pin) }
        expectHealthy(fixed)
        #expect(widths.map { fixed[$0] } == before)
    }

    @Test func editErrors() throws {
        var s = Solver()
        let v = Variable("v")
        #expect(throws: SolverError.unknownEditVariable(v)) { try s.suggestValue(v, 1) }
        #expect(throws: SolverError.unknownEditVariable(v)) { try s.removeEditVariable(v) }
        #expect(throws: SolverError.requiredEditVariable(v)) { try s.addEditVariable(v, strength: .required) }
        try s.addEditVariable(v, strength: .medium)
        #expect(throws: SolverError.duplicateEditVariable(v)) { try s.addEditVariable(v, strength: .weak) }
        #expect(throws: SolverError.nonFinite("suggested value for v")) { try s.suggestValue(v, .nan) }
        #expect(throws: SolverError.nonFinite("suggested value for v")) { try s.suggestValue(v, .infinity) }
    }
}

@Suite struct ConstantTests {
    @Test func setConstantMovesARequiredConstraintInPlace() throws {
        var s = Solver()
        let top = Variable("top"), height = Variable("height"), bottom = Variable("bottom")
        let h = height == 44
        try s.add([top == 0, bottom == top + height, h])
        try s.setConstant(120, for: h)  // height == 120
        #expect(s[height] == 120 && s[bottom] == 120)
        #expect(s.constant(of: h) == 120)
        #expect(h.constant == 44)   // the constraint value keeps what it was built with
        #expect(s.contains(h))
        expectHealthy(s)
    }

    @Test func setConstantOnInequalitiesAndOptionals() throws {
        var s = Solver()
        let x = Variable("x")
        let floor = x >= 10
        let pull = (x == 0).withStrength(.weak)
        try s.add([floor, pull])
        #expect(s[x] == 10)
        try s.setConstant(25, for: floor)  // x >= 25
        #expect(s[x] == 25)
        try s.setConstant(40, for: pull)   // x == 40, weak
        #expect(s[x] == 40)
        let ceiling = x <= 30
        try s.add(ceiling)
        #expect(s[x] == 30)
        try s.setConstant(35, for: ceiling)  // x <= 35
        #expect(s[x] == 35)
        expectHealthy(s)
    }

    @Test func setConstantThatCannotHoldChangesNothing() throws {
        var s = Solver()
        let x = Variable("x")
        let low = x >= 10, high = x <= 20
        try s.add([low, high, (x == 100).withStrength(.weak)])
        #expect(throws: SolverError.unsatisfiable(high, conflicting: [low])) { try s.setConstant(5, for: high) }
        #expect(s.constant(of: high) == 20)
        #expect(s[x] == 20)
        try s.setConstant(15, for: high)
        #expect(s[x] == 15)
        expectHealthy(s)
    }

    @Test func conflictsAfterAConstantChangeUseTheConstantNowInForce() throws {
        var s = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let pin = x == 10, gap = y == x + 200, unrelated = z == 5
        try s.add([pin, gap, unrelated])
        try s.setConstant(300, for: gap)   // y == x + 300 == 310
        let cap = y <= 250
        // With the constant it was added with (200) the group would hold; the conflict is the
        // two constraints with the constants they have now, never the unrelated one.
        #expect(throws: SolverError.unsatisfiable(cap, conflicting: [pin, gap])) { try s.add(cap) }
        expectHealthy(s)
    }

    @Test func redundantEqualitiesFollowConstantChanges() throws {
        var s = Solver()
        let x = Variable("x")
        let a = x == 5, b = x == 5
        try s.add([a, b])
        #expect(throws: SolverError.unsatisfiable(b, conflicting: [a])) { try s.setConstant(6, for: b) }
        try s.remove(a)
        try s.setConstant(6, for: b)
        #expect(s[x] == 6)
        expectHealthy(s)
    }
}

@Suite struct ErrorTests {
    @Test func duplicateAndUnknownConstraints() throws {
        var s = Solver()
        let x = Variable("x")
        let c = x == 1
        try s.add(c)
        #expect(throws: SolverError.duplicateConstraint(c)) { try s.add(c) }
        let d = x >= 0
        #expect(throws: SolverError.duplicateConstraint(d)) { try s.add([d, d]) }
        #expect(!s.contains(d))
        // A duplicate found late in a batch undoes what the batch added before it.
        let y = Variable("y")
        let e = y == x + 5
        #expect(throws: SolverError.duplicateConstraint(c)) { try s.add([e, d, c]) }
        #expect(!s.contains(e) && !s.contains(d) && !s.contains(y))
        s.updateVariables()
        #expect(s[x] == 1)
        try s.add(e)
        s.updateVariables()
        #expect(s[y] == 6)
        #expect(throws: SolverError.unknownConstraint(d)) { try s.remove(d) }
        #expect(throws: SolverError.unknownConstraint(d)) { try s.setConstant(3, for: d) }
        try s.remove(c)
        #expect(throws: SolverError.unknownConstraint(c)) { try s.remove(c) }
    }

    @Test func nonFiniteNumbersAreRejected() throws {
        var s = Solver()
        let x = Variable("x")
        let nan = x == Double.nan
        #expect(throws: SolverError.nonFinite("constraint \(nan)")) { try s.add(nan) }
        let inf = Double.infinity * x >= 0
        #expect(throws: SolverError.nonFinite("constraint \(inf)")) { try s.add(inf) }
        let c = x == 1
        try s.add(c)
        #expect(throws: SolverError.nonFinite("constant of \(c)")) { try s.setConstant(.nan, for: c) }
        #expect(s[x] == 1)
    }

    /// An optional constraint added on its own takes no transaction (it cannot fail once known
    /// finite and new): it is refused as a required one is, leaving the solver as it was, and
    /// solves as the same constraints added in one batch (through a transaction) do.
    @Test func optionalConstraintsAddedAloneMatchABatch() throws {
        let x = Variable("x"), y = Variable("y")
        let pull = (x == 40).withStrength(.weak)
        var s = Solver()
        try s.add(x >= 0)
        try s.add(pull)
        #expect(throws: SolverError.duplicateConstraint(pull)) { try s.add(pull) }
        let nan = (y == Double.nan).withStrength(.strong)
        #expect(throws: SolverError.nonFinite("constraint \(nan)")) { try s.add(nan) }
        #expect(!s.contains(nan) && s.constraints.count == 2)
        s.updateVariables()
        #expect(s[x] == 40 && s[y] == 0)

        let rest = [(y == x + 10).withStrength(.medium), (y <= 30).withStrength(.strong), (x + y == 100).withStrength(.weak)]
        for c in rest { try s.add(c) }
        var batch = Solver()
        try batch.add([x >= 0, pull] + rest)
        s.updateVariables()
        batch.updateVariables()
        #expect(s[x] == batch[x] && s[y] == batch[y])
        #expect(s[y] == 30 && s[x] == 20)
        #expect(s.constraints.count == 5)
    }

    @Test func conflictNamesTheMinimalSet() throws {
        var s = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c"), d = Variable("d")
        let c1 = a == 0, c2 = b == a + 10, c3 = c == b + 10, c4 = d == 7, c5 = c <= 50, c6 = b >= 0
        try s.add([c1, c2, c3, c4, c5, c6])
        let bad = c >= 100
        #expect(throws: SolverError.unsatisfiable(bad, conflicting: [c1, c2, c3])) { try s.add(bad) }
        #expect(!s.contains(bad))
        expectHealthy(s)
    }

    @Test func batchFailsAsAWhole() throws {
        var s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add(x == 10)
        let before = s[x]
        let ok = y == 3, bad = x == 11
        #expect(throws: SolverError.unsatisfiable(bad, conflicting: s.constraints)) { try s.add([ok, bad]) }
        #expect(!s.contains(ok) && !s.contains(bad))
        #expect(s[x] == before && s[y] == 0)
        expectHealthy(s)
    }

    @Test func rejectionAfterPivotingRestoresEveryValue() throws {
        // The artificial-variable path pivots the tableau before it finds the conflict.
        var s = Solver()
        let xs = (0..<6).map { Variable("x\($0)") }
        for i in 0..<5 { try s.add(xs[i + 1] >= xs[i] + 10) }
        try s.add(xs[0] >= 0)
        for (i, x) in xs.enumerated() { try s.add((x == Double(7 * i)).withStrength(.weak)) }
        s.updateVariables()
        let before = xs.map { s[$0] }
        let bad = xs[5] <= xs[0] + 30
        #expect(throws: SolverError.unsatisfiable(bad, conflicting: Array(s.constraints.prefix(5)))) { try s.add(bad) }
        #expect(xs.map { s[$0] } == before)
        expectHealthy(s)
        s.updateVariables()
        #expect(xs.map { s[$0] } == before)
    }
}

@Suite struct AmbiguityTests {
    @Test func freeAndUnderconstrainedVariables() throws {
        var s = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right"), top = Variable("top")
        try s.add([left == 8, right == left + width, width >= 10, width <= 100, top >= 0, (top == 5).withStrength(.weak)])
        #expect(s.isAmbiguous(width))  // anything in 10…100 is as good
        #expect(s.isAmbiguous(right))
        #expect(!s.isAmbiguous(left))
        #expect(!s.isAmbiguous(top))  // the weak preference settles it
        #expect(s.ambiguousVariables() == [right, width])  // in the order first seen
        try s.add((width == 50).withStrength(.weak))
        #expect(s.ambiguousVariables().isEmpty)
    }

    @Test func tiesBetweenOptionalConstraintsAreAmbiguous() throws {
        var s = Solver()
        let a = Variable("a"), b = Variable("b")
        try s.add(a + b == 100)
        try s.add((a == 0).withStrength(.weak))
        try s.add((b == 0).withStrength(.weak))
        // Any split of 100 costs the same 100 at level 250.
        #expect(s.isAmbiguous(a) && s.isAmbiguous(b))
        try s.add((a == 30).withStrength(.medium))
        #expect(!s.isAmbiguous(a) && !s.isAmbiguous(b))
        #expect(s[a] == 30 && s[b] == 70)
    }

    @Test func unboundedDirectionsAreAmbiguous() throws {
        var s = Solver()
        let x = Variable("x")
        try s.add(x >= 10)
        #expect(s.isAmbiguous(x))
        #expect(s.isAmbiguous(Variable("never seen")))  // nothing determines it
    }
}

@Suite struct DeterminismTests {
    @Test func sameOperationsSameValues() throws {
        func build() throws -> [Double] {
            var s = Solver()
            let xs = (0..<20).map { Variable("x\($0)") }
            for i in 0..<19 { try s.add(xs[i + 1] >= xs[i] + Double(i % 3)) }
            for (i, x) in xs.enumerated() { try s.add((x == Double(i * i % 17)).withStrength(Strength(Double(250 + i % 3)))) }
            try s.add(xs[19] <= xs[0] + 30)
            s.updateVariables()
            return xs.map { s[$0] }
        }
        #expect(try build() == build())
    }
}

@Suite struct ReadmeTests {
    /// The README's fifteen-line example, line for line.
    @Test func readmeExample() throws {
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        var solver = Solver()
        try solver.add([
            left == 16,
            right == left + width,
            width >= 44,
            (width == 300).withStrength(.weak),
        ])
        try solver.addEditVariable(right, strength: .strong)
        try solver.suggestValue(right, 200)
        #expect(solver[width] == 184)
        let ceiling = width <= 100
        try solver.add(ceiling)
        #expect(solver[width] == 100 && solver[right] == 116)
        let wide = width >= 150
        #expect(throws: SolverError.unsatisfiable(wide, conflicting: [ceiling])) { try solver.add(wide) }
    }
}
