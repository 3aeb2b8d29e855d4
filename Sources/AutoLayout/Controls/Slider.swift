/// A horizontal slider for a value in a range (UIKit's `UISlider`): no intrinsic width, 31
/// points tall.
///
/// The height is the one Interface Builder stores for sliders (`height="31"` in its files, the
/// track and thumb UIKit draws since iOS 7). Values are `Float`, as in UIKit. Moving the value in
/// code does not send actions: call `sendActions(for: .valueChanged)` to act as a user's drag does.
open class Slider: Control {
    /// The height of a slider: 31. The Interface Builder reader uses it for sliders whose frame
    /// the file does not give.
    public static let intrinsicHeight = ControlMetrics.current.sliderHeight
    /// How far a slider's frame reaches past the rectangle constraints place (UIKit's
    /// `alignmentRectInsets`): 2 points on each side, the thumb's overhang, and 1 below (the
    /// rectangle is 30 tall in a 31-point frame). Stored frames show it (a slider pinned to its
    /// superview's edges is stored at x -2, 4 points wider, and 1 point taller: SideMenu's,
    /// IBAnimatable's, AWS's and Esri's storyboards; the view after a slider in a stack view is
    /// stored 1 point nearer than the spacing, and an equal-spacing stack leaves it 1 point
    /// less below than above: SideMenu's and SwiftMessages' files); the Interface Builder reader
    /// places sliders by it. Views here have no alignment rectangles, so a slider made in code
    /// is laid out by its frame.
    public static let alignmentRectInsets = EdgeInsets(top: 0, left: 2, bottom: 1, right: 2)

    /// The value, kept between ``minimumValue`` and ``maximumValue``: a value outside the range
    /// is pinned to its nearest end, as UIKit pins it.
    public var value: Float {
        get { storedValue }
        set { storedValue = min(max(newValue, minimumValue), maximumValue) }
    }
    private var storedValue: Float = 0
    /// The lowest value (0 by default). Raising it above the value raises the value; raising it
    /// above ``maximumValue`` raises that too.
    public var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = storedValue
        }
    }
    /// The highest value (1 by default). Lowering it below the value lowers the value; lowering
    /// it below ``minimumValue`` lowers that too.
    public var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = storedValue
        }
    }
    /// Whether a drag sends `.valueChanged` continuously rather than at its end (true by
    /// default). Stored only.
    public var isContinuous = true
    /// The colour of the track before the thumb; nil uses the tint. Stored only.
    public var minimumTrackTintColor: Color?
    /// The colour of the track after the thumb; nil uses the system grey. Stored only.
    public var maximumTrackTintColor: Color?
    /// The colour of the thumb; nil uses white. Stored only.
    public var thumbTintColor: Color?

    /// Creates a slider at 0 in 0…1.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Creates a slider at 0 in 0…1 with a zero frame.
    public override init() { super.init(frame: .zero) }

    /// Sets the value (UIKit's `setValue(_:animated:)`; nothing is animated here).
    public func setValue(_ value: Float, animated: Bool) { self.value = value }

    /// No intrinsic width (a slider stretches to its constraints), 31 tall.
    open override var intrinsicContentSize: Size { Size(width: View.noIntrinsicMetric, height: Slider.intrinsicHeight) }
}
