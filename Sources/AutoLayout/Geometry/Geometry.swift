/// A point in a view's coordinate space (UIKit's `CGPoint`, in `Double`).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downwards as in UIKit.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// `(x, y)` with UIKit's number format.
    public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
}

/// A width and a height (UIKit's `CGSize`, in `Double`).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)

    /// `(width, height)` with UIKit's number format.
    public var description: String { "(\(formatNumber(width)), \(formatNumber(height)))" }
}

/// A rectangle: an origin and a size (UIKit's `CGRect`, in `Double`).
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }

    /// Creates a rectangle from its coordinates.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at the origin with no size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }
    /// The left edge.
    public var minX: Double { origin.x }
    /// The horizontal centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The vertical centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }

    /// `(x y; width height)`, as UIKit prints a view's frame: `(0 0; 320 44)`.
    public var description: String {
        "(\(formatNumber(minX)) \(formatNumber(minY)); \(formatNumber(width)) \(formatNumber(height)))"
    }
}

/// Insets from the four sides of a rectangle (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the right edge.
    public var right: Double

    /// Creates insets.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// No inset on any side.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Insets that follow the reading direction: leading is the left side in left-to-right layouts
/// and the right side in right-to-left ones (UIKit's `NSDirectionalEdgeInsets`).
public struct DirectionalEdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the leading edge.
    public var leading: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the trailing edge.
    public var trailing: Double

    /// Creates directional insets.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }

    /// No inset on any side.
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

/// Formats a number as UIKit's descriptions do (`%g` with six significant digits: `126`,
/// `41.6667`, `-0.333333`, `2.22507e-308`). Public for the reports that quote UIKit's numbers.
public func formatNumber(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    let magnitude = abs(value)
    var exponent = Int((magnitude.log10Floor))
    // Round to six significant digits first: 999999.5 prints as 1e+06.
    var mantissa = (magnitude / power10(exponent) * 100_000).rounded() / 100_000
    if mantissa >= 10 { mantissa /= 10; exponent += 1 }
    let sign = value < 0 ? "-" : ""
    if exponent < -4 || exponent >= 6 {
        let digits = trimZeros(fixed(mantissa, decimals: 5))
        let e = abs(exponent) < 10 ? "0\(abs(exponent))" : "\(abs(exponent))"
        return "\(sign)\(digits)e\(exponent < 0 ? "-" : "+")\(e)"
    }
    return sign + trimZeros(fixed(magnitude, decimals: max(0, 5 - exponent)))
}

private extension Double {
    /// ⌊log10(self)⌋ for a positive finite number, exact at powers of ten.
    var log10Floor: Int {
        var e = 0
        var m = self
        while m >= 10 { m /= 10; e += 1 }
        while m < 1 { m *= 10; e -= 1 }
        return e
    }
}

private func power10(_ e: Int) -> Double {
    var p = 1.0
    if e >= 0 { for _ in 0..<e { p *= 10 } } else { for _ in 0..<(-e) { p /= 10 } }
    return p
}

/// `value` (non-negative) with `decimals` digits after the point, rounded half away from zero.
private func fixed(_ value: Double, decimals: Int) -> String {
    let scale = power10(decimals)
    let scaled = (value * scale).rounded()
    var digits = String(UInt64(scaled))
    if decimals == 0 { return digits }
    if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
    let cut = digits.index(digits.endIndex, offsetBy: -decimals)
    return digits[..<cut] + "." + digits[cut...]
}

private func trimZeros(_ s: String) -> String {
    guard s.contains(".") else { return s }
    var t = Substring(s)
    while t.hasSuffix("0") { t = t.dropLast() }
    if t.hasSuffix(".") { t = t.dropLast() }
    return String(t)
}
