import Testing
@testable import Cassowary

// Seeded random tests of the solver against an independent brute-force optimum, against fresh
// solvers built from scratch, and of what a rejected constraint must leave behind.
//
// Every failure message starts with `seed N` (and the test's name): rerun the loop body for that
// seed alone to reproduce it.

// MARK: - Deterministic randomness

/// SplitMix64: small, fast and fully deterministic (never the system generator).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x2545_F491_4F6C_DD1D &+ 0x1234_5678 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % span)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < p }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) { items.swapAt(i, int(0...i)) }
    }
}

// MARK: - Independent model of a system

/// The optional priority levels the tests use, highest first: an objective vector has one
/// entry per level, in this order.
private let levels: [Double] = [999.5, 750, 500, 250]
private let weights = [1.0, 2.0, 0.5]

/// A constraint over variable indices: `Σ a[i]·x[i] + k  relation  0`, at a priority
/// (1000 = required) with a weight.
private struct Row: CustomStringConvertible {
    var a: [Double]
    var k: Double
    var relation: Relation
    var priority: Double
    var weight: Double

    var isRequired: Bool { priority == Strength.requiredPriority }

    /// The row of a constraint whose constant (its own, `terms ⋈ constant`) is now `constant`.
    init(_ c: Constraint, constant: Double, variables: [Variable]) {
        a = Array(repeating: 0, count: variables.count)
        for t in c.expression.terms { a[variables.firstIndex(of: t.variable)!] += t.coefficient }
        k = -constant
        relation = c.relation
        priority = c.strength.priority
        weight = c.strength.weight
    }

    /// The edit constraint `x[i] == value` at a strength.
    init(edit i: Int, value: Double, strength: Strength, count: Int) {
        a = Array(repeating: 0, count: count)
        a[i] = 1
        k = -value
        relation = .equal
        priority = strength.priority
        weight = strength.weight
    }

    func value(_ x: [Double]) -> Double {
        var e = k
        for i in a.indices { e += a[i] * x[i] }
        return e
    }

    /// How far `x` is from satisfying the row.
    func violation(_ x: [Double]) -> Double {
        let e = value(x)
        switch relation {
        case .equal: return abs(e)
        case .greaterThanOrEqual: return max(0, -e)
        case .lessThanOrEqual: return max(0, e)
        }
    }

    var description: String {
        let lhs = a.enumerated().filter { $0.element != 0 }.map { "\($0.element)*x\($0.offset)" }
            .joined(separator: " + ")
        return "\(lhs) + \(k) \(relation) 0 @\(priority)*\(weight)"
    }
}

/// Σ weight·violation of the optional rows, per level in `levels` order.
private func objectiveVector(_ rows: [Row], at x: [Double]) -> [Double] {
    var v = [Double](repeating: 0, count: levels.count)
    for r in rows where !r.isRequired {
        v[levels.firstIndex(of: r.priority)!] += r.weight * r.violation(x)
    }
    return v
}

private func close(_ a: Double, _ b: Double, _ relative: Double = 1e-6) -> Bool {
    abs(a - b) <= relative * max(1, abs(a), abs(b))
}

/// Equal level by level, within a relative tolerance.
private func vectorsMatch(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { close($0, $1) }
}

/// `a` lexicographically smaller than `b`, levels compared with a relative tolerance.
private func lexicographicallyLess(_ a: [Double], _ b: [Double]) -> Bool {
    for (x, y) in zip(a, b) where !close(x, y) { return x < y }
    return false
}

private func satisfiesRequired(_ rows: [Row], _ x: [Double], tolerance: Double) -> Bool {
    rows.allSatisfy { !$0.isRequired || $0.violation(x) <= tolerance }
}

/// Solves the n×n system `A x = b` (A row-major) by Gaussian elimination with partial pivoting;
/// nil when it is singular.
private func solveLinear(_ matrix: [Double], _ rhs: [Double], n: Int) -> [Double]? {
    var m = matrix, b = rhs
    for col in 0..<n {
        var p = col
        for r in (col + 1)..<max(col + 1, n) where abs(m[r * n + col]) > abs(m[p * n + col]) { p = r }
        if abs(m[p * n + col]) < 1e-9 { return nil }
        if p != col {
            for j in 0..<n { m.swapAt(p * n + j, col * n + j) }
            b.swapAt(p, col)
        }
        for r in (col + 1)..<max(col + 1, n) {
            let f = m[r * n + col] / m[col * n + col]
            if f == 0 { continue }
            for j in col..<n { m[r * n + j] -= f * m[col * n + j] }
            b[r] -= f * b[col]
        }
    }
    var x = [Double](repeating: 0, count: n)
    for r in stride(from: n - 1, through: 0, by: -1) {
        var s = b[r]
        for j in (r + 1)..<max(r + 1, n) { s -= m[r * n + j] * x[j] }
        x[r] = s / m[r * n + r]
    }
    return x
}

/// Calls `body` with every point where `n` linearly independent hyperplanes of `rows` meet.
private func forEachVertex(of rows: [Row], n: Int, _ body: ([Double]) -> Bool) {
    let planes = rows.filter { $0.a.contains { $0 != 0 } }
    guard planes.count >= n else { return }
    var chosen = Array(0..<n)
    var matrix = [Double](repeating: 0, count: n * n), rhs = [Double](repeating: 0, count: n)
    while true {
        for (r, p) in chosen.enumerated() {
            for j in 0..<n { matrix[r * n + j] = planes[p].a[j] }
            rhs[r] = -planes[p].k
        }
        if let x = solveLinear(matrix, rhs, n: n), !body(x) { return }
        // Next n-subset in lexicographic order.
        var i = n - 1
        while i >= 0, chosen[i] == planes.count - n + i { i -= 1 }
        if i < 0 { return }
        chosen[i] += 1
        for j in (i + 1)..<n { chosen[j] = chosen[j - 1] + 1 }
    }
}

