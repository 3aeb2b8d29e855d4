import Cassowary

/// What constraints relate: a ``View`` or a ``LayoutGuide``.
///
/// An item is a rectangle to the layout engine: four variables (`minX`, `minY`, `width`,
/// `height`, in the coordinates of its hierarchy's root), from which every attribute is derived.
/// You cannot subclass `LayoutItem` directly; subclass ``View`` or ``LayoutGuide``.
open class LayoutItem {
    let minX: Variable
    let minY: Variable
    let width: Variable
    let height: Variable
    /// The address printed in descriptions, assigned on first use (0 = not yet).
    var debugAddress: UInt64 = 0
    /// The engine's implicit bounds for this item (`width >= 0`, `height >= 0`, and the root's
    /// origin) once added to its solver. Never listed in conflicts.
    var background: [Cassowary.Constraint] = []
    /// How constraints and the engine refer to the item without keeping it alive (see
    /// ``UnownedReference``); the item clears it as it is freed.
    let reference = UnownedReference<LayoutItem>()

    init() {
        minX = Variable()
        minY = Variable()
        width = Variable()
        height = Variable()
        reference.object = self
    }

    /// The view whose hierarchy the item belongs to: the view itself, or a guide's owner.
    var hostView: View? { nil }

    /// Whether leading is the right edge for this item.
    var isRightToLeft: Bool { hostView?.effectiveRightToLeft ?? false }

    /// The item as descriptions print it: `UILabel:0x7f8000001200'Hello'`.
    var debugName: String { "LayoutItem:\(addressString)" }

    var addressString: String {
        if debugAddress == 0 {
            debugAddress = hostView?.rootView.layoutEngine.nextItemAddress() ?? detachedAddress()
        }
        return "0x" + String(debugAddress, radix: 16)
    }

    // MARK: Anchors

    /// The leading edge: left in left-to-right layouts, right in right-to-left ones.
    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    /// The trailing edge: right in left-to-right layouts, left in right-to-left ones.
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    /// The left edge, whatever the layout direction.
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    /// The right edge, whatever the layout direction.
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    /// The top edge.
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    /// The horizontal centre.
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    /// The vertical centre.
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    /// The width.
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    /// The height.
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }
    /// The baseline of the top line of text (the bottom edge for an item without text).
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .firstBaseline) }
    /// The baseline of the bottom line of text (the bottom edge for an item without text).
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .lastBaseline) }

    // MARK: Attribute expressions

    /// The engine expression of a plain (non-margin) attribute.
    ///
    /// A constraint that involves leading or trailing on a right-to-left item is written in
    /// mirrored coordinates (`mirrored`): x becomes −x, so `a.leading == b.leading + 20` puts `a`
    /// 20 points inside `b`'s right edge, as in UIKit, and every horizontal position is negated.
    func expression(for attribute: LayoutConstraint.Attribute, mirrored: Bool) -> Expression {
        if let e = attribute.expression(minX: minX, minY: minY, width: width, height: height, mirrored: mirrored) { return e }
        switch attribute {
        case .firstBaseline: return baselineExpression(first: true)
        case .lastBaseline: return baselineExpression(first: false)
        default: preconditionFailure("margin attributes are resolved through the margins guide")
        }
    }

    /// Adds `scale` times the attribute's expression to `expression`: a constraint's second
    /// side, written into the first side's terms without an expression of its own.
    func add(_ attribute: LayoutConstraint.Attribute, mirrored: Bool, scaledBy scale: Double, to expression: inout Expression) {
        if let (a, b) = attribute.terms(minX: minX, minY: minY, width: width, height: height, mirrored: mirrored) {
            expression.terms.append(Term(a.variable, scale * a.coefficient))
            if let b { expression.terms.append(Term(b.variable, scale * b.coefficient)) }
            return
        }
        let other = self.expression(for: attribute, mirrored: mirrored)
        expression.terms.reserveCapacity(expression.terms.count + other.terms.count)
        for t in other.terms { expression.terms.append(Term(t.variable, scale * t.coefficient)) }
        expression.constant += scale * other.constant
    }

    /// A baseline: the bottom edge unless a view has text (see ``View/forFirstBaselineLayout``).
    func baselineExpression(first: Bool) -> Expression { Expression([Term(minY), Term(height)]) }
}

extension LayoutItem {
    /// The item whose variables carry an attribute: a view's margins guide for margin attributes.
    func resolved(_ attribute: LayoutConstraint.Attribute) -> (LayoutItem, LayoutConstraint.Attribute) {
        guard attribute.isMargin else { return (self, attribute) }
        guard let view = self as? View else { return (self, attribute.withoutMargin) }
        return (view.layoutMarginsGuide, attribute.withoutMargin)
    }
}
