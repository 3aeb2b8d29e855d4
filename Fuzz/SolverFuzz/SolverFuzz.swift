// Fuzzes the solver with sequences of operations decoded from the input: add, remove (one or a
// batch), add and remove edit variables, suggest values, set constants, update the values, and
// copies. After every operation it checks the tableau invariants, that every required
// constraint holds, that the solver holds exactly the constraints it accepted, and that an
// operation that throws threw what it should and left the solver as it was.
import Cassowary
import FuzzSupport

@main enum Main {
    static func main() {
        fuzzMain { bytes in
            var run = SolverRun(bytes: bytes)
            run.run()
        }
    }
}

/// The most operations one input runs: enough for long sequences, few enough to stay fast.
private let operationLimit = 96

/// Coefficients: small binary fractions, so that sums and cancellations are exact. Coefficients
/// that nearly cancel (0.5 and 0.5 + 1e-9) leave a difference below the solver's tolerance of
/// 1e-8, which it takes as zero: a required constraint then misses by about 1e-8 times the
/// values in play, as documented, not by rounding error. Coefficients below the tolerance get
/// constraints of their own (`tinyConstraint()`).
private let coefficients: [Double] = [1, -1, 2, -2, 0.5, -0.5, 3, -3, 10, -0.25]
/// Strengths, required three times as often as each optional one.
private let strengths: [Strength] = [
    .required, .required, .required, .strong, .medium, .weak, Strength(999.5), Strength(1),
    Strength(250, weight: 2), Strength(750, weight: 0.5),
]
private let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]

