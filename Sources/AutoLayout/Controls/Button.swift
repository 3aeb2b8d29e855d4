import Cassowary

/// A tappable title, image or both (UIKit's `UIButton`).
///
/// Titles, title colours and images are set per control state, as in UIKit; the button shows
/// those of its current ``Control/state``, falling back to the normal state's. Its intrinsic size
/// is its content's plus ``contentEdgeInsets``: the title, with the system button's 6 points of
/// padding above and below it (a 15-point title makes the 30-point button UIKit draws), and the
/// image beside it, leading, no padding, the taller of the two setting the height.
///
/// The glyph types (`.detailDisclosure`, `.infoLight`, `.infoDark`, `.contactAdd`, `.close`) show
/// the SF Symbol UIKit draws for them since iOS 13 (`info.circle`, `plus.circle`,
/// `xmark.circle.fill`), sized as every symbol image is here (``Image/init(systemName:)``), so
/// such a button is 17 × 17. UIKit's glyph buttons are larger; no public source gives their
/// sizes.
open class Button: Control {
    /// What a button looks like (UIKit's `UIButton.ButtonType`, with UIKit's raw values).
    public enum ButtonType: Int, Sendable {
        /// No system styling: titles are white unless set (`Button(frame:)` makes one).
        case custom = 0
        /// The system button: titles in the tint colour (`Button(title:)` makes one).
        case system = 1
        /// The detail disclosure button: an `info.circle` glyph.
        case detailDisclosure = 2
        /// The light information button: an `info.circle` glyph.
        case infoLight = 3
        /// The dark information button: an `info.circle` glyph.
        case infoDark = 4
        /// The add-contact button: a `plus.circle` glyph.
        case contactAdd = 5
        /// The close button: an `xmark.circle.fill` glyph.
        case close = 7

        /// The symbol a glyph type shows; nil for `.custom` and `.system`.
        var glyph: String? {
            switch self {
            case .custom, .system: nil
            case .detailDisclosure, .infoLight, .infoDark: "info.circle"
            case .contactAdd: "plus.circle"
            case .close: "xmark.circle.fill"
            }
        }
    }

    /// The title font a new button starts with: the system font at 15 points, UIKit's for system
    /// buttons. Interface Builder's reader uses it for buttons whose file gives no font.
    public static let defaultTitleFont = Font.systemFont(ofSize: 15)
    static let verticalPadding = 6.0

    /// The type the button was made with.
    public let buttonType: ButtonType
    private let label = ButtonLabel()
    private let shownImage = ImageView()
    private var titles: [State: String] = [:]
    private var titleColors: [State: Color] = [:]
    private var images: [State: Image] = [:]

    /// Extra space around the content (none by default, as in UIKit).
    public var contentEdgeInsets = EdgeInsets.zero {
        didSet { if contentEdgeInsets != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// Creates a system button with a title.
    public init(title: String? = nil) {
        buttonType = .system
        super.init(frame: .zero)
        setUp()
        setTitle(title, for: .normal)
    }

    /// Creates a custom button (UIKit's `UIButton(frame:)`): no title, no image.
    public override init(frame: Rect) {
        buttonType = .custom
        super.init(frame: frame)
        setUp()
    }

    /// Creates a button of a type with a zero frame.
    init(buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
        setUp()
    }

    /// Creates a button of a type (UIKit's `UIButton(type:)`); a glyph type shows its glyph.
    public convenience init(type buttonType: ButtonType) {
        self.init(buttonType: buttonType)
    }

    /// Creates a button that runs `primaryAction` when tapped and shows its title and image
    /// (UIKit's `UIButton(type:primaryAction:)`, iOS 14). The action is registered for
    /// `.primaryActionTriggered`.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: Action?) {
        self.init(buttonType: buttonType)
        if let action = primaryAction {
            if !action.title.isEmpty { setTitle(action.title, for: .normal) }
            if let image = action.image { setImage(image, for: .normal) }
            addAction(action, for: .primaryActionTriggered)
        }
    }

    private func setUp() {
        label.font = Button.defaultTitleFont
        label.button = self
        if let glyph = buttonType.glyph { images[.normal] = Image(systemName: glyph) }
        updateContent()
    }

    /// The label showing the title of the current state (UIKit's `titleLabel`; never nil here).
    /// Changing its font resizes the button.
    public var titleLabel: Label? { label }

    /// The image view showing the image of the current state (UIKit's `imageView`; never nil
    /// here). Its image is the button's: set images with ``setImage(_:for:)``.
    public var imageView: ImageView? { shownImage }

    // MARK: Content for each state

    /// Sets the title shown in `state`; nil removes it (the normal title is then shown).
    public func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        updateContent()
    }

