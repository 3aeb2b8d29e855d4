/// The standard content of a list cell: an image, a text and a secondary text, laid out with
/// UIKit's list metrics (UIKit's `UIListContentConfiguration`, iOS 14).
///
/// Start from a preset (``cell()``, ``subtitleCell()``, ``valueCell()``, ``sidebarCell()``), fill
/// in the content and give it to a cell's `contentConfiguration`; the cell makes a
/// ``ListContentView`` once and updates it for each new configuration.
///
/// Metrics and where they come from (text sizes use the library's text model, see ``Font``):
/// - Text in the body style, 17 pt; secondary text in the subheadline style, 15 pt, except in
///   the value cell, whose secondary text is body, 17 pt. Sizes of the text styles at the
///   default Dynamic Type size: iosfontsizes.com (body 17, subheadline 15).
/// - Leading and trailing margins 16 pt, UIKit's layout margin on iPhones up to 375 pt wide
///   (20 pt on wider screens: openradar 29013952, "16px (20px on iPhone 6/7+)"); see
///   ``standardHorizontalMargin(forWidth:)``.
/// - Top and bottom margins 11 pt. UIKit does not publish this value and none was found in
///   public sources; 11 is chosen so that a one-line body cell (11 + 20.5 + 11 = 42.5) stays
///   under the 44-point minimum, as UIKit's one-line cells are exactly 44 tall.
/// - `imageToTextPadding` 16, `textToSecondaryTextVerticalPadding` 3 and
///   `textToSecondaryTextHorizontalPadding` 8: Apple documents the properties but not their
///   defaults, and no public source gave them; these are chosen values (8 is the standard
///   spacing between siblings).
/// - `imageProperties`: `reservedLayoutSize` and `maximumSize` default to zero, meaning "the
///   image's own size" and "no limit", as Apple documents. UIKit's larger reserved size for SF
///   Symbols is not modelled: a symbol image (``Image/init(systemName:)``) keeps its own size.
/// - Rows are at least 44 pt tall (``ListContentView/minimumHeight``).
///
/// Differences from UIKit: text colours are stored (``TextProperties/color``: ``Color/label``,
/// and ``Color/secondaryLabel`` for the secondary text) but not drawn, and UIKit's colour changes
/// for a state are not modelled, so ``updated(for:)`` returns the configuration unchanged; a
/// value cell keeps its texts side by side at every width (the text wraps) instead of stacking
/// them when they do not fit.
public struct ListContentConfiguration: ContentConfiguration, Hashable, StateIndependentConfiguration {
    /// How a text is drawn: the properties that change its size, plus its alignment and colour
    /// (UIKit's `UIListContentConfiguration.TextProperties`).
    public struct TextProperties: Hashable, Sendable {
        /// The font.
        public var font: Font
        /// The text's colour; stored only, it does not change sizes.
        public var color: Color
        /// The most lines shown: 0 (the default) for as many as the text needs.
        public var numberOfLines: Int {
            didSet {
                precondition(numberOfLines >= 0, "numberOfLines \(numberOfLines) is negative: use 0 for as many lines as needed.")
            }
        }
        /// How lines wrap and the last one is cut.
        public var lineBreakMode: LineBreakMode
        /// How the text lines up; it does not change sizes.
        public var alignment: TextAlignment

        /// Text properties; `numberOfLines` 0 shows every line.
        public init(font: Font, color: Color = .label, numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byTruncatingTail,
                    alignment: TextAlignment = .natural) {
            precondition(numberOfLines >= 0, "numberOfLines \(numberOfLines) is negative: use 0 for as many lines as needed.")
            self.font = font
            self.color = color
            self.numberOfLines = numberOfLines
            self.lineBreakMode = lineBreakMode
            self.alignment = alignment
        }
    }

