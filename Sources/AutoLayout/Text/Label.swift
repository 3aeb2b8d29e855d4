/// A font: only its size matters to the deterministic text model (UIKit's `UIFont`). The
/// weight and the traits are kept so that ported code can set and compare them (see
/// ``Font/Weight``); the UIKit factories (`boldSystemFont(ofSize:)`,
/// `preferredFont(forTextStyle:)`…) are in Font.swift.
public struct Font: Hashable, Sendable {
    /// The point size.
    public var pointSize: Double
    /// The weight (`.regular` by default); it does not change sizes.
    public var weight = Weight.regular
    /// Whether the font is italic (`italicSystemFont(ofSize:)`); it does not change sizes.
    public var isItalic = false
    /// Whether every digit has the same advance (`monospacedDigitSystemFont(ofSize:weight:)`).
    /// The text model already advances every character alike, so sizes do not change.
    public var hasMonospacedDigits = false

    /// A regular, upright font of the given size.
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

/// Text on one or more lines (UIKit's `UILabel`), measured by a pluggable ``TextMeasuring``
/// model (``MonospacedTextModel`` by default).
///
/// Its intrinsic size is the text's: one unwrapped line when ``numberOfLines`` is 1; wrapped at
/// ``preferredMaxLayoutWidth`` when that is set; otherwise wrapped at the width the layout
/// gives the label, as UIKit's two-pass layout does (the first pass uses the unwrapped size,
/// the next ones the solved width, until the width stops changing).
open class Label: View {
    // Unchecked exclusivity on the stored properties read per measurement: see `View.superview`.
    /// The text; changing it changes the intrinsic size.
    @exclusivity(unchecked) public var text: String? {
        didSet { if text != oldValue { textChanged() } }
    }
    /// The font (system 17 by default).
    @exclusivity(unchecked) public var font = Font.systemFont(ofSize: 17) {
        didSet { if font != oldValue { textChanged() } }
    }
    /// The most lines shown: 1 by default, 0 for as many as the text needs.
    @exclusivity(unchecked) public var numberOfLines = 1 {
        didSet {
            precondition(numberOfLines >= 0, "numberOfLines \(numberOfLines) is negative: use 0 for as many lines as needed.")
            if numberOfLines != oldValue { wrappingChanged() }
        }
    }
    /// The width multi-line text wraps at; 0 (the default) wraps at the width the layout gives.
    @exclusivity(unchecked) public var preferredMaxLayoutWidth: Double = 0 {
        didSet {
            precondition(preferredMaxLayoutWidth.isFinite && preferredMaxLayoutWidth >= 0,
                         "preferredMaxLayoutWidth \(preferredMaxLayoutWidth) is invalid: pass a finite width, or 0 to wrap at the laid-out width.")
            if preferredMaxLayoutWidth != oldValue { wrappingChanged() }
        }
    }
    /// How lines wrap and the last one is cut (by truncating the tail by default).
    @exclusivity(unchecked) public var lineBreakMode = LineBreakMode.byTruncatingTail {
        didSet { if lineBreakMode != oldValue { textChanged() } }
    }
    /// How the text lines up inside the label; it does not change the size.
    @exclusivity(unchecked) public var textAlignment = TextAlignment.natural
    /// The text's colour: ``Color/label`` unless set; setting nil goes back to it, as in UIKit.
    /// Stored only: it does not change the size.
    public var textColor: Color! {
        get { ownTextColor ?? .label }
        set { ownTextColor = newValue }
    }
    @exclusivity(unchecked) private var ownTextColor: Color?
    /// Whether the font follows the user's Dynamic Type size (UIKit's
    /// `adjustsFontForContentSizeCategory`). Stored only: the content size category here is
    /// always the default (Large), at which ``Font/preferredFont(forTextStyle:)`` gives UIKit's
    /// default sizes, so the font never changes.
    public var adjustsFontForContentSizeCategory = false
    /// What measures the text.
    @exclusivity(unchecked) public var textModel: any TextMeasuring = MonospacedTextModel() {
        didSet { textChanged() }
    }

    /// The width the last layout pass gave the label (for labels that wrap at it).
    var layoutWidth: Double?
    /// The last two layouts measured (unwrapped or at the preferred width, and at a laid-out
    /// width), the newest first.
    private var cache: (newest: (width: Double?, layout: TextLayout)?, older: (width: Double?, layout: TextLayout)?)

    /// Creates an empty label.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Creates an empty label with a zero frame.
    public override init() { super.init(frame: .zero) }

    override class var takesTouchesByDefault: Bool { false }

    /// Creates a label showing `text`.
    public convenience init(text: String?) {
        self.init(frame: .zero)
        self.text = text
    }

    private func textChanged() {
        cache = (nil, nil)
        invalidateIntrinsicContentSize()
    }

    /// Whether the label wraps at its laid-out width may have changed: the engine looks again.
    private func wrappingChanged() {
        textChanged()
        setNeedsConstraintUpdate()
    }

    /// The width the text wraps at now: none for one line, else the preferred or laid-out width.
    private var wrapWidth: Double? {
        if numberOfLines == 1 { return nil }
        return preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : layoutWidth
    }

    /// The text laid out at a width (nil: unwrapped).
    func textLayout(width: Double?) -> TextLayout {
        let width = numberOfLines == 1 ? nil : width
        if let hit = cache.newest, hit.width == width { return hit.layout }
        if let hit = cache.older, hit.width == width { return hit.layout }
        let layout = textModel.layout(text ?? "", font: font, width: width,
                                      maximumLines: numberOfLines, lineBreakMode: lineBreakMode)
        cache = ((width, layout), cache.newest)
        return layout
    }

    /// The size of the text as it wraps now (see the type's description).
    open override var intrinsicContentSize: Size { textLayout(width: wrapWidth).size }

    override var wrapsAtLayoutWidth: Bool { numberOfLines != 1 && preferredMaxLayoutWidth == 0 }

    override func intrinsicContentSize(atLayoutWidth width: Double) -> Size { textLayout(width: width).size }

    override func isMeasured(atLayoutWidth width: Double) -> Bool { wrapWidth == width }

    override func remeasure(atLayoutWidth width: Double) -> Bool {
        guard wrapsAtLayoutWidth, layoutWidth != width else { return false }
        let before = intrinsicContentSize
        layoutWidth = width
        if intrinsicContentSize == before { return false }
        invalidateIntrinsicContentSize()
        return true
    }

    override var debugLabel: String? { accessibilityIdentifier ?? text }

    override var firstBaselineOffsetFromTop: Double? {
        let layout = textLayout(width: wrapWidth)
        return layout.lineCount == 0 ? nil : layout.firstBaseline
    }
    override var lastBaselineOffsetFromBottom: Double? {
        let layout = textLayout(width: wrapWidth)
        return layout.lineCount == 0 ? nil : layout.size.height - layout.lastBaseline
    }
}
