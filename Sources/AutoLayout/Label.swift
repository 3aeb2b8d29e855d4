/// A font: only its size matters to the deterministic text model (UIKit's `UIFont`).
public struct Font: Hashable, Sendable {
    /// The point size.
    public var pointSize: Double

    /// A font of the given size.
    public init(pointSize: Double) {
        precondition(pointSize.isFinite && pointSize > 0, "Font size \(pointSize) is invalid: pass a finite size above 0.")
        self.pointSize = pointSize
    }

    /// The system font at a size (UIKit's `UIFont.systemFont(ofSize:)`).
    public static func systemFont(ofSize size: Double) -> Font { Font(pointSize: size) }

    /// The height of one line: 1.2 × the size.
    public var lineHeight: Double { 1.2 * pointSize }
    /// The distance from the top of a line to its baseline: 0.8 × the size.
    public var ascender: Double { 0.8 * pointSize }
    /// The distance below the baseline: 0.2 × the size.
    public var descender: Double { 0.2 * pointSize }
}

/// A line of text (UIKit's `UILabel`), measured by the deterministic text model: each
/// character advances 0.6 × the font size, a line is 1.2 × the size tall, and sizes round up to
/// half points (a 2× screen). Multi-line wrapping comes with the cells issue; this label keeps
/// to one line.
open class Label: View {
    /// The text; changing it changes the intrinsic size.
    public var text: String? {
        didSet { if text != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The font (system 17 by default).
    public var font = Font.systemFont(ofSize: 17) {
        didSet { if font != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// Creates an empty label.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Creates a label showing `text`.
    public convenience init(text: String?) {
        self.init(frame: .zero)
        self.text = text
    }

    /// The text's single-line size: `ceil(2 × 0.6 × size × characters) / 2` wide and
    /// `ceil(2 × 1.2 × size) / 2` tall; (0, 0) without text.
    open override var intrinsicContentSize: Size {
        guard let text, !text.isEmpty else { return .zero }
        return Size(width: roundUpToPixel(0.6 * font.pointSize * Double(text.count)),
                    height: roundUpToPixel(font.lineHeight))
    }

    override var debugLabel: String? { accessibilityIdentifier ?? text }

    override var firstBaselineOffsetFromTop: Double? { font.ascender }
    override var lastBaselineOffsetFromBottom: Double? {
        (text ?? "").isEmpty ? 0 : roundUpToPixel(font.lineHeight) - font.ascender
    }
}

/// Rounds up to the pixel grid of a 2× screen, as UIKit's text measurement does.
func roundUpToPixel(_ v: Double, scale: Double = 2) -> Double {
    // Values a hair above a pixel boundary are noise from the multiplication.
    let scaled = v * scale
    let nearest = scaled.rounded()
    return (abs(scaled - nearest) < 1e-9 ? nearest : scaled.rounded(.up)) / scale
}
