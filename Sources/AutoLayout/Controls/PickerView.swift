/// A spinning-wheel picker (UIKit's `UIPickerView`): 320 × 216 points unless constraints say
/// otherwise.
///
/// The size is UIKit's default frame for a picker view, which it also reports as its intrinsic
/// content size; Interface Builder stores pickers 216 tall and stretches their width to their
/// constraints (IBAnimatable's and DataDog's storyboards). Components and rows are not modelled:
/// only the size matters for layout.
open class PickerView: View {
    /// The size of a picker: 320 × 216. The Interface Builder reader uses it for pickers.
    public static let intrinsicSize = ControlMetrics.current.pickerViewSize

    /// Creates a picker with a frame.
    public override init(frame: Rect) { super.init(frame: frame) }

    /// Creates a picker 320 × 216 at the origin.
    public convenience override init() { self.init(frame: Rect(origin: .zero, size: PickerView.intrinsicSize)) }

    /// 320 × 216.
    open override var intrinsicContentSize: Size { PickerView.intrinsicSize }
}
