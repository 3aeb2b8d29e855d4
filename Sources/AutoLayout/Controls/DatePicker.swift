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
