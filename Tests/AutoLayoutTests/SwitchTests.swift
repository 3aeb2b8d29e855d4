import Testing
@testable import AutoLayout

@Suite struct SwitchTests {
    @Test func aSwitchIs51By31() {
        let toggle = Switch()
        #expect(toggle.intrinsicContentSize == Size(width: 51, height: 31) && Switch.intrinsicSize == toggle.intrinsicContentSize)
        // As in UIKit, the frame's size is ignored.
        #expect(Switch(frame: Rect(x: 5, y: 6, width: 200, height: 100)).frame == Rect(x: 5, y: 6, width: 51, height: 31))
        #expect(toggle.contentHuggingPriority(for: .horizontal) == .defaultHigh)
        #expect(toggle.contentHuggingPriority(for: .vertical) == .defaultHigh)
        #expect(toggle.descriptionClassName == "UISwitch" && !toggle.isOn)
        toggle.setOn(true, animated: true)
        #expect(toggle.isOn)
    }

    /// A settings row: the label takes what the switch leaves, the switch keeps its size.
    @Test func itsSizeDrivesLayout() {
        let label = Label(text: "Notifications"), toggle = Switch()
        let row = makeRoot(width: 375, height: 44, label, toggle)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 16),
            label.centerYAnchor.constraint(equalTo: row.centerYAnchor),
            toggle.leadingAnchor.constraint(greaterThanOrEqualTo: label.trailingAnchor, constant: 8),
            toggle.trailingAnchor.constraint(equalTo: row.trailingAnchor, constant: -16),
            toggle.centerYAnchor.constraint(equalTo: row.centerYAnchor),
        ])
        row.layoutIfNeeded()
        #expect(toggle.frame == Rect(x: 375 - 16 - 51, y: (44 - 31) / 2, width: 51, height: 31))
    }

    @Test func flippingSendsNothingUntilAsked() {
        let toggle = Switch()
        var values: [Bool] = []
        toggle.addAction(Action { action in values.append((action.sender as? Switch)?.isOn ?? false) }, for: .valueChanged)
        toggle.isOn = true
        #expect(values.isEmpty)
        toggle.sendActions(for: .valueChanged)
        #expect(values == [true])
    }
}
