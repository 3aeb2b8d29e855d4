import Cassowary

/// Which layout constraint made each constraint of one solver, both ways, and the constant it
/// was made with. The engine's solver and each fitting's scratch solver keep one: a conflict's
/// group of solver constraints maps back to layout constraints through it, and a constant change
/// moves the solver constraints it lists.
struct SolverOwnership {
    /// What one layout constraint made in the solver.
    struct Record {
        /// Its solver constraints: one, or two for a content size (hugging and compression).
        var constraints: [Cassowary.Constraint]
        /// The layout constraint's constant when they were made: a constant change moves each
        /// by the difference (``Cassowary/Constraint/constant`` is in the layout constraint's
        /// terms, so the two move alike).
        var builtConstant: Double
    }

    /// The record of each layout constraint the solver holds.
    private(set) var records: [ObjectIdentifier: Record] = [:]
    /// The layout constraint behind each solver constraint (a view's implicit bounds have none).
    private var owners: [UInt64: LayoutConstraint] = [:]

    /// What `c` made, nil when the solver does not hold it.
    /// - Complexity: O(1) on average.
    func record(of c: LayoutConstraint) -> Record? { records[ObjectIdentifier(c)] }

    /// The solver constraints `c` made, empty when the solver does not hold it.
    func constraints(of c: LayoutConstraint) -> [Cassowary.Constraint] { records[ObjectIdentifier(c)]?.constraints ?? [] }

    /// Whether the solver holds `c`.
    func holds(_ c: LayoutConstraint) -> Bool { records[ObjectIdentifier(c)] != nil }

    /// The layout constraint that made `s`, nil for an implicit bound.
    func owner(of s: Cassowary.Constraint) -> LayoutConstraint? { owners[s.id] }

    /// Records that `c` made `constraints` (replacing what it made before), at its constant now.
    mutating func set(_ c: LayoutConstraint, made constraints: [Cassowary.Constraint]) {
        if let old = records.updateValue(Record(constraints: constraints, builtConstant: c.constant), forKey: ObjectIdentifier(c)) {
            for s in old.constraints { owners[s.id] = nil }
        }
        for s in constraints { owners[s.id] = c }
    }

    /// Makes room for `count` more layout constraints (a batch), so the tables grow once.
    mutating func reserve(_ count: Int) {
        records.reserveCapacity(records.count + count)
        owners.reserveCapacity(owners.count + count)
    }

    /// Forgets what `c` made; returns it (empty when nothing was recorded).
    @discardableResult
    mutating func remove(_ c: LayoutConstraint) -> [Cassowary.Constraint] {
        guard let record = records.removeValue(forKey: ObjectIdentifier(c)) else { return [] }
        for s in record.constraints { owners[s.id] = nil }
        return record.constraints
    }

    /// Appends the solver constraints of `c` with their constants for its constant now, for
    /// ``Cassowary/Solver/setConstants(_:)`` (nothing when it is not recorded): the built
    /// constants when it has not moved, which sets back a solver constant moved on its own.
    /// Appending spares an array per constraint on the reused-cell path.
    func appendMoves(for c: LayoutConstraint, to moves: inout [(constraint: Cassowary.Constraint, constant: Double)]) {
        guard let record = records[ObjectIdentifier(c)] else { return }
        let delta = c.constant - record.builtConstant
        for s in record.constraints { moves.append((s, s.constant + delta)) }
    }

    /// What is wrong with the table against `solver`, which should hold exactly the recorded
    /// constraints besides `background`: a recorded constraint the solver lacks, one the solver
    /// holds that no record or bound explains, an owner that does not point back to its record,
    /// or a record whose owner's strength no longer matches. Empty when consistent.
    /// - Complexity: O(constraints of the solver and the table).
    func faults(against solver: Solver, background: Set<UInt64>) -> [String] {
        var out: [String] = []
        var recorded = 0
        for (_, record) in records.sorted(by: { $0.value.constraints.first?.id ?? 0 < $1.value.constraints.first?.id ?? 0 }) {
            for s in record.constraints {
                recorded += 1
                guard let owner = owners[s.id] else { out.append("\(s) is recorded without an owner"); continue }
                if records[ObjectIdentifier(owner)]?.constraints.contains(s) != true { out.append("the owner of \(s), \(owner), does not list it") }
                if !solver.contains(s) { out.append("\(owner) made \(s), which the solver does not hold") }
            }
        }
        if owners.count != recorded { out.append("\(owners.count) owners for \(recorded) recorded solver constraints") }
        for s in solver.constraints where owners[s.id] == nil && !background.contains(s.id) {
            out.append("the solver holds \(s), which no layout constraint made")
        }
        return out
    }
}
