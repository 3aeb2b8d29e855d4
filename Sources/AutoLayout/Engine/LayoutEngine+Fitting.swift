import Cassowary

/// A fitting's scratch solver and what is needed to update it in place (a class: it holds a
/// whole solver, which is handed between the engine and the fitting, never copied).
final class FittingScratch {
    private let viewReference: UnownedReference<LayoutItem>
    var view: View? { viewReference.object.map { unsafeDowncast($0, to: View.self) } }
    var structure: Int
    /// Which target components were finite (pulled on), and the pulls' priorities.
    var axes: (width: Bool, height: Bool)
    var priorities: (LayoutPriority, LayoutPriority)
    var pulls: [LayoutConstraint]
    // Unchecked exclusivity below: see `View.superview`.
    @exclusivity(unchecked) var solver: Solver
    /// Which layout constraint made each of the solver's constraints.
    @exclusivity(unchecked) var ownership: SolverOwnership
    /// The subtree's views that wrap at their laid-out width, found when the scratch is made.
    let wrapping: [View]
    /// Content sizes the last fitting moved in the scratch only (measured at the solved
    /// width): the next one sets them back from their layout constraints, so that the scratch
    /// again holds every constraint's own constant.
    @exclusivity(unchecked) var diverged: [LayoutConstraint] = []
    /// The shape of a scratch made afresh, until its wrapping views' content sizes first move
    /// (its basis is then offered to the shape table).
    var shape: ConstraintShape?

    init(view: View, structure: Int, axes: (width: Bool, height: Bool), priorities: (LayoutPriority, LayoutPriority), pulls: [LayoutConstraint],
         solver: Solver, ownership: SolverOwnership, wrapping: [View], shape: ConstraintShape) {
        self.viewReference = view.reference
        self.wrapping = wrapping
        self.shape = shape
        self.structure = structure
        self.axes = axes
        self.priorities = priorities
        self.pulls = pulls
        self.solver = solver
        self.ownership = ownership
    }

    /// Moves the constants of the `changed` constraints in place, in one step. Returns false
    /// when they cannot hold (the caller then builds afresh, which resolves and reports the
    /// conflict).
    func apply(_ log: [LayoutConstraint], _ diverged: [LayoutConstraint], _ pulls: [LayoutConstraint]) -> Bool {
        moves.removeAll(keepingCapacity: true)
        // The ownership is read through `inout` (see below): a call on the stored property
        // retained and released each of its buffers for every constraint.
        func take(_ list: [LayoutConstraint], _ ownership: inout SolverOwnership) {
            for c in list { ownership.appendMoves(for: c, to: &moves) }
        }
        take(log, &ownership)
        take(diverged, &ownership)
        take(pulls, &ownership)
        if moves.isEmpty { return true }
        func set(_ solver: inout Solver) -> Bool { (try? solver.setConstants(byID: moves)) != nil }
        return set(&solver)
    }
    /// The solver's changes in `apply`, by the solver constraints' identities, kept between
    /// fittings.
    @exclusivity(unchecked) private var moves: [(id: UInt64, constant: Double)] = []

    // The solver is read in place below (`valueInPlace`, `inout`): a call on a class's struct
    // property would copy the whole solver first.

    /// The solved value of `variable`, cleaned of rounding noise.
    func value(of variable: Variable) -> Double { cleaned(solver.valueInPlace(of: variable)) }

    /// The constant a solver constraint has now.
    func constant(of constraint: Cassowary.Constraint) -> Double? { solver.constantInPlace(of: constraint) }

    /// Gives solver constraints new constants in one step; false, nothing moved, when they
    /// cannot all hold.
    func move(_ moves: [(constraint: Cassowary.Constraint, constant: Double)]) -> Bool {
        if moves.isEmpty { return true }
        func set(_ solver: inout Solver) -> Bool { (try? solver.setConstants(moves)) != nil }
        return set(&solver)
    }

    /// Gives a solver constraint a new constant; returns whether it moved.
    @discardableResult
    func move(_ constraint: Cassowary.Constraint, to constant: Double) throws(SolverError) -> Bool {
        func set(_ solver: inout Solver) throws(SolverError) -> Bool {
            if solver.constantInPlace(of: constraint) == constant { return false }
            try solver.setConstant(constant, for: constraint)
            return true
        }
        return try set(&solver)
    }
}

