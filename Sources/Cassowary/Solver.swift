/// An incremental Cassowary solver with exact priorities.
///
/// Add and remove constraints one at a time or in batches, steer edit variables with
/// suggestions, change constants in place, and read the values of variables. Required
/// constraints always hold; optional ones are satisfied as well as possible, level by level:
/// an error at a higher priority is never traded for errors at lower ones.
///
/// `Solver` is a value: copying one copies the whole system (cheaply, on write), so a copy is
/// also a snapshot. Every method that throws leaves the solver exactly as it was.
///
/// ```swift
/// var solver = Solver()
/// let left = Variable("left"), width = Variable("width")
/// try solver.add([left == 8, width >= 100, (width == 300).withStrength(.weak)])
/// let solved = solver.value(of: width)   // 300
/// ```
public struct Solver: Sendable {
    struct Record: Sendable {
        var constraint: Constraint
        var marker: Symbol
        /// `other` and `defined`, `.absent` for nil (an optional symbol would take 8 bytes).
        private var otherSymbol: Symbol
        private var definedSymbol: Symbol
        /// The second symbol: the negative error of an optional equality, the error of an
        /// optional inequality, or nil.
        var other: Symbol? { otherSymbol.isAbsent ? nil : otherSymbol }
        /// The variable whose definition the constraint's row became, if any.
        var defined: Symbol? { definedSymbol.isAbsent ? nil : definedSymbol }
        /// The constant of the constraint's expression as it is now (`setConstant` changes it):
        /// minus the constraint's own ``Constraint/constant``.
        var constant: Double
        var sequence: Int

        init(constraint: Constraint, marker: Symbol, other: Symbol?, defined: Symbol?, constant: Double, sequence: Int) {
            self.constraint = constraint
            self.marker = marker
            otherSymbol = other ?? .absent
            definedSymbol = defined ?? .absent
            self.constant = constant
            self.sequence = sequence
        }

        /// What a free slot of `records` holds (marker `.absent`). Records are not optionals:
        /// reading a field of an optional element copied the whole record, constraint and all.
        static let vacant = Record(constraint: Constraint(expression: Expression(constant: 0), relation: .equal),
                                   marker: .absent, other: nil, defined: nil, constant: 0, sequence: 0)
        var isVacant: Bool { marker.isAbsent }
    }

    struct Edit: Sendable {
        var constraint: Constraint
        var value: Double
    }

    var engine = Engine()
    /// The symbol of each variable; the engine tags the symbol with the variable's index here.
    var symbols = IdentityTable<Symbol>(vacant: .absent)
    /// The variables some constraint mentions, in the order the solver first saw them; nil where
    /// one was forgotten (`forgetIfUnused`) until the holes are squeezed out.
    var variableList: [Variable?] = []
    private var variableHoles = 0
    /// The slot in `records` of each constraint; the engine tags its marker with the slot.
    var slots = IdentityTable<Int32>(vacant: -1)
    var records: [Record] = []
    private var freeSlots: [Int32] = []
    var edits: [Variable: Edit] = [:]
    private var sequence = 0
    private var cache: [Double] = []
    private var cacheValid = false
    private var order: [Symbol] = []
    private var orderVersion = -1
    private var changedSymbols: [Symbol] = []

    // What the current transaction created, to forget on rollback: the constraints by id (a
    // `Constraint` held here would be retained and released with every add).
    // The first `addedCount` entries; the rest is room kept for the next transaction (emptying
    // an array in place cost a single add a hundred instructions).
    private var addedInTransaction: [UInt64] = []
    private var addedCount = 0
    private var variableCountAtBegin = 0

    /// Scratch for `insert`: the row of the constraint being added.
    private var insertionTerms: [LinearTerm] = []
    /// `shiftConstants`' moves, kept between calls: a reused cell's fitting shifts constants
    /// every time, and a fresh array was a heap block each.
    private var shiftScratch: [(slot: Int, constant: Double)] = []

    /// Whether an `.unsatisfiable` error names, of the irreducible groups that would do, the one
    /// ``ConflictSearch`` finds reading every held required constraint in the order added, as a
    /// layout engine reports a conflict and as a pasted log is explained (so the two name the
    /// same group). It costs a search over every held required constraint at each rejection.
    /// When false (the default) the search starts from the simplex's certificate, the handful
    /// of constraints the failing row names: an irreducible group, found fast.
    public var namesConflictsInOrder = false