    /// The title for `state`: the one set for it, else the normal state's (UIKit's rule).
    public func title(for state: State) -> String? { titles[state] ?? titles[.normal] }

    /// Sets the title's colour in `state`; nil removes it.
    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        updateContent()
    }

    /// The title's colour in `state`: the one set for it, else the normal state's, else the
    /// type's default: white for a custom button, the ``View/tintColor`` for the others.
    public func titleColor(for state: State) -> Color? {
        titleColors[state] ?? titleColors[.normal] ?? (buttonType == .custom ? .white : tintColor)
    }

    /// Sets the image shown in `state`; nil removes it.
    public func setImage(_ image: Image?, for state: State) {
        images[state] = image
        updateContent()
    }

    /// The image for `state`: the one set for it, else the normal state's.
    public func image(for state: State) -> Image? { images[state] ?? images[.normal] }

    /// The title shown now, for the current ``Control/state``.
    public var currentTitle: String? { title(for: state) }
    /// The title colour used now.
    public var currentTitleColor: Color { titleColor(for: state) ?? tintColor }
    /// The image shown now.
    public var currentImage: Image? { image(for: state) }

    override func stateDidChange() { updateContent() }

    /// Shows the current state's title and image; a change of either resizes the button.
    private func updateContent() {
        label.text = currentTitle   // the label passes a change of size on (ButtonLabel)
        label.textColor = currentTitleColor
        let image = currentImage
        if shownImage.image != image {
            shownImage.image = image
            invalidateIntrinsicContentSize()
        }
    }

    // MARK: Size and baselines

    /// The content's size plus the insets (see the type's description).
    open override var intrinsicContentSize: Size {
        let content = contentSize
        let insets = contentEdgeInsets
        return Size(width: content.width + insets.left + insets.right, height: content.height + insets.top + insets.bottom)
    }

    /// The title (with its padding) and the image side by side.
    private var contentSize: Size {
        let title = label.intrinsicContentSize
        guard let image = shownImage.image else {
            return Size(width: title.width, height: title.height + 2 * Button.verticalPadding)
        }
        if (label.text ?? "").isEmpty { return image.size }
        return Size(width: image.size.width + title.width,
                    height: max(image.size.height, title.height + 2 * Button.verticalPadding))
    }

    override var debugLabel: String? { accessibilityIdentifier ?? label.text }

    /// The title's baselines. UIKit centres the title in the area inside the content insets
    /// (`contentVerticalAlignment` `.center`), so the baselines follow the button's middle: a
    /// button stretched taller than its content keeps its title, and its baselines, in the
    /// middle. A button without a title has its bottom edge as baselines.
    override func baselineExpression(first: Bool) -> Expression {
        guard (first ? forFirstBaselineLayout : forLastBaselineLayout) === self,
              let titleFirst = label.firstBaselineOffsetFromTop, let titleLast = label.lastBaselineOffsetFromBottom else {
            return super.baselineExpression(first: first)
        }
        let title = label.intrinsicContentSize.height
        // The title's top, from the button's middle.
        let top = (contentEdgeInsets.top - contentEdgeInsets.bottom - title) / 2
        return Expression([Term(minY), Term(height, 0.5)], constant: top + (first ? titleFirst : title - titleLast))
    }
}

/// The label a button shows its title in (UIKit's private `UIButtonLabel`). It is not in the
/// view hierarchy, so it passes a change of its size (a new text or font) on to its button.
final class ButtonLabel: Label {
    weak var button: Button?

    override func invalidateIntrinsicContentSize() {
        super.invalidateIntrinsicContentSize()
        button?.invalidateIntrinsicContentSize()
    }
}
