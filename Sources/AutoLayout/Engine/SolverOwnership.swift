import Cassowary

/// An object's identity as a key of a `SlotTable`: its address (never 0, which the tables keep for an empty slot).
func identityKey(_ object: AnyObject) -> UInt64 { UInt64(UInt(bitPattern: ObjectIdentifier(object))) }

/// Which layout constraint made each constraint of one solver, both ways, and the constant it
/// was made with. The engine's solver and each fitting's scratch solver keep one: a conflict's
/// group of solver constraints maps back to layout constraints through it, and a constant change
/// moves the solver constraints it lists.
struct SolverOwnership {
    /// What one layout constraint made in the solver.
    struct Record {
        /// The layout constraint.
        var owner: LayoutConstraint
        /// Its solver constraints: one, or two for a content size (hugging and compression).
        var constraints: [Cassowary.Constraint]
        /// The layout constraint's constant when they were made: a constant change moves each
        /// by the difference (``Cassowary/Constraint/constant`` is in the layout constraint's
        /// terms, so the two move alike).
        var builtConstant: Double
    }

    /// The record of each layout constraint the solver holds, in no particular order.
    private(set) var records: [Record] = []
    /// The slot in `records` of each layout constraint's record, by the constraint's address.
    /// (Tables of the solver's kind, not dictionaries: a fresh fitting fills two with a few dozen
    /// entries each, where `Hasher` and the dictionaries' growth cost more than the tables.)
    private var slotOfOwner = SlotTable()
    /// The slot of the record behind each solver constraint, by its identity (a view's implicit
    /// bounds have none).
    private var slotOfMade = SlotTable()

    /// What `c` made, nil when the solver does not hold it.
    /// - Complexity: O(1) on average.
    func record(of c: LayoutConstraint) -> Record? { slotOfOwner[identityKey(c)].map { records[Int($0)] } }

    /// The solver constraints `c` made, empty when the solver does not hold it.
    func constraints(of c: LayoutConstraint) -> [Cassowary.Constraint] { record(of: c)?.constraints ?? [] }

    /// Whether the solver holds `c`.
    func holds(_ c: LayoutConstraint) -> Bool { slotOfOwner[identityKey(c)] != nil }

    /// The layout constraint that made `s`, nil for an implicit bound.
    func owner(of s: Cassowary.Constraint) -> LayoutConstraint? { slotOfMade[s.id].map { records[Int($0)].owner } }

    /// Records that `c` made `constraints` (replacing what it made before), at its constant now.
    mutating func set(_ c: LayoutConstraint, made constraints: [Cassowary.Constraint]) {
        let record = Record(owner: c, constraints: constraints, builtConstant: c.constant)
        let slot: Int32
        if let old = slotOfOwner[identityKey(c)] {
            slot = old
            for s in records[Int(slot)].constraints { slotOfMade.remove(s.id) }
            records[Int(slot)] = record
        } else {
            slot = Int32(records.count)
            records.append(record)
            slotOfOwner.set(identityKey(c), slot)
        }
        for s in constraints { slotOfMade.set(s.id, slot) }
    }

    /// Makes room for `count` more layout constraints (a batch), so the tables grow once.
    mutating func reserve(_ count: Int) {
        records.reserveCapacity(records.count + count)
        slotOfOwner.reserve(records.count + count)
        // Most layout constraints make one solver constraint, content sizes two.
        slotOfMade.reserve(slotOfMade.count + count + count / 4)
    }

    /// Forgets what `c` made; returns it (empty when nothing was recorded).
    @discardableResult
    mutating func remove(_ c: LayoutConstraint) -> [Cassowary.Constraint] {
        guard let slot = slotOfOwner.remove(identityKey(c)).map(Int.init) else { return [] }
        let removed = records[slot].constraints
        for s in removed { slotOfMade.remove(s.id) }
        // The last record takes the slot.
        let last = records.removeLast()
        if slot < records.count {
            records[slot] = last
            slotOfOwner.set(identityKey(last.owner), Int32(slot))
            for s in last.constraints { slotOfMade.set(s.id, Int32(slot)) }
        }
        return removed
    }

    /// Appends the solver constraints of `c`, by identity, with their constants for its constant
    /// now, for ``Cassowary/Solver/setConstants(byID:)`` (nothing when it is not recorded): the
    /// built constants when it has not moved, which sets back a solver constant moved on its
    /// own. Appending spares an array per constraint on the reused-cell path, and identities
    /// read in place a retain and a release per move.
    func appendMoves(for c: LayoutConstraint, to moves: inout [(id: UInt64, constant: Double)]) {
        guard let slot = slotOfOwner[identityKey(c)].map(Int.init) else { return }
        let delta = c.constant - records[slot].builtConstant
        for k in records[slot].constraints.indices {
            moves.append((records[slot].constraints[k].id, records[slot].constraints[k].constant + delta))
        }
    }

    /// What is wrong with the table against `solver`, which should hold exactly the recorded
    /// constraints besides `background`: a recorded constraint the solver lacks, one the solver
    /// holds that no record or bound explains, an owner that does not point back to its record,
    /// or a record whose owner's strength no longer matches. Empty when consistent.
    /// - Complexity: O(constraints of the solver and the table).
    func faults(against solver: Solver, background: Set<UInt64>) -> [String] {
        var out: [String] = []
        var recorded = 0
        for record in records.sorted(by: { $0.constraints.first?.id ?? 0 < $1.constraints.first?.id ?? 0 }) {
            if self.record(of: record.owner)?.owner !== record.owner { out.append("\(record.owner) is listed, but its record is not found by it") }
            for s in record.constraints {
                recorded += 1
                guard let owner = owner(of: s) else { out.append("\(s) is recorded without an owner"); continue }
                if self.record(of: owner)?.constraints.contains(s) != true { out.append("the owner of \(s), \(owner), does not list it") }
                if !solver.contains(s) { out.append("\(owner) made \(s), which the solver does not hold") }
            }
        }
        if slotOfMade.count != recorded { out.append("\(slotOfMade.count) owners for \(recorded) recorded solver constraints") }
        if slotOfOwner.count != records.count { out.append("\(slotOfOwner.count) layout constraints listed for \(records.count) records") }
        for s in solver.constraints where slotOfMade[s.id] == nil && !background.contains(s.id) {
            out.append("the solver holds \(s), which no layout constraint made")
        }
        return out
    }
}