/// The lexicographic minimum of the objective vector over the (bounded) feasible region of the
/// required rows, found among all vertices; nil when no vertex is feasible.
private func bruteForceOptimum(_ rows: [Row], n: Int) -> (vector: [Double], point: [Double])? {
    var best: (vector: [Double], point: [Double])?
    forEachVertex(of: rows, n: n) { x in
        guard satisfiesRequired(rows, x, tolerance: 1e-7) else { return true }
        let v = objectiveVector(rows, at: x)
        if best == nil || lexicographicallyLess(v, best!.vector) { best = (v, x) }
        return true
    }
    return best
}

/// Whether the required rows (which must bound the region) have a common point.
private func bruteForceFeasible(_ rows: [Row], n: Int) -> Bool {
    let required = rows.filter(\.isRequired)
    var found = false
    forEachVertex(of: required, n: n) { x in
        found = satisfiesRequired(required, x, tolerance: 1e-7)
        return !found
    }
    return found
}

// MARK: - Random constraints

/// A random expression with small integer coefficients (at least one non-zero) and constant.
private func randomExpression(_ rng: inout SplitMix64, _ variables: [Variable],
                              constants: ClosedRange<Int> = -50...50) -> Expression {
    while true {
        var terms: [Term] = []
        for v in variables where rng.chance(0.8) {
            let c = Double(rng.int(-3...3))
            if c == 0 && !rng.chance(0.15) { continue }
            if abs(c) >= 2 && rng.chance(0.1) {
                // The same variable twice: the solver must combine them.
                terms.append(Term(v, c - c.sign.rawValueSign))
                terms.append(Term(v, c.sign.rawValueSign))
            } else {
                terms.append(Term(v, c))
            }
        }
        if terms.contains(where: { $0.coefficient != 0 }) {
            return Expression(terms, constant: Double(rng.int(constants)))
        }
    }
}

private extension FloatingPointSign {
    var rawValueSign: Double { self == .minus ? -1 : 1 }
}

private func randomRelation(_ rng: inout SplitMix64, equalOdds: Double = 0.3) -> Relation {
    if rng.chance(equalOdds) { return .equal }
    return rng.chance(0.5) ? .greaterThanOrEqual : .lessThanOrEqual
}

private func randomOptionalStrength(_ rng: inout SplitMix64) -> Strength {
    Strength(rng.pick(levels), weight: rng.pick(weights))
}

/// `lower <= v <= upper`, as two required constraints.
private func box(_ v: Variable, _ bound: Double = 100) -> [Constraint] {
    [Constraint(expression: Expression([Term(v)], constant: bound), relation: .greaterThanOrEqual),
     Constraint(expression: Expression([Term(v)], constant: -bound), relation: .lessThanOrEqual)]
}

/// Every variable boxed, one to three random required constraints and two to five optional ones.
private func randomBoxedSystem(_ rng: inout SplitMix64, _ variables: [Variable]) -> [Constraint] {
    var list = variables.flatMap { box($0) }
    for _ in 0..<rng.int(1...3) {
        list.append(Constraint(expression: randomExpression(&rng, variables), relation: randomRelation(&rng, equalOdds: 0.25)))
    }
    for _ in 0..<rng.int(2...5) {
        list.append(Constraint(expression: randomExpression(&rng, variables),
                               relation: randomRelation(&rng), strength: randomOptionalStrength(&rng)))
    }
    return list
}

private func values(_ s: Solver, _ variables: [Variable]) -> [Double] { variables.map { s.value(of: $0) } }

private func describe(_ cs: [Constraint]) -> String { cs.map { "\($0)" }.joined(separator: "; ") }

/// Caps how many seeds report failures, so that one bug does not flood the log.
private struct FailureLog {
    let test: String
    var failingSeeds: [UInt64] = []

    /// Records a failure for `seed` (the first few seeds in full); returns `ok`.
    @discardableResult
    mutating func check(_ ok: Bool, _ seed: UInt64, _ message: @autoclosure () -> String,
                        sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        if ok { return true }
        if failingSeeds.last != seed { failingSeeds.append(seed) }
        if failingSeeds.count <= 8 {
            Issue.record(Comment(rawValue: "\(test) seed \(seed): \(message())"), sourceLocation: sourceLocation)
        }
        return false
    }

    func summarize(seeds: Int) {
        if failingSeeds.count > 8 {
            Issue.record(Comment(rawValue: "\(test): \(failingSeeds.count) of \(seeds) seeds failed: \(failingSeeds)"))
        }
    }
}

// MARK: - Tests

