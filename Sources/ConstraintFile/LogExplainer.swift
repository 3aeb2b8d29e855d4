import AutoLayout
import Cassowary

/// What a logged message means: whether its constraints really conflict, which ones, what we
/// would break, the arithmetic that shows why, and the usual fix.
public struct LogExplanation: Sendable {
    /// The message explained.
    public var message: LogMessage
    /// Whether the listed constraints (at their priorities, sizes never negative) cannot hold together.
    public var unsatisfiable: Bool
    /// A minimal conflicting subset (indices into `message.constraints`, sorted): with the size
    /// bounds it relies on, dropping any one of them lets the rest hold. A listed size is
    /// preferred to the bound it implies (`height == 24` to `height >= 0`), earlier constraints
    /// to later ones. Empty when satisfiable.
    public var conflict: [Int]
    /// The constraint ``ConflictPolicy`` (the engine's policy) breaks, in list order: among the
    /// ``conflict`` when the listed constraints cannot hold, as the engine chooses in the group
    /// it finds; else among the listed required constraints, as UIKit chose in the group it
    /// listed (the paste lacks constraints the conflict needs, so this is UIKit's likely choice,
    /// not one this package would make). Nil for an empty list.
    public var wouldBreak: Int?
    /// Human text, with the arithmetic that shows why the group cannot hold.
    public var explanation: String
    /// The usual fix.
    public var fix: String
}

/// Rebuilds a logged group as a Cassowary system, re-solves it and explains the result.
public enum LogExplainer {
    /// UIKit's default layout margin, used for `…Margin` attributes.
    static let defaultMargin = 8.0

    /// Explains one message.
    /// - Complexity: For n listed constraints, O(n) incremental solver changes and O(n²)
    ///   residual checks (see ``firstConflict(rows:bounds:links:pins:)``), twice at most when
    ///   `|` is printed without a names clause.
    public static func explain(_ message: LogMessage) -> LogExplanation {
        let list = message.constraints
        guard list.contains(where: { $0.firstItem.isUnnamedSuperview || $0.secondItem?.isUnnamedSuperview == true }) else {
            return explain(message, as: list, note: "")
        }
        // A paste that lost the names clause of `|`: read each item's `|` as its own superview
        // (unless another constraint names it); if that makes the group satisfiable, which UIKit
        // says it is not, read every `|` as one shared superview.
        let separate = explain(message, as: resolvingSuperviews(list, shared: false),
                               note: " ('|' is printed without a names clause: each item's '|' was read as its own superview.)")
        if separate.unsatisfiable { return separate }
        let shared = explain(message, as: resolvingSuperviews(list, shared: true),
                             note: " ('|' is printed without a names clause: every '|' was read as one superview.)")
        return shared.unsatisfiable ? shared : separate
    }

    /// Replaces each `|` printed without a names clause by the superview of the constraint's
    /// other item: the one another constraint's clause names for that item, else one superview
    /// per item (or, with `shared`, one for all).
    static func resolvingSuperviews(_ list: [LogConstraint], shared: Bool) -> [LogConstraint] {
        var named: [String: LogItem] = [:]
        for c in list {
            guard let s = c.secondItem else { continue }
            if s.name == "|", !s.isUnnamedSuperview { named[c.firstItem.identity] = s }
            if c.firstItem.name == "|", !c.firstItem.isUnnamedSuperview { named[s.identity] = c.firstItem }
        }
        func parent(of child: LogItem) -> LogItem {
            named[child.identity] ?? LogItem(className: "superview", address: nil, name: shared ? "|" : "superview(\(child))")
        }
        return list.map { c in
            var c = c
            if let s = c.secondItem, s.isUnnamedSuperview { c.secondItem = parent(of: c.firstItem) }
            else if c.firstItem.isUnnamedSuperview, let s = c.secondItem { c.firstItem = parent(of: s) }
            return c
        }
    }

