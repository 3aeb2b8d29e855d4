/// FNV-1a over 64-bit words: the digest of a shape's description, for hashing (``ConstraintShape``,
/// and the layout engine's keys read from layout constraints).
/// (Inlinable: the layout engine mixes a few words per constraint of every fresh fitting.)
package struct WordDigest: Sendable {
    package var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @inlinable package init() {}

    @inlinable package mutating func mix(_ word: UInt64) { value = (value ^ word) &* 0x0000_0100_0000_01B3 }
}

/// The shape of a list of constraints: everything about them but their constants and the
/// identities of their variables and of themselves.
///
/// Two lists have the same shape when they match constraint by constraint (relation, strength,
/// terms in the same order with the same coefficients) and their variables correspond one to
/// one: a variable that appears at some places in one list appears at exactly those places in
/// the other. Views of one class configured alike make constraint lists of the same shape, which
/// differ only in constants (a label's measured size, a target width): ``SolvedShape`` solves
/// such a list from a solved one instead of from nothing.
///
/// Equality and hashing compare the shape only, never the constraints or variables it was
/// read from.
public struct ConstraintShape: Hashable, Sendable {
    private struct Head: Hashable {
        var relation: Relation
        var termCount: Int
        var strength: Strength
    }

    /// What a shape holds, in one block: a shape is copied into tables and evaluations, where a
    /// copy of each array would cost a reference count apiece.
    private final class Storage: Sendable {
        let heads: [Head]
        /// Per term of every constraint, in order: the variable's number (its first appearance).
        let ordinals: [Int32]
        let coefficients: [Double]
        /// A digest of the three above, worked out as they are read: hashing the arrays
        /// themselves cost as much as reading the constraints.
        let digest: UInt64
        let constraints: [Constraint]
        let variables: [Variable]
        /// The number of each variable, by its identity.
        let numbers: IdentityTable<Int32>

        init(_ constraints: [Constraint]) {
            self.constraints = constraints
            var heads: [Head] = [], ordinals: [Int32] = [], coefficients: [Double] = []
            var numbers = IdentityTable<Int32>(vacant: -1)
            var variables: [Variable] = []
            var digest = WordDigest()
            heads.reserveCapacity(constraints.count)
            ordinals.reserveCapacity(3 * constraints.count)
            coefficients.reserveCapacity(3 * constraints.count)
            for c in constraints {
                let terms = c.expression.terms
                heads.append(Head(relation: c.relation, termCount: terms.count, strength: c.strength))
                digest.mix(UInt64(terms.count) << 2 | (c.relation == .equal ? 0 : c.relation == .lessThanOrEqual ? 1 : 2))
                digest.mix(c.strength.priority.bitPattern)
                digest.mix(c.strength.weight.bitPattern)
                for t in terms {
                    let number: Int32
                    if let known = numbers[t.variable.id] {
                        number = known
                    } else {
                        number = Int32(variables.count)
                        numbers.set(t.variable.id, number)
                        variables.append(t.variable)
                    }
                    ordinals.append(number)
                    coefficients.append(t.coefficient)
                    digest.mix(UInt64(number))
                    digest.mix((t.coefficient + 0).bitPattern)   // + 0: -0 and 0 are equal, so hash alike
                }
            }
            (self.heads, self.ordinals, self.coefficients) = (heads, ordinals, coefficients)
            (self.variables, self.numbers, self.digest) = (variables, numbers, digest.value)
        }
    }

    private let storage: Storage
    /// The constraints the shape was read from.
    public var constraints: [Constraint] { storage.constraints }
    /// The distinct variables, by number.
    var variables: [Variable] { storage.variables }

    /// Reads the shape of `constraints`.
    /// - Complexity: O(terms of the constraints).
    public init(_ constraints: [Constraint]) { storage = Storage(constraints) }

    /// The number of `variable` (the order of first appearance), nil when no term names it.
    /// Lists of one shape number their variables alike.
    public func number(of variable: Variable) -> Int? { storage.numbers[variable.id].map(Int.init) }

    /// Whether two lists have the same shape (the constraints and variables read aside).
    public static func == (a: ConstraintShape, b: ConstraintShape) -> Bool {
        let a = a.storage, b = b.storage
        return a === b || (a.digest == b.digest && a.heads == b.heads && a.ordinals == b.ordinals && a.coefficients == b.coefficients)
    }

