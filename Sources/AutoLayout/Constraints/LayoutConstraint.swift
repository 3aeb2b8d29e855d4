import Cassowary

/// A linear relation between two attributes: `item1.attribute1 (==|<=|>=) multiplier ×
/// item2.attribute2 + constant` (UIKit's `NSLayoutConstraint`).
///
/// Constraints start inactive. Activating one installs it on the closest common ancestor of its
/// items and hands it to that hierarchy's ``LayoutEngine``; frames change at the next
/// ``View/layoutIfNeeded()``.
public final class LayoutConstraint: CustomStringConvertible {
    /// A constrained attribute of an item (UIKit's `NSLayoutConstraint.Attribute`).
    public enum Attribute: Int, Sendable, CaseIterable {
        /// No attribute: the second attribute of a constant-only constraint.
        case notAnAttribute = 0
        /// The left edge.
        case left = 1
        /// The right edge.
        case right
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
        /// The leading edge (left in left-to-right layouts).
        case leading
        /// The trailing edge (right in left-to-right layouts).
        case trailing
        /// The width.
        case width
        /// The height.
        case height
        /// The horizontal centre.
        case centerX
        /// The vertical centre.
        case centerY
        /// The baseline of the last line of text.
        case lastBaseline
        /// The baseline of the first line of text.
        case firstBaseline
        /// The left edge inset by the view's layout margins.
        case leftMargin
        /// The right edge inset by the view's layout margins.
        case rightMargin
        /// The top edge inset by the view's layout margins.
        case topMargin
        /// The bottom edge inset by the view's layout margins.
        case bottomMargin
        /// The leading edge inset by the view's layout margins.
        case leadingMargin
        /// The trailing edge inset by the view's layout margins.
        case trailingMargin
        /// The horizontal centre of the margins.
        case centerXWithinMargins
        /// The vertical centre of the margins.
        case centerYWithinMargins

        /// The name UIKit prints: `leading`, `centerXWithinMargins`.
        public var name: String {
            switch self {
            case .notAnAttribute: return "notAnAttribute"
            case .left: return "left"
            case .right: return "right"
            case .top: return "top"
            case .bottom: return "bottom"
            case .leading: return "leading"
            case .trailing: return "trailing"
            case .width: return "width"
            case .height: return "height"
            case .centerX: return "centerX"
            case .centerY: return "centerY"
            case .lastBaseline: return "lastBaseline"
            case .firstBaseline: return "firstBaseline"
            case .leftMargin: return "leftMargin"
            case .rightMargin: return "rightMargin"
            case .topMargin: return "topMargin"
            case .bottomMargin: return "bottomMargin"
            case .leadingMargin: return "leadingMargin"
            case .trailingMargin: return "trailingMargin"
            case .centerXWithinMargins: return "centerXWithinMargins"
            case .centerYWithinMargins: return "centerYWithinMargins"
            }
        }

        /// The attribute a printed name stands for: UIKit's names (``name``), and the other
        /// names its descriptions use: `minX`/`midX`/`maxX` and `minY`/`midY`/`maxY` (autoresizing
        /// and AppKit constraints: left, centre, right; top, centre, bottom), `baseline` (the
        /// last baseline) and `contentWidth`/`contentHeight` (iOS 7 content-size constraints).
        /// Nil for any other name.
        public init?(printedName name: some StringProtocol) {
            if let a = Attribute.byName[String(name)] { self = a; return }
            switch name {
            case "minX": self = .left
            case "midX": self = .centerX
            case "maxX": self = .right
            case "minY": self = .top
            case "midY": self = .centerY
            case "maxY": self = .bottom
            case "baseline": self = .lastBaseline
            case "contentWidth": self = .width
            case "contentHeight": self = .height
            default: return nil
            }
        }

        /// Every attribute by its ``name``.
        private static let byName: [String: Attribute] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