@Suite struct SolverRandomTests {
    /// Small bounded systems: the solver's objective vector must equal the lexicographic minimum
    /// found by enumerating every vertex.
    @Test func matchesBruteForceOptimum() {
        let seeds: UInt64 = 400
        var log = FailureLog(test: "matchesBruteForceOptimum")
        var rejections = 0
        for seed in 0..<seeds {
            var rng = SplitMix64(seed: seed)
            let n = rng.int(2...3)
            let variables = (0..<n).map { Variable("x\($0)") }
            var s = Solver()
            var accepted: [Constraint] = []
            do {
                let boxes = variables.flatMap { box($0) }
                try s.add(boxes)
                accepted += boxes
            } catch {
                log.check(false, seed, "the box was rejected: \(error)")
                continue
            }
            var pending: [Constraint] = []
            for _ in 0..<rng.int(1...4) {
                pending.append(Constraint(expression: randomExpression(&rng, variables),
                                          relation: randomRelation(&rng, equalOdds: 0.25)))
            }
            for _ in 0..<rng.int(2...6) {
                pending.append(Constraint(expression: randomExpression(&rng, variables),
                                          relation: randomRelation(&rng), strength: randomOptionalStrength(&rng)))
            }
            rng.shuffle(&pending)

            var ok = true
            for c in pending {
                do {
                    try s.add(c)
                    accepted.append(c)
                } catch let .unsatisfiable(culprit, conflicting) {
                    rejections += 1
                    ok = log.check(culprit == c && c.strength.isRequired, seed,
                                   "rejected \(culprit) while adding \(c) (conflicting: \(describe(conflicting)))") && ok
                    // The rejection must be real: the required constraints accepted so far plus
                    // this one have no common point.
                    let rows = (accepted + [c]).filter(\.strength.isRequired)
                        .map { Row($0, constant: $0.constant, variables: variables) }
                    ok = log.check(!bruteForceFeasible(rows, n: n), seed,
                                   "\(c) was rejected, but brute force finds it satisfiable with the accepted required constraints \(describe(accepted.filter(\.strength.isRequired)))") && ok
                } catch {
                    ok = log.check(false, seed, "adding \(c) threw \(error)") && ok
                }
                let faults = s.invariantFaults()
                ok = log.check(faults.isEmpty, seed, "after adding \(c): \(faults)") && ok
                if !ok { break }
            }
            guard ok else { continue }

            let rows = accepted.map { Row($0, constant: $0.constant, variables: variables) }
            s.updateVariables()
            let x = values(s, variables)
            for (c, r) in zip(accepted, rows) where r.isRequired {
                log.check(r.violation(x) <= 1e-6, seed,
                          "required \(c) is violated by \(r.violation(x)) at \(x); system: \(describe(accepted))")
            }
            guard let best = bruteForceOptimum(rows, n: n) else {
                log.check(false, seed, "brute force finds no feasible point for the accepted system \(describe(accepted))")
                continue
            }
            let mine = objectiveVector(rows, at: x)
            log.check(vectorsMatch(mine, best.vector), seed,
                      "objective \(mine) at \(x), brute-force optimum \(best.vector) at \(best.point); levels \(levels); system (in order added): \(describe(accepted))")
        }
        log.summarize(seeds: Int(seeds))
        #expect(rejections > 0, "no seed exercised a rejection")
    }

    /// Several constants changed in one `setConstants`: the result is the brute-force optimum of
    /// the system with the new constants, or, when its required constraints have no common
    /// point, an error that leaves the solver as it was.
    @Test func setConstantsMatchBruteForceOptimum() {
        let seeds: UInt64 = 300
        var log = FailureLog(test: "setConstantsMatchBruteForceOptimum")
        var counts = (moved: 0, rejected: 0)
        for seed in 0..<seeds {
            var rng = SplitMix64(seed: seed)
            let n = rng.int(2...3)
            let variables = (0..<n).map { Variable("x\($0)") }
            var s = Solver()
            let accepted = randomBoxedSystem(&rng, variables).filter { (try? s.add($0)) != nil }
            var constants = accepted.map(\.constant)
            for round in 0..<4 {
                var changes: [(constraint: Constraint, constant: Double)] = []
                for _ in 0..<rng.int(1...3) {
                    let i = rng.int(0...(accepted.count - 1))
                    changes.append((accepted[i], constants[i] + Double(rng.int(-40...40))))
                }
                var next = constants
                for (c, k) in changes { next[accepted.firstIndex { $0 == c }!] = k }
                s.updateVariables()
                let before = values(s, variables)
                let rows = zip(accepted, next).map { Row($0, constant: $1, variables: variables) }
                let context = "seed \(seed) round \(round): changes \(changes.map { "\($0.constraint) → \($0.constant)" }); system \(describe(accepted))"
                do {
                    try s.setConstants(changes)
                    counts.moved += 1
                    constants = next
                } catch .unsatisfiable {
                    counts.rejected += 1
                    s.updateVariables()
                    log.check(!bruteForceFeasible(rows.filter(\.isRequired), n: n), seed, "rejected, but brute force finds a point; \(context)")
                    log.check(values(s, variables) == before && zip(accepted, constants).allSatisfy { s.constant(of: $0) == $1 }, seed,
                              "rejected, but the solver changed; \(context)")
                    continue
                } catch {
                    log.check(false, seed, "threw \(error); \(context)")
                    break
                }
                log.check(s.invariantFaults().isEmpty, seed, "\(s.invariantFaults()); \(context)")
                s.updateVariables()
                let x = values(s, variables)
                guard let best = bruteForceOptimum(rows, n: n) else {
                    log.check(false, seed, "accepted, but brute force finds no feasible point; \(context)")
                    break
                }
                log.check(vectorsMatch(objectiveVector(rows, at: x), best.vector), seed,
                          "objective \(objectiveVector(rows, at: x)) at \(x), brute-force optimum \(best.vector) at \(best.point); \(context)")
            }
        }
        log.summarize(seeds: Int(seeds))
        #expect(counts.moved > 100 && counts.rejected > 0, "\(counts)")
    }