    /// Hashes the shape (the constraints and variables read aside).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.digest)
    }
}

/// A solved system kept to solve others of the same shape (``ConstraintShape``) by moving
/// constants rather than adding every constraint afresh.
///
/// A solver for a list of the same shape starts as a copy of the kept one, with the list's
/// variables and constraints in place of the kept ones, and moves every constant that differs
/// (``Solver/setConstants(_:)``: the dual simplex from the kept optimal basis). Where the
/// optimum is unique it gives the values a solver built constraint by constraint gives (up to
/// rounding in the last bits). Where it is not (an ambiguous layout), both are optimal but may
/// differ: keep shapes whose solution leaves no variable open (``Solver/ambiguousVariables()``)
/// when results must not depend on what was solved before.
public struct SolvedShape: Sendable {
    /// The shape and the constraints the kept solver holds.
    public let shape: ConstraintShape
    /// The kept solver, and the record of each of the shape's constraints in it, in the
    /// shape's order (in one block: evaluations copy it).
    fileprivate final class Kept: Sendable {
        let solver: Solver
        let slots: [Int]
        /// What an evaluation reads, flat: the symbol of each of the shape's variables (by
        /// number; -1 when its terms cancelled), the tableau and definitions row each symbol
        /// owns (-1 for none), and each definition's terms (`definitionStarts[r]..<[r + 1]`).
        let symbolOfNumber: [Int32]
        let tableauRow: [Int32], definitionRow: [Int32]
        let definitionStarts: [Int32], definitionSymbols: [Int32], definitionCoefficients: [Double]
        /// The defined symbols, each after those its definition uses.
        let order: [Int32]

        init(solver: Solver, shape: ConstraintShape) {
            self.solver = solver
            slots = shape.constraints.map { Int(solver.slots[$0.id]!) }
            symbolOfNumber = shape.variables.map { solver.symbols[$0.id].map { Int32($0.id) } ?? -1 }
            let engine = solver.engine
            tableauRow = (0..<engine.symbolCount).map { engine.tableau.row(of: Symbol($0)).map { Int32($0.id) } ?? -1 }
            definitionRow = (0..<engine.symbolCount).map { engine.definitions.row(of: Symbol($0)).map { Int32($0.id) } ?? -1 }
            var starts: [Int32] = [0], symbols: [Int32] = [], coefficients: [Double] = []
            for r in engine.definitions.owners.indices {
                for t in engine.definitions.terms[r] where !engine.definitions.owners[r].isAbsent {
                    symbols.append(Int32(t.symbol.id))
                    coefficients.append(t.coefficient)
                }
                starts.append(Int32(symbols.count))
            }
            definitionStarts = starts
            definitionSymbols = symbols
            definitionCoefficients = coefficients
            order = engine.evaluationOrder().map { Int32($0.id) }
        }
    }
    fileprivate let kept: Kept

    /// Keeps `solver`, which must hold exactly the constraints `shape` was read from and no
    /// edit variable; nil otherwise.
    /// - Complexity: O(constraints).
    public init?(_ solver: Solver, shape: ConstraintShape) {
        guard solver.edits.isEmpty, solver.heldCount == shape.constraints.count,
              shape.constraints.allSatisfy(solver.contains) else { return nil }
        self.shape = shape
        var solved = solver
        // Evaluated once here, so that each solver made from it evaluates only what its
        // constants change.
        solved.updateVariables()
        kept = Kept(solver: solved, shape: shape)
    }

    /// The solution of a list of the same shape as the kept one, read without making a solver:
    /// nil when the shape differs or when the list's constants take the kept basis out of
    /// feasibility (a pivot would be needed: use ``solver(for:)`` then).
    ///
    /// Where it answers, it gives the values ``solver(for:)`` gives, to the last bit: the same
    /// constant shifts in the same order, and no pivot.
    ///
    /// `changes` (indices into the list, new constants) are made after the list's own constants,
    /// before feasibility is checked: a kept basis that is optimal for the changed constants but
    /// not for the list's own answers too.
    /// - Complexity: O(rows holding the markers of the constraints whose constants differ, and
    ///   the size of the tableau to check it).
    public func evaluation(for shape: ConstraintShape, changing changes: [(Int, Double)] = []) -> ShapeEvaluation? {
        guard shape == self.shape else { return nil }
        return evaluation(of: shape, constants: shape.constraints.lazy.map(\.constant), changing: changes)
    }