        /// Whether the attribute is inset by the layout margins (`leadingMargin`, `centerXWithinMargins`…).
        public var isMargin: Bool {
            switch self {
            case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
                 .centerXWithinMargins, .centerYWithinMargins: return true
            default: return false
            }
        }
        /// The attribute without its margin inset (`leadingMargin` → `leading`); itself otherwise.
        public var withoutMargin: Attribute {
            switch self {
            case .leftMargin: return .left
            case .rightMargin: return .right
            case .topMargin: return .top
            case .bottomMargin: return .bottom
            case .leadingMargin: return .leading
            case .trailingMargin: return .trailing
            case .centerXWithinMargins: return .centerX
            case .centerYWithinMargins: return .centerY
            default: return self
            }
        }
        /// Whether it is a width or a height.
        public var isDimension: Bool { self == .width || self == .height }
        /// Whether it is a baseline.
        public var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }
        /// Whether it lies on the horizontal axis (margins included).
        public var isHorizontal: Bool {
            switch withoutMargin {
            case .left, .right, .leading, .trailing, .centerX, .width: return true
            default: return false
            }
        }
        /// Leading and trailing (with or without margins) follow the layout direction.
        var followsDirection: Bool {
            let a = withoutMargin
            return a == .leading || a == .trailing
        }
        var isAbsoluteHorizontal: Bool {
            let a = withoutMargin
            return a == .left || a == .right
        }

        /// The expression of a position or size attribute of a rectangle given by its four
        /// variables, in a coordinate space mirrored (x negated) when `mirrored`: the engine
        /// mirrors a constraint on leading or trailing of a right-to-left item. Nil for margins,
        /// baselines and ``notAnAttribute``, which depend on more than the rectangle.
        public func expression(minX: Variable, minY: Variable, width: Variable, height: Variable,
                               mirrored: Bool = false) -> Expression? {
            guard let (a, b) = terms(minX: minX, minY: minY, width: width, height: height, mirrored: mirrored) else { return nil }
            // Room for a second item's terms (a constraint's other side), so that making a
            // constraint allocates one array.
            var terms: [Term] = []
            terms.reserveCapacity(4)
            terms.append(a)
            if let b { terms.append(b) }
            return Expression(terms)
        }