/// Fittings' solved systems by shape: a fresh view of a known shape (a new cell of a class
/// already fitted, configured alike) reads its size from a kept solution with its own constants
/// (``Cassowary/ShapeEvaluation``, found by its layout key: `LayoutSystem`), or, where that
/// needs a pivot, starts a scratch solver from the kept solution and moves the constants that
/// differ (``Cassowary/SolvedShape``), instead of adding its constraints one by one. Only shapes
/// whose solution leaves no variable open are kept, so where a view's layout is determined its
/// fitting does not depend on what was fitted before (where new constants leave a kept shape
/// ambiguous, the size is the same and the frames one optimal solution of several); a conflict,
/// a shape seen open, or constants that cannot hold from the kept basis take the general path,
/// which reports as usual.
///
/// One table serves the process (``current``); a test binds its own with
/// `FittingShapes.$current.withValue(FittingShapes()) { … }`.
package final class FittingShapes: Sendable {
    enum Kept {
        /// Solved as its constraints were added (the solution scratch solvers copy), and the
        /// other optimal bases fittings of the shape have reached since, a few at most (the
        /// wrapping views' content sizes at their solved widths, texts of another length):
        /// a fitting is read without a solver from the first basis that holds for its constants.
        case solved(SolvedShape, others: [SolvedShape])
        /// Seen, with a variable the constraints leave open: always solved afresh.
        case open
    }

    /// The table fittings use.
    @TaskLocal package static var current = FittingShapes()

    /// Shapes kept at most; past it the table starts again (views of a few dozen classes are
    /// fitted over and over, not thousands).
    static let capacity = 64
    private let table = Locked<[ConstraintShape: Kept]>([:])
    private let counts = Locked((reused: 0, evaluated: 0))
    /// Whether a view's first fitting may be read from a kept solution without a solver.
    let evaluates: Bool
    /// The shapes kept solved, by the layout key of the batches that make them.
    private let entries = Locked<[LayoutShapeKey: LayoutShapeEntry]>([:])

    /// A table; `evaluates: false` makes every fitting of a kept shape take a scratch solver
    /// (tests compare the two ways).
    package init(evaluates: Bool = true) { self.evaluates = evaluates }

    /// How many fittings started from a kept shape.
    package var reused: Int { counts.withLock { $0.reused } }
    /// How many of them were read from the kept solution without a solver.
    package var evaluated: Int { counts.withLock { $0.evaluated } }

    /// How many shapes are kept, and how many of them leave a variable open.
    package var keptCounts: (count: Int, open: Int) {
        table.withLock { table in (table.count, table.values.filter { if case .open = $0 { true } else { false } }.count) }
    }

    func kept(_ shape: ConstraintShape) -> Kept? { table.withLock { $0[shape] } }

    /// A solver for `shape` from its kept solution, if there is one and the constants hold.
    func solver(from kept: Kept?, for shape: ConstraintShape) -> Solver? {
        guard case .solved(let solved, _)? = kept, let solver = solved.solver(for: shape) else { return nil }
        counts.withLock { $0.reused += 1 }
        return solver
    }

    /// The solution for `shape`, with `changes` made to its constants, read from the first of
    /// its kept bases that holds for them, without a solver (``Cassowary/ShapeEvaluation``).
    func evaluation(from kept: Kept?, for shape: ConstraintShape, changing changes: [(Int, Double)] = []) -> ShapeEvaluation? {
        evaluation(from: kept, changing: !changes.isEmpty) { $0.evaluation(for: shape, changing: changes) }
    }

    /// ``evaluation(from:for:changing:)`` for a list given by its constants (`LayoutSystem`).
    func evaluation(from kept: Kept?, constants: [Double], changing changes: [(Int, Double)] = []) -> ShapeEvaluation? {
        evaluation(from: kept, changing: !changes.isEmpty) { $0.evaluation(constants: constants, changing: changes) }
    }

    private func evaluation(from kept: Kept?, changing: Bool, _ evaluate: (SolvedShape) -> ShapeEvaluation?) -> ShapeEvaluation? {
        guard evaluates, case .solved(let first, let others)? = kept else { return nil }
        // A view's own constants mostly hold in the first basis (where its constraints were
        // added), changed ones (content sizes at solved widths) in a later one.
        for solved in changing ? others + [first] : [first] + others {
            if let evaluation = evaluate(solved) { return evaluation }
        }
        return nil
    }

    /// The shape entered under a layout key.
    func entry(_ key: LayoutShapeKey) -> LayoutShapeEntry? { entries.withLock { $0[key] } }

    /// Enters a kept shape under the layout key of a batch that makes it (several keys may name
    /// one shape: the entries start again past four per kept shape).
    func enter(_ key: LayoutShapeKey, _ entry: LayoutShapeEntry) {
        entries.withLock { entries in
            if entries.count >= 4 * Self.capacity { entries.removeAll() }
            entries[key] = entry
        }
    }

    /// Counts a fitting read from a kept solution.
    func countEvaluated() { counts.withLock { $0.reused += 1; $0.evaluated += 1 } }

    /// Bases kept per shape besides the first.
    static let otherBases = 3

    /// Keeps the basis of `solver`, a scratch of `shape` copied from its kept solution and
    /// solved, unless the shape has it or has enough (one check per scratch: offered when the
    /// scratch is made and when its wrapping views first move).
    func offer(_ shape: ConstraintShape, _ solver: Solver) {
        guard case .solved(let first, let others)? = kept(shape), others.count < Self.otherBases,
              !first.hasBasis(of: solver), !others.contains(where: { $0.hasBasis(of: solver) }),
              solver.ambiguousVariables().isEmpty, let solved = SolvedShape(solver, shape: shape) else { return }
        table.withLock { table in
            if case .solved(let first, let others)? = table[shape], others.count < Self.otherBases {
                table[shape] = .solved(first, others: others + [solved])
            }
        }
    }

    /// Keeps a solved system of `shape` (the solver holds exactly its constraints).
    func keep(_ shape: ConstraintShape, _ solver: Solver) {
        let kept: Kept = solver.ambiguousVariables().isEmpty ? SolvedShape(solver, shape: shape).map { .solved($0, others: []) } ?? .open : .open
        table.withLock { table in
            if table.count >= Self.capacity {
                table.removeAll()
                entries.withLock { $0.removeAll() }
            }
            table[shape] = kept
        }
    }
}

