import Testing
@testable import AutoLayout

@Suite struct PickerViewTests {
    @Test func aPickerIs320By216UntilConstraintsStretchIt() {
        let picker = PickerView()
        #expect(picker.frame == Rect(x: 0, y: 0, width: 320, height: 216))
        #expect(picker.intrinsicContentSize == PickerView.intrinsicSize)
        #expect(picker.descriptionClassName == "UIPickerView")
        // Pinned to a 375-point root's sides: as wide as the root, 216 tall.
        let root = makeRoot(width: 375, height: 400, picker)
        LayoutConstraint.activate([
            picker.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            picker.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            picker.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(picker.frame == Rect(x: 0, y: 184, width: 375, height: 216))
    }
}
