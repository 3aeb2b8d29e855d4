import Testing
@testable import AutoLayout

@Suite struct SegmentedControlTests {
    /// The frame Interface Builder stored for these segments (SkeletonView's Main.storyboard).
    @Test func segmentsShareTheWidestWidth() {
        let control = SegmentedControl(items: ["Solid", "Gradient"])
        // "Gradient": 8 × 0.6 × 13 = 62.4 → 62.5, plus 5 on each side, twice.
        #expect(control.intrinsicContentSize == Size(width: 145, height: 32))
        #expect(control.numberOfSegments == 2 && control.selectedSegmentIndex == SegmentedControl.noSegment)
        control.apportionsSegmentWidthsByContent = true
        // "Solid" 5 × 7.8 = 39 + 10, "Gradient" 72.5.
        #expect(control.intrinsicContentSize.width == 49 + 72.5)
        #expect(control.descriptionClassName == "UISegmentedControl")
    }

    @Test func fixedWidthsAndImages() {
        let control = SegmentedControl(items: ["A", Image(size: Size(width: 30, height: 20)), "Longer"])
        #expect(control.imageForSegment(at: 1)?.size.width == 30 && control.titleForSegment(at: 1) == nil)
        // Widest content: "Longer", 6 × 7.8 = 46.8 → 47; three segments of 57.
        #expect(control.intrinsicContentSize.width == 3 * 57)
        control.setWidth(100, forSegmentAt: 0)
        #expect(control.widthForSegment(at: 0) == 100 && control.intrinsicContentSize.width == 100 + 2 * 57)
        control.setTitle("Much longer", forSegmentAt: 2)   // 11 × 7.8 = 85.8 → 86
        #expect(control.intrinsicContentSize.width == 100 + 2 * 96)
        control.setWidth(0, forSegmentAt: 0)
        #expect(control.intrinsicContentSize.width == 3 * 96)
    }

    @Test func theSelectionFollowsInsertsAndRemovals() {
        let control = SegmentedControl(items: ["One", "Two"])
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Zero", at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 2 && control.titleForSegment(at: 0) == "Zero")
        control.insertSegment(withTitle: "Last", at: 99, animated: true)   // pinned to the end
        #expect(control.titleForSegment(at: 3) == "Last")
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 1)
        control.removeSegment(at: 1, animated: false)
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment && control.numberOfSegments == 2)
        control.insertSegment(with: Image(systemName: "star"), at: 0, animated: false)
        #expect(control.imageForSegment(at: 0)?.isSymbolImage == true)
        control.removeAllSegments()
        #expect(control.numberOfSegments == 0 && control.intrinsicContentSize == Size(width: 0, height: 32))
    }

    @Test func itsSizeDrivesLayout() {
        let control = SegmentedControl(items: ["Day", "Week", "Month"])
        let root = makeRoot(width: 375, height: 100, control)
        LayoutConstraint.activate([control.centerXAnchor.constraint(equalTo: root.centerXAnchor),
                                   control.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)])
        root.layoutIfNeeded()
        // "Month": 5 × 7.8 = 39; three segments of 49.
        #expect(control.frame == Rect(x: (375 - 147) / 2, y: 8, width: 147, height: 32))
    }
}