    /// Creates an empty solver.
    /// - Complexity: O(1): storage grows with the first constraints.
    public init() {}

    // MARK: Constraints

    /// Adds a constraint and optimises.
    ///
    /// - Throws: `SolverError.duplicateConstraint` when it is already there,
    ///   `.nonFinite` for an infinite or NaN coefficient or constant, and `.unsatisfiable` with a
    ///   minimal set of conflicting required constraints when it is required and cannot hold.
    ///   The solver is unchanged when it throws.
    /// - Complexity: Amortised O(size of the rows the new row touches) when the constraint
    ///   defines a variable used nowhere else; otherwise one simplex optimisation.
    public mutating func add(_ constraint: Constraint) throws(SolverError) {
        if constraint.strength.isRequired { return try insertBatch(CollectionOfOne(constraint)) }
        // Known finite and new, an optional constraint cannot fail: its error symbols always
        // give its row a subject (no artificial variable, never only dummies), so it needs no
        // transaction to undo (a third of a table cell's adds; the journal cost each ~400
        // instructions).
        guard constraint.expression.isFinite else { throw .nonFinite("constraint \(constraint)") }
        if slots[constraint.id] != nil { throw .duplicateConstraint(constraint) }
        cacheValid = false
        let conflict = insert(constraint)
        precondition(conflict == nil, "internal error: an optional constraint could not be added")
        forgetAddedInTransaction()
        engine.optimize()
    }

    /// Adds constraints as one batch: all of them or, when one fails, none. The objective is
    /// optimised once, after the last.
    ///
    /// - Throws: As `add(_:)`, for the first constraint that fails; nothing is added then.
    /// - Complexity: The sum of `add(_:)`'s row work for each constraint, and one optimisation
    ///   for the batch; a failure costs a rollback of what the batch added and, for an
    ///   unsatisfiable one, the search for a minimal conflict (a scratch solve per candidate).
    public mutating func add(_ constraints: some Sequence<Constraint>) throws(SolverError) {
        try insertBatch(Array(constraints))
    }

    private mutating func insertBatch(_ constraints: some Collection<Constraint>) throws(SolverError) {
        for c in constraints where !c.expression.isFinite { throw .nonFinite("constraint \(c)") }
        cacheValid = false
        begin()
        for c in constraints {
            // Each one is registered as it goes in, so one held already or met earlier in the
            // batch is found here (no set of the batch to hash).
            if slots[c.id] != nil {
                rollback()
                throw .duplicateConstraint(c)
            }
            if let markers = insert(c) {
                // The batch's earlier constraints are held until the rollback.
                let held = requiredConstraintsNow(excluding: nil)
                let certificate = markers.compactMap(owner(ofMarker:))
                rollback()
                throw .unsatisfiable(c, conflicting: try Self.conflict(of: c, as: c, among: held, certificate: certificate,
                                                                             earliest: namesConflictsInOrder))
            }
        }
        // Optimising cannot fail, so it runs outside the journal.
        commit()
        engine.optimize()
    }

