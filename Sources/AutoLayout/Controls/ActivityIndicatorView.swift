/// A spinning progress indicator (UIKit's `UIActivityIndicatorView`): 20 × 20 points in the
/// medium style, 37 × 37 in the large one.
///
/// The sizes are the frames Interface Builder stores for the styles (`style="medium"` and the
/// older `"gray"` and `"white"` 20 × 20, `style="large"` and `"whiteLarge"` 37 × 37), and it hugs
/// them at 750 on both axes, as Interface Builder's indicators do. With ``hidesWhenStopped`` (the
/// default) the indicator is hidden until ``startAnimating()`` and again after
/// ``stopAnimating()``, as in UIKit: a stack view collapses a stopped indicator.
open class ActivityIndicatorView: View {
    /// The indicator's look and size (UIKit's `UIActivityIndicatorView.Style`, with UIKit's raw
    /// values).
    public enum Style: Int, Sendable {
        /// The medium indicator, 20 × 20 (iOS 13).
        case medium = 100
        /// The large indicator, 37 × 37 (iOS 13).
        case large = 101
        /// The large white indicator of iOS 12 and earlier, 37 × 37.
        case whiteLarge = 0
        /// The white indicator of iOS 12 and earlier, 20 × 20.
        case white = 1
        /// The grey indicator of iOS 12 and earlier, 20 × 20.
        case gray = 2

        /// The indicator's size in this style. The Interface Builder reader uses it for
        /// indicators whose frame the file does not give.
        public var intrinsicSize: Size {
            switch self {
            case .medium, .white, .gray: Size(width: 20, height: 20)
            case .large, .whiteLarge: Size(width: 37, height: 37)
            }
        }
    }

    /// The style; changing it changes the size.
    public var style: Style {
        didSet { if style != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The spinner's colour: the one set, else white for the white styles and ``Color/gray`` for
    /// the others. Stored only.
    public var color: Color! {
        get { ownColor ?? (style == .white || style == .whiteLarge ? .white : .gray) }
        set { ownColor = newValue }
    }
    private var ownColor: Color?
    /// Whether the indicator is hidden while stopped (true by default).
    public var hidesWhenStopped = true {
        didSet { if !isAnimating { isHidden = hidesWhenStopped } }
    }
    /// Whether the indicator is spinning.
    public private(set) var isAnimating = false

    /// Creates an indicator of a style, stopped (and so hidden).
    public init(style: Style) {
        self.style = style
        super.init(frame: Rect(origin: .zero, size: style.intrinsicSize))
        setContentHuggingPriority(.defaultHigh, for: .horizontal)
        setContentHuggingPriority(.defaultHigh, for: .vertical)
        isHidden = true
    }

    /// Creates a medium indicator with a frame, stopped (and so hidden).
    public convenience override init(frame: Rect) {
        self.init(style: .medium)
        self.frame = frame
    }

    /// Creates a medium indicator, stopped (and so hidden).
    public convenience override init() { self.init(style: .medium) }

    /// Starts spinning, and shows the indicator.
    public func startAnimating() {
        isAnimating = true
        if hidesWhenStopped { isHidden = false }
    }

    /// Stops spinning; with ``hidesWhenStopped``, hides the indicator.
    public func stopAnimating() {
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
    }

    /// The style's size.
    open override var intrinsicContentSize: Size { style.intrinsicSize }
}