        /// ``expression(minX:minY:width:height:mirrored:)``'s one or two terms, without an array.
        func terms(minX: Variable, minY: Variable, width: Variable, height: Variable,
                   mirrored: Bool) -> (Term, Term?)? {
            let sign = mirrored ? -1.0 : 1.0
            switch self {
            case .left: return (Term(minX, sign), nil)
            case .right: return (Term(minX, sign), Term(width, sign))
            case .leading: return mirrored ? (Term(minX, -1), Term(width, -1)) : (Term(minX, 1), nil)
            case .trailing: return mirrored ? (Term(minX, -1), nil) : (Term(minX, 1), Term(width, 1))
            case .centerX: return (Term(minX, sign), Term(width, 0.5 * sign))
            case .top: return (Term(minY, 1), nil)
            case .bottom: return (Term(minY, 1), Term(height, 1))
            case .width: return (Term(width, 1), nil)
            case .height: return (Term(height, 1), nil)
            case .centerY: return (Term(minY, 1), Term(height, 0.5))
            default: return nil
            }
        }
    }

    /// How the two sides compare (UIKit's `NSLayoutConstraint.Relation`).
    public enum Relation: Int, Sendable {
        /// `<=`
        case lessThanOrEqual = -1
        /// `==`
        case equal = 0
        /// `>=`
        case greaterThanOrEqual = 1

        /// `<=`, `==` or `>=`.
        public var symbol: String {
            switch self {
            case .lessThanOrEqual: return "<="
            case .equal: return "=="
            case .greaterThanOrEqual: return ">="
            }
        }
    }

    /// Who made a constraint, which decides its printed class and whether the engine prefers
    /// to break it.
    enum Origin {
        /// Made by the app.
        case user
        /// From a view's autoresizing mask (`NSAutoresizingMaskLayoutConstraint`); `mask` is `h=--& v=--&`.
        case autoresizing(mask: String)
        /// From an intrinsic content size (`NSContentSizeLayoutConstraint`): hugging and
        /// compression resistance in one object.
        case contentSize(hugging: LayoutPriority, compression: LayoutPriority)
        /// Made by the framework: margins and safe-area guides, encapsulated sizes, stack views.
        case system
    }

    /// The items, held through their references: a constraint does not keep its items alive,
    /// and reads nil for an item that is gone.
    private let firstReference: UnownedReference<LayoutItem>
    private let secondReference: UnownedReference<LayoutItem>?
    var first: LayoutItem? { firstReference.object }
    var second: LayoutItem? { secondReference?.object }
    /// The first item (a ``View`` or a ``LayoutGuide``).
    public var firstItem: AnyObject? { first }
    /// The second item, or nil for a constant-only constraint.
    public var secondItem: AnyObject? { second }
    /// The first item's attribute.
    public let firstAttribute: Attribute
    /// The second item's attribute (`.notAnAttribute` for a constant-only constraint).
    public let secondAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The factor applied to the second attribute.
    public let multiplier: Double
    /// A name shown in descriptions and conflict messages.
    public var identifier: String?
    /// Who made it; the framework marks constraints of its own views (a list content view's) as
    /// `.system` after making them through anchors.
    var origin: Origin
    /// Set on constraints made by the system-spacing anchors, for their description.
    var systemSpacingMultiplier: Double?

    /// The added term. Changing it on an active constraint updates the engine in place (no
    /// removal and re-adding); frames follow at the next layout pass.
    ///
    /// - Precondition: finite.
    @exclusivity(unchecked) public var constant: Double {
        didSet {
            precondition(constant.isFinite, "\(self): the constant \(constant) is not finite. Pass a finite number.")
            if constant != oldValue { engine?.constantChanged(self) }
        }
    }

    /// The priority. Changing it between optional values on an active constraint re-solves;
    /// changing it from required to optional (or back) on an active constraint traps, as in UIKit.
    public var priority: LayoutPriority {
        didSet {
            precondition(priority.isValid,
                         "\(self): priority \(priority.rawValue) is out of range. Use a value from 1 to 1000.")
            if engine != nil, priority.isRequired != oldValue.isRequired {
                preconditionFailure("Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported.  You passed priority \(priority) and the existing priority was \(oldValue).")
            }
            if priority != oldValue { engine?.definitionChanged(self) }
        }
    }

    // Engine state.
    /// The engine the constraint is active in.
    var engine: LayoutEngine? {
        get { engineReference?.object }
        set { engineReference = newValue?.reference }
    }
    private var engineReference: UnownedReference<LayoutEngine>?
    /// The view it is installed on (the closest common ancestor of its items), which clears
    /// this as it is freed.
    unowned(unsafe) var installedOn: View?
    /// Set when the engine broke it to resolve a conflict: it then holds just below required.
    var isBroken = false
    /// When it became active: a conflict's group is in this order (``ConflictPolicy``).
    var activationSequence = 0
    var isQueued = false
    /// The address printed in descriptions, assigned on first use (0 = not yet).
    var debugAddress: UInt64 = 0

    /// Creates a constraint from its parts: `item.attribute relation multiplier × toItem.attribute + constant`.
    ///
    /// The item types are ``LayoutItem``s (views and guides). A location attribute needs a second
    /// item and a non-zero multiplier; leading and trailing do not pair with left and right.
    /// These are programmer errors and trap with UIKit's explanation.
    public convenience init(item: LayoutItem, attribute: Attribute, relatedBy relation: Relation,
                            toItem: LayoutItem?, attribute secondAttribute: Attribute,
                            multiplier: Double, constant: Double) {
        self.init(item, attribute, relation, toItem, secondAttribute, multiplier: multiplier,
                  constant: constant, origin: .user)
    }

    init(_ item: LayoutItem, _ attribute: Attribute, _ relation: Relation, _ toItem: LayoutItem?,
         _ secondAttribute: Attribute, multiplier: Double = 1, constant: Double = 0,
         priority: LayoutPriority = .required, origin: Origin, identifier: String? = nil) {
        self.firstReference = item.reference
        self.secondReference = toItem?.reference
        self.firstAttribute = attribute
        self.secondAttribute = toItem == nil ? .notAnAttribute : secondAttribute
        self.relation = relation
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.origin = origin
        self.identifier = identifier
        precondition(priority.isValid, "\(priority.rawValue) is not a valid priority. Use a value from 1 to 1000.")
        validate()
    }

    /// Traps on the combinations UIKit rejects, with UIKit's explanation.
    private func validate() {
        guard let problem = LayoutConstraint.problem(firstAttribute: firstAttribute, secondAttribute: second == nil ? nil : secondAttribute,
                                                     multiplier: multiplier, constant: constant, autoresizing: isAutoresizing) else { return }
        preconditionFailure("NSLayoutConstraint for \(first.map(\.debugName) ?? "nil"): \(problem).")
    }

    /// What is wrong with a constraint relating `firstAttribute` to `secondAttribute` (nil: no
    /// second item, a constant), as UIKit checks when one is made; nil when nothing is. The API
    /// traps with this text, as UIKit raises; `.layout` and Interface Builder files report it
    /// as an error at its line and column.
    /// - Parameter autoresizing: whether it is an autoresizing constraint, whose positions are
    ///   constants (`minX == 0`), which only they may be.
    public static func problem(firstAttribute first: Attribute, secondAttribute second: Attribute?, multiplier: Double,
                               constant: Double, autoresizing: Bool = false) -> String? {
        if !multiplier.isFinite || !constant.isFinite {
            return "a multiplier or constant is not finite (multiplier \(multiplier), constant \(constant)): pass finite numbers"
        }
        if first == .notAnAttribute { return "the first attribute cannot be notAnAttribute" }
        if autoresizing { return nil }
        guard let second else {
            if first.isDimension { return nil }
            return "a location (\(first.name)) cannot equal a constant: relate it to another item, as in `x.\(first.name) == y.\(first.name) + 8`"
        }
        if second == .notAnAttribute { return "a second item needs a second attribute" }
        if multiplier == 0, !first.isDimension {
            return "a multiplier of 0 makes a location equal a constant: location attributes go in pairs"
        }
        if first.isDimension != second.isDimension {
            return "cannot relate \(first.isDimension ? "a size" : "a location") (\(first.name)) to \(second.isDimension ? "a size" : "a location") (\(second.name))"
        }
        if !first.isDimension, first.isHorizontal != second.isHorizontal {
            return "cannot relate a \(first.isHorizontal ? "horizontal" : "vertical") attribute (\(first.name)) to a \(second.isHorizontal ? "horizontal" : "vertical") one (\(second.name))"
        }
        if (first.followsDirection && second.isAbsoluteHorizontal) || (first.isAbsoluteHorizontal && second.followsDirection) {
            return "cannot relate \(first.name) to \(second.name): use leading/trailing for both or neither"
        }
        return nil
    }

    // MARK: Activation

    /// Whether the constraint takes part in layout. Setting it to true installs it on the
    /// closest common ancestor of its items; with no common ancestor it traps, as UIKit does.
    public var isActive: Bool {
        get { engine != nil }
        set {
            if newValue == isActive { return }
            if newValue { LayoutConstraint.activate([self]) } else { LayoutConstraint.deactivate([self]) }
        }
    }

    /// Activates constraints as one batch: the engine adds them together and solves once.
    ///
    /// - Complexity: O(constraints) to install; the solving happens at the next layout pass.
    public static func activate(_ constraints: [LayoutConstraint]) {
        for c in constraints where c.engine == nil {
            let ancestor = c.commonAncestor()
            ancestor.install(c)
        }
    }

    /// Deactivates constraints as one batch.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for c in constraints where c.engine != nil { c.installedOn?.uninstall(c) }
    }

    /// The closest view that contains both items; traps with UIKit's message when there is none.
    func commonAncestor() -> View {
        guard let a = first?.hostView else {
            preconditionFailure("\(self): the first item is gone or is a layout guide that was never added to a view. Add the guide with addLayoutGuide(_:) first.")
        }
        guard let secondItem = second else { return a }
        guard let b = secondItem.hostView, let common = a.closestCommonAncestor(with: b) else {
            preconditionFailure("Unable to activate constraint with anchors \(firstAnchorDescription) and \(secondAnchorDescription) because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal.")
        }
        return common
    }

    private var firstAnchorDescription: String {
        "<\(anchorClass(firstAttribute)):\(addressString) \"\(first.map(\.debugName) ?? "nil").\(firstAttribute.name)\">"
    }
    private var secondAnchorDescription: String {
        "<\(anchorClass(secondAttribute)):\(addressString) \"\(second.map(\.debugName) ?? "nil").\(secondAttribute.name)\">"
    }
    private func anchorClass(_ a: Attribute) -> String {
        a.isDimension ? "NSLayoutDimension" : a.isHorizontal ? "NSLayoutXAxisAnchor" : "NSLayoutYAxisAnchor"
    }

    var isSystem: Bool {
        if case .user = origin { return false }
        return true
    }
    /// A width or height set to a constant (`width == 126`): no second item.
    var isFixedSize: Bool {
        secondAttribute == .notAnAttribute && (firstAttribute == .width || firstAttribute == .height)
    }
    var isAutoresizing: Bool {
        if case .autoresizing = origin { return true }
        return false
    }
}