    /// ``evaluation(for:changing:)`` for a list of this shape given by its constants alone, in
    /// the shape's order (the caller vouches for the rest): its variables are read by number
    /// (``ShapeEvaluation/value(ofNumber:)``, ``ConstraintShape/number(of:)``).
    public func evaluation(constants: [Double], changing changes: [(Int, Double)] = []) -> ShapeEvaluation? {
        precondition(constants.count == shape.constraints.count, "one constant for each constraint of the shape")
        return evaluation(of: nil, constants: constants, changing: changes)
    }

    /// The kept solution moved to `constants` (the shape's order), then by `changes`; nil when
    /// that needs a pivot. `shape`, if given, is the list whose variables are asked for.
    private func evaluation(of shape: ConstraintShape?, constants: some Sequence<Double>,
                            changing changes: [(Int, Double)]) -> ShapeEvaluation? {
        var evaluation = ShapeEvaluation(kept: self, shape: shape)
        for (i, constant) in constants.enumerated() { guard evaluation.shift(i, constant) else { return nil } }
        guard evaluation.setConstants(changes) else { return nil }
        return evaluation
    }

    /// Whether `solver`, a solver made from this one (``solver(for:)``), has the same basis:
    /// the same symbols own the rows of its tableau and its definitions.
    /// - Complexity: O(rows × log rows).
    public func hasBasis(of solver: Solver) -> Bool {
        func owners(_ matrix: SparseMatrix) -> [Symbol] { matrix.owners.filter { !$0.isAbsent }.sorted() }
        let mine = kept.solver.engine, theirs = solver.engine
        return owners(mine.tableau) == owners(theirs.tableau) && owners(mine.definitions) == owners(theirs.definitions)
    }

    /// A solver holding the constraints `shape` was read from, solved: nil when the shape
    /// differs or when the constants cannot all hold from the kept basis (required ones that
    /// conflict, or a constant that is not finite). Build the solver constraint by constraint
    /// then, which also explains a conflict. Its first ``Solver/updateVariables()`` lists as
    /// changed (``Solver/changedVariables``) the variables whose values differ from the kept
    /// solution's.
    /// - Complexity: O(size of the system) to copy and rebind it, then the dual simplex pivots
    ///   the constants that differ call for.
    public func solver(for shape: ConstraintShape) -> Solver? {
        guard shape == self.shape else { return nil }
        var solver = kept.solver
        solver.rebind(variables: self.shape.variables, to: shape.variables,
                      constraints: self.shape.constraints, to: shape.constraints)
        guard solver.moveConstants(to: shape.constraints) else { return nil }
        return solver
    }
}

/// The solution of a constraint list, read from a kept solved system of its shape whose basis
/// stays optimal for the list's constants (``SolvedShape/evaluation(for:)``): the kept rows'
/// constants moved to the list's, and nothing else. Constants can move again
/// (``setConstants(_:)``) while the basis stays feasible.
public struct ShapeEvaluation: Sendable {
    private let kept: SolvedShape.Kept
    /// The kept list's shape, and the evaluated list's (whose variables are asked for), if given.
    private let keptShape: ConstraintShape
    private let shape: ConstraintShape?
    /// The kept tableau's and definitions' row constants, moved.
    private var tableauConstants: [Double]
    private var definitionConstants: [Double]
    /// The expression constant of each of the shape's constraints (minus its own), moved.
    private var recordConstants: [Double]
    /// Per symbol: its value (made by the first `value`), while `valuesCurrent`.
    private var values: [Double] = []
    private var valuesCurrent = false

    fileprivate init(kept: SolvedShape, shape: ConstraintShape?) {
        self.kept = kept.kept
        keptShape = kept.shape
        self.shape = shape
        tableauConstants = kept.kept.solver.engine.tableau.constants
        definitionConstants = kept.kept.solver.engine.definitions.constants
        recordConstants = kept.kept.slots.map { kept.kept.solver.records[$0].constant }
    }

    /// The constant the constraint at `index` of the list has now.
    public func constant(at index: Int) -> Double { -recordConstants[index] }

