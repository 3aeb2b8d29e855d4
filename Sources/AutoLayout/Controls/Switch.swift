/// An on/off switch (UIKit's `UISwitch`): always 51 × 31 points.
///
/// The size is the frame Interface Builder stores for every switch (51 × 31 in each file of the
/// corpus, `../shared/corpus/xib`), and what UIKit draws since iOS 7. Like Interface Builder's
/// switches, it hugs its size at 750 on both axes. Flipping it in code does not send actions:
/// call `sendActions(for: .valueChanged)` to act as a user's flip does.
open class Switch: Control {
    /// The size of every switch: 51 × 31. The Interface Builder reader uses it for switches
    /// whose frame the file does not give.
    public static let intrinsicSize = ControlMetrics.current.switchSize
    /// How far a switch's frame reaches past the rectangle constraints place (UIKit's
    /// `alignmentRectInsets`): 2 points on the right. The stored frames of switches pinned to a
    /// trailing edge show it; the Interface Builder reader places switches by it. Views here have
    /// no alignment rectangles, so a switch made in code is laid out by its frame.
    public static let alignmentRectInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 2)

    /// Whether the switch is on (false by default).
    public var isOn = false
    /// The colour of the track when on; nil uses the system green. Stored only.
    public var onTintColor: Color?
    /// The colour of the thumb; nil uses white. Stored only.
    public var thumbTintColor: Color?

    /// Creates a switch at the frame's origin: as in UIKit, the frame's size is ignored and the
    /// switch is 51 × 31.
    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: Switch.intrinsicSize))
        setContentHuggingPriority(.defaultHigh, for: .horizontal)
        setContentHuggingPriority(.defaultHigh, for: .vertical)
    }

    /// Creates a switch, off, at the origin.
    public convenience override init() { self.init(frame: .zero) }

    /// Turns the switch on or off (UIKit's `setOn(_:animated:)`; nothing is animated here).
    public func setOn(_ on: Bool, animated: Bool) { isOn = on }

    /// 51 × 31.
    open override var intrinsicContentSize: Size { Switch.intrinsicSize }
}
