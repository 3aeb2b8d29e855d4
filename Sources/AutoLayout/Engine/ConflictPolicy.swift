/// Which constraint UIKit breaks in a group of required constraints that cannot hold together:
/// one rule, used by the engine for the groups it finds and by `autolayout explain` for pasted
/// logs.
///
/// Every group in a real log is all required, so the lowest priority seldom decides; the rule
/// behind UIKit's choice was read off 134 real messages that name the constraint UIKit broke
/// (125 iOS, 9 AppKit, from public issues, posts and test fixtures), and checked on a third of
/// them held out by source: it predicts UIKit's choice in 82% of them (87% held out), against
/// 41% for "the first listed" and 57% for "an app's fixed size, else the first app constraint".
///
/// 1. The lowest priority.
/// 2. Among those, the first non-empty kind of maker (``Maker``): the app's constraints, then
///    UIKit's identified ones (`UISV-*`, margin and safe-area guides…), then unidentified ones
///    on UIKit's private views, then a host's sizes (autoresizing, encapsulated, temporary and
///    content-size constraints), which UIKit broke in no real log that had anything else.
/// 3. Within that kind: the fixed size (`height == 126`, no second item) with the largest
///    constant, the latest in order on ties (in every real log whose broken constraint was a
///    fixed size, it was the largest); else the first spacing between two views
///    (`[A]-(8)-[B]`); else the first constraint that holds a trailing, right or bottom edge
///    (`[A]-(8)-|`); else the first in order.
///
/// "Order" is the group's: activation order for the engine's groups, list order for a log's
/// (UIKit lists a group in an order of its own, which the engine does not reproduce).
public enum ConflictPolicy {
    /// Who made a constraint, in the order the policy breaks them.
    public enum Maker: Int, Comparable, Sendable {
        /// The app (including constraints a nib made).
        case app
        /// UIKit, with an identifier of its own (`UISV-spacing`, `UIView-topMargin-guide-constraint`,
        /// `UIViewSafeAreaLayoutGuide-bottom`…) or a private constraint class (`_UILayoutSupportConstraint`).
        case uikitIdentified
        /// No identifier, on a private UIKit view (`_UIButtonBarButton`): made by UIKit.
        case privateView
        /// A host's size: autoresizing (`NSAutoresizingMaskLayoutConstraint`), content-size,
        /// `UIView-Encapsulated-Layout-*`, `_UITemporaryLayout*` and `fittingSize*Target` constraints.
        case host

        /// The maker of a constraint printed as `<CLASS:0x… 'IDENTIFIER' FIRSTITEMCLASS:0x….attr …>`.
        public init(constraintClass: String, identifier: String?, firstItemClass: String?) {
            if constraintClass == "NSAutoresizingMaskLayoutConstraint" || constraintClass == "NSContentSizeLayoutConstraint" {
                self = .host
            } else if let id = identifier, Self.hostIdentifiers.contains(where: { id.hasPrefix($0) }) || Self.isFittingTarget(id) {
                self = .host
            } else if constraintClass.hasPrefix("_") {
                self = .uikitIdentified
            } else if let id = identifier, Self.uikitIdentifiers.contains(where: { id.hasPrefix($0) }) {
                self = .uikitIdentified
            } else if firstItemClass?.hasPrefix("_") == true {
                self = .privateView
            } else {
                self = .app
            }
        }

        /// Identifiers of a host's sizes.
        static let hostIdentifiers = ["UIView-Encapsulated-Layout-", "_UITemporaryLayout"]
        /// `fittingSizeHTarget`, `fittingSizeVTarget`: AppKit's fitting pulls.
        static func isFittingTarget(_ id: String) -> Bool { id == "fittingSizeHTarget" || id == "fittingSizeVTarget" }
        /// Prefixes of the identifiers UIKit and AppKit give their own constraints (and Interface
        /// Builder's generated ones, `IB_Leading_Leading`…).
        static let uikitIdentifiers = ["UISV-", "UIView-", "UIViewSafeAreaLayoutGuide-", "UINav", "UIButtonBar",
                                       "UICollectionViewListCell-", "TUIKeyplane", "BIB_", "CB_", "IB_", "TB_", "Mask_",
                                       "MaskEV_", "accessoryView.", "assistant", "NSStackView.", "_"]