    /// Explains `message` with its constraints read as `list`.
    private static func explain(_ message: LogMessage, as list: [LogConstraint], note: String) -> LogExplanation {
        var model = Model(constraints: list)
        // Build every row first, so the background (sizes >= 0) knows every item before it goes in.
        let rows = list.map { model.solverConstraints(for: $0) }
        let (conflict, bounds) = firstConflict(rows: rows, bounds: model.bounds, links: model.links,
                                               pins: list.map(model.pinnedBound))
        let required = list.indices.filter { list[$0].priority >= 1000 }
        let wouldBreak = policyChoice(conflict.isEmpty ? (required.isEmpty ? Array(list.indices) : required) : conflict, in: list)
        guard !conflict.isEmpty else {
            let text = list.count < 2
                ? "A single constraint cannot conflict on its own; the rest of its group was not pasted."
                : "These \(list.count) constraints can all hold together (sizes kept at or above zero); the conflict involved constraints that are not in the paste."
            return LogExplanation(message: message, unsatisfiable: false, conflict: [], wouldBreak: wouldBreak,
                                  explanation: text + model.marginNote + note, fix: "Nothing to fix in this group on its own: paste the whole message.")
        }
        // The arithmetic is about a host's size where there is one (encapsulated, or a frame's
        // autoresizing size), else about a fixed size.
        let target = conflict.first(where: { list[$0].identifier?.hasPrefix("UIView-Encapsulated-Layout") == true })
            ?? conflict.first(where: { list[$0].isAutoresizing && list[$0].isFixedSize })
            ?? conflict.first(where: { list[$0].secondItem == nil })
            ?? wouldBreak ?? conflict[0]
        var text = conflict.count == 1
            ? "This constraint cannot hold even on its own ([\(conflict[0])]). "
            : "These \(conflict.count) constraints cannot all hold (\(conflict.map { "[\($0)]" }.joined(separator: ", "))). "
        let (why, spansContent) = arithmetic(target: target, conflict: conflict, bounds: bounds, model: &model)
        text += why + model.marginNote + note
        // A fixed size that the other constraints fill from edge to edge is a container's: its
        // host sized it (a cell sets its content view's frame).
        let hostSized = spansContent && (list[target].isAutoresizing || list[target].identifier?.hasPrefix("UIView-Encapsulated-Layout") == true)
        return LogExplanation(message: message, unsatisfiable: true, conflict: conflict, wouldBreak: wouldBreak,
                              explanation: text,
                              fix: fix(conflict: conflict, wouldBreak: wouldBreak, list: list, hostSized: hostSized ? target : nil))
    }

    /// How far a constraint may miss, relative to the size of its terms (at least one point),
    /// and still hold in the elastic solves of ``firstConflict(rows:bounds:links:pins:)``: the
    /// simplex's rounding, far below the six significant digits UIKit prints.
    static let tolerance = 1e-8

