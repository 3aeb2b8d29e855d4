import Cassowary

/// The solver behind one view hierarchy (UIKit's `NSISEngine`), shared by the root and its
/// descendants (``View/layoutEngine``).
///
/// Changes (activations, constants, frames of autoresizing views, intrinsic sizes) are queued
/// and applied together at the next ``View/layoutIfNeeded()``: removals, then constant changes in
/// place, then additions as one batch. When required constraints conflict, the engine reports
/// the minimal conflicting group in UIKit's words, breaks one constraint of it, and goes on.
///
/// An engine and its hierarchy are used by one thread at a time; engines of separate
/// hierarchies share nothing and may run on separate threads at once.
public final class LayoutEngine {
    /// The root view, which owns the engine.
    public var root: View? { rootReference.object.map { unsafeDowncast($0, to: View.self) } }
    private let rootReference: UnownedReference<LayoutItem>
    /// How constraints and views refer to the engine without keeping it alive.
    let reference = UnownedReference<LayoutEngine>()
    /// The engine's solver: a conflict names the group `autolayout explain` finds in its log.
    var solver = LayoutEngine.makeSolver()
    /// Which layout constraint made each solver constraint (background bounds have none).
    var ownership = SolverOwnership()

    // Unchecked exclusivity on the queues a fitting touches: see `View.superview`.

    /// Constraints waiting to be added, constants waiting to be changed, solver constraints
    /// waiting to be removed, views whose generated constraints need a look.
    @exclusivity(unchecked) private var toAdd: [LayoutConstraint] = []
    @exclusivity(unchecked) private(set) var toChange: [LayoutConstraint] = []
    /// How long `toChange` grows before its repeats are dropped.
    private var toChangeCompactionCount = 256
    private(set) var toRemove: [Cassowary.Constraint] = []
    /// Held weakly, like every reference from an engine to views: the engine belongs to its
    /// root view, so a strong one would keep a hierarchy that is waiting for a pass alive.
    @exclusivity(unchecked) private var dirtyViews: [WeakView] = []
    /// Views whose `updateConstraints()` is due, in the order they asked.
    @exclusivity(unchecked) private var constraintUpdates: [WeakView] = []
    /// Cells whose configuration update is due, in the order they asked.
    @exclusivity(unchecked) private var configurationUpdates: [WeakView] = []
    /// Implicit bounds of items that joined, waiting to be added.
    private var newBackground: [Cassowary.Constraint] = []
    /// The item behind each engine variable, to write only the frames that changed.
    private var itemOfVariable: [UInt64: WeakItem] = [:]
    /// Active constraints on baselines, re-expressed when a view's text (its baseline offset)
    /// changes. Pruned of deactivated ones as it is read.
    @exclusivity(unchecked) private var baselineConstraints: [LayoutConstraint] = []
    /// Views whose intrinsic size follows their laid-out width (multi-line labels).
    @exclusivity(unchecked) private var wrappingViews: [WeakView] = []
    private var needsFrames = true
    /// Set when the hierarchy changed shape: the next pass writes every frame.
    private var needsAllFrames = true
    private var sequence = 0

    /// Every conflict the engine resolved, oldest first.
    public internal(set) var conflicts: [UnsatisfiableConstraints] = []
    /// Called for each conflict; by default it writes the message to standard error, as UIKit
    /// writes it to the console.
    public var onUnsatisfiable: (UnsatisfiableConstraints) -> Void = { writeToStandardError($0.message) }
    /// Fittings whose size an axis's constraints did not determine, oldest first.
    @exclusivity(unchecked) public internal(set) var fittingIssues: [FittingIssue] = []
    /// Called for each fitting issue; by default it writes the issue to standard error.
    public var onFittingIssue: (FittingIssue) -> Void = { writeToStandardError($0.message) }