    /// A solver from a kept solution of the same shape (``SolvedShape``) against one built
    /// constraint by constraint from the same list: nil exactly when the fresh one rejects a
    /// required constraint; otherwise the same objective, the same values for every variable
    /// the fresh one determines, the same ambiguity, and intact invariants. Lists of another
    /// shape (a coefficient, a relation or the pattern of variables differs) are refused.
    @Test func solvedShapesMatchFreshSolves() {
        let seeds: UInt64 = 300
        var log = FailureLog(test: "solvedShapesMatchFreshSolves")
        var counts = (solved: 0, refused: 0, evaluated: 0, moved: 0)
        for seed in 0..<seeds {
            var rng = SplitMix64(seed: seed)
            let n = rng.int(2...4)
            func system(_ variables: [Variable], like model: [Constraint]?) -> [Constraint] {
                guard let model else { return randomBoxedSystem(&rng, variables) }
                // The same shape over `variables`, constants moved (unless kept).
                let index = Dictionary(uniqueKeysWithValues: model.flatMap(\.expression.terms).map(\.variable.id)
                    .reduce(into: [UInt64]()) { if !$0.contains($1) { $0.append($1) } }.enumerated().map { ($1, $0) })
                return model.map { c in
                    let terms = c.expression.terms.map { Term(variables[index[$0.variable.id]!], $0.coefficient) }
                    let constant = rng.chance(0.4) ? c.expression.constant : c.expression.constant + Double(rng.int(-60...60))
                    return Constraint(expression: Expression(terms, constant: constant), relation: c.relation, strength: c.strength)
                }
            }
            let first = (0..<n).map { Variable("a\($0)") }
            var kept = Solver()
            let model = system(first, like: nil).filter { (try? kept.add($0)) != nil }
            guard let solved = SolvedShape(kept, shape: ConstraintShape(model)) else {
                log.check(false, seed, "a solver holding exactly the list was not kept")
                continue
            }
            for round in 0..<3 {
                let variables = (0..<n).map { Variable("r\(round)x\($0)") }
                let list = system(variables, like: model)
                let context = "seed \(seed) round \(round): \(describe(list))"
                var fresh = Solver()
                let rejected = list.contains { (try? fresh.add($0)) == nil }
                guard var reused = solved.solver(for: ConstraintShape(list)) else {
                    counts.refused += 1
                    log.check(rejected, seed, "refused, but a fresh solver holds every constraint; \(context)")
                    continue
                }
                counts.solved += 1
                log.check(!rejected, seed, "solved, but a fresh solver rejects a constraint; \(context)")
                guard !rejected else { continue }
                log.check(reused.invariantFaults().isEmpty, seed, "\(reused.invariantFaults()); \(context)")
                log.check(list.allSatisfy { reused.contains($0) && reused.constant(of: $0) == $0.constant }, seed,
                          "the solver does not hold the list with its constants; \(context)")
                fresh.updateVariables()
                reused.updateVariables()
                let rows = list.map { Row($0, constant: $0.constant, variables: variables) }
                log.check(vectorsMatch(objectiveVector(rows, at: values(reused, variables)), objectiveVector(rows, at: values(fresh, variables))),
                          seed, "objectives differ: \(values(reused, variables)) against \(values(fresh, variables)); \(context)")
                let open = fresh.ambiguousVariables()
                log.check(reused.ambiguousVariables() == open, seed, "ambiguity differs; \(context)")
                for v in variables where !open.contains(where: { $0 == v }) {
                    log.check(close(reused.value(of: v), fresh.value(of: v), 1e-9), seed,
                              "\(v): \(reused.value(of: v)) against \(fresh.value(of: v)); \(context)")
                }
                // Read without a solver: the reused solver's values to the last bit, where the
                // kept basis stays feasible; and again after moving some constants.
                guard var evaluation = solved.evaluation(for: ConstraintShape(list)) else { continue }
                counts.evaluated += 1
                for v in variables {
                    log.check(evaluation.value(of: v).bitPattern == reused.value(of: v).bitPattern, seed,
                              "evaluated \(v): \(evaluation.value(of: v)) against \(reused.value(of: v)); \(context)")
                }
                let moved = list.indices.filter { _ in rng.chance(0.3) }.map { ($0, list[$0].constant + Double(rng.int(-20...20))) }
                let evaluated = evaluation.setConstants(moved)
                let held = (try? reused.setConstants(moved.map { (list[$0.0], $0.1) })) != nil
                log.check(!evaluated || held, seed, "evaluated moves \(moved) the solver rejects; \(context)")
                guard evaluated, held else { continue }
                counts.moved += 1
                reused.updateVariables()
                for (i, constant) in moved { log.check(evaluation.constant(at: i) == constant, seed, "constant \(i) not moved; \(context)") }
                for v in variables {
                    log.check(evaluation.value(of: v).bitPattern == reused.value(of: v).bitPattern, seed,
                              "after moves \(moved), evaluated \(v): \(evaluation.value(of: v)) against \(reused.value(of: v)); \(context)")
                }
            }
            // Another shape: a coefficient, a relation, or one variable in two places.
            let variables = (0..<n).map { Variable("o\($0)") }
            var other = system(variables, like: model)
            let i = rng.int(0...(other.count - 1))
            let c = other[i]
            switch rng.int(0...2) {
            case 0:
                var terms = c.expression.terms
                terms[0].coefficient += 1
                other[i] = Constraint(expression: Expression(terms, constant: c.expression.constant), relation: c.relation, strength: c.strength)
            case 1:
                other[i] = Constraint(expression: c.expression, relation: c.relation == .equal ? .lessThanOrEqual : .equal, strength: c.strength)
            default:
                let terms = c.expression.terms.map { Term($0.variable == variables[0] ? variables[1] : variables[0], $0.coefficient) }
                other[i] = Constraint(expression: Expression(terms, constant: c.expression.constant), relation: c.relation, strength: c.strength)
            }
            log.check(ConstraintShape(other) != solved.shape && solved.solver(for: ConstraintShape(other)) == nil
                      && solved.evaluation(for: ConstraintShape(other)) == nil, seed,
                      "a list of another shape was taken: \(describe(other))")
        }
        log.summarize(seeds: Int(seeds))
        #expect(counts.solved > 300 && counts.refused > 0 && counts.evaluated > 100 && counts.moved > 50
                && counts.evaluated < counts.solved, "\(counts)")
    }

    /// Random add / remove / edit / suggest / setConstant sequences: invariants, required
    /// constraints and the objective after every step, against a solver built from scratch.
    @Test func randomOperationSequences() {
        let seeds: UInt64 = 200
        var log = FailureLog(test: "randomOperationSequences")
        var counts = [String: Int]()
        seedLoop: for seed in 0..<seeds {
            var rng = SplitMix64(seed: seed)
            let n = rng.int(2...3)
            let variables = (0..<n).map { Variable("x\($0)") }
            var s = Solver()
            var live: [Constraint] = []           // in the order added
            var constants: [Constraint: Double] = [:]
            var boxes = Set<Constraint>()
            var edits: [Int: (strength: Strength, value: Double)] = [:]
            for v in variables {
                for c in box(v) {
                    do { try s.add(c) } catch {
                        log.check(false, seed, "box \(c) threw \(error)")
                        continue seedLoop
                    }
                    live.append(c); constants[c] = c.constant; boxes.insert(c)
                }
            }

            s.updateVariables()
            var previous = values(s, variables)
            for step in 0..<30 {
                var operation = ""
                let dice = rng.int(0...99)
                if dice < 35 || live.count <= boxes.count {
                    // Add a random constraint.
                    let required = rng.chance(0.4)
                    let c = Constraint(expression: randomExpression(&rng, variables), relation: randomRelation(&rng),
                                       strength: required ? .required : randomOptionalStrength(&rng))
                    operation = "add \(c)"
                    do {
                        try s.add(c)
                        live.append(c); constants[c] = c.constant
                        counts["add", default: 0] += 1
                    } catch let .unsatisfiable(culprit, _) where culprit == c && required {
                        counts["add rejected", default: 0] += 1
                    } catch {
                        log.check(false, seed, "step \(step): \(operation) threw \(error)")
                        continue seedLoop
                    }
                } else if dice < 50 {
                    // Remove a random constraint (a box rarely).
                    var candidates = live.filter { !boxes.contains($0) }
                    if candidates.isEmpty || rng.chance(0.05) { candidates = live }
                    let c = rng.pick(candidates)
                    operation = "remove \(c)"
                    do {
                        try s.remove(c)
                        live.removeAll { $0 == c }; constants[c] = nil; boxes.remove(c)
                        counts["remove", default: 0] += 1
                    } catch {
                        log.check(false, seed, "step \(step): \(operation) threw \(error)")
                        continue seedLoop
                    }
                } else if dice < 62 {
                    // Add (or sometimes remove) an edit variable.
                    let i = rng.int(0...(n - 1))
                    if let edit = edits[i], rng.chance(0.3) {
                        operation = "removeEditVariable x\(i) (\(edit.strength))"
                        do {
                            try s.removeEditVariable(variables[i])
                            edits[i] = nil
                            counts["removeEdit", default: 0] += 1
                        } catch {
                            log.check(false, seed, "step \(step): \(operation) threw \(error)")
                            continue seedLoop
                        }
                    } else if edits[i] == nil {
                        let strength = rng.chance(0.5) ? Strength.strong : randomOptionalStrength(&rng)
                        operation = "addEditVariable x\(i) @\(strength)"
                        do {
                            try s.addEditVariable(variables[i], strength: strength)
                            edits[i] = (strength, 0)
                            counts["addEdit", default: 0] += 1
                        } catch {
                            log.check(false, seed, "step \(step): \(operation) threw \(error)")
                            continue seedLoop
                        }
                    } else {
                        continue
                    }
                } else if dice < 80 {
                    // Suggest a value (sometimes outside the box).
                    guard let i = edits.isEmpty ? nil : rng.pick(edits.keys.sorted()) else { continue }
                    let value = Double(rng.int(-150...150)) + (rng.chance(0.3) ? 0.5 : 0)
                    operation = "suggestValue x\(i) = \(value)"
                    do {
                        try s.suggestValue(variables[i], value)
                        edits[i]!.value = value
                        counts["suggest", default: 0] += 1
                    } catch {
                        log.check(false, seed, "step \(step): \(operation) threw \(error)")
                        continue seedLoop
                    }
                } else {
                    // Change a constant in place.
                    let c = rng.pick(live)
                    let old = constants[c]!
                    let new = boxes.contains(c) ? Double(rng.int(20...150)) * (old > 0 ? 1 : -1)
                                                : Double(rng.int(-60...60))
                    operation = "setConstant \(new) for \(c) (was \(old))"
                    let before = values(s, variables)
                    do {
                        try s.setConstant(new, for: c)
                        constants[c] = new
                        counts["setConstant", default: 0] += 1
                    } catch let .unsatisfiable(culprit, _) where culprit == c && c.strength.isRequired {
                        counts["setConstant rejected", default: 0] += 1
                        let after = values(s, variables)
                        guard log.check(s.constant(of: c) == old, seed,
                                        "step \(step): rejected \(operation), but constant(of:) is now \(String(describing: s.constant(of: c)))"),
                              log.check(after == before, seed,
                                        "step \(step): rejected \(operation), but the values moved from \(before) to \(after)")
                        else { continue seedLoop }
                    } catch {
                        log.check(false, seed, "step \(step): \(operation) threw \(error)")
                        continue seedLoop
                    }
                }

                // The state after the operation.
                let context = "step \(step) after \(operation); constraints \(live.map { "\($0) [k=\(constants[$0]!)]" }), edits \(edits.sorted { $0.key < $1.key })"
                let faults = s.invariantFaults()
                guard log.check(faults.isEmpty, seed, "invariant faults \(faults); \(context)"),
                      log.check(s.constraints == live, seed, "constraints \(describe(s.constraints)) ≠ \(describe(live)); \(context)"),
                      log.check(live.allSatisfy { s.constant(of: $0) == constants[$0] }, seed,
                                "constants \(live.map { s.constant(of: $0) as Any }) ≠ \(live.map { constants[$0]! }); \(context)"),
                      log.check(variables.indices.allSatisfy { s.hasEditVariable(variables[$0]) == (edits[$0] != nil) }, seed,
                                "edit variables differ; \(context)")
                else { continue seedLoop }

                // Incremental evaluation: the cache equals evaluation on demand, and every variable
                // whose cached value moved is reported as changed.
                let onDemand = values(s, variables)
                s.updateVariables()
                let reported = Set(s.changedVariables.map(\.id))
                let cached = values(s, variables)
                guard log.check(zip(cached, onDemand).allSatisfy { close($0, $1, 1e-9) }, seed,
                                "cached values \(cached) ≠ evaluated \(onDemand); \(context)"),
                      log.check(variables.indices.allSatisfy { cached[$0] == previous[$0] || reported.contains(variables[$0].id) }, seed,
                                "values moved from \(previous) to \(cached) but only \(reported) were reported; \(context)")
                else { continue seedLoop }
                previous = cached

                let x = values(s, variables)
                var rows = live.map { Row($0, constant: constants[$0]!, variables: variables) }
                rows += edits.map { Row(edit: $0.key, value: $0.value.value, strength: $0.value.strength, count: n) }
                for r in rows where r.isRequired && r.violation(x) > 1e-6 {
                    log.check(false, seed, "required \(r) violated by \(r.violation(x)) at \(x); \(context)")
                    continue seedLoop
                }
                let mine = objectiveVector(rows, at: x)

                // The same system built from scratch.
                var fresh = Solver()
                let rebuilt = live.map { c in
                    constants[c] == c.constant ? c
                        : Constraint(Expression(c.expression.terms), c.relation, constant: constants[c]!, strength: c.strength)
                }
                do {
                    try fresh.add(rebuilt)
                    for (i, edit) in edits.sorted(by: { $0.key < $1.key }) {
                        try fresh.addEditVariable(variables[i], strength: edit.strength)
                        try fresh.suggestValue(variables[i], edit.value)
                    }
                } catch {
                    log.check(false, seed, "a fresh solver rejects the current system: \(error); \(context)")
                    continue seedLoop
                }
                let freshFaults = fresh.invariantFaults()
                guard log.check(freshFaults.isEmpty, seed, "a fresh solver built from the current system has invariant faults \(freshFaults); \(context)")
                else { continue seedLoop }
                let freshX = values(fresh, variables)
                let theirs = objectiveVector(rows, at: freshX)
                guard log.check(vectorsMatch(mine, theirs), seed,
                                "objective \(mine) at \(x), a fresh solver reaches \(theirs) at \(freshX); levels \(levels); \(context)")
                else { continue seedLoop }

                // And against the brute force while every box is there (the region is bounded).
                if boxes.count == 2 * n, step % 3 == 2 || step == 29 {
                    guard let best = bruteForceOptimum(rows, n: n) else {
                        log.check(false, seed, "brute force finds no feasible point; \(context)")
                        continue seedLoop
                    }
                    guard log.check(vectorsMatch(mine, best.vector), seed,
                                    "objective \(mine) at \(x), brute-force optimum \(best.vector) at \(best.point); levels \(levels); \(context)")
                    else { continue seedLoop }
                }
            }
        }
        log.summarize(seeds: Int(seeds))
        for op in ["add", "add rejected", "remove", "addEdit", "suggest", "setConstant", "setConstant rejected"] {
            #expect(counts[op, default: 0] > 0, "operation \(op) never ran: \(counts)")
        }
    }

    /// A rejected required constraint (alone, in a batch, or by a new constant) leaves the solver
    /// exactly as it was, and names a minimal conflicting set.
    @Test func rejectionLeavesSolverUnchanged() {
        let seeds: UInt64 = 300
        var log = FailureLog(test: "rejectionLeavesSolverUnchanged")
        var rejections = [String: Int]()
        seedLoop: for seed in 0..<seeds {
            var rng = SplitMix64(seed: seed)
            let n = rng.int(3...4)
            let variables = (0..<n).map { Variable("x\($0)") }
            var s = Solver()
            var fixed: [Int: Double] = [:]                     // x[i] == value, required
            var chains: [(from: Int, to: Int, gap: Int)] = []  // x[from] >= x[to] + gap, required
            var system: [Constraint] = []
            func tryAdd(_ c: Constraint) {
                do { try s.add(c); system.append(c) } catch {}
            }
            for v in variables where rng.chance(0.7) { box(v).forEach(tryAdd) }
            for i in 0..<n where rng.chance(0.4) {
                let value = Double(rng.int(-40...40))
                let c = Constraint(expression: Expression([Term(variables[i])], constant: -value), relation: .equal)
                if (try? s.add(c)) != nil { system.append(c); fixed[i] = value }
            }
            for _ in 0..<rng.int(1...3) {
                let from = rng.int(0...(n - 1)), to = rng.int(0...(n - 1))
                if from == to { continue }
                let gap = rng.int(-10...20)
                let c = Constraint(expression: Expression([Term(variables[from]), Term(variables[to], -1)],
                                                          constant: Double(-gap)), relation: .greaterThanOrEqual)
                if (try? s.add(c)) != nil { system.append(c); chains.append((from, to, gap)) }
            }
            for _ in 0..<rng.int(0...2) {
                tryAdd(Constraint(expression: randomExpression(&rng, variables), relation: randomRelation(&rng)))
            }
            for _ in 0..<rng.int(1...4) {
                tryAdd(Constraint(expression: randomExpression(&rng, variables), relation: randomRelation(&rng),
                                  strength: randomOptionalStrength(&rng)))
            }
            if rng.chance(0.5) {
                let i = rng.int(0...(n - 1))
                do {
                    try s.addEditVariable(variables[i], strength: .strong)
                    try s.suggestValue(variables[i], Double(rng.int(-80...80)))
                } catch {
                    log.check(false, seed, "edit variable: \(error)")
                    continue seedLoop
                }
            }

            for attempt in 0..<4 {
                // A required constraint likely to conflict.
                var c: Constraint
                var kind: String
                switch rng.int(0...3) {
                case 0 where !fixed.isEmpty:
                    let (i, value) = rng.pick(fixed.sorted { $0.key < $1.key })
                    let other = value + Double(rng.chance(0.5) ? rng.int(1...20) : -rng.int(1...20))
                    kind = "refix"
                    c = Constraint(expression: Expression([Term(variables[i])], constant: -other),
                                   relation: rng.chance(0.7) ? .equal : (other > value ? .greaterThanOrEqual : .lessThanOrEqual))
                case 1 where !chains.isEmpty:
                    // Close a chain x[from] >= x[to] + gap with x[to] >= x[from] + r, r > -gap.
                    let link = rng.pick(chains)
                    let r = -link.gap + rng.int(1...10)
                    kind = "cycle"
                    c = Constraint(expression: Expression([Term(variables[link.to]), Term(variables[link.from], -1)],
                                                          constant: Double(-r)), relation: .greaterThanOrEqual)
                case 2:
                    kind = "far"
                    c = Constraint(expression: randomExpression(&rng, variables, constants: 150...400),
                                   relation: rng.chance(0.5) ? .equal : .lessThanOrEqual)
                default:
                    kind = "random"
                    c = Constraint(expression: randomExpression(&rng, variables), relation: randomRelation(&rng, equalOdds: 0.5))
                }

                // Alone, then (for the rejected ones) in a batch after a harmless constraint.
                for batch in [false, true] {
                    if rng.chance(0.5) { s.updateVariables() }
                    let before = values(s, variables)
                    let constraintsBefore = s.constraints
                    let constantsBefore = constraintsBefore.map { s.constant(of: $0) }
                    let harmless = Constraint(expression: Expression([Term(variables[0])], constant: 0),
                                              relation: .equal, strength: .weak)
                    let context = "attempt \(attempt) (\(kind), batch \(batch)): adding \(c) to \(describe(constraintsBefore))"
                    do {
                        if batch { try s.add([harmless, c]) } else { try s.add(c) }
                        if batch {
                            log.check(false, seed, "the batch was accepted though \(c) was rejected alone; \(context)")
                            continue seedLoop
                        }
                        // Accepted: take it out again to keep the system.
                        try s.remove(c)
                        break
                    } catch let .unsatisfiable(culprit, conflicting) {
                        rejections[kind, default: 0] += 1
                        let after = values(s, variables)
                        let faults = s.invariantFaults()
                        guard log.check(culprit == c, seed, "the error names \(culprit); \(context)"),
                              log.check(after == before, seed, "values moved from \(before) to \(after); \(context)"),
                              log.check(s.constraints == constraintsBefore, seed,
                                        "constraints are now \(describe(s.constraints)); \(context)"),
                              log.check(constraintsBefore.map { s.constant(of: $0) } == constantsBefore, seed,
                                        "constants changed; \(context)"),
                              log.check(!s.contains(c) && !s.contains(harmless), seed, "the solver holds the rejected constraint; \(context)"),
                              log.check(faults.isEmpty, seed, "invariant faults \(faults); \(context)"),
                              checkMinimal(c, conflicting, in: s, seed: seed, context: context, log: &log)
                        else { continue seedLoop }
                    } catch {
                        log.check(false, seed, "threw \(error); \(context)")
                        continue seedLoop
                    }
                }

                // A new constant that cannot hold, for a required constraint of the system.
                let required = s.constraints.filter(\.strength.isRequired)
                guard let target = required.isEmpty ? nil : rng.pick(required) else { continue }
                let old = s.constant(of: target)!
                let new = old + Double(rng.chance(0.5) ? rng.int(5...300) : -rng.int(5...300))
                if rng.chance(0.5) { s.updateVariables() }
                let before = values(s, variables)
                let constraintsBefore = s.constraints
                let constantsBefore = constraintsBefore.map { s.constant(of: $0) }
                let context = "attempt \(attempt): setConstant \(new) for \(target) (was \(old)) in \(describe(constraintsBefore))"
                do {
                    try s.setConstant(new, for: target)
                    try s.setConstant(old, for: target)  // Accepted: put it back.
                } catch let .unsatisfiable(culprit, conflicting) {
                    rejections["setConstant", default: 0] += 1
                    let after = values(s, variables)
                    let faults = s.invariantFaults()
                    let moved = Constraint(Expression(target.expression.terms), target.relation, constant: new)
                    guard log.check(culprit == target, seed, "the error names \(culprit); \(context)"),
                          log.check(s.constant(of: target) == old, seed,
                                    "constant(of:) is now \(String(describing: s.constant(of: target))); \(context)"),
                          log.check(after == before, seed, "values moved from \(before) to \(after); \(context)"),
                          log.check(s.constraints == constraintsBefore, seed, "constraints changed; \(context)"),
                          log.check(constraintsBefore.map { s.constant(of: $0) } == constantsBefore, seed,
                                    "constants changed to \(constraintsBefore.map { s.constant(of: $0) as Any }); \(context)"),
                          log.check(faults.isEmpty, seed, "invariant faults \(faults); \(context)"),
                          log.check(!conflicting.contains(target), seed, "conflicting lists the target itself; \(context)"),
                          checkMinimal(moved, conflicting, in: s, seed: seed, context: context, log: &log)
                    else { continue seedLoop }
                } catch {
                    log.check(false, seed, "threw \(error); \(context)")
                    continue seedLoop
                }
            }
        }
        log.summarize(seeds: Int(seeds))
        for kind in ["refix", "cycle", "far", "random", "setConstant"] {
            #expect(rejections[kind, default: 0] > 0, "no \(kind) constraint was rejected: \(rejections)")
        }
    }
}

