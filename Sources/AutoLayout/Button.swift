/// A tappable title (UIKit's system `UIButton`), for rows of controls. Its intrinsic size is
/// its title's plus ``contentEdgeInsets`` plus the system button's 6-point padding above and
/// below the title (a 15-point title makes the 30-point button UIKit draws).
open class Button: View {
    /// The states a title can be set for (layout uses the normal one).
    public enum State: Sendable {
        /// The resting state.
        case normal
    }

    /// The label showing the title (font 15 by default, one line).
    public let titleLabel: Label
    /// Extra space around the title (none by default, as in UIKit).
    public var contentEdgeInsets = EdgeInsets.zero {
        didSet { if contentEdgeInsets != oldValue { invalidateIntrinsicContentSize() } }
    }
    static let verticalPadding = 6.0

    /// Creates a button with a title.
    public init(title: String? = nil) {
        titleLabel = Label(text: title)
        titleLabel.font = .systemFont(ofSize: 15)
        super.init(frame: .zero)
    }

    /// Sets the title (layout reads the normal state's).
    public func setTitle(_ title: String?, for state: State) {
        titleLabel.text = title
        invalidateIntrinsicContentSize()
    }

    /// The title for a state.
    public func title(for state: State) -> String? { titleLabel.text }

    /// The title's size plus the insets and the system padding.
    open override var intrinsicContentSize: Size {
        let title = titleLabel.intrinsicContentSize
        let insets = contentEdgeInsets
        return Size(width: title.width + insets.left + insets.right,
                    height: title.height + insets.top + insets.bottom + 2 * Button.verticalPadding)
    }

    override var debugLabel: String? { accessibilityIdentifier ?? titleLabel.text }

    override var firstBaselineOffsetFromTop: Double? {
        titleLabel.firstBaselineOffsetFromTop.map { $0 + contentEdgeInsets.top + Button.verticalPadding }
    }
    override var lastBaselineOffsetFromBottom: Double? {
        titleLabel.lastBaselineOffsetFromBottom.map { $0 + contentEdgeInsets.bottom + Button.verticalPadding }
    }
}
