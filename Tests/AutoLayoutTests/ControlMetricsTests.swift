import Testing
@testable import AutoLayout

@Suite struct ControlMetricsTests {
    @Test func theControlsUseTheCurrentTableAndTheOldOneDiffersWhereIOS13Changed() {
        let now = ControlMetrics.current, old = ControlMetrics.beforeIOS13
        #expect(Switch.intrinsicSize == now.switchSize && now.switchSize == Size(width: 51, height: 31))
        #expect(SegmentedControl.intrinsicHeight == now.segmentedControlHeight && now.segmentedControlHeight == 32)
        #expect(Slider.intrinsicHeight == now.sliderHeight)
        #expect(PickerView.intrinsicSize == now.pickerViewSize)
        // iOS 13 made steppers, progress bars and segmented controls taller.
        #expect(old.stepperSize == Size(width: 94, height: 29) && now.stepperSize == Size(width: 94, height: 32))
        #expect(old.progressViewHeight == 2 && now.progressViewHeight == 4)
        #expect(old.segmentedControlHeight == 29)
        #expect(old.switchSize == now.switchSize && old.pickerViewSize == now.pickerViewSize)
    }

    @Test func aStepperAProgressBarAndADatePickerHaveUIKitsSizes() {
        let stepper = Stepper(frame: Rect(x: 5, y: 6, width: 200, height: 100))
        #expect(stepper.frame == Rect(x: 5, y: 6, width: 94, height: 32))
        #expect(stepper.descriptionClassName == "UIStepper")
        stepper.value = 150
        #expect(stepper.value == 100)
        let bar = ProgressView(), picker = DatePicker()
        #expect(bar.descriptionClassName == "UIProgressView" && picker.descriptionClassName == "UIDatePicker")
        #expect(picker.frame.size == Size(width: 320, height: 216))
        // The bar stretches across a 375-point root and keeps its 4-point height; the stepper
        // and the picker keep their sizes.
        let root = makeRoot(width: 375, height: 600, stepper, bar, picker)
        LayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: root.leadingAnchor), bar.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            bar.topAnchor.constraint(equalTo: root.topAnchor),
            stepper.topAnchor.constraint(equalTo: bar.bottomAnchor), stepper.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            picker.topAnchor.constraint(equalTo: stepper.bottomAnchor), picker.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        ])
        root.layoutIfNeeded()
        #expect(bar.frame == Rect(x: 0, y: 0, width: 375, height: 4))
        #expect(stepper.frame == Rect(x: 0, y: 4, width: 94, height: 32))
        #expect(picker.frame == Rect(x: 0, y: 36, width: 320, height: 216))
        #expect(![stepper, bar, picker].contains { $0.hasAmbiguousLayout })
    }
}