// MARK: - Minimal reproductions of what the random tests found

extension SolverRandomTests {
    /// A rejected `setConstant` must leave `constant(of:)` (and later `setConstant` deltas) alone.
    @Test func rejectedSetConstantKeepsTheOldConstant() throws {
        var s = Solver()
        let x = Variable("x")
        let atLeast10 = Constraint(expression: Expression([Term(x)], constant: -10), relation: .greaterThanOrEqual)
        let atMost20 = Constraint(expression: Expression([Term(x)], constant: -20), relation: .lessThanOrEqual)
        try s.add([atLeast10, atMost20, Constraint(expression: Expression([Term(x)], constant: -100), relation: .equal,
                                                   strength: .weak)])
        #expect(s.value(of: x) == 20)
        // x <= 5 cannot hold with x >= 10.
        #expect(throws: SolverError.self) { try s.setConstant(5, for: atMost20) }
        #expect(s.constant(of: atMost20) == 20, "a rejected setConstant changed constant(of:)")
        #expect(s.value(of: x) == 20)
        // x <= 15 is fine and must give x == 15.
        try s.setConstant(15, for: atMost20)
        #expect(s.constant(of: atMost20) == 15)
        #expect(s.value(of: x) == 15, "x <= 15 does not hold after setConstant(15)")
        #expect(s.invariantFaults().isEmpty)
    }