    /// Removes a constraint and optimises.
    /// - Throws: `SolverError.unknownConstraint` when it is not there.
    /// - Complexity: O(rows that hold its marker or error symbols) to take it out, then one
    ///   optimisation.
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        try remove(CollectionOfOne(constraint))
    }

    /// Removes constraints as one batch, optimising once.
    /// - Throws: `SolverError.unknownConstraint` for the first one that is not there; nothing
    ///   is removed then.
    /// - Complexity: The sum of `remove(_:)`'s row work, and one optimisation for the batch.
    public mutating func remove(_ constraints: some Sequence<Constraint>) throws(SolverError) {
        let constraints = Array(constraints)
        var seen = Set<Constraint>()
        for c in constraints where slots[c.id] == nil || (constraints.count > 1 && !seen.insert(c).inserted) {
            throw .unknownConstraint(c)
        }
        cacheValid = false
        for c in constraints {
            if !edits.isEmpty, let edit = edits.first(where: { $0.value.constraint == c }) { edits[edit.key] = nil }
            erase(c)
        }
        engine.optimize()
    }

    /// Whether the solver holds the constraint.
    /// - Complexity: O(1).
    public func contains(_ constraint: Constraint) -> Bool { slots[constraint.id] != nil }

    /// Every constraint the solver holds (edit constraints excluded), in the order they were added.
    public var constraints: [Constraint] {
        let editConstraints = Set(edits.values.map(\.constraint))
        return heldConstraints { !editConstraints.contains($0) }
    }

    /// The constraints held that satisfy `isIncluded`, in the order they were added.
    private func heldConstraints(where isIncluded: (Constraint) -> Bool) -> [Constraint] {
        records.filter { !$0.isVacant && isIncluded($0.constraint) }.sorted { $0.sequence < $1.sequence }.map(\.constraint)
    }

    func record(_ c: Constraint) -> Record? {
        guard let slot = slots[c.id] else { return nil }
        return records[Int(slot)]
    }

    func owner(ofMarker m: Symbol) -> Constraint? {
        let slot = engine.tags[m]
        guard slot != Engine.untagged, records[Int(slot)].marker == m else { return nil }
        return records[Int(slot)].constraint
    }

    /// The current constant of a constraint, in its own terms (``Constraint/constant``: the
    /// `c` of `terms ⋈ c`, so 10 for `x == y + 10`): as built, or the last `setConstant`.
    /// - Complexity: O(1).
    /// (Always inlined: `constantInPlace(of:)`, calling it, would otherwise copy the solver.)
    @inline(__always) public func constant(of constraint: Constraint) -> Double? { record(constraint).map { -$0.constant } }

    /// Changes the constant of a constraint in place, without removing and re-adding it: the
    /// `c` of `terms ⋈ c` (``Constraint/constant``), so `x == y + 10` with constant 20 becomes
    /// `x == y + 20`, as a layout constraint's `constant` moves it. Setting the constant it has
    /// does nothing.
    ///
    /// - Throws: `.unknownConstraint`, `.nonFinite`, or `.unsatisfiable` when the constraint is
    ///   required and cannot hold with its new constant; the solver is unchanged then.
    /// - Complexity: O(rows holding the constraint's marker), then the dual simplex pivots
    ///   needed to restore feasibility.
    public mutating func setConstant(_ constant: Double, for constraint: Constraint) throws(SolverError) {
        guard let slot = slots[constraint.id] else { throw .unknownConstraint(constraint) }
        let record = records[Int(slot)]
        guard constant.isFinite else { throw .nonFinite("constant of \(constraint)") }
        let constant = -constant   // the expression's: terms - c ⋈ 0
        if constant == record.constant { return }
        cacheValid = false
        let required = constraint.strength.isRequired
        if required { begin() }
        records[Int(slot)].constant = constant
        let delta = constant - record.constant
        let rowDelta = constraint.relation == .lessThanOrEqual ? -delta : delta
        engine.shift(record.marker, by: -rowDelta)
        if engine.dualOptimize() {
            if required { commit() }
            return
        }
        rollback()
        records[Int(slot)].constant = record.constant
        let moved = Constraint(expression: Expression(constraint.expression.terms, constant: constant),
                               relation: constraint.relation)
        let held = requiredConstraintsNow(excluding: constraint)
        throw .unsatisfiable(constraint, conflicting: try Self.conflict(of: constraint, as: moved, among: held, certificate: nil,
                                                                                  earliest: namesConflictsInOrder))
    }

    /// Changes the constants of several constraints together, as ``setConstant(_:for:)`` does
    /// one at a time, and restores feasibility once, after all of them: the cheaper way when
    /// changes come together (a reused cell's new texts).
    ///
    /// - Throws: as ``setConstant(_:for:)`` for the first change, in order, that cannot be made
    ///   after the ones before it; the solver is unchanged then.
    /// - Complexity: O(rows holding the constraints' markers), then the dual simplex pivots
    ///   needed to restore feasibility.
    public mutating func setConstants(_ changes: [(constraint: Constraint, constant: Double)]) throws(SolverError) {
        if try shiftConstants(count: changes.count, id: { changes[$0].constraint.id }, constant: { changes[$0].constant },
                              unknown: { .unknownConstraint(changes[$0].constraint) }) { return }
        // Explain with the changes made one at a time, on a copy (which takes over if they
        // all hold that way).
        var trial = self
        for (constraint, constant) in changes { try trial.setConstant(constant, for: constraint) }
        self = trial
    }

    /// ``setConstants(_:)`` for constraints named by their identities, each of them held: for a
    /// caller that keeps identities (a list of constraints retains and releases each one, most
    /// of what a reused cell's move of its new text sizes cost besides the pivots).
    package mutating func setConstants(byID changes: [(id: UInt64, constant: Double)]) throws(SolverError) {
        if try shiftConstants(count: changes.count, id: { changes[$0].id }, constant: { changes[$0].constant },
                              unknown: { preconditionFailure("internal error: no constraint \(changes[$0].id) is held") }) { return }
        var trial = self
        for (id, constant) in changes { try trial.setConstant(constant, for: records[Int(slots[id]!)].constraint) }
        self = trial
    }

    /// ``setConstants(_:)`` without the explanation: false, the solver as it was, when the
    /// changes (`count` of them, the `i`th naming a constraint by identity) cannot hold together.
    @inline(__always)
    private mutating func shiftConstants(count: Int, id: (Int) -> UInt64, constant newConstant: (Int) -> Double,
                                         unknown: (Int) -> SolverError) throws(SolverError) -> Bool {
        // Check every change before making any; the relation and strength are the record's.
        var moves = shiftScratch
        shiftScratch = []
        moves.removeAllKeepingCapacity()
        defer { shiftScratch = moves }
        var required = false
        for i in 0..<count {
            let constant = -newConstant(i)   // the expression's: terms - c ⋈ 0
            guard let slot = slots[id(i)].map(Int.init) else { throw unknown(i) }
            guard constant.isFinite else { throw .nonFinite("constant of \(records[slot].constraint)") }
            moves.append((slot, constant))
            required = required || (records[slot].constraint.strength.isRequired && constant != records[slot].constant)
        }
        if required { begin() }
        for i in moves.indices {
            let slot = moves[i].slot
            // A constraint may come twice: compare with the constant it has now, and keep the
            // one it had (for a rollback) in its place.
            let old = records[slot].constant
            let constant = moves[i].constant
            moves[i].constant = old
            if constant == old { continue }
            cacheValid = false
            records[slot].constant = constant
            let delta = constant - old
            engine.shift(records[slot].marker, by: records[slot].constraint.relation == .lessThanOrEqual ? delta : -delta)
        }
        if engine.dualOptimize() {
            if required { commit() }
            return true
        }
        rollback()
        for (slot, constant) in moves.reversed() { records[slot].constant = constant }
        return false
    }

    /// Gives every constraint of `constraints`, each held, its own constant (as built), in one
    /// step; false, the solver as it was, when they cannot all hold or one is not finite.
    mutating func moveConstants(to constraints: [Constraint]) -> Bool {
        (try? shiftConstants(count: constraints.count, id: { constraints[$0].id }, constant: { constraints[$0].constant },
                             unknown: { .unknownConstraint(constraints[$0]) })) ?? false
    }

    /// Puts `newVariables` and `newConstraints` in place of the ones at the same positions of
    /// `variables` and `constraints` (every variable and constraint the solver holds, the
    /// constraints with their records' constants kept): the system keeps its rows, its basis
    /// and its values, now under other names.
    mutating func rebind(variables: [Variable], to newVariables: [Variable],
                         constraints: [Constraint], to newConstraints: [Constraint]) {
        var symbols = IdentityTable<Symbol>(vacant: .absent, minimumCount: newVariables.count)
        for (old, new) in zip(variables, newVariables) {
            guard let s = self.symbols[old.id] else { continue }   // its terms cancelled
            symbols.set(new.id, s)
            variableList[Int(engine.tags[s])] = new
        }
        self.symbols = symbols
        var slots = IdentityTable<Int32>(vacant: -1, minimumCount: newConstraints.count)
        for (old, new) in zip(constraints, newConstraints) {
            let slot = self.slots[old.id]!
            records[Int(slot)].constraint = new
            slots.set(new.id, slot)
        }
        self.slots = slots
        // The values stay, now the new variables' (the next update evaluates what changes
        // after this); the list of changed ones named the old variables.
        changedSymbols.removeAll()
    }

    /// How many constraints the solver holds, edit constraints included.
    var heldCount: Int { records.count - freeSlots.count }

    // MARK: Edit variables

    /// Makes a variable steerable by `suggestValue` at an optional strength.
    /// - Throws: `.duplicateEditVariable`, or `.requiredEditVariable` for `.required`.
    /// - Complexity: As `add(_:)` of the constraint `variable == value` at `strength`.
    public mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        if edits[variable] != nil { throw .duplicateEditVariable(variable) }
        if strength.isRequired { throw .requiredEditVariable(variable) }
        let c = Constraint(expression: variable.expression, relation: .equal, strength: strength)
        try add(c)
        edits[variable] = Edit(constraint: c, value: 0)
    }

    /// Stops steering a variable.
    /// - Throws: `.unknownEditVariable`.
    /// - Complexity: As `remove(_:)` of its edit constraint.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits[variable] else { throw .unknownEditVariable(variable) }
        edits[variable] = nil
        try remove(edit.constraint)
    }

    /// Whether a variable is an edit variable.
    /// - Complexity: O(1) on average (a dictionary lookup).
    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

    /// Suggests a value for an edit variable; the solver moves it as close as its strength allows.
    /// - Throws: `.unknownEditVariable`, or `.nonFinite` for an infinite or NaN value.
    /// - Complexity: O(rows holding the edit's error symbols), then the dual simplex pivots
    ///   that the change makes necessary.
    public mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard let edit = edits.index(forKey: variable) else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFinite("suggested value for \(variable)") }
        edits.values[edit].value = value
        cacheValid = false
        let slot = Int(slots[edits.values[edit].constraint.id]!)
        let (marker, old) = (records[slot].marker, records[slot].constant)
        records[slot].constant = -value
        engine.shift(marker, by: value + old)
        let restored = engine.dualOptimize()
        assert(restored, "an optional edit constraint cannot make the system infeasible")
    }

    // MARK: Values

    /// Whether some constraint the solver holds mentions the variable. The solver forgets a
    /// variable with the last constraint that mentions it.
    /// - Complexity: O(1).
    public func contains(_ variable: Variable) -> Bool { symbols[variable.id] != nil }

    /// The value of a variable in the current solution (0 for a variable no constraint mentions).
    /// - Complexity: O(1) after `updateVariables()`; otherwise O(definitions it depends on).
    public func value(of variable: Variable) -> Double {
        guard let s = symbols[variable.id] else { return 0 }
        return cacheValid ? cache[s] : engine.value(of: s)
    }

    /// The value of a variable in the current solution.
    public subscript(variable: Variable) -> Double { value(of: variable) }

    /// ``value(of:)`` for a solver held in place (a class's stored property, an `inout`): it
    /// changes nothing, but a mutating method takes the solver by address, where another
    /// module's call of a non-mutating one first copies the whole solver (785 bytes).
    package mutating func valueInPlace(of variable: Variable) -> Double {
        guard let s = symbols[variable.id] else { return 0 }
        return cacheValid ? cache[s] : uncachedValue(s)
    }

    /// A value outside the cache (apart: inlined, the engine was copied for every read).
    @inline(never) private mutating func uncachedValue(_ s: Symbol) -> Double { engine.value(of: s) }

    /// ``constant(of:)`` for a solver held in place (see ``valueInPlace(of:)``).
    package mutating func constantInPlace(of constraint: Constraint) -> Double? { constant(of: constraint) }

    /// Computes every variable's value, so that `value(of:)` is O(1) until the next change, and
    /// notes which values changed since the previous call (``changedVariables``).
    ///
    /// After changes that keep the shape of the definitions (`setConstant`, `suggestValue`,
    /// most pivots), only the definitions that use a changed row are evaluated again: the cost
    /// follows what the change affects, not the size of the system.
    /// - Complexity: O(what changed) after constant changes and suggestions; otherwise O(size
    ///   of the system).
    public mutating func updateVariables() {
        if cacheValid {
            changedSymbols.removeAll(keepingCapacity: true)
            return
        }
        defer {
            engine.clearChanges()
            cacheValid = true
        }
        changedSymbols.removeAll(keepingCapacity: true)
        if orderVersion == engine.definitions.shapeVersion, cache.count == engine.symbolCount {
            engine.reevaluate(&cache, order: order, changed: &changedSymbols)
            return
        }
        if orderVersion != engine.definitions.shapeVersion {
            order = engine.evaluationOrder()
            orderVersion = engine.definitions.shapeVersion
        }
        engine.evaluate(order: order, into: &cache, changed: &changedSymbols)
    }

    /// The variables whose values the last `updateVariables()` changed (or first computed), in
    /// no particular order; empty from the next change to the solver until `updateVariables()`
    /// (the change may have recycled their symbols).
    public var changedVariables: [Variable] {
        cacheValid ? changedSymbols.map { variableList[Int(engine.tags[$0])]! } : []
    }

    /// Forgets every constraint, edit variable and variable.
    /// - Complexity: O(size of the system), to free it.
    public mutating func reset() { self = Solver() }

    // MARK: Implementation

    mutating func begin() {
        engine.beginTransaction()
        addedCount = 0
        variableCountAtBegin = variableList.count
    }

    private mutating func commit() {
        engine.commit()
        forgetAddedInTransaction()
    }

    /// Empties `addedInTransaction`, keeping the room of a few adds (no allocation per add),
    /// not that of a big batch.
    private mutating func forgetAddedInTransaction() {
        addedCount = 0
        if addedInTransaction.count > 64 { addedInTransaction = [] }
    }

    private mutating func rollback() {
        engine.rollback()
        for id in addedInTransaction[..<addedCount] { unregister(id) }
        for v in variableList[variableCountAtBegin...] { symbols.remove(v!.id) }
        variableList.removeLast(variableList.count - variableCountAtBegin)
        forgetAddedInTransaction()
    }

    private mutating func symbol(for v: Variable) -> Symbol {
        if let s = symbols[v.id] { return s }
        let s = engine.newSymbol(.external)
        symbols.set(v.id, s)
        engine.tags[s] = Int32(variableList.count)
        variableList.appendGrowing(v)
        // A recycled symbol's cached value belongs to its last user: NaN differs from any value,
        // so the next `updateVariables` lists the new variable as first computed.
        if s.index < cache.count { cache[s] = .nan }
        return s
    }

    /// Forgets a variable no constraint mentions any more: its symbol goes back to the engine
    /// and its entries leave the tables, so that a solver whose views come and go (each with
    /// variables of its own) holds only the variables in use. Runs outside transactions.
    private mutating func forgetIfUnused(_ v: Variable) {
        guard let s = symbols[v.id], engine.isUnused(s) else { return }
        precondition(!engine.journaling, "internal error: forgetting a variable inside a transaction")
        symbols.remove(v.id)
        variableList[Int(engine.tags[s])] = nil
        variableHoles += 1
        engine.free(s)
        // Squeeze the holes out once they are half the list, keeping the order.
        if variableHoles > 16, 2 * variableHoles > variableList.count {
            variableList.removeAll { $0 == nil }
            variableHoles = 0
            for (i, v) in variableList.enumerated() { engine.tags[symbols[v!.id]!] = Int32(i) }
        }
    }

    private mutating func unregister(_ id: UInt64) {
        guard let slot = slots.remove(id) else { return }
        records[Int(slot)] = .vacant
        freeSlots.append(slot)
    }

    /// Registers and inserts one constraint (inside a transaction); returns the markers of the
    /// conflicting constraints when it cannot hold.
    mutating func insert(_ c: Constraint) -> [Symbol]? {
        let sign: Double = c.relation == .lessThanOrEqual ? -1 : 1
        // The row is built in a kept scratch array (moved out while it is used), not in a fresh
        // array: that was a heap block for every constraint added.
        var terms = insertionTerms
        insertionTerms = []
        terms.removeAllKeepingCapacity()
        defer { insertionTerms = terms }
        // A repeated variable is summed at its first occurrence; one whose terms cancel (or whose
        // coefficient is 0) is not mentioned, so it is not registered either.
        let written = c.expression.terms
        for i in written.indices {
            let id = written[i].variable.id
            if written[..<i].contains(where: { $0.variable.id == id }) { continue }
            var coefficient = written[i].coefficient
            for u in written[(i + 1)...] where u.variable.id == id { coefficient += u.coefficient }
            if abs(coefficient) < epsilon { continue }
            terms.append(LinearTerm(symbol(for: written[i].variable), sign * coefficient))
        }
        let strength = c.strength
        let marker: Symbol, other: Symbol?
        if c.relation == .equal {
            marker = engine.newSymbol(strength.isRequired ? .dummy : .error)
            other = strength.isRequired ? nil : engine.newSymbol(.error)
        } else {
            marker = engine.newSymbol(.slack)
            other = strength.isRequired ? nil : engine.newSymbol(.error)
        }
        terms.append(LinearTerm(marker, -1))
        if let other { terms.append(LinearTerm(other, 1)) }
        let level = strength.isRequired ? 0 : engine.objectiveLevel(for: strength.priority)
        let outcome = engine.add(constant: sign * c.expression.constant, terms: terms, marker: marker, other: other,
                                 level: level, weight: strength.weight)
        switch outcome {
        case let .unsatisfiable(markers):
            return markers
        case let .added(defined):
            sequence += 1
            let record = Record(constraint: c, marker: marker, other: other, defined: defined,
                                constant: c.expression.constant, sequence: sequence)
            let slot: Int32
            if let free = freeSlots.popLast() {
                slot = free
                records[Int(slot)] = record
            } else {
                slot = Int32(records.count)
                records.appendGrowing(record)
            }
            slots.set(c.id, slot)
            engine.tags[marker] = slot
            if let other { engine.tags[other] = slot }
            if addedCount < addedInTransaction.count {
                addedInTransaction[addedCount] = c.id
            } else {
                addedInTransaction.appendGrowing(c.id)
            }
            addedCount += 1
            return nil
        }
    }

    /// Removes one constraint from the engine and the registry.
    private mutating func erase(_ c: Constraint) {
        let r = record(c)!
        unregister(c.id)
        let level = c.strength.isRequired ? 0 : engine.objectiveLevel(for: c.strength.priority)
        engine.remove(marker: r.marker, other: r.other, level: level, weight: c.strength.weight, defined: r.defined)
        for t in c.expression.terms { forgetIfUnused(t.variable) }
    }

    /// The required constraints held, in the order they were added (edit constraints are
    /// optional), each as it is now: `setConstant` may have moved its constant.
    private func requiredConstraintsNow(excluding excluded: Constraint?) -> [(original: Constraint, now: Constraint)] {
        heldConstraints { $0.strength.isRequired && $0 != excluded }.map { c in
            guard let record = record(c), record.constant != c.expression.constant else { return (c, c) }
            return (c, Constraint(expression: Expression(c.expression.terms, constant: record.constant),
                                  relation: c.relation, strength: c.strength))
        }
    }

    /// The constraints of `held` in an irreducible conflict with `culprit`, which is `now`
    /// with the constant it was to have (``ConflictSearch``). Unless `earliest` asks for the
    /// group the search finds among every held constraint, the
    /// search runs first among the constraints of the simplex's certificate (the row that
    /// proved the conflict names them: usually a handful, often already the group), then, when
    /// rounding hid part of it and they hold together, among every held constraint. When no set is found that a solve of its own cannot satisfy, the certificate
    /// (else every held constraint) is the group, unless the held constraints and the culprit
    /// hold together when solved afresh: then numbers beyond the precision of doubles decided,
    /// and the error says so.
    private static func conflict(of culprit: Constraint, as now: Constraint,
                                 among held: [(original: Constraint, now: Constraint)],
                                 certificate: [Constraint]?, earliest: Bool) throws(SolverError) -> [Constraint] {
        func search(_ candidates: [(original: Constraint, now: Constraint)]) -> [Constraint]? {
            let members = candidates.map { [$0.now] } + [[now]]
            guard let found = ConflictSearch.minimalConflict(among: members, including: candidates.count),
                  !ConflictSearch.holdTogether(found.map { members[$0][0] }) else { return nil }
            return found.filter { $0 < candidates.count }.map { candidates[$0].original }
        }
        if !earliest, let certificate, !certificate.isEmpty {
            let named = Set(certificate.map(\.id))
            if let group = search(held.filter { named.contains($0.original.id) }) { return group }
        }
        if let group = search(held) { return group }
        if ConflictSearch.holdTogether(held.map(\.now) + [now]) { throw .imprecise(culprit) }
        return certificate ?? held.map(\.original)
    }
}