    /// Changes whenever a constraint comes or goes, so that a kept fitting solver knows it is stale.
    var structureVersion = 0
    /// The last fitting's scratch solver, reused while the structure holds.
    var fittingScratch: FittingScratch?
    /// The view whose last fitting was read from a kept solution without a scratch solver
    /// (`evaluatedFitting`), at which structure: its next fitting takes a scratch to reuse.
    var lastEvaluatedFitting: (view: UnownedReference<LayoutItem>, structure: Int)?
    /// Whether constant changes are logged for the kept fitting solver.
    private var logsConstants = false
    /// Constraints whose constants changed since the kept fitting solver was last updated.
    @exclusivity(unchecked) var constantLog: [LayoutConstraint] = []

    /// Keeps a fitting's scratch solver for the next fitting and logs constant changes for it.
    func keep(fittingScratch scratch: FittingScratch) {
        fittingScratch = scratch
        logsConstants = true
    }

    private var itemAddresses: UInt64 = 0
    private var constraintAddresses: UInt64 = 0

    init(root: View) {
        rootReference = root.reference
        reference.object = self
        viewNeedsUpdate(root)
    }

    deinit { reference.object = nil }

    // MARK: Addresses

    func nextItemAddress() -> UInt64 {
        itemAddresses += 1
        return 0x7f80_0000_1000 + itemAddresses * 0x200
    }

    func nextConstraintAddress() -> UInt64 {
        constraintAddresses += 1
        return 0x6000_0000_1000 + constraintAddresses * 0x80
    }

    // MARK: Queueing changes

    func activate(_ c: LayoutConstraint) {
        // Margin attributes go through the margins guide: make it now, so that its constraints
        // join the same pass.
        if c.firstAttribute.isMargin, let v = c.first as? View { _ = v.layoutMarginsGuide }
        if c.secondAttribute.isMargin, let v = c.second as? View { _ = v.layoutMarginsGuide }
        sequence += 1
        structureVersion += 1
        c.activationSequence = sequence
        c.engine = self
        if c.firstAttribute.isBaseline || c.secondAttribute.isBaseline { baselineConstraints.append(c) }
        enqueueAdd(c)
    }

    func deactivate(_ c: LayoutConstraint) {
        unregister(c)
        c.engine = nil
        c.isBroken = false
    }

    private func enqueueAdd(_ c: LayoutConstraint) {
        if c.isQueued { return }
        c.isQueued = true
        toAdd.append(c)
    }

    /// Takes a constraint's solver constraints out of the engine (at the next pass).
    private func unregister(_ c: LayoutConstraint) {
        structureVersion += 1
        toRemove.append(contentsOf: ownership.remove(c))
    }

    func constantChanged(_ c: LayoutConstraint) {
        if logsConstants {
            constantLog.append(c)
            // A hierarchy that is laid out far more than it is fitted: stop keeping the scratch.
            if constantLog.count > 10_000 {
                fittingScratch = nil
                logsConstants = false
                constantLog = []
            }
        }
        // One not added yet is added at its new constant; the pass skips it (no record). A pass
        // applies a constraint's constant as it is then, so a constraint listed already is not
        // listed again: a sizing cell, fitted over and over and never laid out, moves the same
        // few constants each time (the last few entries are looked at, and the list drops its
        // repeats when it grows).
        if toChange.suffix(8).contains(where: { $0 === c }) { return }
        toChange.append(c)
        if toChange.count >= toChangeCompactionCount { dropRepeatedChanges() }
    }

    /// Keeps the first of each constraint's entries in `toChange`.
    /// - Complexity: amortised O(1) a change (the next drop waits for twice what is left).
    private func dropRepeatedChanges() {
        var seen = Set<ObjectIdentifier>()
        toChange.removeAll { !seen.insert(ObjectIdentifier($0)).inserted }
        toChangeCompactionCount = max(256, 2 * toChange.count)
    }

    /// The priority or the expression changed: replace the solver constraints.
    func definitionChanged(_ c: LayoutConstraint) {
        guard c.engine === self, ownership.holds(c) else { return }
        unregister(c)
        enqueueAdd(c)
    }

    func viewNeedsUpdateConstraints(_ view: View) {
        constraintUpdates.append(WeakView(view: view))
    }

