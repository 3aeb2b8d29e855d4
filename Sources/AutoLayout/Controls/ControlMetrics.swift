/// The intrinsic sizes UIKit gives its standard controls, by the generation that draws them: one
/// table for this module's controls, which use ``current``, and for the Interface Builder reader,
/// which takes the generation of the Xcode that saved a file for controls whose size the file
/// does not give.
///
/// The numbers are the frames Interface Builder stores for controls that nothing else sizes
/// (the 238 real files the reader is measured on): steppers 94 × 29 in files of Xcode 10 and
/// older and 94 × 32 from Xcode 11 (iOS 13); default progress views 2 then 4 points tall;
/// segmented controls 29 then 32; switches 51 × 31, sliders 31 tall, pickers and wheel date
/// pickers 216 tall throughout.
public struct ControlMetrics: Sendable, Equatable {
    /// A switch (`UISwitch`).
    public var switchSize: Size
    /// A segmented control's height (`UISegmentedControl`).
    public var segmentedControlHeight: Double
    /// A slider's height (`UISlider`).
    public var sliderHeight: Double
    /// A stepper (`UIStepper`).
    public var stepperSize: Size
    /// A default-style progress view's height (`UIProgressView`; it has no intrinsic width).
    public var progressViewHeight: Double
    /// A picker view (`UIPickerView`).
    public var pickerViewSize: Size
    /// A date picker in the wheels style, the only one before iOS 13.4 (`UIDatePicker`).
    public var wheelsDatePickerSize: Size

    /// iOS 13 on: what this module's controls use.
    public static let current = ControlMetrics(
        switchSize: Size(width: 51, height: 31), segmentedControlHeight: 32, sliderHeight: 31,
        stepperSize: Size(width: 94, height: 32), progressViewHeight: 4,
        pickerViewSize: Size(width: 320, height: 216), wheelsDatePickerSize: Size(width: 320, height: 216))

    /// iOS 7 to 12 (the controls Interface Builder draws in files of Xcode 5 to 10).
    public static let beforeIOS13 = ControlMetrics(
        switchSize: Size(width: 51, height: 31), segmentedControlHeight: 29, sliderHeight: 31,
        stepperSize: Size(width: 94, height: 29), progressViewHeight: 2,
        pickerViewSize: Size(width: 320, height: 216), wheelsDatePickerSize: Size(width: 320, height: 216))
}