extension LayoutEngine {
    /// A scratch solver holding what sizes `view` on its own: the constraints of its subtree
    /// without its own autoresizing or encapsulated size, plus the fitting pulls. Measuring moves
    /// no frame and reports no conflict of the hierarchy's own layout (multi-line labels only
    /// remember the width they were measured at, which the next layout pass corrects).
    ///
    /// The last one is kept while no constraint of the hierarchy comes or goes: the next
    /// fitting of the same view only moves the constants that changed since (texts, images,
    /// targets) in place, which is what makes a reused sizing cell cheap.
    func takeFittingScratch(for view: View, target: Size, priorities: (LayoutPriority, LayoutPriority),
                            gathered: FittingSystem? = nil) -> FittingScratch {
        if let scratch = fittingScratch.take(), scratch.view === view, scratch.structure == structureVersion,
           scratch.axes == (target.width.isFinite, target.height.isFinite), scratch.priorities == priorities {
            // The pulls follow the target: width first, then height, each when finite.
            var next = 0, pullsMoved = false
            func follow(_ value: Double) {
                guard value.isFinite else { return }
                let pull = scratch.pulls[next]
                next += 1
                if pull.constant != value {
                    pull.constant = value
                    pullsMoved = true
                }
            }
            follow(target.width)
            follow(target.height)
            let applied = scratch.apply(constantLog, scratch.diverged, pullsMoved ? scratch.pulls : [])
            constantLog.removeAll(keepingCapacity: true)
            scratch.diverged.removeAll(keepingCapacity: true)
            if applied { return scratch }
        }
        fittingScratch = nil
        constantLog = []
        let system = gathered ?? fittingSystem(for: view, pulls: fittingPulls(for: view, target: target, priorities: priorities))
        return makeFittingScratch(system, for: view, target: target, priorities: priorities)
    }

