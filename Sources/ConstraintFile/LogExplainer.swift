import AutoLayout
import Cassowary

/// What a logged message means: whether its constraints really conflict, which ones, what we
/// would break, the arithmetic that shows why, and the usual fix.
public struct LogExplanation: Sendable {
    /// The message explained.
    public var message: LogMessage
    /// Whether the listed constraints (at their priorities, sizes never negative) cannot hold together.
    public var unsatisfiable: Bool
    /// A minimal conflicting subset (indices into `message.constraints`); empty when satisfiable.
    public var conflict: [Int]
    /// The constraint our breaking policy would break (spec section 4).
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
    /// - Complexity: One solve of the group, plus one per explanation of a conflict.
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
        let rows = list.enumerated().map { model.solverConstraints(for: $0.offset, $0.element) }
        var solver = Solver()
        try? solver.add(model.background)
        var conflict: [Int] = []
        for row in rows {
            do {
                try solver.add(row)
            } catch {
                guard case let .unsatisfiable(culprit, others) = error else { continue }
                conflict = Array(Set(([culprit] + others).compactMap { model.owner[$0.id] })).sorted()
                break   // the first conflict is the one explained
            }
        }
        let wouldBreak = policyChoice(conflict, in: list)
        guard !conflict.isEmpty else {
            let text = list.count < 2
                ? "A single constraint cannot conflict on its own; the rest of its group was not pasted."
                : "These \(list.count) constraints can all hold together (sizes kept at or above zero); the conflict involved constraints that are not in the paste."
            return LogExplanation(message: message, unsatisfiable: false, conflict: [], wouldBreak: nil,
                                  explanation: text + model.marginNote + note, fix: "Nothing to fix in this group on its own: paste the whole message.")
        }
        let target = conflict.first(where: { list[$0].identifier?.hasPrefix("UIView-Encapsulated-Layout") == true })
            ?? conflict.first(where: { list[$0].secondItem == nil })
            ?? wouldBreak ?? conflict[0]
        var text = conflict.count == 1
            ? "This constraint cannot hold even on its own ([\(conflict[0])]). "
            : "These \(conflict.count) constraints cannot all hold (\(conflict.map { "[\($0)]" }.joined(separator: ", "))). "
        text += arithmetic(target: target, conflict: conflict, model: &model)
        text += model.marginNote + note
        return LogExplanation(message: message, unsatisfiable: true, conflict: conflict, wouldBreak: wouldBreak,
                              explanation: text, fix: fix(conflict: conflict, wouldBreak: wouldBreak, list: list))
    }

    /// Lowest priority first; autoresizing, encapsulated, temporary, guide constraints and
    /// UIKit-private classes (`_UILayoutSupportConstraint`) only when nothing else is left; then
    /// the first in list order.
    static func policyChoice(_ conflict: [Int], in list: [LogConstraint]) -> Int? {
        guard let lowest = conflict.map({ list[$0].priority }).min() else { return nil }
        let candidates = conflict.filter { list[$0].priority == lowest }
        return candidates.first(where: { !list[$0].isProtected }) ?? candidates.first
    }

    static func isHorizontal(_ attribute: String) -> Bool {
        ["left", "right", "leading", "trailing", "width", "centerX", "minX", "midX", "maxX", "leftMargin", "rightMargin",
         "leadingMargin", "trailingMargin", "centerXWithinMargins", "contentWidth"].contains(attribute)
    }

    static func fix(conflict: [Int], wouldBreak: Int?, list: [LogConstraint]) -> String {
        for i in conflict {
            guard let id = list[i].identifier, id.hasPrefix("UIView-Encapsulated-Layout-Width") || id.hasPrefix("UIView-Encapsulated-Layout-Height") else { continue }
            let horizontal = id.hasSuffix("Width")
            let axis = horizontal ? "horizontal" : "vertical"
            let candidate = conflict.first(where: { !list[$0].isSystem && isHorizontal(list[$0].firstAttribute) == horizontal })
                ?? conflict.first(where: { !list[$0].isSystem })
            let dimension = horizontal ? "width" : "height"
            if let j = candidate {
                return "The container's \(dimension) is fixed by '\(id)': lower one of the app's \(axis) constraints in the cell to 999, e.g. [\(j)] \(list[j].description), so that it gives way to the encapsulated \(dimension) instead of conflicting with it."
            }
            return "The container's \(dimension) is fixed by '\(id)': lower one of the app's \(axis) constraints in the cell to 999."
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

    /// Solves the group without `target` while pulling `target` weakly towards holding, then shows
    /// how far from holding it stays: along a chain of edges when one joins its two ends.
    static func arithmetic(target: Int, conflict: [Int], model: inout Model) -> String {
        let list = model.list
        let t = list[target]
        var solver = Solver()
        try? solver.add(model.background)
        for i in conflict where i != target { try? solver.add(model.solverConstraints(for: i, list[i])) }
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
            if (try? bare.add(model.solverConstraints(for: target, t).filter(\.strength.isRequired))) != nil { sizes = " (sizes are never negative)" }
        }
        if t.secondItem == nil, t.firstAttribute == "width" || t.firstAttribute == "height",
           let chain = model.chain(for: t.firstItem, horizontal: t.firstAttribute == "width", among: conflict.filter { $0 != target }, value: value) {
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
        return text
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
    var itemOrder: [String] = []
    var background: [Constraint] = []
    var owner: [UInt64: Int] = [:]
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
        itemOrder.append(item.identity)
        background.append(f.width >= 0)
        background.append(f.height >= 0)
        return f
    }

    mutating func expression(_ item: LogItem, _ attribute: String) -> Expression {
        let f = frame(item)
        let m = LogExplainer.defaultMargin
        switch attribute {
        case "left", "leading", "minX": return f.minX.expression
        case "right", "trailing", "maxX": return f.minX + f.width
        case "centerX", "midX": return f.minX + 0.5 * f.width
        case "top", "minY": return f.minY.expression
        case "bottom", "maxY": return f.minY + f.height
        case "centerY", "midY": return f.minY + 0.5 * f.height
        case "width", "contentWidth": return f.width.expression
        case "height", "contentHeight": return f.height.expression
        case "firstBaseline": return f.minY + f.firstBaseline
        case "lastBaseline", "baseline": return f.minY + f.lastBaseline
        case "leftMargin", "leadingMargin": usedMargins = true; return f.minX + m
        case "rightMargin", "trailingMargin": usedMargins = true; return f.minX + f.width - m
        case "topMargin": usedMargins = true; return f.minY + m
        case "bottomMargin": usedMargins = true; return f.minY + f.height - m
        case "centerXWithinMargins": usedMargins = true; return f.minX + 0.5 * f.width
        case "centerYWithinMargins": usedMargins = true; return f.minY + 0.5 * f.height
        default: return f.minX.expression
        }
    }

    /// `first.attr` and `multiplier * second.attr + constant`.
    mutating func sides(_ c: LogConstraint) -> (Expression, Expression) {
        let lhs = expression(c.firstItem, c.firstAttribute)
        guard let second = c.secondItem, let a = c.secondAttribute else { return (lhs, Expression(constant: c.constant)) }
        let rhs = c.multiplier * expression(second, a) + c.constant
        return (lhs, rhs)
    }

    mutating func solverConstraints(for index: Int, _ c: LogConstraint) -> [Constraint] {
        let (lhs, rhs) = sides(c)
        func strength(_ p: Double) -> Strength { Strength(min(1000, max(1, p))) }
        var result: [Constraint]
        if let h = c.hugging, let r = c.compressionResistance, c.relation == .equal {
            result = [Constraint(lhs, .lessThanOrEqual, rhs, strength: strength(h)),
                      Constraint(lhs, .greaterThanOrEqual, rhs, strength: strength(r))]
        } else {
            result = [Constraint(lhs, c.relation, rhs, strength: strength(c.priority))]
        }
        for s in result { owner[s.id] = index }
        return result
    }

    /// Terms (in the solved configuration) along a chain of edges from `item`'s start to its
    /// end, through spacing constraints and other items' sizes.
    mutating func chain(for item: LogItem, horizontal: Bool, among indices: [Int], value: (Variable) -> Double) -> [Double]? {
        struct Node: Hashable { var item: String; var end: Bool }
        let starts: Set<String> = horizontal ? ["left", "leading", "minX"] : ["top", "minY"]
        let ends: Set<String> = horizontal ? ["right", "trailing", "maxX"] : ["bottom", "maxY"]
        func node(_ i: LogItem, _ a: String) -> Node? {
            if starts.contains(a) { return Node(item: i.identity, end: false) }
            if ends.contains(a) { return Node(item: i.identity, end: true) }
            return nil
        }
        var edges: [Node: [Node]] = [:]
        var items: [String: LogItem] = [:]
        for i in indices {
            let c = list[i]
            items[c.firstItem.identity] = c.firstItem
            if let s = c.secondItem { items[s.identity] = s }
            guard c.multiplier == 1, let s = c.secondItem, let b = c.secondAttribute,
                  let x = node(c.firstItem, c.firstAttribute), let y = node(s, b) else { continue }
            edges[x, default: []].append(y)
            edges[y, default: []].append(x)
        }
        items[item.identity] = item
        for (id, _) in items {
            edges[Node(item: id, end: false), default: []].append(Node(item: id, end: true))
            edges[Node(item: id, end: true), default: []].append(Node(item: id, end: false))
        }
        let start = Node(item: item.identity, end: false), goal = Node(item: item.identity, end: true)
        // Breadth-first, never using the item's own size edge.
        var previous: [Node: Node] = [start: start]
        var queue = [start], head = 0
        while head < queue.count {
            let n = queue[head]; head += 1
            if n == goal { break }
            for m in edges[n] ?? [] where previous[m] == nil {
                if n == start && m == goal { continue }
                previous[m] = n
                queue.append(m)
            }
        }
        guard previous[goal] != nil else { return nil }
        var path = [goal]
        while path.last! != start { path.append(previous[path.last!]!) }
        path.reverse()
        func position(_ n: Node) -> Double {
            let f = frames[n.item]!
            return horizontal ? value(f.minX) + (n.end ? value(f.width) : 0) : value(f.minY) + (n.end ? value(f.height) : 0)
        }
        guard frames[item.identity] != nil, path.allSatisfy({ frames[$0.item] != nil }) else { return nil }
        return zip(path, path.dropFirst()).map { position($1) - position($0) }
    }
}
