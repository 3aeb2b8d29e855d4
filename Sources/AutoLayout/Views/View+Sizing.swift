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
    /// changed. A cell (``CollectionViewCell``, ``TableViewCell``) first runs a pending
    /// configuration update, then measures its content view. A target component that is not finite pulls on nothing. When the constraints
    /// leave an axis open, the engine records a ``FittingIssue`` naming the view and axis
    /// (instead of returning an arbitrary or infinite size) and returns the target there, or 0
    /// when the target is not finite.
    public func systemLayoutSizeFitting(_ targetSize: Size,
                                        withHorizontalFittingPriority horizontal: LayoutPriority,
                                        verticalFittingPriority vertical: LayoutPriority) -> Size {
        precondition(horizontal.isValid && vertical.isValid, "Fitting priorities must be from 1 to 1000.")
        // A cell measures its content view, after the configuration update that may make it.
        updateConfigurationIfDue()
        if let content = fittedContentView {
            return content.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontal,
                                                   verticalFittingPriority: vertical)
        }
        let engine = layoutEngine
        engine.prepare()
        var gathered: FittingSystem?
        switch engine.evaluatedFitting(for: self, target: targetSize, priorities: (horizontal, vertical)) {
        case .size(let size): return size
        case .gathered(let system): gathered = system
        case .scratchOnly: break
        }
        let scratch = engine.takeFittingScratch(for: self, target: targetSize, priorities: (horizontal, vertical), gathered: gathered)
        engine.remeasureWrappingViews(on: scratch)
        scratch.solver.updateVariables()
        var result = Size(width: scratch.value(of: width), height: scratch.value(of: height))
        // Most fittings come out off target on both axes: the check allocates nothing then.
        if Self.mayBeOpen(horizontal, targetSize.width, result.width) || Self.mayBeOpen(vertical, targetSize.height, result.height) {
            checkOpenAxes(targetSize, horizontal, vertical, scratch, &result)
        }
        engine.keep(fittingScratch: scratch)
        return result
    }

    /// The solver constraints a fresh `systemLayoutSizeFitting` of the view adds to its scratch
    /// solver, in the order it adds them: the system a fitting solves, for benchmarks that run
    /// it on another solver.
    package func fittingSolverConstraints(_ targetSize: Size,
                                          withHorizontalFittingPriority horizontal: LayoutPriority,
                                          verticalFittingPriority vertical: LayoutPriority) -> [Cassowary.Constraint] {
        let engine = layoutEngine
        engine.prepare()
        let pulls = engine.fittingPulls(for: self, target: targetSize, priorities: (horizontal, vertical))
        let system = engine.fittingSystem(for: self, pulls: pulls)
        return system.made + system.background
    }

    /// Whether a fitted size may be one the constraints leave open: such a size can only come
    /// out as the target (or 0), and only an optional pull lets it.
    static func mayBeOpen(_ priority: LayoutPriority, _ target: Double, _ value: Double) -> Bool {
        !priority.isRequired && (!target.isFinite || value == target)
    }

    /// Records a fitting issue for each axis the constraints leave open, and returns the target
    /// (or 0) on it.
    private func checkOpenAxes(_ targetSize: Size, _ horizontal: LayoutPriority, _ vertical: LayoutPriority,
                               _ scratch: FittingScratch, _ result: inout Size) {
        let engine = layoutEngine
        for axis in [LayoutConstraint.Axis.horizontal, .vertical] {
            let (target, priority, variable, value) = axis == .horizontal
                ? (targetSize.width, horizontal, width, result.width) : (targetSize.height, vertical, height, result.height)
            guard Self.mayBeOpen(priority, target, value) else { continue }
            var open = scratch.solver
            for c in scratch.pulls where c.firstAttribute == (axis == .horizontal ? .width : .height) {
                try? open.remove(scratch.ownership.constraints(of: c))
            }
            guard open.checkAmbiguity(of: variable) else { continue }
            let returned = target.isFinite ? target : 0
            if axis == .horizontal { result.width = returned } else { result.height = returned }
            let horizontal = axis == .horizontal
            let (start, end) = horizontal ? ("leading", "trailing") : ("top", "bottom")
            var message = "AutoLayout: the constraints of \(debugName) do not determine its \(horizontal ? "width" : "height"): no chain of constraints connects its \(start) and \(end) edges through its content. "
            if let (item, offset) = openChainEnd(axis, in: &open) {
                message += "The chain from its \(start) ends at \(item.debugName).\(end), \(formatNumber(offset)) from its \(start): nothing connects that to its \(end) (a missing \(end) constraint?). "
            } else {
                message += "Nothing inside it is held at a fixed distance from its \(start) (missing \(start) and \(end) constraints?). "
            }
            message += "Fitting returns \(formatNumber(returned)), the \(target.isFinite ? "target" : "size for an unbounded target")."
            engine.reportFittingIssue(FittingIssue(view: self, axis: axis, returnedSize: returned, message: message))
        }
    }

    /// Where the chain of constraints from the view's start edge ends on an axis its
    /// constraints leave open (`open` holds them, without the pull on that axis): the item of the
    /// subtree whose far edge is held farthest from the view's start edge, and that distance.
    /// Nil when no item's far edge is held at a fixed distance (nothing hangs from the start).
    /// - Complexity: one ambiguity check per item of the subtree (the error path only).
    private func openChainEnd(_ axis: LayoutConstraint.Axis, in open: inout Solver) -> (LayoutItem, Double)? {
        let horizontal = axis == .horizontal
        var items: [LayoutItem] = []
        forEachView(self) { v in
            if v !== self { items.append(v) }
            items += v.layoutGuides
        }
        var best: (LayoutItem, Double)?
        for item in items {
            // d = far edge − the view's start edge: determined only if it hangs from the start.
            let d = Variable()
            let far = horizontal ? item.minX + item.width - minX : item.minY + item.height - minY
            let definition = d == far
            guard (try? open.add(definition)) != nil else { continue }
            defer { try? open.remove(definition) }
            guard !open.checkAmbiguity(of: d) else { continue }
            open.updateVariables()
            let offset = cleaned(open.value(of: d))
            if best == nil || offset > best!.1 { best = (item, offset) }
        }
        return best
    }
}
