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
    /// The subtree's views that wrap at their laid-out width, found once per structure.
    var wrapping: [View]?
    /// Content sizes the last fitting moved in the scratch only (measured at the solved
    /// width): the next one sets them back from their layout constraints, so that the scratch
    /// again holds every constraint's own constant.
    @exclusivity(unchecked) var diverged: [LayoutConstraint] = []

    init(view: View, structure: Int, axes: (width: Bool, height: Bool), priorities: (LayoutPriority, LayoutPriority), pulls: [LayoutConstraint],
         solver: Solver, ownership: SolverOwnership) {
        self.viewReference = view.reference
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
        func take(_ list: [LayoutConstraint]) {
            for c in list { ownership.appendMoves(for: c, to: &moves) }
        }
        take(log)
        take(diverged)
        take(pulls)
        return move(moves)
    }
    /// The solver's changes in `apply`, kept between fittings.
    @exclusivity(unchecked) private var moves: [(constraint: Cassowary.Constraint, constant: Double)] = []

    // The solver is read through `inout` below: a call on a class's struct property would
    // copy the whole solver first.

    /// The solved value of `variable`, cleaned of rounding noise.
    func value(of variable: Variable) -> Double {
        func read(_ solver: inout Solver) -> Double { cleaned(solver.value(of: variable)) }
        return read(&solver)
    }

    /// The constant a solver constraint has now.
    func constant(of constraint: Cassowary.Constraint) -> Double? {
        func read(_ solver: inout Solver) -> Double? { solver.constant(of: constraint) }
        return read(&solver)
    }

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
            if solver.constant(of: constraint) == constant { return false }
            try solver.setConstant(constant, for: constraint)
            return true
        }
        return try set(&solver)
    }
}