    /// How the image is sized (UIKit's `UIListContentConfiguration.ImageProperties`).
    public struct ImageProperties: Hashable, Sendable {
        /// The space kept for the image, which is centred in it. A zero width or height uses the
        /// displayed image's size in that dimension (Apple: "A width or height of zero means that
        /// the system uses the default behavior for that dimension").
        public var reservedLayoutSize: Size {
            didSet { Self.validate(reservedLayoutSize, "reservedLayoutSize") }
        }
        /// The largest size the image is shown at: a larger image shrinks in proportion until it
        /// fits. A zero width or height sets no limit in that dimension (Apple's documented default).
        public var maximumSize: Size {
            didSet { Self.validate(maximumSize, "maximumSize") }
        }

        /// Image properties; zero sizes keep the defaults described above.
        public init(reservedLayoutSize: Size = .zero, maximumSize: Size = .zero) {
            Self.validate(reservedLayoutSize, "reservedLayoutSize")
            Self.validate(maximumSize, "maximumSize")
            self.reservedLayoutSize = reservedLayoutSize
            self.maximumSize = maximumSize
        }

        /// The size `image` is shown at: its size, shrunk in proportion to fit ``maximumSize``.
        public func displayedSize(of image: Image) -> Size {
            var scale = 1.0
            if maximumSize.width > 0, image.size.width > maximumSize.width { scale = maximumSize.width / image.size.width }
            if maximumSize.height > 0, image.size.height * scale > maximumSize.height { scale = maximumSize.height / image.size.height }
            return Size(width: image.size.width * scale, height: image.size.height * scale)
        }

        /// The space kept for `image`: ``reservedLayoutSize`` where it is set, else the displayed size.
        public func layoutSize(of image: Image) -> Size {
            let shown = displayedSize(of: image)
            return Size(width: reservedLayoutSize.width > 0 ? reservedLayoutSize.width : shown.width,
                        height: reservedLayoutSize.height > 0 ? reservedLayoutSize.height : shown.height)
        }

        private static func validate(_ size: Size, _ name: String) {
            precondition(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
                         "ImageProperties.\(name) \(size) is invalid: pass a finite size with no negative side (zero keeps the default).")
        }
    }

    /// The main text; nil or empty shows none.
    public var text: String?
    /// The secondary text; nil or empty shows none.
    public var secondaryText: String?
    /// The image; nil shows none.
    public var image: Image?
    /// How the main text is drawn.
    public var textProperties: TextProperties
    /// How the secondary text is drawn.
    public var secondaryTextProperties: TextProperties
    /// How the image is sized.
    public var imageProperties = ImageProperties()
    /// The margins between the content and the content view's edges.
    public var directionalLayoutMargins: DirectionalEdgeInsets
    /// The space between the image and the texts (only when both are shown).
    public var imageToTextPadding: Double
    /// The space between the text and the secondary text when they are stacked.
    public var textToSecondaryTextVerticalPadding: Double
    /// The smallest space between the text and the secondary text when they are side by side.
    public var textToSecondaryTextHorizontalPadding: Double
    /// Whether the text and the secondary text sit side by side (the value cell) rather than
    /// one above the other.
    public var prefersSideBySideTextAndSecondaryText: Bool

    private init(secondaryFont: Font, sideBySide: Bool) {
        textProperties = TextProperties(font: .preferredFont(forTextStyle: .body))
        secondaryTextProperties = TextProperties(font: secondaryFont, color: .secondaryLabel)
        directionalLayoutMargins = DirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
        imageToTextPadding = 16
        textToSecondaryTextVerticalPadding = 3
        textToSecondaryTextHorizontalPadding = 8
        prefersSideBySideTextAndSecondaryText = sideBySide
    }

    /// A list cell: the secondary text, if any, under the text (UIKit's `cell()`).
    public static func cell() -> ListContentConfiguration {
        ListContentConfiguration(secondaryFont: .preferredFont(forTextStyle: .subheadline), sideBySide: false)
    }

    /// A cell with a subtitle: the secondary text in the subheadline style under the text
    /// (UIKit's `subtitleCell()`).
    public static func subtitleCell() -> ListContentConfiguration {
        ListContentConfiguration(secondaryFont: .preferredFont(forTextStyle: .subheadline), sideBySide: false)
    }