    /// Calls the due `updateConstraints()` methods (they may ask for more, which run too).
    func runUpdateConstraints() {
        while !constraintUpdates.isEmpty {
            let views = constraintUpdates
            constraintUpdates = []
            for case let v? in views.lazy.map(\.view) where v.needsUpdateConstraints {
                v.needsUpdateConstraints = false
                if v.rootView === root { v.updateConstraints() }
            }
        }
    }

    func viewNeedsConfigurationUpdate(_ view: View) {
        configurationUpdates.append(WeakView(view: view))
    }

    /// Runs the due configuration updates of cells (they may make content views and ask for
    /// more updates, which run too).
    func runConfigurationUpdates() {
        while !configurationUpdates.isEmpty {
            // The list's buffer is handed back when done: a reused cell asks for every item.
            var views: [WeakView] = []
            swap(&views, &configurationUpdates)
            for entry in views {
                guard let v = entry.view, v.needsConfigurationUpdate, v.rootView === root else { continue }
                v.updateConfigurationIfDue()
            }
            if configurationUpdates.isEmpty {
                views.removeAll(keepingCapacity: true)
                configurationUpdates = views
            }
        }
    }

    /// Everything a pass needs before solving: configuration updates (which may change the
    /// views), `updateConstraints()` calls, then generated constraints.
    func prepare() {
        runConfigurationUpdates()
        runUpdateConstraints()
        updateDirtyViews()
    }

    func viewNeedsUpdate(_ view: View, intrinsicOnly: Bool = false) {
        view.needsConstraintUpdate = true
        view.onlyIntrinsicSizeChanged = intrinsicOnly
        dirtyViews.append(WeakView(view: view))
    }

    func setNeedsLayout() { needsFrames = true }


    /// Leading and trailing flip somewhere: re-express every constraint.
    func directionChanged() {
        guard let root else { return }
        forEachView(root) { v in
            for c in v.constraints { definitionChanged(c) }
            for c in v.generated.all { definitionChanged(c) }
            viewNeedsUpdate(v)
        }
    }

    // MARK: Hierarchy changes

    /// A subtree joins this hierarchy: its constraints move here from its old engine.
    func adopt(subtree: View, from old: LayoutEngine?) {
        needsAllFrames = true
        structureVersion += 1
        forEachView(subtree) { v in
            v.autoresizingReference = v.superview.map { (v.frame, $0.frame.size) }
            // The old engine (the subtree's own, as a root) goes with what it held.
            for c in v.constraints {
                c.isQueued = false
                activate(c)
            }
            for c in v.generated.all { c.engine = nil }
            v.generated = GeneratedConstraints()
            old?.forget(v)
            v.background = []
            for g in v.layoutGuides { old?.forget(g); g.background = [] }
            viewNeedsUpdate(v)
            if v.needsUpdateConstraints { viewNeedsUpdateConstraints(v) }
            if v.needsConfigurationUpdate { viewNeedsConfigurationUpdate(v) }
        }
        needsFrames = true
    }

    /// A subtree leaves this hierarchy: constraints that cross its boundary are deactivated, the
    /// others move to the subtree's new engine.
    func release(subtree: View) {
        guard let root else { return }
        var inside: Set<ObjectIdentifier> = []
        forEachView(subtree) { v in
            inside.insert(ObjectIdentifier(v))
            for g in v.layoutGuides { inside.insert(ObjectIdentifier(g)) }
        }
        func isInside(_ item: LayoutItem?) -> Bool { item.map { inside.contains(ObjectIdentifier($0)) } ?? false }
        // Crossing constraints live on ancestors outside the subtree.
        forEachView(root) { v in
            for c in v.constraints where isInside(c.first) || isInside(c.second) { v.uninstall(c) }
        }
        let newEngine = subtree.layoutEngine
        // The subtree's pending updates move to its new engine with it.
        dirtyViews.removeAll { $0.view.map { inside.contains(ObjectIdentifier($0)) } ?? true }
        forEachView(subtree) { v in
            for c in v.constraints {
                unregister(c)
                c.isQueued = false
                newEngine.activate(c)
            }
            for c in v.generated.all { unregister(c); c.engine = nil }
            v.generated = GeneratedConstraints()
            removeBackground(of: v)
            for g in v.layoutGuides { removeBackground(of: g) }
            newEngine.viewNeedsUpdate(v)
            if v.needsUpdateConstraints { newEngine.viewNeedsUpdateConstraints(v) }
            if v.needsConfigurationUpdate { newEngine.viewNeedsConfigurationUpdate(v) }
        }
        // The kept fitting solver was built with the subtree (its wrapping labels among them).
        fittingScratch = nil
        needsFrames = true
        needsAllFrames = true
    }

