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
    /// bounds it relies on, dropping any one of them lets the rest hold. Found as a layout
    /// engine finds it (``ConflictSearch``): earlier constraints are kept before later ones
    /// where there is a choice. Empty when satisfiable.
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
    ///   residual checks (see ``firstConflict(rows:bounds:)``), twice at most when
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
        let (conflict, bounds) = firstConflict(rows: rows, bounds: model.bounds)
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

    /// The first conflict of the group, as a solver that holds the size bounds finds it when
    /// it adds the rows in order (``ConflictSearch/firstConflict(in:background:)``, the
    /// bounds as background): the indices of an irreducible conflicting set of rows, sorted, and the
    /// size bounds it relies on (every bound it needs, and possibly more). Earlier rows are
    /// kept before later ones where there is a choice. Empty when the required rows can all
    /// hold.
    /// - Parameters:
    ///   - rows: The solver constraints of each listed constraint.
    ///   - bounds: For each item (dense id), its size bounds (sizes >= 0).
    /// - Complexity: As ``ConflictSearch/firstConflict(in:background:)`` for the rows and bounds.
    static func firstConflict(rows: [[Constraint]], bounds: [[Constraint]]) -> (rows: [Int], bounds: [Constraint]) {
        let boundList = Array(bounds.joined())
        guard let found = ConflictSearch.firstConflict(in: rows, background: boundList) else { return ([], []) }
        return (found.conflict, found.background.map { boundList[$0] })
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
    /// Each item's size bounds (width and height >= 0; none for a layout guide), by item id.
    var bounds: [[Constraint]] = []
    var usedMargins = false
    init(constraints: [LogConstraint]) { list = constraints }

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
        bounds.append(item.isLayoutGuide ? [] : [f.width >= 0, f.height >= 0])
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
            if let edge, edge.guideInset, abs(length) < ConflictSearch.tolerance { continue }
            terms.append(length)
        }
        return terms
    }
}
