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

/// A bar showing how far a task has gone (UIKit's `UIProgressView`): as wide as constraints
/// make it, 4 points tall (``ControlMetrics/progressViewHeight``).
open class ProgressView: View {
    /// How far the task has gone, from 0 to 1 (0 by default).
    public var progress: Float = 0 {
        didSet { progress = min(max(progress, 0), 1) }
    }

    /// Creates a progress view with a frame.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Creates a progress view at the origin, 4 points tall.
    public convenience override init() {
        self.init(frame: Rect(x: 0, y: 0, width: 0, height: ControlMetrics.current.progressViewHeight))
    }

    /// No intrinsic width; 4 points tall.
    open override var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: ControlMetrics.current.progressViewHeight)
    }
}

/// A date and time picker in UIKit's wheels style (`UIDatePicker` with
/// `preferredDatePickerStyle = .wheels`): 320 × 216 points (``ControlMetrics/wheelsDatePickerSize``).
/// The compact and inline styles of iOS 14 are not modelled.
open class DatePicker: Control {
    /// Creates a date picker with a frame.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Creates a date picker 320 × 216 at the origin.
    public convenience override init() {
        self.init(frame: Rect(origin: .zero, size: ControlMetrics.current.wheelsDatePickerSize))
    }

    /// 320 × 216.
    open override var intrinsicContentSize: Size { ControlMetrics.current.wheelsDatePickerSize }
}
