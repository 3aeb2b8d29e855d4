import AutoLayout
import Cassowary

/// One parsed constraint description from a console log.
public struct LogConstraint: Sendable {
    /// The text between the quotes, with NSArray's escapes (`\U00fc`, `\"`) decoded.
    public var description: String
    /// `NSLayoutConstraint`, `NSAutoresizingMaskLayoutConstraint`, `SnapKit.LayoutConstraint`…
    public var className: String
    /// The constraint's address, `0x…`.
    public var address: String?
    /// The quoted identifier (`UIView-Encapsulated-Layout-Height`), if any.
    public var identifier: String?
    /// 1000 unless the description shows one (`@750`, `(40@750)` in visual format).
    public var priority: Double
    /// Made by UIKit, not the app: autoresizing, content size, encapsulated, stack view,
    /// temporary, margin and safe-area guide constraints, `_UI…` classes.
    public var isSystem: Bool
    /// 1-based line in the input.
    public var line: Int
    /// The first item.
    public var firstItem: LogItem
    /// The first item's attribute as printed (`leading`, `minX`, `contentHeight`).
    public var firstAttribute: String
    /// How the two sides compare.
    public var relation: Relation
    /// The factor of the second item's attribute (1 when none is printed).
    public var multiplier: Double
    /// The second item, nil for a constant such as `width == 40`.
    public var secondItem: LogItem?
    /// The second item's attribute.
    public var secondAttribute: String?
    /// The constant, including a symbolic `NSSpace(8)` / `NSLayoutAnchorConstraintSpace(8)`.
    public var constant: Double
    /// An autoresizing mask as printed (`h=--& v=--&`).
    public var autoresizingMask: String?
    /// `File.swift#21` for SnapKit constraints.
    public var sourceLocation: String?
    /// iOS 7 / macOS content-size constraints: `Hug:250 CompressionResistance:750`.
    public var hugging: Double?
    /// The compression resistance of a content-size constraint.
    public var compressionResistance: Double?
    /// The visual-format spacing it was printed as (`[A]-(8)-[B]`, `|-(8)-[X]`, `[X]-(8)-|`), if any.
    var visualSpacing: VisualSpacing?
    /// Whether it was printed in visual format (`H:…`, `V:…`), a spacing or a size (`V:[X(80)]`).
    var isVisualFormat = false

    /// The spacing forms of UIKit's visual-format descriptions.
    enum VisualSpacing {
        case fromSuperviewStart, toSuperviewEnd, betweenItems
    }

    /// Autoresizing (translatesAutoresizingMaskIntoConstraints) constraints.
    public var isAutoresizing: Bool { className == "NSAutoresizingMaskLayoutConstraint" }

    /// A UIKit-private constraint class (`_UILayoutSupportConstraint`,
    /// `_UIScrollViewAutomaticContentSizeConstraint`…): UIKit made it. `_UISystemBaselineConstraint`
    /// is not one of them: the app makes it through a system-spacing anchor.
    var hasUIKitPrivateClass: Bool { className.hasPrefix("_UI") && className != "_UISystemBaselineConstraint" }

    /// A width or height set to a constant (`UILabel.height == 126`): no second item.
    public var isFixedSize: Bool {
        secondItem == nil && (firstAttribute == "width" || firstAttribute == "height")
    }

    /// Whether it is one of UIKit's guide constraints (`'UIViewSafeAreaLayoutGuide-bottom'`,
    /// `'UIView-topMargin-guide-constraint'`): a guide's edge held at an inset from its view's.
    var isGuideInset: Bool {
        guard let id = identifier else { return false }
        return id.hasSuffix("-guide-constraint") || id.hasPrefix("UIViewSafeAreaLayoutGuide")
    }

}

extension LogConstraint {
    /// Trailing, right and bottom edges, as printed.
    static let endEdges: Set<String> = ["right", "trailing", "bottom", "maxX", "maxY", "rightMargin", "trailingMargin", "bottomMargin"]

    /// `NSLayoutConstraint` with a fixed size printed as an equation (`UIView.width == 375`).
    var isPlainFixedSizeEquation: Bool { className == "NSLayoutConstraint" && isFixedSize && !isVisualFormat }
}
