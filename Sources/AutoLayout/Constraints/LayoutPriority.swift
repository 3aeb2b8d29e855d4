/// How much a constraint matters, from 1 to 1000 (UIKit's `UILayoutPriority`).
///
/// `required` (1000) must hold. Anything lower is optional and satisfied as well as possible,
/// level by level: one constraint at 999 wins over any number at 998.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The priority's value.
    public var rawValue: Float

    /// Creates a priority; UIKit accepts 1…1000.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// Creates a priority; UIKit accepts 1…1000.
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// Creates a priority from a literal: `let p: LayoutPriority = 999`.
    public init(floatLiteral value: Float) { self.rawValue = value }
    /// Creates a priority from a literal: `let p: LayoutPriority = 999`.
    public init(integerLiteral value: Int) { self.rawValue = Float(value) }

    /// 1000: the constraint must hold.
    public static let required = LayoutPriority(1000)
    /// 750: the default compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// 510: a window resize handle that can resize the scene.
    public static let dragThatCanResizeScene = LayoutPriority(510)
    /// 500: the scene keeps its size.
    public static let sceneSizeStayPut = LayoutPriority(500)
    /// 490: a drag that cannot resize the scene.
    public static let dragThatCannotResizeScene = LayoutPriority(490)
    /// 250: the default content hugging.
    public static let defaultLow = LayoutPriority(250)
    /// 50: the level `systemLayoutSizeFitting` uses to pull a size towards its target.
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Compares the values.
    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    /// A priority raised by `rhs`: `.defaultLow + 1` is 251.
    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue + rhs) }
    /// A priority lowered by `rhs`: `.required - 1` is 999.
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue - rhs) }

    /// The value as UIKit prints it: `750`, `999.5`.
    public var description: String { formatNumber(Double(rawValue)) }

    var isRequired: Bool { rawValue >= 1000 }
    var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }
}