    /// A cell with a value: the text at the leading edge, the secondary text (body style) at the
    /// trailing edge of the same row (UIKit's `valueCell()`). When they do not both fit, the
    /// secondary text keeps its width and the text wraps.
    public static func valueCell() -> ListContentConfiguration {
        ListContentConfiguration(secondaryFont: .preferredFont(forTextStyle: .body), sideBySide: true)
    }

    /// A sidebar cell (UIKit's `sidebarCell()`). UIKit's sidebar differs from a list cell in its
    /// colours and selection; no public source gave different metrics, so it uses the cell's.
    public static func sidebarCell() -> ListContentConfiguration {
        ListContentConfiguration(secondaryFont: .preferredFont(forTextStyle: .subheadline), sideBySide: false)
    }

    /// UIKit's leading and trailing layout margin for the cells of a list (or table) shown in a
    /// screen the given width: 16 pt below 390 pt, 20 pt from 390 pt. Wider than a root view's
    /// 16 (``ViewController/systemMinimumLayoutMargins(forWidth:)``) on the 390- and 393-point
    /// iPhones: Interface Builder draws table cells there with 20 (KeePassium's, firebase's and
    /// FloatingPanel's storyboards, Xcode 15 to 26) and root views with 16.
    public static func standardHorizontalMargin(forWidth width: Double) -> Double {
        width >= 390 ? 20 : 16
    }

    /// A ``ListContentView`` showing this configuration.
    public func makeContentView() -> View & ContentView { ListContentView(configuration: self) }

    /// The configuration unchanged: UIKit only changes colours for a state.
    public func updated(for state: any ConfigurationState) -> ListContentConfiguration { self }
}

/// The view a ``ListContentConfiguration`` makes (UIKit's `UIListContentView`): the image, the
/// text and the secondary text inside its layout margins, with constraints.
///
/// The content is centred vertically in the margins. Every constraint that could make the
/// content view disagree with a height its host imposes is at 999 rather than required: the
/// bottom edges and the vertical centring. A table that places the view at a 44-point estimate
/// taller content needs therefore logs no conflict (UIKit's list cells don't either), while
/// fitting, at the fitting level 50, still gives the full content height. This is the "999 fix"
/// of the diagnostics spec, section 6, applied by the framework to its own view. For the same
/// reason the texts reach the trailing margin at 999: a width too small for the image and the
/// margins squeezes the texts to zero instead of logging.
public final class ListContentView: View, ContentView {
    /// The height list rows never go below: UIKit's 44-point standard row (`UITableView`'s
    /// historical `rowHeight`, Apple's minimum hit target). Held by a `height >= 44` constraint at
    /// 999, so a host may still place the view lower without a conflict.
    public static let minimumHeight = 44.0

    /// What the view shows and how its parts are arranged; a change of shape rebuilds the
    /// constraints, any other change only updates texts and constants.
    private struct Shape: Equatable {
        var hasImage: Bool
        var hasText: Bool
        var hasSecondaryText: Bool
        var sideBySide: Bool
    }

    private(set) var listConfiguration: ListContentConfiguration
    /// The label showing ``ListContentConfiguration/text``.
    let textLabel = Label()
    /// The label showing ``ListContentConfiguration/secondaryText``.
    let secondaryTextLabel = Label()
    /// The image view, centred in ``imageLayoutGuide``.
    let imageView = ImageView(image: nil)
    /// The space reserved for the image.
    let imageLayoutGuide = LayoutGuide()
    /// The texts together, centred in the margins.
    let textLayoutGuide = LayoutGuide()

    private var shape: Shape?
    private var layoutConstraints: [LayoutConstraint] = []
    // Unchecked exclusivity: read for every item a reused cell measures (see the note above
    // `View.superview`).
    @exclusivity(unchecked) private var imageSize: [LayoutConstraint] = []          // width, height
    @exclusivity(unchecked) private var imageSlotSize: [LayoutConstraint] = []      // width, height
    @exclusivity(unchecked) private var imageToText: [LayoutConstraint] = []
    @exclusivity(unchecked) private var verticalPadding: LayoutConstraint?
    @exclusivity(unchecked) private var horizontalPadding: LayoutConstraint?