    /// The dual simplex after `setConstant` must stay optimal when two entering candidates tie
    /// at a higher level up to rounding (0.14285714285714293/0.28571428571428575 vs
    /// 0.4285714285714286/0.8571428571428571, both 0.5) and differ at a lower one.
    @Test func setConstantStaysOptimalOnRoundedRatioTie() throws {
        var s = Solver()
        let x0 = Variable("x0"), x1 = Variable("x1"), x2 = Variable("x2")
        let c0 = Constraint(expression: Expression([Term(x0, 2), Term(x1, -2), Term(x2, -3)], constant: -35), relation: .lessThanOrEqual)
        let c1 = Constraint(expression: Expression([Term(x0, -2), Term(x1, -2), Term(x2, 1)], constant: -32), relation: .greaterThanOrEqual, strength: Strength(250))
        let c2 = Constraint(expression: Expression([Term(x0, -1), Term(x1, -2), Term(x2, 3)], constant: 39), relation: .greaterThanOrEqual, strength: Strength(999.5, weight: 2))
        let c3 = Constraint(expression: Expression([Term(x0, 2), Term(x1, -3)], constant: 32), relation: .lessThanOrEqual)
        let c4 = Constraint(expression: Expression([Term(x2, 1)], constant: 10), relation: .lessThanOrEqual)
        try s.add(c0)
        try s.addEditVariable(x2, strength: .strong)
        try s.add(c1)
        try s.addEditVariable(x1, strength: .strong)
        try s.add(c2)
        try s.addEditVariable(x0, strength: .strong)
        try s.add(c3)
        try s.add(c4)
        #expect(s.invariantFaults().isEmpty)
        try s.setConstant(-18, for: c0)   // its expression's constant becomes 18
        #expect(s.invariantFaults().isEmpty)
        // Optimum: edits cost 34 at 750 (for example at x = (-24, 0, -10)) and c1 holds, so level 250 is 0.
        let variables = [x0, x1, x2]
        let moved = Constraint(expression: Expression(c0.expression.terms, constant: 18), relation: .lessThanOrEqual)
        let rows = [moved, c1, c2, c3, c4].map { Row($0, constant: $0.constant, variables: variables) }
            + (0..<3).map { Row(edit: $0, value: 0, strength: .strong, count: 3) }
        let mine = objectiveVector(rows, at: values(s, variables))
        #expect(vectorsMatch(mine, [0, 34, 0, 0]), "objective \(mine) at \(values(s, variables)), optimum [0, 34, 0, 0]")
    }