    private func makeFittingScratch(_ system: FittingSystem, for view: View, target: Size,
                                    priorities: (LayoutPriority, LayoutPriority)) -> FittingScratch {
        let structure = structureVersion
        var ownership = system.ownership()
        func scratch(_ solver: Solver) -> FittingScratch {
            // A conflict while building demotes constraints: such a scratch is not kept.
            FittingScratch(view: view, structure: structure == structureVersion ? structure : -1,
                           axes: (target.width.isFinite, target.height.isFinite), priorities: priorities, pulls: system.pulls,
                           solver: solver, ownership: ownership, wrapping: system.wrapping.map(\.view), shape: system.shape)
        }
        let shapes = FittingShapes.current
        if let solver = shapes.solver(from: system.kept, for: system.shape) {
            // Its constants may have moved it to another basis, which the next fittings can use.
            if structure == structureVersion { shapes.offer(system.shape, solver) }
            return scratch(solver)
        }
        var solver = Self.makeSolver()
        let broke = addResolvingConflicts(background: system.background, batch: system.batch, made: system.made,
                                          into: &solver, ownership: &ownership)
        // What broke here is demoted in the engine's own solver at the next pass.
        for broken in broke { definitionChanged(broken) }
        if system.kept == nil, broke.isEmpty { shapes.keep(system.shape, solver) }
        return scratch(solver)
    }

    /// A view's first fitting when its system has a kept shape whose basis holds for its
    /// constants: the size read from the kept solution (``Cassowary/ShapeEvaluation``), with the
    /// wrapping views measured at their solved widths as a scratch fitting measures them, and
    /// no solver made. `.gathered` otherwise (a shape not kept or kept open, constants that need
    /// a pivot, an axis that may be open): the fitting goes on with the system gathered here on a
    /// scratch solver. `.scratchOnly` for a view with a scratch to reuse, or fitted this way
    /// before (a sizing cell: its next fittings move constants in a scratch of its own).
    func evaluatedFitting(for view: View, target: Size, priorities: (LayoutPriority, LayoutPriority)) -> EvaluatedFitting {
        if fittingScratch?.view === view { return .scratchOnly }
        // A view fitted again (a sizing cell) takes the scratch path, whose next fittings only
        // move constants.
        if let last = lastEvaluatedFitting, last.view.object === view, last.structure == structureVersion {
            lastEvaluatedFitting = nil
            return .scratchOnly
        }
        let shapes = FittingShapes.current
        let gathered = gatherFitting(for: view, pulls: fittingPulls(for: view, target: target, priorities: priorities))
        func settled(_ evaluation: ShapeEvaluation?, starts: [Int32], number: (View, Int) -> Int?,
                     retry: @escaping ([(Int, Double)]) -> ShapeEvaluation?) -> EvaluatedFitting? {
            guard let evaluation,
                  let size = Self.settle(evaluation, gathered.wrapping, starts: starts, number: number, retry: retry, view: view,
                                         target: target, priorities: priorities) else { return nil }
            FittingShapes.current.countEvaluated()
            lastEvaluatedFitting = (view.reference, structureVersion)
            return .size(size)
        }
        // By the layout key, when the shape is known under it: no solver constraint is made.
        let layout = shapes.evaluates ? LayoutSystem(gathered) : nil
        if let layout, let entry = shapes.entry(layout.key) {
            let kept = shapes.kept(entry.shape)
            return settled(shapes.evaluation(from: kept, constants: layout.constants), starts: layout.starts,
                           number: { v, k in layout.number(of: v).flatMap { entry.number(ofItem: $0, k) } },
                           retry: { shapes.evaluation(from: kept, constants: layout.constants, changing: $0) })
                ?? .gathered(fittingSystem(from: gathered))
        }
        // By the shape of the solver forms; a shape kept solved is entered under the layout key.
        let system = fittingSystem(from: gathered)
        if let layout, case .solved? = system.kept {
            shapes.enter(layout.key, LayoutShapeEntry(shape: system.shape, items: layout.items))
        }
        return settled(shapes.evaluation(from: system.kept, for: system.shape), starts: system.starts,
                       number: { v, k in system.shape.number(of: k == 2 ? v.width : v.height) },
                       retry: { shapes.evaluation(from: system.kept, for: system.shape, changing: $0) })
            ?? .gathered(system)
    }

