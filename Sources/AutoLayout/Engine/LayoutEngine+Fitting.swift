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
        func set(_ solver: inout Solver) -> Bool { (try? solver.setConstants(moves)) != nil }
        return set(&solver)
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
        var solver = Self.makeSolver()
        var (background, batch, made, ownership) = fittingSystem(for: view, pulls: pulls)
        // What broke here is demoted in the engine's own solver at the next pass.
        for broken in addResolvingConflicts(background: background, batch: batch, made: made, into: &solver, ownership: &ownership) {
            definitionChanged(broken)
        }
        // A conflict while building demotes constraints: such a scratch is not kept.
        return FittingScratch(view: view, structure: structure == structureVersion ? structure : -1,
                              axes: (target.width.isFinite, target.height.isFinite),
                              priorities: priorities, pulls: pulls, solver: solver, ownership: ownership)
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
        var made: [Cassowary.Constraint] = []
        var ownership = SolverOwnership()
        func take(_ c: LayoutConstraint) {
            let constraints = makeSolverConstraints(c)
            batch.append(c)
            made += constraints
            ownership.set(c, made: constraints)
        }
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
            for c in (v === view ? [] : g.autoresizing + g.encapsulated) + g.contentSize + g.margins + g.safeArea { take(c) }
            for c in v.constraints { take(c) }
        }
        for c in pulls { take(c) }
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
        for _ in 0..<3 {
            var changed = false
            scratch.solver.updateVariables()
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
                    for s in scratch.ownership.constraints(of: c) {
                        // Content sizes are optional unless made required; a required one that
                        // cannot move keeps its size.
                        if (try? scratch.move(s, to: value)) == true {
                            changed = true
                            scratch.diverged.append(c)
                        }
                    }
                }
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
