/// A row of segments, each a title or an image, one of them selected (UIKit's
/// `UISegmentedControl`): 32 points tall, as wide as its segments.
///
/// Height: 32, the height of UIKit's segmented controls since iOS 13 (Interface Builder stores
/// `height="32"` for them; 28 or 29 before iOS 13).
///
/// Width: the sum of the segments' widths. A segment given a width with
/// ``setWidth(_:forSegmentAt:)`` has it; the others ("automatic") are as wide as their content
/// plus 5 points on each side, the content being a title measured by the text model in the
/// system font at 13 points (UIKit's segment font) or an image's width. UIKit makes all segments
/// equally wide (Human Interface Guidelines, *Segmented controls*: "all segments are equal in
/// width"), so the automatic segments all take the widest one's width, unless
/// ``apportionsSegmentWidthsByContent`` is set. UIKit does not publish its padding; 5 points
/// reproduces the 145 × 32 frame Interface Builder stored for a control of the segments "Solid"
/// and "Gradient" (SkeletonView's `Main.storyboard` in the corpus): 2 × (62.5 + 2 × 5) = 145.
open class SegmentedControl: Control {
    /// The index of no segment: ``selectedSegmentIndex`` when nothing is selected (UIKit's
    /// `UISegmentedControl.noSegment`).
    public static let noSegment = -1
    /// The height of a segmented control: 32. The Interface Builder reader uses it.
    public static let intrinsicHeight = ControlMetrics.current.segmentedControlHeight
    /// How far a segmented control's frame reaches past the rectangle constraints place (UIKit's
    /// `alignmentRectInsets`): 1 point below. Stored frames show it: a control stored 32 tall
    /// in a stack view takes 31 of the stack's length (DataDog's and SideMenu's stacks), and one
    /// whose height a constraint sets to 30 is stored 31 tall (TensorFlow's, checkout's and
    /// DataDog's table cells). The Interface Builder reader places segmented controls by it;
    /// views here have no alignment rectangles, so one made in code is laid out by its frame.
    public static let alignmentRectInsets = EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
    /// The padding on each side of an automatic segment's content.
    static let segmentPadding = 5.0
    /// The font titles are measured in.
    static let titleFont = Font.systemFont(ofSize: 13)

    /// A segment's content, and the width it was given (0: automatic).
    private struct Segment {
        var title: String?
        var image: Image?
        var width = 0.0
    }
    private var segments: [Segment] = []

