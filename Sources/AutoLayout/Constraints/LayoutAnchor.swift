/// One attribute of a ``View`` or ``LayoutGuide``, from which constraints are made
/// (UIKit's `NSLayoutAnchor`).
///
/// The type parameter keeps axes apart: an x-axis anchor only takes x-axis anchors, so
/// `view.leadingAnchor.constraint(equalTo: other.topAnchor)` does not compile. Mixing leading or
/// trailing with left or right compiles, as in UIKit, and traps when the constraint is made.
public class LayoutAnchor<AnchorType: AnyObject>: CustomStringConvertible {
    /// The view or guide the anchor belongs to.
    public let item: LayoutItem
    /// The attribute the anchor stands for.
    public let attribute: LayoutConstraint.Attribute

    init(_ item: LayoutItem, _ attribute: LayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `UIView:0x….leading`, as UIKit prints an anchor.
    public var description: String { "\(item.debugName).\(attribute.name)" }

    func make(_ relation: LayoutConstraint.Relation, _ other: LayoutAnchor<AnchorType>?,
              multiplier: Double = 1, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(item: item, attribute: attribute, relatedBy: relation,
                         toItem: other?.item, attribute: other?.attribute ?? .notAnAttribute,
                         multiplier: multiplier, constant: constant)
    }

    /// `self (relation) anchor ± multiplier × system spacing`, described with `NSLayoutAnchorConstraintSpace`.
    func spacedConstraint(_ r: LayoutConstraint.Relation, _ anchor: LayoutAnchor<AnchorType>,
                          multiplier m: Double, sign: Double) -> LayoutConstraint {
        let c = make(r, anchor, constant: sign * m * systemSpacing)
        c.systemSpacingMultiplier = m
        return c
    }

    /// `self == anchor`.
    public func constraint(equalTo anchor: LayoutAnchor<AnchorType>) -> LayoutConstraint { make(.equal, anchor) }
    /// `self >= anchor`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>) -> LayoutConstraint { make(.greaterThanOrEqual, anchor) }
    /// `self <= anchor`.
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>) -> LayoutConstraint { make(.lessThanOrEqual, anchor) }
    /// `self == anchor + c`.
    public func constraint(equalTo anchor: LayoutAnchor<AnchorType>, constant c: Double) -> LayoutConstraint { make(.equal, anchor, constant: c) }
    /// `self >= anchor + c`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant c: Double) -> LayoutConstraint { make(.greaterThanOrEqual, anchor, constant: c) }
    /// `self <= anchor + c`.
    public func constraint(lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant c: Double) -> LayoutConstraint { make(.lessThanOrEqual, anchor, constant: c) }
}

/// The standard space between sibling views, used by the system-spacing anchors and by `-` in
/// the visual format language.
let systemSpacing = 8.0

/// A horizontal position: leading, trailing, left, right or centre X (UIKit's `NSLayoutXAxisAnchor`).
public final class LayoutXAxisAnchor: LayoutAnchor<LayoutXAxisAnchor> {
    /// `self == anchor + multiplier × system spacing`: this anchor follows `anchor` at the
    /// standard distance (8 points). Under right-to-left layout "after" is to the left.
    public func constraint(equalToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double) -> LayoutConstraint {
        spaced(.equal, anchor, multiplier)
    }
    /// `self >= anchor + multiplier × system spacing`.
    public func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double) -> LayoutConstraint {
        spaced(.greaterThanOrEqual, anchor, multiplier)
    }
    /// `self <= anchor + multiplier × system spacing`.
    public func constraint(lessThanOrEqualToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double) -> LayoutConstraint {
        spaced(.lessThanOrEqual, anchor, multiplier)
    }

    private func spaced(_ r: LayoutConstraint.Relation, _ anchor: LayoutXAxisAnchor, _ m: Double) -> LayoutConstraint {
        // "After" follows the reading direction: in right-to-left layouts the space is
        // measured leftwards, unless both anchors already follow the direction themselves.
        let flips = item.isRightToLeft && !attribute.followsDirection && !anchor.attribute.followsDirection
        return spacedConstraint(r, anchor, multiplier: m, sign: flips ? -1 : 1)
    }
}

/// A vertical position: top, bottom, centre Y or a baseline (UIKit's `NSLayoutYAxisAnchor`).
public final class LayoutYAxisAnchor: LayoutAnchor<LayoutYAxisAnchor> {
    /// `self == anchor + multiplier × system spacing`: this anchor sits the standard distance
    /// (8 points) below `anchor`.
    public func constraint(equalToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double) -> LayoutConstraint {
        spaced(.equal, anchor, multiplier)
    }
    /// `self >= anchor + multiplier × system spacing`.
    public func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double) -> LayoutConstraint {
        spaced(.greaterThanOrEqual, anchor, multiplier)
    }
    /// `self <= anchor + multiplier × system spacing`.
    public func constraint(lessThanOrEqualToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double) -> LayoutConstraint {
        spaced(.lessThanOrEqual, anchor, multiplier)
    }

    private func spaced(_ r: LayoutConstraint.Relation, _ anchor: LayoutYAxisAnchor, _ m: Double) -> LayoutConstraint {
        spacedConstraint(r, anchor, multiplier: m, sign: 1)
    }
}

/// A width or a height (UIKit's `NSLayoutDimension`): the only anchors with multipliers and
/// constant-only constraints.
public final class LayoutDimension: LayoutAnchor<LayoutDimension> {
    /// `self == c`.
    public func constraint(equalToConstant c: Double) -> LayoutConstraint { make(.equal, nil, constant: c) }
    /// `self >= c`.
    public func constraint(greaterThanOrEqualToConstant c: Double) -> LayoutConstraint { make(.greaterThanOrEqual, nil, constant: c) }
    /// `self <= c`.
    public func constraint(lessThanOrEqualToConstant c: Double) -> LayoutConstraint { make(.lessThanOrEqual, nil, constant: c) }
    /// `self == m × anchor`.
    public func constraint(equalTo anchor: LayoutDimension, multiplier m: Double) -> LayoutConstraint { make(.equal, anchor, multiplier: m) }
    /// `self >= m × anchor`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier m: Double) -> LayoutConstraint { make(.greaterThanOrEqual, anchor, multiplier: m) }
    /// `self <= m × anchor`.
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier m: Double) -> LayoutConstraint { make(.lessThanOrEqual, anchor, multiplier: m) }
    /// `self == m × anchor + c`.
    public func constraint(equalTo anchor: LayoutDimension, multiplier m: Double, constant c: Double) -> LayoutConstraint { make(.equal, anchor, multiplier: m, constant: c) }
    /// `self >= m × anchor + c`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier m: Double, constant c: Double) -> LayoutConstraint { make(.greaterThanOrEqual, anchor, multiplier: m, constant: c) }
    /// `self <= m × anchor + c`.
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier m: Double, constant c: Double) -> LayoutConstraint { make(.lessThanOrEqual, anchor, multiplier: m, constant: c) }
}
