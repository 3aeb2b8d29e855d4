/// An image as layout sees it: a size in points, no pixels (UIKit's `UIImage`). System symbol
/// images come from ``init(systemName:)``.
public struct Image: Hashable, Sendable {
    /// The size in points.
    public var size: Size
    /// An optional name, for descriptions and tests.
    public var name: String?
    /// The configuration a symbol image was made with; nil for other images.
    public private(set) var symbolConfiguration: SymbolConfiguration?

    /// An image of the given size.
    /// - Precondition: the size is finite and not negative.
    public init(size: Size, name: String? = nil) {
        precondition(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
                     "Image size \(size) is invalid: pass a finite size with no negative side.")
        self.size = size
        self.name = name
    }
}

/// A view that shows an image (UIKit's `UIImageView`): its intrinsic size is the image's size,
/// or none without an image.
open class ImageView: View {
    /// The image; changing it changes the intrinsic size.
    @exclusivity(unchecked) public var image: Image? {
        didSet { if image != oldValue { invalidateIntrinsicContentSize() } }
    }

    /// Creates an image view showing `image`.
    public init(image: Image?) {
        self.image = image
        super.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
    }

    /// Creates an empty image view.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Creates an empty image view with a zero frame.
    public override init() { super.init(frame: .zero) }

    override class var takesTouchesByDefault: Bool { false }

    /// The image's size, or ``View/noIntrinsicMetric`` in both dimensions without an image.
    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }
}

// MARK: - Symbol images

extension Image {
    /// How heavy a symbol's strokes are (UIKit's `UIImage.SymbolWeight`, with its raw values).
    /// Stored only: it does not change a symbol's size here.
    public enum SymbolWeight: Int, Sendable {
        /// The weight of the text the symbol accompanies.
        case unspecified = 0
        /// Ultralight.
        case ultraLight
        /// Thin.
        case thin
        /// Light.
        case light
        /// Regular.
        case regular
        /// Medium.
        case medium
        /// Semibold.
        case semibold
        /// Bold.
        case bold
        /// Heavy.
        case heavy
        /// Black.
        case black
    }

    /// The point size a symbol image is drawn at, and its weight (UIKit's
    /// `UIImage.SymbolConfiguration`, as far as it sizes a symbol).
    public struct SymbolConfiguration: Hashable, Sendable {
        /// The point size of the font the symbol matches.
        public let pointSize: Double
        /// The weight of the strokes.
        public let weight: SymbolWeight

        /// A configuration at a point size (UIKit's `init(pointSize:)`).
        /// - Precondition: the size is finite and above 0.
        public init(pointSize: Double) { self.init(pointSize: pointSize, weight: .unspecified) }

        /// A configuration at a point size and weight (UIKit's `init(pointSize:weight:)`).
        /// - Precondition: the size is finite and above 0.
        public init(pointSize: Double, weight: SymbolWeight) {
            precondition(pointSize.isFinite && pointSize > 0,
                         "Symbol point size \(pointSize) is invalid: pass a finite size above 0.")
            self.pointSize = pointSize
            self.weight = weight
        }

        /// A configuration matching text of a style (UIKit's `init(textStyle:)`): the style's
        /// point size (``Font/TextStyle``).
        public init(textStyle: Font.TextStyle) {
            self.init(pointSize: Font.preferredFont(forTextStyle: textStyle).pointSize)
        }

        /// A configuration matching a font (UIKit's `init(font:)`): its point size.
        public init(font: Font) { self.init(pointSize: font.pointSize) }

        /// A configuration of a weight at the default point size (UIKit's `init(weight:)`).
        public init(weight: SymbolWeight) {
            self.init(pointSize: SymbolConfiguration.default.pointSize, weight: weight)
        }

        /// What an unconfigured symbol uses: text in the body style, 17 pt at the default
        /// Dynamic Type size (``Font/TextStyle/body``). UIKit sizes symbols as text: a
        /// configuration names a text style or a font size, the medium scale being the default
        /// (`UIImage.SymbolScale`), and the body style is the text style of unstyled content.
        public static let `default` = SymbolConfiguration(textStyle: .body)
    }

    /// A system symbol image (UIKit's `UIImage(systemName:)`), at the default configuration:
    /// ``SymbolConfiguration/default``, 17 points.
    ///
    /// There are no glyphs here, so every symbol is modelled as a square whose side is the
    /// configuration's point size: 17 × 17 by default. UIKit's symbols are each as wide as their
    /// glyph (`chevron.compact.down` at 64 pt is 70.3 × 25.7) and sit in a box about a text line
    /// tall; no public table gives those sizes per symbol. The name is not checked against the
    /// SF Symbols catalogue, which this package does not have: only an empty name gives nil.
    public init?(systemName: String) {
        self.init(systemName: systemName, withConfiguration: nil)
    }

    /// A system symbol image at a configuration (UIKit's `UIImage(systemName:withConfiguration:)`);
    /// nil uses ``SymbolConfiguration/default``. See ``init(systemName:)`` for the size.
    public init?(systemName: String, withConfiguration configuration: SymbolConfiguration?) {
        if systemName.isEmpty { return nil }
        let configuration = configuration ?? .default
        self.init(size: Image.symbolSize(configuration), name: systemName)
        symbolConfiguration = configuration
    }

    /// Whether the image is a symbol (UIKit's `isSymbolImage`).
    public var isSymbolImage: Bool { symbolConfiguration != nil }

    /// The same symbol at another configuration (UIKit's `withConfiguration(_:)`); other images
    /// are returned unchanged.
    public func withConfiguration(_ configuration: SymbolConfiguration) -> Image {
        guard isSymbolImage else { return self }
        var image = self
        image.size = Image.symbolSize(configuration)
        image.symbolConfiguration = configuration
        return image
    }

    private static func symbolSize(_ configuration: SymbolConfiguration) -> Size {
        Size(width: configuration.pointSize, height: configuration.pointSize)
    }
}