    /// A guide leaves its view: constraints using it are deactivated.
    func release(guide: LayoutGuide) {
        guard let root else { return }
        forEachView(root) { v in
            for c in v.constraints where c.first === guide || c.second === guide { v.uninstall(c) }
        }
        removeBackground(of: guide)
    }

    private func removeBackground(of item: LayoutItem) {
        toRemove.append(contentsOf: item.background.filter { solver.contains($0) })
        forget(item)
        item.background = []
    }

    /// Drops an item from the variable index and its bounds from the queue.
    func forget(_ item: LayoutItem) {
        if !item.background.isEmpty {
            let ids = Set(item.background.map(\.id))
            newBackground.removeAll { ids.contains($0.id) }
        }
        for v in [item.minX, item.minY, item.width, item.height] { itemOfVariable[v.id] = nil }
    }

    /// Gives a new item its implicit bounds (`width >= 0`, `height >= 0`, and the root's origin).
    private func join(_ item: LayoutItem, isRoot: Bool) {
        guard item.background.isEmpty else { return }
        item.background = backgroundConstraints(item, isRoot: isRoot)
        newBackground.append(contentsOf: item.background)
        let weak = WeakItem(item: item)
        itemOfVariable[item.minX.id] = weak
        itemOfVariable[item.minY.id] = weak
        itemOfVariable[item.width.id] = weak
        itemOfVariable[item.height.id] = weak
    }

    // MARK: Layout pass

    /// Applies every queued change, re-solves, and writes the frames that changed; then, while
    /// a multi-line label's laid-out width changes its wrapping (UIKit's two-pass layout) or a
    /// new frame made a view change others (a cell keeps its content view at its bounds),
    /// repeats (at most four passes).
    func layoutIfNeeded() {
        var passes = 0
        repeat {
            let changed = flush()
            if changed || needsFrames { writeFrames() }
            passes += 1
        } while passes < 4 && (remeasureWrappingViews() || !dirtyViews.isEmpty)
    }

    /// Gives each wrapping view its solved width; returns whether any intrinsic size changed.
    private func remeasureWrappingViews() -> Bool {
        wrappingViews.removeAll { entry in
            guard let v = entry.view, v.widthListEngine === reference, v.wrapsAtLayoutWidth, v.rootView === root else {
                if let v = entry.view, v.widthListEngine === reference { v.widthListEngine = nil }
                return true
            }
            return false
        }
        var changed = false
        for entry in wrappingViews {
            if let v = entry.view, v.remeasure(atLayoutWidth: v.frame.width) { changed = true }
        }
        return changed
    }

    /// Applies queued changes to the solver. Returns whether anything changed.
    @discardableResult
    func flush() -> Bool {
        if toAdd.isEmpty && toChange.isEmpty && toRemove.isEmpty && dirtyViews.isEmpty && newBackground.isEmpty
            && constraintUpdates.isEmpty && configurationUpdates.isEmpty { return false }
        prepare()
        if !toRemove.isEmpty {
            do { try solver.remove(toRemove) } catch { preconditionFailure("layout engine bookkeeping: \(error)") }
            toRemove = []
        }
        let changes = toChange
        toChange = []
        for c in changes { applyConstant(c) }
        var batch: [LayoutConstraint] = []
        var made: [Cassowary.Constraint] = []
        ownership.reserve(toAdd.count)
        for c in toAdd {
            c.isQueued = false
            guard c.engine === self, !ownership.holds(c), c.first != nil else { continue }
            let constraints = makeSolverConstraints(c)
            ownership.set(c, made: constraints)
            batch.append(c)
            made += constraints
        }
        toAdd = []
        let background = newBackground
        newBackground = []
        addResolvingConflicts(background: background, batch: batch, made: made, into: &solver, ownership: &ownership)
        needsFrames = true
        return true
    }