    /// The same through `suggestValue`: after the suggestion the solution is not optimal at 500.
    @Test func suggestValueStaysOptimalOnRoundedRatioTie() throws {
        var s = Solver()
        let x0 = Variable("x0"), x1 = Variable("x1"), x2 = Variable("x2")
        let cs = [
            Constraint(expression: Expression([Term(x0, -3), Term(x1, -3)], constant: 32), relation: .greaterThanOrEqual, strength: Strength(999.5, weight: 0.5)),
            Constraint(expression: Expression([Term(x1, 2), Term(x2, 3)], constant: 1), relation: .equal),
            Constraint(expression: Expression([Term(x2, 1)], constant: 18), relation: .lessThanOrEqual, strength: Strength(500, weight: 0.5)),
            Constraint(expression: Expression([Term(x0, -3), Term(x2, -1)], constant: -6), relation: .greaterThanOrEqual, strength: Strength(750, weight: 0.5)),
            Constraint(expression: Expression([Term(x0, 3), Term(x2, -2)], constant: -40), relation: .equal, strength: Strength(750, weight: 0.5)),
        ]
        try s.add(cs)
        try s.addEditVariable(x0, strength: Strength(750, weight: 0.5))
        try s.addEditVariable(x2, strength: Strength(750, weight: 0.5))
        try s.suggestValue(x2, -128)
        #expect(s.invariantFaults().isEmpty)
        let variables = [x0, x1, x2]
        let rows = cs.map { Row($0, constant: $0.constant, variables: variables) }
            + [Row(edit: 0, value: 0, strength: Strength(750, weight: 0.5), count: 3),
               Row(edit: 2, value: -128, strength: Strength(750, weight: 0.5), count: 3)]
        let best = bruteForceOptimum(rows, n: 3)!
        let mine = objectiveVector(rows, at: values(s, variables))
        #expect(vectorsMatch(mine, best.vector), "objective \(mine) at \(values(s, variables)), optimum \(best.vector) at \(best.point)")
    }
}

