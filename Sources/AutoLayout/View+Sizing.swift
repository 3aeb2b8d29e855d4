import Cassowary

/// A fitting whose size on one axis the constraints did not determine: the view had no chain of
/// constraints across that axis (typically a missing bottom constraint), so the size came from
/// the fitting target alone.
public struct FittingIssue {
    /// The view being fitted.
    public let view: View
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
        let engine = layoutEngine
        engine.flush()
        var solver = engine.fittingSolver(for: self)
        let axes: [(LayoutConstraint.Axis, Double, LayoutPriority, Variable)] = [
            (.horizontal, targetSize.width, horizontal, width), (.vertical, targetSize.height, vertical, height),
        ]
        var pulls: [LayoutConstraint] = []
        for (axis, target, priority, _) in axes where target.isFinite {
            let c = LayoutConstraint(self, axis == .horizontal ? .width : .height, .equal, nil, .notAnAttribute,
                                     constant: target, priority: priority, origin: .system,
                                     identifier: axis == .horizontal ? "_UITemporaryLayoutWidth" : "_UITemporaryLayoutHeight")
            c.solverConstraints = engine.makeSolverConstraints(c)
            for s in c.solverConstraints { engine.owners[s.id] = c }
            pulls.append(c)
        }
        defer { for c in pulls { for s in c.solverConstraints { engine.owners[s.id] = nil } } }
        engine.addResolvingConflicts(background: [], batch: pulls, into: &solver, isMain: false)
        var result = Size(width: cleaned(solver.value(of: width)), height: cleaned(solver.value(of: height)))
        for (axis, target, priority, variable) in axes where !priority.isRequired {
            let value = axis == .horizontal ? result.width : result.height
            guard !target.isFinite || value == target else { continue }
            var open = solver
            for c in pulls where c.firstAttribute == (axis == .horizontal ? .width : .height) {
                try? open.remove(c.solverConstraints)
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
    /// A solver holding what sizes `view` on its own: the engine's solver when it is the root
    /// (without its encapsulated size), else the constraints of its subtree.
    func fittingSolver(for view: View) -> Solver {
        if view.superview == nil {
            var s = solver
            for c in view.generated.encapsulated where !c.solverConstraints.isEmpty {
                do { try s.remove(c.solverConstraints) } catch { preconditionFailure("layout engine bookkeeping: \(error)") }
            }
            return s
        }
        var s = Solver()
        var background: [Cassowary.Constraint] = []
        var batch: [LayoutConstraint] = []
        forEachView(view) { v in
            background += backgroundConstraints(v, isRoot: v === view)
            for g in v.layoutGuides { background += backgroundConstraints(g, isRoot: false) }
            let own = v === view ? v.generated.all.filter { !$0.isAutoresizing } : v.generated.all
            for c in own + v.constraints where !c.solverConstraints.isEmpty { batch.append(c) }
        }
        addResolvingConflicts(background: background, batch: batch, into: &s, isMain: false)
        return s
    }

    func reportFittingIssue(_ issue: FittingIssue) {
        fittingIssues.append(issue)
        onFittingIssue(issue)
    }
}