    /// A view showing `configuration`.
    public init(configuration: ListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        imageLayoutGuide.identifier = "UIListContentView-imageLayoutGuide"
        textLayoutGuide.identifier = "UIListContentView-textLayoutGuide"
        for v in [imageView, textLabel, secondaryTextLabel] as [View] { v.translatesAutoresizingMaskIntoConstraints = false }
        // The trailing text keeps its width in a value cell; the text wraps instead.
        secondaryTextLabel.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
        let minimum = heightAnchor.constraint(greaterThanOrEqualToConstant: ListContentView.minimumHeight)
        minimum.priority = .required - 1
        minimum.identifier = "UIListContentView-minimum-height"
        minimum.origin = .system
        minimum.isActive = true
        apply(configuration)
    }

    /// Whether `configuration` is a ``ListContentConfiguration`` (checked without boxing the
    /// current one, as the default implementation would).
    public func supports(_ configuration: any ContentConfiguration) -> Bool {
        type(of: configuration) == ListContentConfiguration.self
    }

    /// The configuration shown. Setting anything but a ``ListContentConfiguration`` traps: ask
    /// the configuration for its own view with `makeContentView()`.
    public var configuration: any ContentConfiguration {
        get { listConfiguration }
        set {
            guard let list = newValue as? ListContentConfiguration else {
                preconditionFailure("UIListContentView only shows a ListContentConfiguration, not \(type(of: newValue)). Make that configuration's own view with makeContentView().")
            }
            apply(list)
        }
    }

    /// Shows `c`, which is kept last (moved in, not copied: a copy retains each of its texts).
    private func apply(_ c: consuming ListContentConfiguration) {
        let hasText = !(c.text ?? "").isEmpty
        let hasSecondary = !(c.secondaryText ?? "").isEmpty
        let newShape = Shape(hasImage: c.image != nil, hasText: hasText, hasSecondaryText: hasSecondary,
                             sideBySide: c.prefersSideBySideTextAndSecondaryText && hasText && hasSecondary)
        directionalLayoutMargins = c.directionalLayoutMargins
        configure(textLabel, c.text, c.textProperties)
        configure(secondaryTextLabel, c.secondaryText, c.secondaryTextProperties)
        imageView.image = c.image
        if newShape != shape { rebuild(newShape) }
        updateConstants(c)
        listConfiguration = c
    }

    private func configure(_ label: Label, _ text: String?, _ p: ListContentConfiguration.TextProperties) {
        label.text = text
        label.font = p.font
        label.numberOfLines = p.numberOfLines
        label.lineBreakMode = p.lineBreakMode
        label.textAlignment = p.alignment
        label.textColor = p.color
    }

    /// Puts the parts the shape shows into the view and constrains them.
    private func rebuild(_ s: Shape) {
        LayoutConstraint.deactivate(layoutConstraints)
        layoutConstraints = []
        imageSize = []
        imageSlotSize = []
        imageToText = []
        verticalPadding = nil
        horizontalPadding = nil
        shape = s

        func show(_ v: View, _ visible: Bool) {
            if visible, v.superview !== self { addSubview(v) }
            if !visible, v.superview === self { v.removeFromSuperview() }
        }
        func show(_ g: LayoutGuide, _ visible: Bool) {
            if visible { addLayoutGuide(g) } else { removeLayoutGuide(g) }
        }
        show(imageView, s.hasImage)
        show(imageLayoutGuide, s.hasImage)
        show(textLabel, s.hasText)
        show(secondaryTextLabel, s.hasSecondaryText)
        show(textLayoutGuide, (s.hasText || s.hasSecondaryText) && !s.sideBySide)

        let margins = layoutMarginsGuide
        var cs: [LayoutConstraint] = []
        func below(_ c: LayoutConstraint) -> LayoutConstraint {
            c.priority = .required - 1
            return c
        }
        /// Inside the margins vertically, centred; the bottom and the centring give way first.
        func fitVertically(_ item: LayoutItem) {
            cs.append(item.topAnchor.constraint(greaterThanOrEqualTo: margins.topAnchor))
            cs.append(below(item.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor)))
            cs.append(below(item.centerYAnchor.constraint(equalTo: margins.centerYAnchor)))
        }
        func leading(_ label: Label) {
            if s.hasImage {
                let c = label.leadingAnchor.constraint(equalTo: imageLayoutGuide.trailingAnchor)
                imageToText.append(c)
                cs.append(c)
            } else {
                cs.append(label.leadingAnchor.constraint(equalTo: margins.leadingAnchor))
            }
        }