    /// Gives the constraints at the listed indices of the list new constants, as
    /// ``Solver/setConstants(_:)`` would. Returns false when they take the kept basis out of
    /// feasibility (or a constant is not finite): the evaluation is not to be read then.
    /// - Complexity: O(rows holding the changed constraints' markers + rows of the tableau).
    public mutating func setConstants(_ changes: [(Int, Double)]) -> Bool {
        for (i, constant) in changes { guard shift(i, constant) else { return false } }
        return isFeasible
    }

    /// Moves the constant of the constraint at `index` (false when it is not finite), without
    /// checking feasibility.
    fileprivate mutating func shift(_ i: Int, _ constant: Double) -> Bool {
        let constant = -constant   // the expression's: terms - c ⋈ 0
        guard constant.isFinite else { return false }
        let old = recordConstants[i]
        if constant == old { return true }
        valuesCurrent = false
        recordConstants[i] = constant
        let delta = constant - old
        let t = keptShape.constraints[i].relation == .lessThanOrEqual ? delta : -delta   // relations alike
        // `Engine.shift`, on the copied constants.
        let marker = kept.solver.records[kept.slots[i]].marker
        if let r = kept.solver.engine.tableau.row(of: marker) {
            tableauConstants[r] += -t
        } else {
            for cell in kept.solver.engine.tableau.column(marker) {
                tableauConstants[cell.row] += kept.solver.engine.tableau.coefficient(at: cell) * t
            }
        }
        for cell in kept.solver.engine.definitions.column(marker) {
            definitionConstants[cell.row] += kept.solver.engine.definitions.coefficient(at: cell) * t
        }
        return true
    }

    /// Whether the kept basis is feasible for the constants, as the dual simplex sees it: no
    /// row negative, no redundant required equality broken.
    fileprivate var isFeasible: Bool {
        let kept = self.kept
        for (r, owner) in kept.solver.engine.tableau.owners.enumerated() where !owner.isAbsent {
            let v = tableauConstants[r]
            if v < -epsilon || (kept.solver.engine.kinds[owner] == .dummy && abs(v) >= epsilon) { return false }
        }
        return true
    }

    /// The value of `variable` in the solution (0 for one the list does not mention), as the
    /// solver's ``Solver/updateVariables()`` would compute it.
    public mutating func value(of variable: Variable) -> Double {
        guard let number = shape?.number(of: variable) else { return 0 }
        return value(ofNumber: number)
    }

    /// The value of the variable numbered `number` in the shape (``ConstraintShape/number(of:)``).
    public mutating func value(ofNumber number: Int) -> Double {
        let s = Int(kept.symbolOfNumber[number])
        if s < 0 { return 0 }
        if !valuesCurrent {
            if values.isEmpty { values = Array(repeating: 0, count: kept.tableauRow.count) }
            let kept = self.kept
            values.withUnsafeMutableBufferPointer { values in
                tableauConstants.withUnsafeBufferPointer { tableauConstants in
                    definitionConstants.withUnsafeBufferPointer { definitionConstants in
                        kept.evaluate(into: values, tableauConstants, definitionConstants)
                    }
                }
            }
            valuesCurrent = true
        }
        return values[s]
    }
}

extension SolvedShape.Kept {
    /// Every symbol's value, as `Engine.evaluate` works them out: a basic one's row constant,
    /// a defined one's definition in order, any other 0. (Plain buffers throughout: the kept
    /// engine's arrays read through the class would be retained at each access.)
    fileprivate func evaluate(into values: UnsafeMutableBufferPointer<Double>,
                              _ tableauConstants: UnsafeBufferPointer<Double>, _ definitionConstants: UnsafeBufferPointer<Double>) {
        tableauRow.withUnsafeBufferPointer { tableauRow in
            for x in values.indices { values[x] = tableauRow[x] >= 0 ? tableauConstants[Int(tableauRow[x])] : 0 }
        }
        definitionRow.withUnsafeBufferPointer { definitionRow in
            definitionStarts.withUnsafeBufferPointer { starts in
                definitionSymbols.withUnsafeBufferPointer { symbols in
                    definitionCoefficients.withUnsafeBufferPointer { coefficients in
                        for x in order {
                            let r = Int(definitionRow[Int(x)])
                            var sum = definitionConstants[r]
                            for k in Int(starts[r])..<Int(starts[r + 1]) { sum += coefficients[k] * values[Int(symbols[k])] }
                            values[Int(x)] = sum
                        }
                    }
                }
            }
        }
    }
}