        /// Orders makers as the policy breaks them.
        public static func < (a: Maker, b: Maker) -> Bool { a.rawValue < b.rawValue }
    }

    /// What the policy reads of one constraint of a group.
    public struct Candidate: Hashable, Sendable {
        /// Its priority (1000 for required).
        public var priority: Double
        /// Who made it.
        public var maker: Maker
        /// The constant of a fixed size (`width == 40`, `V:[view(80)]`), nil for anything else.
        public var fixedSize: Double?
        /// Whether it spaces two views apart (`[A]-(8)-[B]`).
        public var isSpacingBetweenViews: Bool
        /// Whether it holds a trailing, right or bottom edge (`[A]-(8)-|`, `A.bottom == …`).
        public var holdsEndEdge: Bool

        /// A candidate.
        public init(priority: Double, maker: Maker, fixedSize: Double? = nil, isSpacingBetweenViews: Bool = false,
                    holdsEndEdge: Bool = false) {
            self.priority = priority
            self.maker = maker
            self.fixedSize = fixedSize
            self.isSpacingBetweenViews = isSpacingBetweenViews
            self.holdsEndEdge = holdsEndEdge
        }
    }

    /// The index, in `group`'s order, of the constraint UIKit breaks; nil for an empty group.
    /// - Complexity: O(n) for n candidates.
    public static func choice(among group: [Candidate]) -> Int? {
        guard let lowest = group.map(\.priority).min() else { return nil }
        let lowestIndices = group.indices.filter { group[$0].priority == lowest }
        let maker = lowestIndices.map { group[$0].maker }.min()!
        let pool = lowestIndices.filter { group[$0].maker == maker }
        var largest: (index: Int, size: Double)?
        for i in pool {
            guard let size = group[i].fixedSize.map(abs) else { continue }
            if largest == nil || size >= largest!.size { largest = (i, size) }
        }
        if let largest { return largest.index }
        return pool.first { group[$0].isSpacingBetweenViews } ?? pool.first { group[$0].holdsEndEdge } ?? pool.first
    }
}

extension LayoutConstraint {
    /// What ``ConflictPolicy`` reads of this constraint.
    var conflictCandidate: ConflictPolicy.Candidate {
        let spacing = visualSpacing
        // The item printed first: a spacing's leading view (`[A]-(8)-[B]`, `[A]-(8)-|`).
        let printedFirst = spacing == .betweenItems || spacing == .toSuperviewEnd ? second : first
        let firstClass = (printedFirst as? View)?.descriptionClassName ?? (printedFirst == nil ? nil : "UILayoutGuide")
        var maker = ConflictPolicy.Maker(constraintClass: className, identifier: identifier, firstItemClass: firstClass)
        // The framework's own constraints (a list content view's) are UIKit's, identified or not.
        if case .system = origin, maker < .uikitIdentified { maker = .uikitIdentified }
        return ConflictPolicy.Candidate(
            priority: isBroken ? LayoutEngine.brokenPriority : Double(priority.rawValue),
            maker: maker,
            fixedSize: isFixedSize ? constant : nil,
            isSpacingBetweenViews: spacing == .betweenItems && first is View && second is View,
            holdsEndEdge: spacing == .toSuperviewEnd || (spacing == nil && firstAttribute.isEndEdge))
    }
}

extension LayoutConstraint.Attribute {
    /// A trailing, right or bottom edge (or its margin).
    var isEndEdge: Bool {
        switch self {
        case .right, .trailing, .bottom, .rightMargin, .trailingMargin, .bottomMargin: return true
        default: return false
        }
    }
}