    /// Brings the generated constraints of changed views up to date (queueing solver work).
    func updateDirtyViews() {
        // The list's buffer is handed back when done: it is refilled for every fitting.
        var views: [WeakView] = []
        swap(&views, &dirtyViews)
        defer {
            if dirtyViews.isEmpty {
                views.removeAll(keepingCapacity: true)
                dirtyViews = views
            }
        }
        let followBaselines = !baselineConstraints.isEmpty
        var changedViews = Set<ObjectIdentifier>()
        // Views that left the hierarchy were taken off the list (`release(subtree:)`).
        for case let v? in views.lazy.map(\.view) where v.needsConstraintUpdate {
            v.needsConstraintUpdate = false
            if followBaselines { changedViews.insert(ObjectIdentifier(v)) }
            if v.onlyIntrinsicSizeChanged && !v.background.isEmpty {
                // A new text or image: only the content size moves (in place, usually).
                updateContentSize(v, &v.generated.contentSize)
                continue
            }
            join(v, isRoot: v.superview == nil)
            for g in v.layoutGuides { join(g, isRoot: false) }
            updateGenerated(v)
            // Whether a view wraps at its laid-out width is part of the structure a kept fitting
            // solver depends on.
            if v.wrapsAtLayoutWidth != (v.widthListEngine === reference) {
                structureVersion += 1
                if v.wrapsAtLayoutWidth {
                    v.widthListEngine = reference
                    wrappingViews.append(WeakView(view: v))
                } else {
                    v.widthListEngine = nil
                }
            }
        }
        if followBaselines {
            baselineConstraints.removeAll { $0.engine !== self }
            // A baseline's offset comes from the text: follow it (through the baseline views too).
            func mentions(_ item: LayoutItem?) -> Bool {
                guard let v = item as? View else { return false }
                return [v, v.forFirstBaselineLayout, v.forLastBaselineLayout].contains { changedViews.contains(ObjectIdentifier($0)) }
            }
            for c in baselineConstraints where mentions(c.first) || mentions(c.second) { definitionChanged(c) }
        }
    }

    /// A view's implicit bounds: its size is never negative, as in UIKit's engine (a group
    /// that needs a negative size is a conflict), and the root sits at the origin. A layout
    /// guide has none: a 1-point-tall view can pin a subview to its margins guide (which is
    /// then -15 points tall) without a conflict.
    func backgroundConstraints(_ item: LayoutItem, isRoot: Bool) -> [Cassowary.Constraint] {
        guard item is View else { return [] }
        // Built directly: the operators would make several arrays for each.
        func bound(_ v: Variable, _ relation: Cassowary.Relation) -> Cassowary.Constraint {
            Cassowary.Constraint(expression: Expression([Term(v)]), relation: relation)
        }
        var list: [Cassowary.Constraint] = []
        list.reserveCapacity(isRoot ? 4 : 2)
        list.append(bound(item.width, .greaterThanOrEqual))
        list.append(bound(item.height, .greaterThanOrEqual))
        if isRoot {
            list.append(bound(item.minX, .equal))
            list.append(bound(item.minY, .equal))
        }
        return list
    }

    /// Changes a constant in place; on a conflict, breaks a constraint and tries again.
    private func applyConstant(_ c: LayoutConstraint) {
        while true {
            do {
                var moves: [(id: UInt64, constant: Double)] = []
                ownership.appendMoves(for: c, to: &moves)
                if moves.isEmpty { return }   // not in the solver (yet, or any more)
                try solver.setConstants(byID: moves)
                return
            } catch .unsatisfiable(let culprit, let conflicting) {
                let broken = resolveConflict(group: [culprit] + conflicting, ownership: ownership)
                demote(broken, in: &solver, ownership: &ownership, held: true)
                if broken === c { return }
            } catch .imprecise {
                preconditionFailure(Self.imprecisionMessage)
            } catch {
                preconditionFailure("layout engine bookkeeping: \(error)")
            }
        }
    }

