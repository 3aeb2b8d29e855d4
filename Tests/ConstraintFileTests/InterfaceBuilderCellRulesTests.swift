import Testing
import AutoLayout
@testable import ConstraintFile

/// Table and collection cells: what UIKit gives their content views beyond the margins of
/// InterfaceBuilderStoredFrameRulesTests.
@Suite struct InterfaceBuilderCellRulesTests {
    @Test func anAccessoryLeavesTheContentViewAnEightPointTrailingMargin() throws {
        // A disclosure indicator on a 375-point iPhone: IB's content view ends 26.5 points short of
        // the cell, and its trailing margin is 8 (the leading one stays the system's 16).
        let indicator = try InterfaceBuilderStoredFrameRulesTests.prototypeCell(
            width: 375, device: "retina4_7", tools: "22505", cell: (#"accessoryType="disclosureIndicator""#, ""), contentWidth: 348.5)
        #expect(indicator == Rect(x: 16, y: 11, width: 324.5, height: 38))
        // Any accessory type, and a custom accessory view, do the same.
        let detail = try InterfaceBuilderStoredFrameRulesTests.prototypeCell(
            width: 414, device: "retina6_1", tools: "20037", cell: (#"accessoryType="detailDisclosureButton""#, ""), contentWidth: 357)
        #expect(detail == Rect(x: 20, y: 11, width: 329, height: 38))
        let custom = try InterfaceBuilderStoredFrameRulesTests.prototypeCell(width: 375, device: "retina4_7", tools: "22505", cell: ("", """
            <view key="accessoryView" contentMode="scaleToFill" id="acc"><rect key="frame" x="0.0" y="0.0" width="20" height="20"/></view>
            """), contentWidth: 335)
        #expect(custom == Rect(x: 16, y: 11, width: 311, height: 38))
        // None: the system margin on both sides.
        let none = try InterfaceBuilderStoredFrameRulesTests.prototypeCell(
            width: 375, device: "retina4_7", tools: "22505", cell: (#"accessoryType="none""#, ""))
        #expect(none == Rect(x: 16, y: 11, width: 343, height: 38))
    }
}