        if s.hasImage {
            imageSlotSize = [imageLayoutGuide.widthAnchor.constraint(equalToConstant: 0),
                             imageLayoutGuide.heightAnchor.constraint(equalToConstant: 0)]
            imageSize = [imageView.widthAnchor.constraint(equalToConstant: 0),
                         imageView.heightAnchor.constraint(equalToConstant: 0)]
            cs += imageSlotSize + imageSize
            cs.append(imageLayoutGuide.leadingAnchor.constraint(equalTo: margins.leadingAnchor))
            cs.append(imageView.centerXAnchor.constraint(equalTo: imageLayoutGuide.centerXAnchor))
            cs.append(imageView.centerYAnchor.constraint(equalTo: imageLayoutGuide.centerYAnchor))
            fitVertically(imageLayoutGuide)
        }

        let labels = [s.hasText ? textLabel : nil, s.hasSecondaryText ? secondaryTextLabel : nil].compactMap { $0 }
        if s.sideBySide {
            leading(textLabel)
            cs.append(below(secondaryTextLabel.trailingAnchor.constraint(equalTo: margins.trailingAnchor)))
            let gap = below(secondaryTextLabel.leadingAnchor.constraint(greaterThanOrEqualTo: textLabel.trailingAnchor))
            horizontalPadding = gap
            cs.append(gap)
            fitVertically(textLabel)
            fitVertically(secondaryTextLabel)
        } else if let first = labels.first, let last = labels.last {
            for label in labels {
                leading(label)
                cs.append(below(label.trailingAnchor.constraint(equalTo: margins.trailingAnchor)))
            }
            if first !== last {
                let gap = last.topAnchor.constraint(equalTo: first.bottomAnchor)
                verticalPadding = gap
                cs.append(gap)
            }
            cs += [textLayoutGuide.leadingAnchor.constraint(equalTo: first.leadingAnchor),
                   textLayoutGuide.trailingAnchor.constraint(equalTo: first.trailingAnchor),
                   textLayoutGuide.topAnchor.constraint(equalTo: first.topAnchor),
                   textLayoutGuide.bottomAnchor.constraint(equalTo: last.bottomAnchor)]
            fitVertically(textLayoutGuide)
        }
        // UIKit's list content view makes these: the conflict policy breaks an app's first.
        for c in cs { c.origin = .system }
        LayoutConstraint.activate(cs)
        layoutConstraints = cs
    }

    /// Brings the constants (image sizes, paddings) in line with the configuration, in place.
    private func updateConstants(_ c: ListContentConfiguration) {
        if let image = c.image, imageSize.count == 2, imageSlotSize.count == 2 {
            let shown = c.imageProperties.displayedSize(of: image)
            let slot = c.imageProperties.layoutSize(of: image)
            imageSize[0].constant = shown.width
            imageSize[1].constant = shown.height
            imageSlotSize[0].constant = slot.width
            imageSlotSize[1].constant = slot.height
        }
        for constraint in imageToText { constraint.constant = c.imageToTextPadding }
        verticalPadding?.constant = c.textToSecondaryTextVerticalPadding
        horizontalPadding?.constant = c.textToSecondaryTextHorizontalPadding
    }
}