    /// The wrapping views measured at their widths in `evaluation` until the widths settle (as
    /// `remeasureWrappingViews` does on a scratch), then the view's size: nil when a move needs
    /// a pivot or an axis may be open (the scratch path decides those). `number` gives the
    /// shape's number of a view's width (2) or height (3).
    private static func settle(_ evaluation: ShapeEvaluation, _ wrapping: [(view: View, contentSize: Int)], starts: [Int32],
                               number: (View, Int) -> Int?, retry: @escaping ([(Int, Double)]) -> ShapeEvaluation?,
                               view: View, target: Size, priorities: (LayoutPriority, LayoutPriority)) -> Size? {
        let views = wrapping.map(\.view)
        var solution = EvaluatedSolution(evaluation: evaluation, starts: starts, wrapping: wrapping,
                                         widths: views.map { number($0, 2) }, retry: retry)
        guard let moved = settleWrappingViews(views, &solution) else { return nil }
        let size = Size(width: solution.value(ofNumber: number(view, 2)), height: solution.value(ofNumber: number(view, 3)))
        if View.mayBeOpen(priorities.0, target.width, size.width) || View.mayBeOpen(priorities.1, target.height, size.height) {
            return nil
        }
        if moved {
            for (i, v) in views.enumerated() { _ = v.remeasure(atLayoutWidth: solution.width(of: v, at: i)) }
        }
        return size
    }

    /// The temporary constraints that pull the fitted view's width and height towards the
    /// target's finite components.
    func fittingPulls(for view: View, target: Size, priorities: (LayoutPriority, LayoutPriority)) -> [LayoutConstraint] {
        var pulls: [LayoutConstraint] = []
        for (attribute, value, priority) in [(LayoutConstraint.Attribute.width, target.width, priorities.0),
                                             (.height, target.height, priorities.1)] where value.isFinite {
            pulls.append(LayoutConstraint(view, attribute, .equal, nil, .notAnAttribute, constant: value, priority: priority,
                                          origin: .system,
                                          identifier: attribute == .width ? "_UITemporaryLayoutWidth" : "_UITemporaryLayoutHeight"))
        }
        return pulls
    }

    /// What a fresh fitting of `view` adds to its scratch solver: the items' bounds, and each
    /// constraint of the subtree (and each pull) with its solver constraints.
    func fittingSystem(for view: View, pulls: [LayoutConstraint]) -> FittingSystem {
        fittingSystem(from: gatherFitting(for: view, pulls: pulls))
    }

    /// The layout constraints and bounds a fresh fitting of `view` adds, in the order it adds them.
    func gatherFitting(for view: View, pulls: [LayoutConstraint]) -> FittingBatch {
        var gathered = FittingBatch(pulls: pulls)
        // The bounds the engine gave each item when it joined. The fitted view, the scratch's
        // root, also takes the origin, which the engine gave it only as the hierarchy's root.
        let rootBoundsShared = view.superview == nil
        func bound(_ item: LayoutItem, isRoot: Bool, _ gathered: inout FittingBatch) {
            let bounds = (isRoot && !rootBoundsShared) || item.background.isEmpty ? backgroundConstraints(item, isRoot: isRoot) : item.background
            gathered.background += bounds
            gathered.items.append((item, bounds.count))
        }
        forEachView(view, into: &gathered) { v, gathered in
            bound(v, isRoot: v === view, &gathered)
            for g in v.layoutGuides { bound(g, isRoot: false, &gathered) }
            let g = v.generated
            // Appended one list at a time: `a + b + …` would make an array per `+`.
            if v !== view {
                gathered.batch += g.autoresizing
                gathered.batch += g.encapsulated
            }
            if v.wrapsAtLayoutWidth { gathered.wrapping.append((v, gathered.batch.count)) }
            gathered.batch += g.contentSize
            gathered.batch += g.margins
            gathered.batch += g.safeArea
            gathered.batch += v.constraints
        }
        gathered.batch += pulls
        return gathered
    }

    /// The solver constraints of a gathered batch.
    func fittingSystem(from gathered: FittingBatch) -> FittingSystem {
        // The batch is gathered first so that the arrays grow once.
        var made: [Cassowary.Constraint] = []
        made.reserveCapacity(gathered.batch.count + gathered.batch.count / 4)
        var starts: [Int32] = []
        starts.reserveCapacity(gathered.batch.count + 1)
        for c in gathered.batch {
            starts.append(Int32(made.count))
            made += makeSolverConstraints(c)
        }
        starts.append(Int32(made.count))
        return FittingSystem(gathered, made: made, starts: starts)
    }