    /// The first conflict of the group, as adding its rows in order to a solver that holds the
    /// size bounds finds it: the indices of a minimal conflicting set of rows, sorted, the row
    /// that could not be added among them, and the size bounds the conflict relies on. Empty
    /// when the required rows can all hold.
    ///
    /// Dropping any one of the rows lets the rest hold with the bounds returned (which include
    /// every bound the rows need, and may include more). Among the irreducible sets it prefers a listed size (`height == 24`) to the
    /// bound it implies (`height >= 0`), so that the arithmetic shows the sizes the app set,
    /// then earlier listed rows to later ones.
    ///
    /// The solver's own explanation of a failed add tries each candidate in a fresh solve of
    /// the rest: O(n) solves of O(n) rows for a conflict of n rows. Here rows and bounds are
    /// elastic instead (optional at one level, so a solve minimises how far they miss) and hold
    /// together exactly when none misses, so a solver never refuses them and one solver adds
    /// and removes them in place. A search over prefixes finds the failing row. Only
    /// members connected to it through shared items can be in its conflict. A member with a
    /// variable no other member uses can always be met by moving that variable, so it is in no
    /// irreducible set; two members that alone share a variable are in such a set together or
    /// not at all, so they are tried as one unit (a chain of spacings is one unit). A deletion
    /// filter over the units, in the order of preference, with units that can go dropped
    /// together in growing chunks, leaves an irreducible set.
    /// - Parameters:
    ///   - rows: The solver constraints of each listed constraint.
    ///   - bounds: For each item (dense id), its size bounds (sizes >= 0).
    ///   - links: For each row, the ids of the items it mentions.
    ///   - pins: For each row, the bound it implies, if it is a size (``Model/pinnedBound(by:)``).
    /// - Complexity: For n rows, O(n) in-place additions and removals and O(log n) checks of
    ///   the rows to find the failing row; then one in-place removal and check per unit tried:
    ///   O(k) at most for a conflict of k rows, often none.
    static func firstConflict(rows: [[Constraint]], bounds: [[Constraint]], links: [[Int]],
                              pins: [Constraint?]) -> (rows: [Int], bounds: [Constraint]) {
        let elastic = rows.map { $0.filter(\.strength.isRequired).map { $0.withStrength(.strong) } }
        let elasticBounds = bounds.map { $0.map { $0.withStrength(.strong) } }
        // The rows that can conflict: required, and finite (the solver refuses the others).
        let order = rows.indices.filter { !elastic[$0].isEmpty && elastic[$0].allSatisfy(\.expression.isFinite) }
        // One solver holds the bounds and the first `added` rows; checks at doubling prefixes,
        // then a bisection (adding or removing rows at the end), find the failing row.
        var solver = Solver()
        try? solver.add(elasticBounds.joined())
        var added = 0
        func setPrefix(_ count: Int) {
            while added < count { try? solver.add(elastic[order[added]]); added += 1 }
            while added > count { added -= 1; try? solver.remove(elastic[order[added]]) }
        }
        func prefixHolds(_ count: Int) -> Bool {
            setPrefix(count)
            return allHold(order.prefix(count).lazy.flatMap { elastic[$0] }, &solver)
                && allHold(elasticBounds.joined(), &solver)
        }
        var holds = 0, next = 1
        var fails: Int?
        while fails == nil, holds < order.count {
            let count = min(next, order.count)
            if prefixHolds(count) { holds = count; next *= 2 } else { fails = count }
        }
        guard var fails else { return ([], []) }
        while fails - holds > 1 {
            let mid = (holds + fails) / 2
            if prefixHolds(mid) { holds = mid } else { fails = mid }
        }
        setPrefix(fails)
        let failing = order[fails - 1]
        // Only rows connected to the failing one through shared items can be in its conflict.
        var parent = Array(bounds.indices)
        func root(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        let held = order.prefix(fails)
        for i in held { for item in links[i].dropFirst() { parent[root(item)] = root(links[i][0]) } }
        let component = root(links[failing][0])

        // The members: rows, then bounds (named by item and place: 0 width, 1 height).
        var members: [Member] = held.filter { root(links[$0][0]) == component }.map { .row($0) }
        for item in bounds.indices where root(item) == component {
            members += bounds[item].indices.map { .bound(item, $0) }
        }
        func constraints(_ m: Member) -> [Constraint] {
            switch m {
            case let .row(i): elastic[i]
            case let .bound(item, k): [elasticBounds[item][k]]
            }
        }
        // The solver holds every member (and rows and bounds of other components, which share
        // no variable with them and are never checked).
        var kept = Set(members)
        func stillFails() -> Bool {
            !allHold(members.lazy.filter { kept.contains($0) }.flatMap(constraints), &solver)
        }
        func drop(_ set: some Sequence<Member>) { for m in set where kept.remove(m) != nil { try? solver.remove(constraints(m)) } }
        func restore(_ set: some Sequence<Member>) { for m in set where kept.insert(m).inserted { try? solver.add(constraints(m)) } }

        // Members with a variable nobody else uses go; then bounds that a listed size implies,
        // each when the rest still fails without it.
        drop(Self.unusable(members.filter { kept.contains($0) }, constraints, keeping: .row(failing)))
        var pinned: [Member] = []
        for case let .row(i) in members {
            guard let b = pins[i], let p = members.first(where: {
                if case let .bound(item, k) = $0 { return bounds[item][k] == b } else { return false }
            }), kept.contains(p), !pinned.contains(p) else { continue }
            pinned.append(p)
        }
        for p in pinned {
            drop([p])
            if !stillFails() { restore([p]) }
        }
        // Inequalities with room to spare in the solution go: without them that solution is still
        // the closest to holding (a linear problem's optimum stays optimal when a constraint
        // that does not touch it goes), so the rest still fails by as much.
        solver.updateVariables()
        let value: (Variable) -> Double = { [solver] in solver.value(of: $0) }
        drop(members.filter { m in kept.contains(m) && m != .row(failing) && constraints(m).allSatisfy { Self.slack($0, value) } })
        drop(Self.unusable(members.filter { kept.contains($0) }, constraints, keeping: .row(failing)))

        // Units holding rows, least preferred first (the one with the latest listed row first);
        // the failing row's unit stays, and trying units of bounds alone would not change which
        // rows stay (without a bound the rest only gets easier to satisfy).
        let units = Self.units(members.filter { kept.contains($0) }, constraints)
        func latestRow(_ unit: [Member]) -> Int? { unit.compactMap { if case let .row(i) = $0 { i } else { nil } }.max() }
        var pending = units.filter { latestRow($0) != nil && !$0.contains(.row(failing)) }
            .sorted { latestRow($0)! > latestRow($1)! }[...]
        // A chunk of units whose removal leaves the rest failing goes whole, as one at a time
        // they would; otherwise its first unit is tried alone. Chunks double while they go.
        var size = 1
        while !pending.isEmpty {
            let chunk = pending.prefix(size).joined()
            drop(chunk)
            if stillFails() {
                pending = pending.dropFirst(size)
                size *= 2
                continue
            }
            restore(chunk)
            if size == 1 { pending = pending.dropFirst() }
            size = 1
        }
        return (members.compactMap { if case let .row(i) = $0, kept.contains($0) { i } else { nil } }.sorted(),
                members.compactMap { if case let .bound(item, k) = $0, kept.contains($0) { bounds[item][k] } else { nil } })
    }

    /// Whether an inequality holds with room to spare (more than the ``tolerance``).
    static func slack(_ c: Constraint, _ value: (Variable) -> Double) -> Bool {
        let (miss, margin) = residual(c, value)
        switch c.relation {
        case .equal: return false
        case .lessThanOrEqual: return miss < -margin
        case .greaterThanOrEqual: return miss > margin
        }
    }

    /// How far `c`'s expression is from zero, and the ``tolerance`` scaled to its terms.
    static func residual(_ c: Constraint, _ value: (Variable) -> Double) -> (miss: Double, margin: Double) {
        let e = c.expression
        var scale = max(1, abs(e.constant))
        for t in e.terms { scale = max(scale, abs(t.coefficient * value(t.variable))) }
        return (e.value(value), tolerance * scale)
    }

    /// A row or a size bound of ``firstConflict(rows:bounds:links:pins:)``.
    enum Member: Hashable {
        case row(Int)
        case bound(Int, Int)
    }

    /// The members that use a variable no other member uses, repeatedly (dropping one may leave
    /// another alone with a variable): none of them is in an irreducible conflict of the set.
    static func unusable(_ members: [Member], _ constraints: (Member) -> [Constraint], keeping kept: Member) -> [Member] {
        var users: [Variable: [Member]] = [:]
        var variables: [Member: [Variable]] = [:]
        for m in members {
            let vs = Self.variables(of: constraints(m))
            variables[m] = vs
            for v in vs { users[v, default: []].append(m) }
        }
        var gone: [Member] = []
        var queue = members.filter { m in m != kept && variables[m]!.contains { users[$0]!.count == 1 } }
        var queued = Set(queue)
        while let m = queue.popLast() {
            gone.append(m)
            for v in variables[m]! {
                users[v]!.removeAll { $0 == m }
                if let other = users[v]!.first, users[v]!.count == 1, other != kept, queued.insert(other).inserted {
                    queue.append(other)
                }
            }
        }
        return gone
    }

    /// The variables the constraints depend on, in order of appearance: terms of one variable
    /// are summed first (`minX + width - minX` does not depend on `minX`).
    static func variables(of constraints: [Constraint]) -> [Variable] {
        var order: [Variable] = []
        var depends: Set<Variable> = []
        for c in constraints {
            var sums: [Variable: Double] = [:]
            var seen: [Variable] = []
            for t in c.expression.terms {
                if sums[t.variable] == nil { seen.append(t.variable) }
                sums[t.variable, default: 0] += t.coefficient
            }
            for v in seen where sums[v] != 0 && depends.insert(v).inserted { order.append(v) }
        }
        return order
    }

    /// The members grouped into units: two members that alone use some variable are in one
    /// unit. Units are listed in the order of their first member.
    static func units(_ members: [Member], _ constraints: (Member) -> [Constraint]) -> [[Member]] {
        var users: [Variable: [Int]] = [:]
        var variableOrder: [Variable] = []
        for (n, m) in members.enumerated() {
            for v in Self.variables(of: constraints(m)) {
                if users[v] == nil { variableOrder.append(v) }
                users[v, default: []].append(n)
            }
        }
        var parent = Array(members.indices)
        func root(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        for v in variableOrder where users[v]!.count == 2 { parent[root(users[v]![1])] = root(users[v]![0]) }
        var groups: [Int: [Member]] = [:]
        var firsts: [Int] = []
        for n in members.indices {
            let r = root(n)
            if groups[r] == nil { firsts.append(r) }
            groups[r, default: []].append(members[n])
        }
        return firsts.map { groups[$0]! }
    }

    /// Whether every one of the (elastic) constraints holds in the solver's solution.
    static func allHold(_ constraints: some Sequence<Constraint>, _ solver: inout Solver) -> Bool {
        solver.updateVariables()
        let value: (Variable) -> Double = { [solver] in solver.value(of: $0) }
        for c in constraints {
            let (miss, margin) = residual(c, value)
            switch c.relation {
            case .equal: if abs(miss) > margin { return false }
            case .lessThanOrEqual: if miss > margin { return false }
            case .greaterThanOrEqual: if miss < -margin { return false }
            }
        }
        return true
    }

    /// The constraint UIKit would break among `conflict` (``ConflictPolicy``, with the log's
    /// list order standing in for activation order).
    static func policyChoice(_ conflict: [Int], in list: [LogConstraint]) -> Int? {
        let candidates = LogMessage(constraints: list, brokenByUIKit: nil, line: 0).conflictCandidates
        return ConflictPolicy.choice(among: conflict.map { candidates[$0] }).map { conflict[$0] }
    }

    static func isHorizontal(_ attribute: String) -> Bool {
        LayoutConstraint.Attribute(printedName: attribute)?.isHorizontal ?? false
    }

    /// The usual fix. `hostSized` is the index of a container's fixed size that the other
    /// constraints fill from edge to edge (an encapsulated size, or the autoresizing size of a
    /// view whose host sets its frame, such as a cell's content view).
    static func fix(conflict: [Int], wouldBreak: Int?, list: [LogConstraint], hostSized: Int? = nil) -> String {
        // The app's constraint to lower on a host-sized container's axis: the one we would
        // break when it is the app's and on that axis, else the first of the app's there.
        func candidate(horizontal: Bool) -> Int? {
            if let b = wouldBreak, !list[b].isSystem, isHorizontal(list[b].firstAttribute) == horizontal { return b }
            return conflict.first(where: { !list[$0].isSystem && isHorizontal(list[$0].firstAttribute) == horizontal })
                ?? conflict.first(where: { !list[$0].isSystem })
        }
        for i in conflict {
            guard let id = list[i].identifier, id.hasPrefix("UIView-Encapsulated-Layout-Width") || id.hasPrefix("UIView-Encapsulated-Layout-Height") else { continue }
            let horizontal = id.hasSuffix("Width")
            let axis = horizontal ? "horizontal" : "vertical"
            let dimension = horizontal ? "width" : "height"
            if let j = candidate(horizontal: horizontal) {
                return "The container's \(dimension) is fixed by '\(id)': lower one of the app's \(axis) constraints in the cell to 999, e.g. [\(j)] \(list[j].description), so that it gives way to the encapsulated \(dimension) instead of conflicting with it."
            }
            return "The container's \(dimension) is fixed by '\(id)': lower one of the app's \(axis) constraints in the cell to 999."
        }
        if let i = hostSized, list[i].isAutoresizing {
            let horizontal = list[i].firstAttribute == "width"
            let axis = horizontal ? "horizontal" : "vertical"
            let dimension = horizontal ? "width" : "height"
            let view = list[i].firstItem
            var text = "\(view)'s \(dimension) comes from its frame ([\(i)], its autoresizing mask), which its host sets, as a cell sets its content view's: keep translatesAutoresizingMaskIntoConstraints = true on it, or the cell can no longer size it. Lower one of the app's \(axis) constraints inside it to 999"
            if let j = candidate(horizontal: horizontal) {
                text += ", e.g. [\(j)] \(list[j].description), so that it gives way to the \(formatNumber(list[i].constant))-point \(dimension) instead of conflicting with it; measuring still gives the content's full \(dimension)."
            } else {
                text += "."
            }
            return text
        }
        if let i = conflict.first(where: { list[$0].isAutoresizing && list[$0].identifier == nil }) {
            return "Set translatesAutoresizingMaskIntoConstraints = false on \(list[i].firstItem): its autoresizing mask became the constraint [\(i)] \(list[i].description)."
        }
        guard let b = wouldBreak else { return "" }
        let remedy = "remove it or lower its priority below 1000 (999 keeps it as close as possible)"
        if !list[b].isSystem { return "Remove [\(b)] \(list[b].description) or lower its priority below 1000 (999 keeps it as close as possible)." }
        // UIKit made the one we would break: it is not the app's to remove.
        let app = conflict.filter { !list[$0].isSystem }
        if let j = policyChoice(app, in: list) {
            return "[\(b)] is UIKit's own, not the app's to remove; the app's constraint that feeds the conflict is [\(j)] \(list[j].description): \(remedy)."
        }
        return "The conflict is among UIKit's own constraints (\(conflict.map { "[\($0)]" }.joined(separator: ", "))): none is the app's to remove. Look at what made UIKit add them: the views' autoresizing masks, sizes, margins, safe area or stack view arrangement."
    }

    /// Solves the conflict without `target`, with the size `bounds` the conflict relies on (with
    /// which the rest can hold), while pulling `target` weakly towards holding; then shows how far
    /// from holding it stays: along a chain of edges when one joins its two ends.
    /// Also returns whether the text shows a chain of other items filling the target's own size
    /// from edge to edge.
    static func arithmetic(target: Int, conflict: [Int], bounds: [Constraint], model: inout Model) -> (String, Bool) {
        let list = model.list
        let t = list[target]
        var solver = Solver()
        try? solver.add(bounds)
        for i in conflict where i != target { try? solver.add(model.solverConstraints(for: list[i])) }
        let (lhs, rhs) = model.sides(t)
        try? solver.add(Constraint(lhs, .equal, rhs, strength: .weak))
        solver.updateVariables()
        let value: (Variable) -> Double = { solver.value(of: $0) }
        let l = lhs.value(value), r = rhs.value(value)
        let name = t.identifier.map { "'\($0)' " } ?? ""
        let shown = "\(t.firstItem).\(t.firstAttribute) \(t.relation) \(t.secondItem.map { "\(formatMultiplier(t.multiplier))\($0).\(t.secondAttribute ?? "")" + signed(t.constant) } ?? formatNumber(t.constant))"
        var text = "[\(target)] \(name)requires \(shown)"
        // Alone in its conflict, it contradicts itself, or the sizes that are never negative.
        let alone = conflict == [target]
        var sizes = ""
        if alone {
            var bare = Solver()
            if (try? bare.add(model.solverConstraints(for: t).filter(\.strength.isRequired))) != nil { sizes = " (sizes are never negative)" }
        }
        var spansContent = false
        if t.secondItem == nil, t.firstAttribute == "width" || t.firstAttribute == "height",
           let chain = model.chain(for: t.firstItem, horizontal: t.firstAttribute == "width", among: conflict.filter { $0 != target }, value: value) {
            spansContent = true
            let sum = chain.reduce(0, +)
            let terms = chain.enumerated().map { $0.offset == 0 ? formatNumber($0.element) : ($0.element < 0 ? "- \(formatNumber(-$0.element))" : "+ \(formatNumber($0.element))") }.joined(separator: " ")
            let bound = sum > t.constant ? "at least" : "at most"
            text += ", but the other constraints make it \(bound) \(formatNumber(sum)), the sum of the spacings and sizes along the \(t.firstAttribute == "width" ? "row" : "column"): "
            text += "\(formatNumber(t.constant)) \(LogExplainer.symbol(t.relation)) \(terms) is false."
        } else if t.secondItem == nil, alone {
            text += ", but the closest it can come is \(formatNumber(l))\(sizes): "
            text += "\(formatNumber(l)) \(LogExplainer.symbol(t.relation)) \(formatNumber(r)) is false."
        } else if t.secondItem == nil {
            text += ", but the closest the other constraints let it come is \(formatNumber(l)): "
            text += "\(formatNumber(l)) \(LogExplainer.symbol(t.relation)) \(formatNumber(r)) is false."
        } else if alone {
            text += ", but the closest its two sides can come is \(formatNumber(l)) against \(formatNumber(r))\(sizes): "
            text += "\(formatNumber(l)) \(LogExplainer.symbol(t.relation)) \(formatNumber(r)) is false."
        } else {
            text += ", but with the other constraints holding, the closest the two sides come is \(formatNumber(l)) against \(formatNumber(r)): "
            text += "\(formatNumber(l)) \(LogExplainer.symbol(t.relation)) \(formatNumber(r)) is false."
        }
        return (text, spansContent)
    }

    /// `=`, `<=` or `>=`, as arithmetic is written.
    static func symbol(_ r: Relation) -> String { r == .equal ? "=" : r.description }

    static func formatMultiplier(_ m: Double) -> String { m == 1 ? "" : formatNumber(m) + "*" }
    static func signed(_ c: Double) -> String { c == 0 ? "" : (c > 0 ? " + \(formatNumber(c))" : " - \(formatNumber(-c))") }
}

/// The Cassowary variables of a logged group: four per item, sizes never negative.
struct Model {
    struct Frame { var minX, minY, width, height, firstBaseline, lastBaseline: Variable }
    let list: [LogConstraint]
    var frames: [String: Frame] = [:]
    /// A dense id per item identity, in the order the items were first seen.
    var itemIDs: [String: Int] = [:]
    /// Each item's size bounds (width and height >= 0), by item id.
    var bounds: [[Constraint]] = []
    var usedMargins = false
    init(constraints: [LogConstraint]) { list = constraints }

    /// The size bound a listed size makes redundant: `A.height == 24` or `A.height >= 24`
    /// implies `A.height >= 0`. (After the rows are built.)
    func pinnedBound(by c: LogConstraint) -> Constraint? {
        guard c.secondItem == nil, c.relation != .lessThanOrEqual, c.constant >= 0, c.hugging == nil,
              let id = itemIDs[c.firstItem.identity] else { return nil }
        switch c.firstAttribute {
        case "width", "contentWidth": return bounds[id][0]
        case "height", "contentHeight": return bounds[id][1]
        default: return nil
        }
    }

    /// For each listed constraint, the ids of the items it mentions (after its rows are built).
    var links: [[Int]] {
        list.map { c in [c.firstItem.identity, c.secondItem?.identity].compactMap { $0.flatMap { itemIDs[$0] } } }
    }

    var marginNote: String {
        usedMargins ? " (Margin attributes use UIKit's default 8-pt layout margins.)" : ""
    }

    mutating func frame(_ item: LogItem) -> Frame {
        if let f = frames[item.identity] { return f }
        let n = item.description
        let f = Frame(minX: Variable("\(n).minX"), minY: Variable("\(n).minY"), width: Variable("\(n).width"),
                      height: Variable("\(n).height"), firstBaseline: Variable("\(n).firstBaseline"),
                      lastBaseline: Variable("\(n).lastBaseline"))
        frames[item.identity] = f
        itemIDs[item.identity] = itemIDs.count
        bounds.append([f.width >= 0, f.height >= 0])
        return f
    }

    mutating func expression(_ item: LogItem, _ attribute: String) -> Expression {
        let f = frame(item)
        guard let a = LayoutConstraint.Attribute(printedName: attribute) else {
            preconditionFailure("the log reader accepts only attribute names LayoutConstraint.Attribute(printedName:) reads, not '\(attribute)'")
        }
        switch a {
        case .firstBaseline: return f.minY + f.firstBaseline
        case .lastBaseline: return f.minY + f.lastBaseline
        default: break
        }
        let plain = a.withoutMargin.expression(minX: f.minX, minY: f.minY, width: f.width, height: f.height)!
        guard a.isMargin else { return plain }
        // UIKit's default margins: an edge moves inward, a centre stays.
        usedMargins = true
        let m = LogExplainer.defaultMargin
        switch a.withoutMargin {
        case .left, .leading, .top: return plain + m
        case .right, .trailing, .bottom: return plain - m
        default: return plain
        }
    }

    /// `first.attr` and `multiplier * second.attr + constant`.
    mutating func sides(_ c: LogConstraint) -> (Expression, Expression) {
        let lhs = expression(c.firstItem, c.firstAttribute)
        guard let second = c.secondItem, let a = c.secondAttribute else { return (lhs, Expression(constant: c.constant)) }
        let rhs = c.multiplier * expression(second, a) + c.constant
        return (lhs, rhs)
    }

    mutating func solverConstraints(for c: LogConstraint) -> [Constraint] {
        let (lhs, rhs) = sides(c)
        func strength(_ p: Double) -> Strength { Strength(min(1000, max(1, p))) }
        var result: [Constraint]
        if let h = c.hugging, let r = c.compressionResistance, c.relation == .equal {
            result = [Constraint(lhs, .lessThanOrEqual, rhs, strength: strength(h)),
                      Constraint(lhs, .greaterThanOrEqual, rhs, strength: strength(r))]
        } else {
            result = [Constraint(lhs, c.relation, rhs, strength: strength(c.priority))]
        }
        return result
    }

    /// Terms (in the solved configuration) along a chain of edges from `item`'s start to its
    /// end, through spacing constraints and other items' sizes: the column's (or row's) parts.
    ///
    /// The chain goes through the content of a container whose size no listed constraint sets
    /// (its parts explain its size) and takes the sizes the app listed (`height == 126`) as
    /// parts; a guide held at a zero inset from its view's edge is the same edge, not a part.
    mutating func chain(for item: LogItem, horizontal: Bool, among indices: [Int], value: (Variable) -> Double) -> [Double]? {
        struct Node: Hashable { var item: String; var end: Bool }
        struct Edge { var to: Node; var cost: Int; var guideInset: Bool }
        let starts: Set<String> = horizontal ? ["left", "leading", "minX"] : ["top", "minY"]
        let ends: Set<String> = horizontal ? ["right", "trailing", "maxX"] : ["bottom", "maxY"]
        let size = horizontal ? "width" : "height"
        func node(_ i: LogItem, _ a: String) -> Node? {
            if starts.contains(a) { return Node(item: i.identity, end: false) }
            if ends.contains(a) { return Node(item: i.identity, end: true) }
            return nil
        }
        var edges: [Node: [Edge]] = [:]
        var items: [String: LogItem] = [:]
        var listedSizes: Set<String> = []
        for i in indices {
            let c = list[i]
            items[c.firstItem.identity] = c.firstItem
            if let s = c.secondItem { items[s.identity] = s }
            if c.isFixedSize, c.firstAttribute == size { listedSizes.insert(c.firstItem.identity) }
            guard c.multiplier == 1, let s = c.secondItem, let b = c.secondAttribute,
                  let x = node(c.firstItem, c.firstAttribute), let y = node(s, b) else { continue }
            edges[x, default: []].append(Edge(to: y, cost: 1, guideInset: c.isGuideInset))
            edges[y, default: []].append(Edge(to: x, cost: 1, guideInset: c.isGuideInset))
        }
        items[item.identity] = item
        // An item's own size: a part when listed, else a last resort (its content explains it).
        let unexplained = 1_000
        for (id, _) in items {
            let cost = listedSizes.contains(id) ? 1 : unexplained
            edges[Node(item: id, end: false), default: []].append(Edge(to: Node(item: id, end: true), cost: cost, guideInset: false))
            edges[Node(item: id, end: true), default: []].append(Edge(to: Node(item: id, end: false), cost: cost, guideInset: false))
        }
        let start = Node(item: item.identity, end: false), goal = Node(item: item.identity, end: true)
        // Cheapest path (Dijkstra over a few dozen nodes), never using the item's own size edge;
        // ties go to the edge found first, so the result follows the list's order.
        var distance: [Node: Int] = [start: 0]
        var previous: [Node: (Node, Edge)] = [:]
        var done: Set<Node> = []
        var frontier: [Node] = [start]
        while let n = frontier.min(by: { distance[$0]! < distance[$1]! }) {
            frontier.removeAll { $0 == n }
            if n == goal { break }
            done.insert(n)
            for e in edges[n] ?? [] where !done.contains(e.to) {
                if n == start && e.to == goal { continue }
                let d = distance[n]! + e.cost
                if d < distance[e.to] ?? Int.max {
                    if distance[e.to] == nil { frontier.append(e.to) }
                    distance[e.to] = d
                    previous[e.to] = (n, e)
                }
            }
        }
        guard previous[goal] != nil else { return nil }
        var path: [(Node, Edge?)] = [(goal, nil)]
        while path.last!.0 != start {
            let (from, e) = previous[path.last!.0]!
            path[path.count - 1].1 = e
            path.append((from, nil))
        }
        path.reverse()
        func position(_ n: Node) -> Double {
            let f = frames[n.item]!
            return horizontal ? value(f.minX) + (n.end ? value(f.width) : 0) : value(f.minY) + (n.end ? value(f.height) : 0)
        }
        guard frames[item.identity] != nil, path.allSatisfy({ frames[$0.0.item] != nil }) else { return nil }
        var terms: [Double] = []
        for ((from, _), (to, edge)) in zip(path, path.dropFirst()) {
            let length = position(to) - position(from)
            if let edge, edge.guideInset, abs(length) < LogExplainer.tolerance { continue }
            terms.append(length)
        }
        return terms
    }
}