/// Fittings' solved systems by shape: a fresh view of a known shape (a new cell of a class
/// already fitted, configured alike) starts from the kept solution and moves the constants that
/// differ (``Cassowary/SolvedShape``) instead of adding its constraints one by one. Only shapes
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
        case solved(SolvedShape)
        /// Seen, with a variable the constraints leave open: always solved afresh.
        case open
    }

    /// The table fittings use.
    @TaskLocal package static var current = FittingShapes()

    /// Shapes kept at most; past it the table starts again (views of a few dozen classes are
    /// fitted over and over, not thousands).
    static let capacity = 64
    private let table = Locked<[ConstraintShape: Kept]>([:])
    private let counts = Locked(0)

    package init() {}

    /// How many fittings started from a kept shape.
    package var reused: Int { counts.withLock { $0 } }

    /// How many shapes are kept, and how many of them leave a variable open.
    package var keptCounts: (count: Int, open: Int) {
        table.withLock { table in (table.count, table.values.filter { if case .open = $0 { true } else { false } }.count) }
    }

    func kept(_ shape: ConstraintShape) -> Kept? { table.withLock { $0[shape] } }

    /// A solver for `shape` from its kept solution, if there is one and the constants hold.
    func solver(from kept: Kept?, for shape: ConstraintShape) -> Solver? {
        guard case .solved(let solved)? = kept, let solver = solved.solver(for: shape) else { return nil }
        counts.withLock { $0 += 1 }
        return solver
    }

    /// Keeps a solved system of `shape` (the solver holds exactly its constraints).
    func keep(_ shape: ConstraintShape, _ solver: Solver) {
        let kept: Kept = solver.ambiguousVariables().isEmpty ? SolvedShape(solver, shape: shape).map { .solved($0) } ?? .open : .open
        table.withLock { table in
            if table.count >= Self.capacity { table.removeAll() }
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
    func takeFittingScratch(for view: View, target: Size, priorities: (LayoutPriority, LayoutPriority)) -> FittingScratch {
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
        let made = makeFittingScratch(for: view, target: target, priorities: priorities)
        return made
    }

    private func makeFittingScratch(for view: View, target: Size, priorities: (LayoutPriority, LayoutPriority)) -> FittingScratch {
        let pulls = fittingPulls(for: view, target: target, priorities: priorities)
        let structure = structureVersion
        var (background, batch, made, ownership) = fittingSystem(for: view, pulls: pulls)
        func scratch(_ solver: Solver) -> FittingScratch {
            // A conflict while building demotes constraints: such a scratch is not kept.
            FittingScratch(view: view, structure: structure == structureVersion ? structure : -1,
                           axes: (target.width.isFinite, target.height.isFinite),
                           priorities: priorities, pulls: pulls, solver: solver, ownership: ownership)
        }
        // The solver adds the batch first and the bounds last (`addResolvingConflicts`).
        let shape = ConstraintShape(made + background)
        let shapes = FittingShapes.current
        let kept = shapes.kept(shape)
        if let solver = shapes.solver(from: kept, for: shape) { return scratch(solver) }
        var solver = Self.makeSolver()
        let broke = addResolvingConflicts(background: background, batch: batch, made: made, into: &solver, ownership: &ownership)
        // What broke here is demoted in the engine's own solver at the next pass.
        for broken in broke { definitionChanged(broken) }
        if kept == nil, broke.isEmpty { shapes.keep(shape, solver) }
        return scratch(solver)
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
    func fittingSystem(for view: View, pulls: [LayoutConstraint])
        -> (background: [Cassowary.Constraint], batch: [LayoutConstraint], made: [Cassowary.Constraint], ownership: SolverOwnership) {
        var background: [Cassowary.Constraint] = []
        var batch: [LayoutConstraint] = []
        // The bounds the engine gave each item when it joined. The fitted view, the scratch's
        // root, also takes the origin, which the engine gave it only as the hierarchy's root.
        let rootBoundsShared = view.superview == nil
        func bounds(_ item: LayoutItem, isRoot: Bool) -> [Cassowary.Constraint] {
            (isRoot && !rootBoundsShared) || item.background.isEmpty ? backgroundConstraints(item, isRoot: isRoot) : item.background
        }
        forEachView(view) { v in
            background += bounds(v, isRoot: v === view)
            for g in v.layoutGuides { background += bounds(g, isRoot: false) }
            let g = v.generated
            // Appended one list at a time: `a + b + …` would make an array per `+`.
            if v !== view {
                batch += g.autoresizing
                batch += g.encapsulated
            }
            batch += g.contentSize
            batch += g.margins
            batch += g.safeArea
            batch += v.constraints
        }
        batch += pulls
        // The batch is gathered first so that the tables grow once.
        var made: [Cassowary.Constraint] = []
        made.reserveCapacity(batch.count + batch.count / 4)
        var ownership = SolverOwnership()
        ownership.reserve(batch.count)
        for c in batch {
            let constraints = makeSolverConstraints(c)
            made += constraints
            ownership.set(c, made: constraints)
        }
        return (background, batch, made, ownership)
    }

    /// The fitting's version of the two-pass layout: multi-line labels of the subtree are
    /// measured again at the widths the scratch solver gives them, in place, until the widths
    /// settle (at most three times). Each label then keeps the width it was wrapped at as its
    /// laid-out width (the next fitting or layout pass starts from it, and corrects it when its
    /// own width differs).
    func remeasureWrappingViews(in view: View, scratch: FittingScratch) {
        if scratch.wrapping == nil {
            var wrapping: [View] = []
            forEachView(view) { if $0.wrapsAtLayoutWidth { wrapping.append($0) } }
            scratch.wrapping = wrapping
        }
        guard let wrapping = scratch.wrapping, !wrapping.isEmpty else { return }
        var moved = false
        // Which views' content sizes this fitting moved away from their laid-out width's.
        var remeasured: [Bool] = []   // made on the first one
        var moves: [(constraint: Cassowary.Constraint, constant: Double)] = []
        var owners: [LayoutConstraint] = []
        for _ in 0..<3 {
            scratch.solver.updateVariables()
            moves.removeAll(keepingCapacity: true)
            owners.removeAll(keepingCapacity: true)
            for (i, v) in wrapping.enumerated() {
                let width = scratch.value(of: v.width)
                // Otherwise the scratch holds the content size at the view's laid-out width
                // (from the constant log): nothing to do when the solved width is that one.
                if (remeasured.isEmpty || !remeasured[i]) && v.isMeasured(atLayoutWidth: width) { continue }
                if remeasured.isEmpty { remeasured = Array(repeating: false, count: wrapping.count) }
                remeasured[i] = true
                let size = v.intrinsicContentSize(atLayoutWidth: width)
                for c in v.generated.contentSize {
                    let value = c.firstAttribute == .width ? size.width : size.height
                    for s in scratch.ownership.constraints(of: c) where scratch.constant(of: s) != value {
                        moves.append((s, value))
                        owners.append(c)
                    }
                }
            }
            // All at once; when a required one cannot move (content sizes are optional unless
            // made required), one at a time, and the ones that cannot keep their sizes.
            let changed: Bool
            if scratch.move(moves) {
                changed = !moves.isEmpty
                scratch.diverged += owners
            } else {
                var any = false
                for (k, m) in moves.enumerated() where (try? scratch.move(m.constraint, to: m.constant)) == true {
                    any = true
                    scratch.diverged.append(owners[k])
                }
                changed = any
            }
            if !changed { break }
            moved = true
        }
        if !moved { return }
        scratch.solver.updateVariables()
        for v in wrapping { _ = v.remeasure(atLayoutWidth: scratch.value(of: v.width)) }
    }

    func reportFittingIssue(_ issue: FittingIssue) {
        fittingIssues.append(issue)
        onFittingIssue(issue)
    }
}