    // MARK: Frames

    /// Writes every frame from the current solution now, without applying queued changes.
    func writeAllFrames() {
        needsAllFrames = true
        writeFrames()
    }

    /// Writes the frames of the views whose variables changed (every frame after the
    /// hierarchy changed shape). A view's frame is relative to its superview, so a view that
    /// moved rewrites its subviews' frames too.
    private func writeFrames() {
        needsFrames = false
        guard let root else { return }
        solver.updateVariables()
        let changed = solver.changedVariables
        let solver = self.solver
        if needsAllFrames {
            needsAllFrames = false
            forEachView(root) { v in
                writeFrame(v, solver)
                writeGuides(v, solver)
            }
            return
        }
        var views: [View] = []
        var listed = Set<ObjectIdentifier>()
        func add(_ v: View) { if listed.insert(ObjectIdentifier(v)).inserted { views.append(v) } }
        for variable in changed {
            guard let item = itemOfVariable[variable.id]?.item else { continue }
            guard let v = item as? View else {
                if let owner = item.hostView { add(owner) }
                continue
            }
            add(v)
            if variable == v.minX || variable == v.minY { for s in v.subviews where !s.hostsOwnLayout { add(s) } }
        }
        for v in views where v.rootView === root {
            writeFrame(v, solver)
            writeGuides(v, solver)
        }
    }

    // The solver is passed in: reading a struct property of a class through `self` copies it
    // (retaining every buffer) on each call.
    private func writeFrame(_ v: View, _ solver: Solver) {
        func value(_ x: Variable) -> Double { cleaned(solver.value(of: x)) }
        let frame: Rect
        if let parent = v.superview {
            frame = Rect(x: value(v.minX) - value(parent.minX), y: value(v.minY) - value(parent.minY),
                         width: value(v.width), height: value(v.height))
        } else {
            frame = Rect(x: v.frame.minX, y: v.frame.minY, width: value(v.width), height: value(v.height))
        }
        if frame != v.frame {
            v.isApplyingLayout = true
            v.frame = frame
            v.isApplyingLayout = false
        }
    }

    private func writeGuides(_ v: View, _ solver: Solver) {
        func value(_ x: Variable) -> Double { cleaned(solver.value(of: x)) }
        let x = value(v.minX), y = value(v.minY)
        for g in v.layoutGuides {
            g.layoutFrame = Rect(x: value(g.minX) - x, y: value(g.minY) - y, width: value(g.width), height: value(g.height))
        }
    }
}

/// Removes floating-point noise from a solved value: 358.99999999999994 becomes 359, while a
/// genuine third (13.333333333333334) stays as it is.
func cleaned(_ v: Double) -> Double {
    let r = (v * 1e6).rounded() / 1e6
    return abs(r - v) < 1e-7 ? r + 0 : v
}

/// An item in the engine's index, which does not keep it alive (the hierarchy owns its items).
struct WeakItem {
    let reference: UnownedReference<LayoutItem>
    init(item: LayoutItem) { reference = item.reference }
    var item: LayoutItem? { reference.object }
}

/// A view in one of the engine's lists, which does not keep it alive.
struct WeakView {
    let reference: UnownedReference<LayoutItem>
    init(view: View) { reference = view.reference }
    var view: View? { reference.object.map { unsafeDowncast($0, to: View.self) } }
}

/// Visits a view and its descendants, parents first.
func forEachView(_ root: View, _ body: (View) -> Void) {
    var nothing: Void = ()
    forEachView(root, into: &nothing) { v, _ in body(v) }
}

/// `forEachView` with the visit's state passed in and out: a visit that builds arrays in a
/// closure's captured variables pays a checked access for each use.
func forEachView<State>(_ root: View, into state: inout State, _ body: (View, inout State) -> Void) {
    var stack = [root]
    while let v = stack.popLast() {
        body(v, &state)
        for s in v.subviews.reversed() where !s.hostsOwnLayout { stack.append(s) }
    }
}
