/// An image as layout sees it: a size in points, no pixels (UIKit's `UIImage`).
public struct Image: Hashable, Sendable {
    /// The size in points.
    public var size: Size
    /// An optional name, for descriptions and tests.
    public var name: String?

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
        isUserInteractionEnabled = false
    }

    /// Creates an empty image view.
    public override init(frame: Rect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Creates an empty image view with a zero frame.
    public override init() {
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    /// The image's size, or ``View/noIntrinsicMetric`` in both dimensions without an image.
    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }
}
