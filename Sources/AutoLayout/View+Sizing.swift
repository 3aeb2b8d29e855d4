import Cassowary

/// A fitting whose size on one axis the constraints did not determine: the view had no chain of
/// constraints across that axis (typically a missing bottom constraint), so the size came from
/// the fitting target alone.
public struct FittingIssue {
    /// The view being fitted (held weakly: the engine keeps its issues, and views own engines).
    public private(set) weak var view: View?
    /// The axis its constraints left open.
    public let axis: LayoutConstraint.Axis
    /// The size returned on that axis.
    public let returnedSize: Double
    /// What happened and what to do.
    public let message: String
}

extension View {
    /// The smallest size that satisfies the view's constraints, as close to `targetSize` as
    /// possible at the fitting level (50) on both axes.
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                                verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it when its width and height are pulled towards
    /// `targetSize` at the given priorities (required width and fitting-level height sizes a
    /// cell at a given width).
    ///
    /// The view is measured in isolation, as UIKit does: its own autoresizing or encapsulated
    /// constraints and constraints to views outside it are left out, and its frame is not
    /// changed. A target component that is not finite pulls on nothing. When the constraints
    /// leave an axis open, the engine records a ``FittingIssue`` naming the view and axis
    /// (instead of returning an arbitrary or infinite size) and returns the target there, or 0
    /// when the target is not finite.
    public func systemLayoutSizeFitting(_ targetSize: Size,
                                        withHorizontalFittingPriority horizontal: LayoutPriority,
                                        verticalFittingPriority vertical: LayoutPriority) -> Size {
        precondition(horizontal.isValid && vertical.isValid, "Fitting priorities must be from 1 to 1000.")
        let axes: [(LayoutConstraint.Axis, Double, LayoutPriority, Variable)] = [
            (.horizontal, targetSize.width, horizontal, width), (.vertical, targetSize.height, vertical, height),
        ]
        let engine = layoutEngine
        engine.prepare()
        var pulls: [LayoutConstraint] = []
        for (axis, target, priority, _) in axes where target.isFinite {
            pulls.append(LayoutConstraint(self, axis == .horizontal ? .width : .height, .equal, nil, .notAnAttribute,
                                          constant: target, priority: priority, origin: .system,
                                          identifier: axis == .horizontal ? "_UITemporaryLayoutWidth" : "_UITemporaryLayoutHeight"))
        }
        var (solver, made) = engine.fittingSolver(for: self, pulls: pulls)
        engine.remeasureWrappingViews(in: self, solver: &solver, made: made)
        let pullConstraints = pulls.map { ($0, made[ObjectIdentifier($0)] ?? []) }
        var result = Size(width: cleaned(solver.value(of: width)), height: cleaned(solver.value(of: height)))
        for (axis, target, priority, variable) in axes where !priority.isRequired {
            let value = axis == .horizontal ? result.width : result.height
            guard !target.isFinite || value == target else { continue }
            var open = solver
            for (c, constraints) in pullConstraints where c.firstAttribute == (axis == .horizontal ? .width : .height) {
                try? open.remove(constraints)
            }
            guard open.isAmbiguous(variable) else { continue }
            let returned = target.isFinite ? target : 0
            if axis == .horizontal { result.width = returned } else { result.height = returned }
            engine.reportFittingIssue(FittingIssue(
                view: self, axis: axis, returnedSize: returned,
                message: "AutoLayout: the constraints of \(debugName) do not determine its \(axis == .horizontal ? "width" : "height"): no chain of constraints connects its \(axis == .horizontal ? "leading and trailing" : "top and bottom") edges through its content (a missing \(axis == .horizontal ? "trailing" : "bottom") constraint?). Fitting returns \(formatNumber(returned)), the \(target.isFinite ? "target" : "size for an unbounded target").")
            )
        }
        return result
    }
}

extension LayoutEngine {
    /// A scratch solver holding what sizes `view` on its own, the constraints of its subtree
    /// without its own autoresizing or encapsulated size, plus the fitting `pulls`. Built
    /// fresh, so measuring never disturbs (or reports conflicts of) the hierarchy's layout.
    /// Returns the solver and the solver constraints made for each layout constraint.
    func fittingSolver(for view: View, pulls: [LayoutConstraint])
        -> (Solver, [ObjectIdentifier: [Cassowary.Constraint]]) {
        var solver = Solver()
        var background: [Cassowary.Constraint] = []
        var batch: [(LayoutConstraint, [Cassowary.Constraint])] = []
        var scratchOwners: [UInt64: LayoutConstraint] = [:]
        func take(_ c: LayoutConstraint) {
            let constraints = makeSolverConstraints(c)
            for s in constraints { scratchOwners[s.id] = c }
            batch.append((c, constraints))
        }
        forEachView(view) { v in
            background += backgroundConstraints(v, isRoot: v === view)
            for g in v.layoutGuides { background += backgroundConstraints(g, isRoot: false) }
            let g = v.generated
            for c in (v === view ? [] : g.autoresizing + g.encapsulated) + g.contentSize + g.margins + g.safeArea { take(c) }
            for c in v.constraints { take(c) }
        }
        for c in pulls { take(c) }
        addResolvingConflicts(background: background, batch: batch, into: &solver, owners: scratchOwners)
        var made: [ObjectIdentifier: [Cassowary.Constraint]] = [:]
        for (c, constraints) in batch { made[ObjectIdentifier(c)] = constraints }
        return (solver, made)
    }

    /// The fitting's version of the two-pass layout: multi-line labels of the subtree are
    /// measured again at the widths the scratch solver gives them, in place, until the widths
    /// settle (at most three times). The labels themselves are not changed.
    func remeasureWrappingViews(in view: View, solver: inout Solver, made: [ObjectIdentifier: [Cassowary.Constraint]]) {
        var wrapping: [View] = []
        forEachView(view) { if $0.wrapsAtLayoutWidth { wrapping.append($0) } }
        if wrapping.isEmpty { return }
        for _ in 0..<3 {
            var changed = false
            for v in wrapping {
                let size = v.intrinsicContentSize(atLayoutWidth: cleaned(solver.value(of: v.width)))
                for c in v.generated.contentSize {
                    let value = c.firstAttribute == .width ? size.width : size.height
                    for s in made[ObjectIdentifier(c)] ?? [] where solver.constant(of: s) != -value {
                        // Content sizes are optional unless made required; a required one that
                        // cannot move keeps its size.
                        if (try? solver.setConstant(-value, for: s)) != nil { changed = true }
                    }
                }
            }
            if !changed { return }
        }
    }

    func reportFittingIssue(_ issue: FittingIssue) {
        fittingIssues.append(issue)
        onFittingIssue(issue)
    }
}
