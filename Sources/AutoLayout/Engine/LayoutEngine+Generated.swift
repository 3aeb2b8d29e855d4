import Cassowary

/// The constraints the framework makes for a view from its properties.
struct GeneratedConstraints {
    /// `minX`, `minY`, `width`, `height` from the frame and autoresizing mask.
    var autoresizing: [LayoutConstraint] = []
    /// The root's `UIView-Encapsulated-Layout-Width/Height`: its frame size, held by its host.
    var encapsulated: [LayoutConstraint] = []
    /// Hugging and compression resistance, per axis with an intrinsic size.
    var contentSize: [LayoutConstraint] = []
    /// `UIView-left/right/top/bottomMargin-guide-constraint`.
    var margins: [LayoutConstraint] = []
    /// `UIViewSafeAreaLayoutGuide-left/right/top/bottom`.
    var safeArea: [LayoutConstraint] = []

    var all: [LayoutConstraint] { autoresizing + encapsulated + contentSize + margins + safeArea }
}

extension LayoutEngine {
    /// What a constraint's solver form is made of besides its constant: its sides resolved to
    /// the items whose variables carry them (a margin to the margins guide), whether it is
    /// written mirrored (leading or trailing of a right-to-left item), the superview whose
    /// origin an autoresizing position is relative to, and its solver priorities: one, or two
    /// for a content size (hugging `<=`, compression resistance `>=`). Nil for a constraint
    /// without a first item, which makes nothing. ``makeSolverConstraints(_:)`` builds from it;
    /// a fitting's layout key (`LayoutSystem`) reads it.
    struct SolverForm {
        var first: (item: LayoutItem, attribute: LayoutConstraint.Attribute)
        var second: (item: LayoutItem, attribute: LayoutConstraint.Attribute)?
        var mirrored: Bool
        /// The superview whose origin is subtracted (an autoresizing left or top), if any.
        var origin: View?
        var priority: Double
        /// The compression resistance of a content size (`priority` is its hugging).
        var compression: Double?
    }

    static func solverForm(_ c: LayoutConstraint) -> SolverForm? {
        guard let a = c.first else { return nil }
        let mirrored = (c.firstAttribute.followsDirection || c.secondAttribute.followsDirection) && a.isRightToLeft
        let first = a.resolved(c.firstAttribute), second = c.second.map { $0.resolved(c.secondAttribute) }
        var origin: View?
        if c.isAutoresizing, let view = a as? View, let parent = view.superview, first.1 == .left || first.1 == .top {
            // Autoresizing positions are relative to the superview; the engine's are global.
            origin = parent
        }
        if case let .contentSize(hugging, compression) = c.origin {
            // A broken one keeps its halves below required too: a required hugging or compression
            // would otherwise bring the same conflict back at every attempt to resolve it.
            func priority(_ p: LayoutPriority) -> Double { c.isBroken ? min(Double(p.rawValue), LayoutEngine.brokenPriority) : Double(p.rawValue) }
            return SolverForm(first: first, second: second, mirrored: mirrored, origin: origin,
                              priority: priority(hugging), compression: priority(compression))
        }
        return SolverForm(first: first, second: second, mirrored: mirrored, origin: origin,
                          priority: c.isBroken ? LayoutEngine.brokenPriority : Double(c.priority.rawValue), compression: nil)
    }