    /// The fitting's version of the two-pass layout: multi-line labels of the subtree are
    /// measured again at the widths the scratch solver gives them, in place, until the widths
    /// settle (at most three times). Each label then keeps the width it was wrapped at as its
    /// laid-out width (the next fitting or layout pass starts from it, and corrects it when its
    /// own width differs).
    func remeasureWrappingViews(on scratch: FittingScratch) {
        let wrapping = scratch.wrapping
        if wrapping.isEmpty { return }
        var solution = ScratchSolution(scratch: scratch)
        guard Self.settleWrappingViews(wrapping, &solution) == true else { return }
        if let shape = scratch.shape.take(), scratch.structure >= 0 { FittingShapes.current.offer(shape, scratch.solver) }
        scratch.solver.updateVariables()
        for v in wrapping { _ = v.remeasure(atLayoutWidth: scratch.value(of: v.width)) }
    }

    /// Measures `wrapping` at their widths in `solution` and moves their content sizes there,
    /// until the widths settle (at most three times). Returns whether a content size moved, nil
    /// when the solution could not take a move.
    static func settleWrappingViews(_ wrapping: [View], _ solution: inout some WrappingSolution) -> Bool? {
        var moved = false
        // Which views' content sizes this fitting moved away from their laid-out width's.
        var remeasured: [Bool] = []   // made on the first one
        for _ in 0..<3 {
            solution.startRound()
            for (i, v) in wrapping.enumerated() {
                let width = solution.width(of: v, at: i)
                // Otherwise the solution holds the content size at the view's laid-out width
                // (from the constant log): nothing to do when the solved width is that one.
                if (remeasured.isEmpty || !remeasured[i]) && v.isMeasured(atLayoutWidth: width) { continue }
                if remeasured.isEmpty { remeasured = Array(repeating: false, count: wrapping.count) }
                remeasured[i] = true
                let size = v.intrinsicContentSize(atLayoutWidth: width)
                solution.propose(size, for: v, at: i)
            }
            guard let changed = solution.moveProposed() else { return nil }
            if !changed { break }
            moved = true
        }
        return moved
    }

    func reportFittingIssue(_ issue: FittingIssue) {
        fittingIssues.append(issue)
        onFittingIssue(issue)
    }
}

/// What a fitting gathers of the fitted view's subtree (`LayoutEngine.gatherFitting`).
struct FittingBatch {
    var pulls: [LayoutConstraint]
    /// The items' bounds.
    var background: [Cassowary.Constraint] = []
    /// The layout constraints.
    var batch: [LayoutConstraint] = []
    /// The views that wrap at their laid-out width, and where their content sizes are in `batch`.
    var wrapping: [(view: View, contentSize: Int)] = []
    /// Every item, views and their guides in the order gathered, with how many bounds it has.
    var items: [(item: LayoutItem, bounds: Int)] = []

    init(pulls: [LayoutConstraint]) { self.pulls = pulls }
}

/// A gathered batch with its solver constraints (`LayoutEngine.fittingSystem`); a class: it is
/// handed from the evaluated path to the scratch path whole.
final class FittingSystem {
    let gathered: FittingBatch
    var pulls: [LayoutConstraint] { gathered.pulls }
    var background: [Cassowary.Constraint] { gathered.background }
    var batch: [LayoutConstraint] { gathered.batch }
    var wrapping: [(view: View, contentSize: Int)] { gathered.wrapping }
    /// What each layout constraint made, in order: `batch[i]`'s solver constraints are
    /// `made[starts[i]..<starts[i + 1]]`.
    let made: [Cassowary.Constraint]
    let starts: [Int32]
    /// The shape of `made` and `background`, in that order, and what the shape table keeps of it.
    let shape: ConstraintShape
    let kept: FittingShapes.Kept?

    init(_ gathered: FittingBatch, made: [Cassowary.Constraint], starts: [Int32]) {
        self.gathered = gathered
        self.made = made
        self.starts = starts
        // The solver adds the batch first and the bounds last (`addResolvingConflicts`).
        shape = ConstraintShape(made + gathered.background)
        kept = FittingShapes.current.kept(shape)
    }

    /// Which layout constraint made which solver constraint.
    func ownership() -> SolverOwnership {
        var ownership = SolverOwnership()
        ownership.reserve(batch.count)
        for (i, c) in batch.enumerated() { ownership.set(c, made: Array(made[Int(starts[i])..<Int(starts[i + 1])])) }
        return ownership
    }
}

/// A view's first fitting read from a kept solution, or the system it gathered for the scratch
/// path (`LayoutEngine.evaluatedFitting`).
enum EvaluatedFitting {
    case size(Size)
    case gathered(FittingSystem)
    /// Nothing gathered: the view has a scratch to reuse, or takes one now.
    case scratchOnly
}