/// `conflicting` holds required constraints of `s`, in the order added, that together with `c`
/// cannot hold, and without any one of which they can.
private func checkMinimal(_ c: Constraint, _ conflicting: [Constraint], in s: Solver, seed: UInt64,
                          context: String, log: inout FailureLog) -> Bool {
    let order = s.constraints
    let positions = conflicting.compactMap { order.firstIndex(of: $0) }
    guard log.check(!conflicting.isEmpty, seed, "no conflicting constraints named; \(context)"),
          log.check(positions.count == conflicting.count, seed,
                    "conflicting names constraints the solver does not hold: \(describe(conflicting)); \(context)"),
          log.check(positions == positions.sorted(), seed, "conflicting is not in the order added: \(describe(conflicting)); \(context)"),
          log.check(conflicting.allSatisfy(\.strength.isRequired), seed, "conflicting holds optional constraints: \(describe(conflicting)); \(context)")
    else { return false }

    var whole = Solver()
    let rejected = (try? whole.add(conflicting + [c])) == nil
    guard log.check(rejected, seed, "\(describe(conflicting)) plus \(c) is accepted by a fresh solver; \(context)")
    else { return false }
    for i in conflicting.indices {
        var trial = Solver()
        var subset = conflicting
        let dropped = subset.remove(at: i)
        var outcome = "accepted"
        do { try trial.add(subset + [c]) } catch { outcome = "\(error)" }
        guard log.check(outcome == "accepted", seed,
                        "not minimal: without \(dropped), \(describe(subset)) plus \(c) is still rejected (\(outcome)); \(context)")
        else { return false }
    }
    return true
}