    /// The solver form of a constraint: one constraint, or two for a content size (hugging
    /// `<=` and compression resistance `>=`).
    func makeSolverConstraints(_ c: LayoutConstraint) -> [Cassowary.Constraint] {
        guard let form = Self.solverForm(c) else { return [] }
        var expression = form.first.item.expression(for: form.first.attribute, mirrored: form.mirrored)
        if let (itemB, attrB) = form.second {
            // In place, into the first side's terms: `expression - multiplier * other` as operators
            // would make three more arrays, and the other side as an expression of its own one.
            itemB.add(attrB, mirrored: form.mirrored, scaledBy: -c.multiplier, to: &expression)
        }
        if let parent = form.origin {
            expression = expression - (form.first.attribute == .left ? parent.minX : parent.minY)
        }
        if let compression = form.compression {
            return [Cassowary.Constraint(expression, .lessThanOrEqual, constant: c.constant, strength: Strength(form.priority)),
                    Cassowary.Constraint(expression, .greaterThanOrEqual, constant: c.constant, strength: Strength(compression))]
        }
        let relation: Cassowary.Relation = switch c.relation {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return [Cassowary.Constraint(expression, relation, constant: c.constant, strength: Strength(form.priority))]
    }

    /// Brings a view's generated constraints in line with its properties: constants change in
    /// place, anything else is replaced.
    func updateGenerated(_ v: View) {
        var g = v.generated
        let isRoot = v.superview == nil
        let hosted = v.translatesAutoresizingMaskIntoConstraints && (isRoot || v.hasEncapsulatedSize)
        sync(&g.autoresizing, v.translatesAutoresizingMaskIntoConstraints && !isRoot ? autoresizingSpecs(v, size: !hosted) : [])
        sync(&g.encapsulated, hosted ? encapsulatedSpecs(v) : [])
        updateContentSize(v, &g.contentSize)
        sync(&g.margins, v.marginsGuide.map { marginSpecs(v, $0) } ?? [])
        sync(&g.safeArea, v.safeAreaGuide.map { safeAreaSpecs(v, $0) } ?? [])
        v.generated = g
    }

    /// Replaces `current` by constraints matching `wanted`, changing only constants when the
    /// rest is the same.
    private func sync(_ current: inout [LayoutConstraint], _ wanted: [LayoutConstraint]) {
        if current.count == wanted.count,
           zip(current, wanted).allSatisfy({ $0.hasSameShape(as: $1) }) {
            for (c, w) in zip(current, wanted) where c.constant != w.constant { c.constant = w.constant }
            return
        }
        for c in current { deactivate(c) }
        for w in wanted { activate(w) }
        current = wanted
    }

    /// The autoresizing constraints: position and, unless `size` is false (the host holds the
    /// size with encapsulated constraints), size.
    private func autoresizingSpecs(_ v: View, size: Bool) -> [LayoutConstraint] {
        guard let parent = v.superview else { return [] }
        let reference = v.autoresizingReference ?? (v.frame, parent.frame.size)
        v.autoresizingReference = reference
        let f = reference.frame, s = reference.superSize
        let mask = v.autoresizingMask
        let h = axisSpecs(lead: f.minX, size: f.width, trail: s.width - f.maxX, superSize: s.width,
                          flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        let vv = axisSpecs(lead: f.minY, size: f.height, trail: s.height - f.maxY, superSize: s.height,
                           flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
        let code = "h=\(h.code) v=\(vv.code)"
        func make(_ attr: LayoutConstraint.Attribute, _ superAttr: LayoutConstraint.Attribute, _ k: Double, _ c: Double) -> LayoutConstraint {
            LayoutConstraint(v, attr, .equal, k == 0 ? nil : parent, superAttr, multiplier: k == 0 ? 1 : k,
                             constant: c, origin: .autoresizing(mask: code))
        }
        let position = [make(.left, .width, h.position.k, h.position.c), make(.top, .height, vv.position.k, vv.position.c)]
        return size ? position + [make(.width, .width, h.size.k, h.size.c), make(.height, .height, vv.size.k, vv.size.c)] : position
    }

    /// One axis of an autoresizing mask: position and size as `k × superSize + c`, sharing a
    /// change of the superview's size among the flexible parts in proportion to their sizes.
    private func axisSpecs(lead: Double, size: Double, trail: Double, superSize: Double,
                           flexible: (Bool, Bool, Bool))
        -> (position: (k: Double, c: Double), size: (k: Double, c: Double), code: String) {
        let parts = [lead, size, trail]
        let flags = [flexible.0, flexible.1, flexible.2]
        let count = flags.filter { $0 }.count
        let code = (flexible.0 ? "&" : "-") + (flexible.1 ? "&" : "-") + (flexible.2 || count == 0 ? "&" : "-")
        guard count > 0 else { return ((0, lead), (0, size), code) }
        let total = zip(parts, flags).reduce(0) { $0 + ($1.1 ? $1.0 : 0) }
        func share(_ i: Int) -> Double {
            guard flags[i] else { return 0 }
            return total == 0 ? 1 / Double(count) : parts[i] / total
        }
        let kPosition = share(0), kSize = share(1)
        return ((kPosition, lead - kPosition * superSize), (kSize, size - kSize * superSize), code)
    }

    private func encapsulatedSpecs(_ v: View) -> [LayoutConstraint] {
        [LayoutConstraint(v, .width, .equal, nil, .notAnAttribute, constant: v.frame.width, origin: .system,
                          identifier: "UIView-Encapsulated-Layout-Width"),
         LayoutConstraint(v, .height, .equal, nil, .notAnAttribute, constant: v.frame.height, origin: .system,
                          identifier: "UIView-Encapsulated-Layout-Height")]
    }

    /// The content-size constraints: in place when only the size changed (the common case: a
    /// new text), else replaced.
    func updateContentSize(_ v: View, _ current: inout [LayoutConstraint]) {
        let size = v.intrinsicContentSize
        func wanted(_ value: Double) -> Bool {
            precondition(value.isFinite, "\(v.debugName) returned a non-finite intrinsicContentSize \(size). Return View.noIntrinsicMetric for a dimension without one.")
            if value == View.noIntrinsicMetric { return false }
            precondition(value >= 0, "\(v.debugName) returned a negative intrinsicContentSize \(size). Return View.noIntrinsicMetric for a dimension without one.")
            return true
        }
        let hasWidth = wanted(size.width), hasHeight = wanted(size.height)
        func matches(_ c: LayoutConstraint, _ axis: LayoutConstraint.Axis) -> Bool {
            guard case let .contentSize(hugging, compression) = c.origin else { return false }
            return c.firstAttribute == (axis == .horizontal ? .width : .height)
                && hugging == v.contentHuggingPriority(for: axis) && compression == v.contentCompressionResistancePriority(for: axis)
        }
        // The common case, a new text or image: the same constraints, new constants (no arrays made).
        if hasWidth && hasHeight && current.count == 2 {
            // (Each read of an element of `current` costs a retain and a release: read once.)
            let width = current[0], height = current[1]
            if matches(width, .horizontal) && matches(height, .vertical) {
                if width.constant != size.width { width.constant = size.width }
                if height.constant != size.height { height.constant = size.height }
                return
            }
        }
        var axes: [(LayoutConstraint.Axis, Double)] = []
        if hasWidth { axes.append((.horizontal, size.width)) }
        if hasHeight { axes.append((.vertical, size.height)) }
        if current.count == axes.count, zip(current, axes).allSatisfy({ matches($0, $1.0) }) {
            for (c, w) in zip(current, axes) where c.constant != w.1 { c.constant = w.1 }
            return
        }
        sync(&current, axes.map { axis, value in
            LayoutConstraint(v, axis == .horizontal ? .width : .height, .equal, nil, .notAnAttribute, constant: value,
                             origin: .contentSize(hugging: v.contentHuggingPriority(for: axis),
                                                  compression: v.contentCompressionResistancePriority(for: axis)))
        })
    }

    private func marginSpecs(_ v: View, _ g: LayoutGuide) -> [LayoutConstraint] {
        var m = v.effectiveLayoutMargins
        if v.insetsLayoutMarginsFromSafeArea {
            let s = v.safeAreaInsets
            m = EdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
        }
        return guideSpecs(v, g, m, names: ["UIView-leftMargin-guide-constraint", "UIView-rightMargin-guide-constraint",
                                           "UIView-topMargin-guide-constraint", "UIView-bottomMargin-guide-constraint"])
    }

    private func safeAreaSpecs(_ v: View, _ g: LayoutGuide) -> [LayoutConstraint] {
        guideSpecs(v, g, v.safeAreaInsets, names: ["UIViewSafeAreaLayoutGuide-left", "UIViewSafeAreaLayoutGuide-right",
                                                   "UIViewSafeAreaLayoutGuide-top", "UIViewSafeAreaLayoutGuide-bottom"])
    }

    /// A guide inset from its view's edges: written as UIKit does, in the "forward" direction
    /// so that each prints in visual format (`H:|-(8)-[guide]`, `V:[guide]-(8)-|`).
    private func guideSpecs(_ v: View, _ g: LayoutGuide, _ m: EdgeInsets, names: [String]) -> [LayoutConstraint] {
        [LayoutConstraint(g, .left, .equal, v, .left, constant: m.left, origin: .system, identifier: names[0]),
         LayoutConstraint(v, .right, .equal, g, .right, constant: m.right, origin: .system, identifier: names[1]),
         LayoutConstraint(g, .top, .equal, v, .top, constant: m.top, origin: .system, identifier: names[2]),
         LayoutConstraint(v, .bottom, .equal, g, .bottom, constant: m.bottom, origin: .system, identifier: names[3])]
    }
}

extension LayoutConstraint {
    /// Everything but the constant is the same (a generated constraint can then be updated in place).
    func hasSameShape(as other: LayoutConstraint) -> Bool {
        guard first === other.first, second === other.second, firstAttribute == other.firstAttribute,
              secondAttribute == other.secondAttribute, relation == other.relation,
              multiplier == other.multiplier, priority == other.priority, identifier == other.identifier else { return false }
        switch (origin, other.origin) {
        case (.user, .user), (.system, .system): return true
        case let (.autoresizing(a), .autoresizing(b)): return a == b
        case let (.contentSize(h1, c1), .contentSize(h2, c2)): return h1 == h2 && c1 == c2
        default: return false
        }
    }
}
