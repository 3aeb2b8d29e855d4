import Testing
@testable import AutoLayout

@Suite struct SliderTests {
    @Test func theValueStaysInTheRange() {
        let slider = Slider()
        #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1)
        slider.value = 0.5
        #expect(slider.value == 0.5)
        slider.value = 3
        #expect(slider.value == 1)
        slider.setValue(-2, animated: false)
        #expect(slider.value == 0)
        slider.maximumValue = 100
        slider.value = 50
        slider.minimumValue = 60
        #expect(slider.value == 60)
        slider.maximumValue = 55   // below the minimum: the minimum follows
        #expect(slider.minimumValue == 55 && slider.value == 55)
        slider.minimumValue = 70   // above the maximum: the maximum follows
        #expect(slider.maximumValue == 70 && slider.value == 70)
    }

    @Test func itHasAHeightButNoWidth() {
        let slider = Slider()
        #expect(slider.intrinsicContentSize == Size(width: View.noIntrinsicMetric, height: 31))
        #expect(slider.descriptionClassName == "UISlider")
        let root = makeRoot(width: 320, height: 100, slider)
        LayoutConstraint.activate([
            slider.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            slider.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            slider.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(slider.frame == Rect(x: 20, y: 0, width: 280, height: 31))
    }
}