/// A fitting's solution as the wrapping loop sees it: widths to read, content sizes to move.
protocol WrappingSolution {
    /// Called before each round's widths are read.
    mutating func startRound()
    /// The solved width of the `i`th wrapping view.
    mutating func width(of view: View, at i: Int) -> Double
    /// Notes the content size `view` (the `i`th wrapping view) has at its solved width.
    mutating func propose(_ size: Size, for view: View, at i: Int)
    /// Moves the proposed content sizes: whether one moved, nil when they cannot be moved.
    mutating func moveProposed() -> Bool?
}

/// The wrapping loop on a scratch solver: content sizes that cannot all move together move one
/// at a time, and the ones that cannot keep their sizes.
struct ScratchSolution: WrappingSolution {
    let scratch: FittingScratch
    private var moves: [(constraint: Cassowary.Constraint, constant: Double)] = []
    private var owners: [LayoutConstraint] = []

    init(scratch: FittingScratch) { self.scratch = scratch }

    mutating func startRound() {
        scratch.solver.updateVariables()
        moves.removeAll(keepingCapacity: true)
        owners.removeAll(keepingCapacity: true)
    }

    func width(of view: View, at i: Int) -> Double { scratch.value(of: view.width) }

    mutating func propose(_ size: Size, for view: View, at i: Int) {
        for c in view.generated.contentSize {
            let value = c.firstAttribute == .width ? size.width : size.height
            for s in scratch.ownership.constraints(of: c) where scratch.constant(of: s) != value {
                moves.append((s, value))
                owners.append(c)
            }
        }
    }

    mutating func moveProposed() -> Bool? {
        // All at once; when a required one cannot move (content sizes are optional unless made
        // required), one at a time, and the ones that cannot keep their sizes.
        if scratch.move(moves) {
            scratch.diverged += owners
            return !moves.isEmpty
        }
        var any = false
        for (k, m) in moves.enumerated() where (try? scratch.move(m.constraint, to: m.constant)) == true {
            any = true
            scratch.diverged.append(owners[k])
        }
        return any
    }
}

/// The wrapping loop on a kept solution read without a solver: a move that needs a pivot ends it.
struct EvaluatedSolution: WrappingSolution {
    private var evaluation: ShapeEvaluation
    /// Where each layout constraint's solver constraints begin in the shape (one more at the end).
    private let starts: [Int32]
    private let wrapping: [(view: View, contentSize: Int)]
    /// The shape's number of each wrapping view's width.
    private let widths: [Int?]
    /// The evaluation from another kept basis, with these changes: the content sizes at solved
    /// widths often need one.
    private let retry: ([(Int, Double)]) -> ShapeEvaluation?
    private var moves: [(Int, Double)] = []
    /// Every move so far, in order.
    private var moved: [(Int, Double)] = []

    init(evaluation: ShapeEvaluation, starts: [Int32], wrapping: [(view: View, contentSize: Int)], widths: [Int?],
         retry: @escaping ([(Int, Double)]) -> ShapeEvaluation?) {
        self.evaluation = evaluation
        self.starts = starts
        self.wrapping = wrapping
        self.widths = widths
        self.retry = retry
    }

    /// The cleaned value of the variable numbered `number` (0 for nil: no constraint uses it).
    mutating func value(ofNumber number: Int?) -> Double { number.map { cleaned(evaluation.value(ofNumber: $0)) } ?? 0 }

    mutating func startRound() { moves.removeAll(keepingCapacity: true) }

    mutating func width(of view: View, at i: Int) -> Double { value(ofNumber: widths[i]) }

    mutating func propose(_ size: Size, for view: View, at i: Int) {
        let first = wrapping[i].contentSize
        for (k, c) in view.generated.contentSize.enumerated() {
            let value = c.firstAttribute == .width ? size.width : size.height
            let b = first + k
            for index in Int(starts[b])..<Int(starts[b + 1]) where evaluation.constant(at: index) != value {
                moves.append((index, value))
            }
        }
    }

    mutating func moveProposed() -> Bool? {
        if moves.isEmpty { return false }
        moved += moves
        if evaluation.setConstants(moves) { return true }
        guard let evaluation = retry(moved) else { return nil }
        self.evaluation = evaluation
        return true
    }
}