    /// The selected segment's index, or ``noSegment`` (the default).
    /// - Precondition: the index is a segment's, or ``noSegment``.
    public var selectedSegmentIndex = SegmentedControl.noSegment {
        didSet {
            precondition(selectedSegmentIndex == SegmentedControl.noSegment || segments.indices.contains(selectedSegmentIndex),
                         "selectedSegmentIndex \(selectedSegmentIndex) is out of bounds: the control has \(segments.count) segments (use SegmentedControl.noSegment for none).")
        }
    }
    /// Whether automatic segments are as wide as their own content instead of all as wide as the
    /// widest (false by default).
    public var apportionsSegmentWidthsByContent = false {
        didSet { if apportionsSegmentWidthsByContent != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The colour of the selected segment; nil uses the system's. Stored only.
    public var selectedSegmentTintColor: Color?

    /// Creates a control with a segment for each item (UIKit's `init(items:)`): a `String` makes
    /// a title segment, an ``Image`` an image segment. No segment is selected.
    /// - Precondition: every item is a `String` or an `Image`.
    public init(items: [Any]?) {
        super.init(frame: .zero)
        for item in items ?? [] {
            switch item {
            case let title as String: segments.append(Segment(title: title))
            case let image as Image: segments.append(Segment(image: image))
            default: preconditionFailure("Segmented control item \(item) is a \(type(of: item)): pass a String or an Image.")
            }
        }
    }

    /// Creates a control without segments.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Creates a control without segments, with a zero frame.
    public convenience override init() { self.init(frame: .zero) }

    /// The number of segments.
    public var numberOfSegments: Int { segments.count }

    /// The title of a segment, or nil for an image segment.
    public func titleForSegment(at index: Int) -> String? { segment(index).title }

    /// Makes a segment show a title (and no image).
    public func setTitle(_ title: String?, forSegmentAt index: Int) {
        _ = segment(index)
        segments[index].title = title
        segments[index].image = nil
        invalidateIntrinsicContentSize()
    }

    /// The image of a segment, or nil for a title segment.
    public func imageForSegment(at index: Int) -> Image? { segment(index).image }

    /// Makes a segment show an image (and no title).
    public func setImage(_ image: Image?, forSegmentAt index: Int) {
        _ = segment(index)
        segments[index].image = image
        segments[index].title = nil
        invalidateIntrinsicContentSize()
    }

    /// Inserts a title segment at `index`, pinned to `0...numberOfSegments` as UIKit pins it.
    public func insertSegment(withTitle title: String?, at index: Int, animated: Bool) {
        insert(Segment(title: title), at: index)
    }

    /// Inserts an image segment at `index`, pinned to `0...numberOfSegments`.
    public func insertSegment(with image: Image?, at index: Int, animated: Bool) {
        insert(Segment(image: image), at: index)
    }

    /// Removes a segment; the selection is cleared if it was that segment's and follows its
    /// segment otherwise.
    public func removeSegment(at index: Int, animated: Bool) {
        _ = segment(index)
        segments.remove(at: index)
        if selectedSegmentIndex == index {
            selectedSegmentIndex = SegmentedControl.noSegment
        } else if selectedSegmentIndex > index {
            selectedSegmentIndex -= 1
        }
        invalidateIntrinsicContentSize()
    }

    /// Removes every segment and the selection.
    public func removeAllSegments() {
        segments = []
        selectedSegmentIndex = SegmentedControl.noSegment
        invalidateIntrinsicContentSize()
    }

    /// Gives a segment a fixed width; 0 makes it automatic again.
    /// - Precondition: the width is finite and not negative.
    public func setWidth(_ width: Double, forSegmentAt index: Int) {
        precondition(width.isFinite && width >= 0, "Segment width \(width) is invalid: pass a finite width, or 0 for an automatic one.")
        _ = segment(index)
        segments[index].width = width
        invalidateIntrinsicContentSize()
    }

    /// The width given to a segment, or 0 for an automatic one.
    public func widthForSegment(at index: Int) -> Double { segment(index).width }

    /// The segments' widths summed (see the type's description), 32 tall.
    open override var intrinsicContentSize: Size {
        let content = segments.map(contentWidth)
        let widest = zip(segments, content).filter { $0.0.width == 0 }.map(\.1).max() ?? 0
        var width = 0.0
        for (segment, contentWidth) in zip(segments, content) {
            if segment.width > 0 {
                width += segment.width
            } else {
                width += (apportionsSegmentWidthsByContent ? contentWidth : widest) + 2 * SegmentedControl.segmentPadding
            }
        }
        return Size(width: width, height: SegmentedControl.intrinsicHeight)
    }

    private func contentWidth(_ segment: Segment) -> Double {
        if let image = segment.image { return image.size.width }
        return MonospacedTextModel().layout(segment.title ?? "", font: SegmentedControl.titleFont, width: nil,
                                            maximumLines: 1, lineBreakMode: .byTruncatingTail).size.width
    }

    private func insert(_ segment: Segment, at index: Int) {
        let i = min(max(index, 0), segments.count)
        segments.insert(segment, at: i)
        if selectedSegmentIndex >= i { selectedSegmentIndex += 1 }
        invalidateIntrinsicContentSize()
    }

    /// The segment at `index`, trapping with UIKit's message when there is none.
    private func segment(_ index: Int) -> Segment {
        precondition(segments.indices.contains(index),
                     "Segment index \(index) is out of bounds: the control has \(segments.count) segments.")
        return segments[index]
    }
}
