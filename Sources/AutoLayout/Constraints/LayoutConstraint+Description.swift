import Synchronization

private let detachedAddresses = Atomic<UInt64>(0)

/// An address for an object outside any hierarchy (a guide not yet added to a view).
func detachedAddress() -> UInt64 {
    0x6100_0000_1000 + detachedAddresses.add(1, ordering: .relaxed).newValue * 0x40
}

extension LayoutConstraint {
    var addressString: String {
        if debugAddress == 0 {
            debugAddress = first?.hostView?.rootView.layoutEngine.nextConstraintAddress() ?? detachedAddress()
        }
        return "0x" + String(debugAddress, radix: 16)
    }

    /// The class UIKit would print.
    var className: String {
        switch origin {
        case .user, .system: return "NSLayoutConstraint"
        case .autoresizing: return "NSAutoresizingMaskLayoutConstraint"
        case .contentSize: return "NSContentSizeLayoutConstraint"
        }
    }

    /// UIKit's description (iOS 10 and later):
    /// `<NSLayoutConstraint:0x600000001080 'id' UILabel:0x7f8000001200'Hi'.leading == UIView:0x7f8000001400.leading + 8   (active)>`.
    ///
    /// Spacing between an item and its superview, or between siblings, in the forward
    /// direction prints in visual format (`H:|-(8)-[UILabel:…]`), everything else as an
    /// equation; a priority below required shows as `@750`.
    public var description: String {
        var s = "<\(className):\(addressString) "
        if case let .autoresizing(mask) = origin { s += mask + " " }
        if let identifier { s += "'\(identifier)' " }
        var names: [String] = []
        s += visualFormatBody(names: &names) ?? equationBody()
        if !priority.isRequired { s += " @\(priority)" }
        s += "   (" + (isActive ? "active" : "inactive")
        if !names.isEmpty { s += ", names: " + names.joined(separator: ", ") + " " }
        return s + ")>"
    }

    private func equationBody() -> String {
        guard let a = first else { return "(released item)" }
        var s = "\(a.debugName).\(printedName(firstAttribute)) \(relation.symbol) "
        guard let b = second else {
            return s + (constant < 0 ? "- \(formatNumber(-constant))" : formatNumber(constant))
        }
        if multiplier != 1 { s += "\(formatNumber(multiplier))*" }
        s += "\(b.debugName).\(printedName(secondAttribute))"
        if let m = systemSpacingMultiplier { return s + " NSLayoutAnchorConstraintSpace(\(formatNumber(m * systemSpacing)))" }
        if constant > 0 { s += " + \(formatNumber(constant))" }
        if constant < 0 { s += " - \(formatNumber(-constant))" }
        return s
    }

    private func printedName(_ attribute: Attribute) -> String {
        guard isAutoresizing else { return attribute.name }
        switch attribute {
        case .left: return "minX"
        case .top: return "minY"
        default: return attribute.name
        }
    }

    /// The spacing forms UIKit prints in visual format.
    enum VisualSpacing {
        /// `X.leading == S.leading + c`: `|-(c)-[X]`.
        case fromSuperviewStart
        /// `S.trailing == X.trailing + c`: `[X]-(c)-|`.
        case toSuperviewEnd
        /// `B.leading == A.trailing + c`: `[A]-(c)-[B]`.
        case betweenItems
    }

    /// The visual-format form UIKit prints this constraint in, if any: multiplier-1 spacing
    /// written forward, horizontal (leading/trailing, or left/right marked `(LTR)`) or vertical.
    var visualSpacingForm: (kind: VisualSpacing, axis: String, suffix: String)? {
        guard multiplier == 1, systemSpacingMultiplier == nil, !isAutoresizing, let a = first, let b = second else { return nil }
        let pairs: [(Attribute, Attribute, String, String)] = [
            (.leading, .trailing, "H:", ""), (.left, .right, "H:", "(LTR)"), (.top, .bottom, "V:", ""),
        ]
        for (start, end, axis, suffix) in pairs {
            if firstAttribute == start && secondAttribute == start, a.parentItem === b { return (.fromSuperviewStart, axis, suffix) }
            if firstAttribute == end && secondAttribute == end, b.parentItem === a { return (.toSuperviewEnd, axis, suffix) }
            if firstAttribute == start && secondAttribute == end, a.parentItem != nil, a.parentItem === b.parentItem {
                return (.betweenItems, axis, suffix)
            }
        }
        return nil
    }

    /// The kind of ``visualSpacingForm``.
    var visualSpacing: VisualSpacing? { visualSpacingForm?.kind }

    /// The visual-format body (``visualSpacingForm``), with the `names:` entry of `|`.
    private func visualFormatBody(names: inout [String]) -> String? {
        guard let (kind, axis, suffix) = visualSpacingForm, let a = first, let b = second else { return nil }
        let p = "(" + (relation == .equal ? "" : relation.symbol) + formatNumber(constant) + ")"
        switch kind {
        case .fromSuperviewStart:
            names.append("'|':" + b.plainName)
            return "\(axis)|-\(p)-[\(a.debugName)]\(suffix)"
        case .toSuperviewEnd:
            names.append("'|':" + a.plainName)
            return "\(axis)[\(b.debugName)]-\(p)-|\(suffix)"
        case .betweenItems:
            return "\(axis)[\(b.debugName)]-\(p)-[\(a.debugName)]\(suffix)"
        }
    }
}

extension LayoutItem {
    /// The view that `|` stands for in this item's visual format: a view's superview, a guide's owner.
    var parentItem: View? {
        if let v = self as? View { return v.superview }
        return hostView
    }

    /// `Class:0x…` without the quoted label, as in a `names:` entry.
    var plainName: String {
        if let v = self as? View { return "\(v.descriptionClassName):\(addressString)" }
        return "UILayoutGuide:\(addressString)"
    }
}