/// One input's run: the solver, what it should hold, and the bytes still to decode.
struct SolverRun {
    var bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var solver = Solver()
    let variables = (0..<5).map { Variable("x\($0)") }
    /// The constraints the solver accepted and still holds, in the order it accepted them.
    var live: [Constraint] = []
    /// Constraints that were removed (or never accepted), to remove again.
    var gone: [Constraint] = []
    var edits: Set<Variable> = []
    /// The values at the last `updateVariables()`, for the variables the solver held then.
    var lastUpdate: [Variable: Double]?
    /// A copy taken earlier and what it held, which later operations on `solver` must not touch.
    var snapshot: (solver: Solver, values: [Double], constraints: [Constraint])?
    /// What has run, printed when a check fails.
    var log: [String] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(byte()) % items.count] }

    /// -32…31.75 in quarters.
    mutating func smallNumber() -> Double { Double(Int8(bitPattern: byte())) / 4 }

    mutating func constraint() -> Constraint {
        let count = 1 + Int(byte() % 3)
        var terms: [Term] = []
        for _ in 0..<count { terms.append(Term(pick(variables), pick(coefficients))) }
        return Constraint(expression: Expression(terms, constant: smallNumber() * 4), relation: pick(relations),
                          strength: pick(strengths))
    }

    /// A constraint whose coefficients are all well below the solver's tolerance (at most 1e-9,
    /// and 3e-9 summed, against 1e-8): it reads as its constant alone. (At the tolerance itself,
    /// whether a coefficient counts depends on the rows it is expanded through.)
    mutating func tinyConstraint() -> Constraint {
        let c = constraint()
        return Constraint(expression: Expression(c.expression.terms.map { Term($0.variable, $0.coefficient * 1e-10) },
                                                 constant: c.expression.constant),
                          relation: c.relation, strength: c.strength)
    }

    mutating func run() {
        var operations = 0
        while !isAtEnd && operations < operationLimit {
            operations += 1
            step()
            check()
        }
        if let snapshot {
            checkSnapshot(snapshot)
        }
    }

    // MARK: Operations

    mutating func step() {
        switch byte() % 13 {
        case 0, 1, 2:
            add([constraint()])
        case 3:
            add((0..<(2 + Int(byte() % 3))).map { _ in constraint() })
        case 4, 5:
            guard !live.isEmpty else { return }
            remove([live[Int(byte()) % live.count]])
        case 6:
            guard !live.isEmpty else { return }
            var batch: [Constraint] = []
            for _ in 0..<(2 + Int(byte() % 2)) {
                let c = live[Int(byte()) % live.count]
                if !batch.contains(c) { batch.append(c) }
            }
            remove(batch)
        case 7:
            let v = pick(variables)
            let strength = pick(strengths)
            log.append("addEditVariable(\(v), strength: \(strength))")
            expect(before: solver, throwing: edits.contains(v) ? .duplicateEditVariable(v)
                       : strength.isRequired ? .requiredEditVariable(v) : nil) { s in
                try s.addEditVariable(v, strength: strength)
            }
            if !strength.isRequired { edits.insert(v) }
        case 8:
            let v = pick(variables)
            log.append("removeEditVariable(\(v))")
            expect(before: solver, throwing: edits.contains(v) ? nil : .unknownEditVariable(v)) { s in
                try s.removeEditVariable(v)
            }
            edits.remove(v)
        case 9:
            let v = pick(variables)
            let value = smallNumber() * 8
            log.append("suggestValue(\(v), \(value))")
            expect(before: solver, throwing: edits.contains(v) ? nil : .unknownEditVariable(v)) { s in
                try s.suggestValue(v, value)
            }
        case 10:
            guard !live.isEmpty else { return }
            setConstant(smallNumber() * 4, for: live[Int(byte()) % live.count])
        case 11:
            updateVariables()
        default:
            switch byte() % 5 {
            case 0:
                snapshot = (solver, variables.map(solver.value(of:)), solver.constraints)
                log.append("snapshot")
            case 1:
                guard let c = live.last else { return }
                log.append("add(\(c)) again")
                expect(before: solver, throwing: .duplicateConstraint(c)) { s in try s.add(c) }
            case 2:
                guard let c = gone.last else { return }
                log.append("remove(\(c)) again")
                expect(before: solver, throwing: .unknownConstraint(c)) { s in try s.remove(c) }
            case 3:
                add([tinyConstraint()])
            default:
                let c = constraint()
                log.append("add(\(c)) with a NaN")
                let nan = Constraint(expression: Expression(c.expression.terms, constant: .nan), relation: c.relation)
                expect(before: solver, throwing: .nonFinite("constraint \(nan)")) { s in try s.add(nan) }
            }
        }
    }

    mutating func add(_ batch: [Constraint]) {
        log.append("add(\(batch))")
        let before = solver
        do {
            if batch.count == 1 { try solver.add(batch[0]) } else { try solver.add(batch) }
            live += batch
        } catch .unsatisfiable(let c, let conflicting) {
            checkUnchanged(before)
            guard batch.contains(c), c.strength.isRequired else { fail("\(c) is not a required constraint of the batch") }
            checkConflict(c, conflicting, solver: before, accepted: Array(batch[..<batch.firstIndex(of: c)!]))
            gone += batch
        } catch {
            fail("unexpected \(error)")
        }
    }

    mutating func remove(_ batch: [Constraint]) {
        log.append("remove(\(batch))")
        expect(before: solver, throwing: nil) { s in
            if batch.count == 1 { try s.remove(batch[0]) } else { try s.remove(batch) }
        }
        live.removeAll(where: batch.contains)
        gone += batch
    }

    mutating func setConstant(_ constant: Double, for c: Constraint) {
        log.append("setConstant(\(constant), for: \(c))")
        let before = solver
        do {
            try solver.setConstant(constant, for: c)
            if solver.constant(of: c) != constant { fail("the constant of \(c) is \(String(describing: solver.constant(of: c)))") }
        } catch .unsatisfiable(let culprit, let conflicting) {
            checkUnchanged(before)
            guard culprit == c, c.strength.isRequired else { fail("setConstant blamed \(culprit)") }
            let moved = Constraint(Expression(c.expression.terms), c.relation, constant: constant)
            checkConflict(moved, conflicting, solver: before, accepted: [])
        } catch {
            fail("unexpected \(error)")
        }
    }

    mutating func updateVariables() {
        log.append("updateVariables()")
        let computed = variables.map(solver.value(of:))
        solver.updateVariables()
        let cached = variables.map(solver.value(of:))
        for (i, v) in variables.enumerated() where !close(computed[i], cached[i]) {
            fail("\(v) is \(computed[i]) before updateVariables() and \(cached[i]) after")
        }
        let changed = Set(solver.changedVariables)
        if let lastUpdate {
            for (i, v) in variables.enumerated() where solver.contains(v) {
                if let old = lastUpdate[v], old != cached[i], !changed.contains(v) {
                    fail("\(v) went from \(old) to \(cached[i]) but is not in changedVariables \(changed)")
                }
            }
        }
        var values: [Variable: Double] = [:]
        for (i, v) in variables.enumerated() where solver.contains(v) { values[v] = cached[i] }
        lastUpdate = values
    }

    // MARK: Checks

    /// Runs an operation that must throw `expected` (or succeed, for nil) and, when it throws,
    /// leave the solver as it was.
    mutating func expect(before: Solver, throwing expected: SolverError?,
                         _ operation: (inout Solver) throws -> Void) {
        do {
            try operation(&solver)
            if let expected { fail("expected \(expected), but it succeeded") }
        } catch {
            if error as? SolverError != expected { fail("threw \(error), expected \(expected.map { "\($0)" } ?? "success")") }
            checkUnchanged(before)
        }
    }

    /// The health of the solver after every operation.
    func check() {
        let faults = solver.invariantFaults()
        if !faults.isEmpty { fail("broken invariants:\n" + faults.joined(separator: "\n")) }
        if solver.constraints != live { fail("the solver holds \(solver.constraints), not \(live)") }
        for v in variables where solver.hasEditVariable(v) != edits.contains(v) {
            fail("hasEditVariable(\(v)) is \(solver.hasEditVariable(v))")
        }
        for c in live where c.strength.isRequired {
            guard let constant = solver.constant(of: c) else { fail("no constant for \(c)") }
            let (value, scale) = evaluate(c.expression, constant: -constant, in: solver)
            if violation(value, c.relation) > 1e-7 * scale {
                fail("required \(c) (constant \(constant)) is violated: its expression is \(value)")
            }
        }
    }

    /// A throwing operation must leave the solver as it was: the same constraints and values.
    func checkUnchanged(_ before: Solver) {
        if solver.constraints != before.constraints { fail("a failed operation changed the constraints") }
        for v in variables where solver.value(of: v) != before.value(of: v) {
            fail("a failed operation moved \(v) from \(before.value(of: v)) to \(solver.value(of: v))")
        }
    }

    /// The copy taken earlier is untouched by everything done to `solver` since.
    func checkSnapshot(_ snapshot: (solver: Solver, values: [Double], constraints: [Constraint])) {
        let faults = snapshot.solver.invariantFaults()
        if !faults.isEmpty { fail("the snapshot's invariants broke:\n" + faults.joined(separator: "\n")) }
        if snapshot.solver.constraints != snapshot.constraints { fail("the snapshot's constraints changed") }
        if variables.map(snapshot.solver.value(of:)) != snapshot.values { fail("the snapshot's values changed") }
    }

    /// An unsatisfiable required constraint's conflict: required constraints the solver held, which
    /// cannot hold together with the culprit, and minimal (without any one of them, they can).
    func checkConflict(_ culprit: Constraint, _ conflicting: [Constraint], solver before: Solver, accepted: [Constraint]) {
        func current(_ c: Constraint) -> Constraint {
            Constraint(Expression(c.expression.terms), c.relation, constant: before.constant(of: c) ?? c.constant)
        }
        if conflicting.contains(culprit) { fail("the conflict of \(culprit) lists it") }
        for c in conflicting where !c.strength.isRequired || !(before.contains(c) || accepted.contains(c)) {
            fail("\(c) in the conflict of \(culprit) is not a required constraint the solver held")
        }
        guard conflicting.count <= 8 else { return }
        var all = Solver()
        if (try? all.add(conflicting.map(current) + [culprit])) != nil {
            fail("\(culprit) and its conflict \(conflicting) can hold together")
        }
        for i in conflicting.indices {
            var rest = conflicting
            rest.remove(at: i)
            var trial = Solver()
            if (try? trial.add(rest.map(current) + [culprit])) == nil {
                fail("the conflict \(conflicting) of \(culprit) is not minimal: \(conflicting[i]) is not needed")
            }
        }
    }

    func fail(_ message: String) -> Never {
        fatalError("SolverFuzz: \(message)\nafter:\n" + log.joined(separator: "\n"))
    }
}

/// The value of `expression` with another constant, as the solver reads it (a variable's
/// coefficients summed, and a sum below its tolerance of 1e-8 taken as zero), and the scale the
/// check's tolerance is relative to.
private func evaluate(_ expression: Expression, constant: Double, in solver: Solver) -> (Double, Double) {
    var coefficients: [(Variable, Double)] = []   // in order, so that a replay sums alike
    for t in expression.terms {
        if let i = coefficients.firstIndex(where: { $0.0 == t.variable }) { coefficients[i].1 += t.coefficient } else {
            coefficients.append((t.variable, t.coefficient))
        }
    }
    var value = constant, scale = max(1, abs(constant))
    for (variable, coefficient) in coefficients where abs(coefficient) >= 1e-8 {
        let term = coefficient * solver.value(of: variable)
        value += term
        scale = max(scale, abs(term))
    }
    return (value, scale)
}

private func violation(_ value: Double, _ relation: Relation) -> Double {
    switch relation {
    case .equal: abs(value)
    case .lessThanOrEqual: max(0, value)
    case .greaterThanOrEqual: max(0, -value)
    }
}

private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
