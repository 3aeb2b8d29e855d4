// The drawing state views store for ported code (View.swift, "Appearance (stored, not drawn)"):
// the content mode and the layer. None of it is drawn or read by layout.

extension View {
    /// How a view lays out its content when its bounds change (UIKit's `UIView.ContentMode`,
    /// with UIKit's raw values). Stored only: the package draws no content.
    public enum ContentMode: Int, Sendable {
        /// Stretch the content to the bounds, changing its aspect ratio if needed.
        case scaleToFill = 0
        /// Scale the content to fit inside the bounds, keeping its aspect ratio.
        case scaleAspectFit
        /// Scale the content to fill the bounds, keeping its aspect ratio (parts may be cut off).
        case scaleAspectFill
        /// Redraw the content when the bounds change.
        case redraw
        /// Centre the content, unscaled.
        case center
        /// Centre the content at the top edge.
        case top
        /// Centre the content at the bottom edge.
        case bottom
        /// Centre the content at the left edge.
        case left
        /// Centre the content at the right edge.
        case right
        /// Put the content in the top-left corner.
        case topLeft
        /// Put the content in the top-right corner.
        case topRight
        /// Put the content in the bottom-left corner.
        case bottomLeft
        /// Put the content in the bottom-right corner.
        case bottomRight
    }
}

/// A view's layer as ported code configures it (Core Animation's `CALayer`, as `view.layer`
/// exposes it): corners, border and shadow. Stored only: nothing is drawn and layout never
/// reads it. The defaults are Core Animation's documented ones.
///
/// A view makes its layer on first use and keeps it; the layer is shared, so
/// `let layer = view.layer; layer.cornerRadius = 8` changes the view's layer.
public final class Layer {
    /// How the corners are rounded (Core Animation's `CALayerCornerCurve`).
    public enum CornerCurve: Sendable {
        /// Circular arcs (the default).
        case circular
        /// Continuous curves, as the system's rounded rectangles.
        case continuous
    }

    /// Which corners ``cornerRadius`` rounds (Core Animation's `CACornerMask`).
    public struct CornerMask: OptionSet, Hashable, Sendable {
        /// The mask's bits.
        public let rawValue: UInt
        /// A mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The top-left corner (in UIKit's flipped coordinates).
        public static let layerMinXMinYCorner = CornerMask(rawValue: 1 << 0)
        /// The top-right corner.
        public static let layerMaxXMinYCorner = CornerMask(rawValue: 1 << 1)
        /// The bottom-left corner.
        public static let layerMinXMaxYCorner = CornerMask(rawValue: 1 << 2)
        /// The bottom-right corner.
        public static let layerMaxXMaxYCorner = CornerMask(rawValue: 1 << 3)
    }

    /// The radius of the rounded corners (0 by default: square corners).
    public var cornerRadius = 0.0
    /// The shape of the rounded corners (`.circular` by default).
    public var cornerCurve = CornerCurve.circular
    /// The corners that are rounded (all four by default).
    public var maskedCorners: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    /// The width of the border, drawn inside the bounds (0 by default: no border).
    public var borderWidth = 0.0
    /// The border's colour (opaque black by default). Assign a colour's
    /// ``Color/cgColor``, as UIKit code does.
    public var borderColor: Color? = .black
    /// Whether sublayers are clipped to the bounds and rounded corners (false by default). A
    /// view's ``View/clipsToBounds`` is this property.
    public var masksToBounds = false
    /// The shadow's colour (opaque black by default).
    public var shadowColor: Color? = .black
    /// The shadow's opacity, 0 to 1 (0 by default: no shadow).
    public var shadowOpacity: Float = 0
    /// The blur radius of the shadow (3 by default).
    public var shadowRadius = 3.0
    /// The shadow's offset from the layer (`(0, -3)` by default).
    public var shadowOffset = Size(width: 0, height: -3)

    /// A layer with Core Animation's defaults.
    public init() {}
}
