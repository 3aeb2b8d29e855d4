/// A pair of − and + buttons that step a value (UIKit's `UIStepper`): 94 × 32 points
/// (``ControlMetrics/stepperSize``).
///
/// Values are not modelled beyond the range and the step: only the size matters for layout.
open class Stepper: Control {
    /// The value, kept between ``minimumValue`` and ``maximumValue`` (0 by default).
    public var value: Double = 0 {
        didSet { value = min(max(value, minimumValue), maximumValue) }
    }
    /// The smallest value (0 by default).
    public var minimumValue: Double = 0
    /// The largest value (100 by default).
    public var maximumValue: Double = 100
    /// How much a tap changes the value (1 by default).
    public var stepValue: Double = 1

    /// Creates a stepper at the frame's origin: as in UIKit, it is 94 × 32 whatever the frame's size.
    public override init(frame: Rect) {
        super.init(frame: Rect(origin: frame.origin, size: ControlMetrics.current.stepperSize))
    }

    /// Creates a stepper at the origin.
    public convenience override init() { self.init(frame: .zero) }

    /// 94 × 32.
    open override var intrinsicContentSize: Size { ControlMetrics.current.stepperSize }
}
