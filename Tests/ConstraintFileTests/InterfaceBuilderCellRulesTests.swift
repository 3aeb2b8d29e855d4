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

    @Test func xcode26CellsHave15PointMarginsAboveAndBelow() throws {
        // iOS 26's taller rows: Xcode 26 (24127 on) insets a content view 15 above and below,
        // Xcode 16 (23094) 11; the sides follow the device as before.
        let xcode26 = try InterfaceBuilderStoredFrameRulesTests.prototypeCell(width: 414, device: "retina6_1", tools: "24506")
        #expect(xcode26 == Rect(x: 20, y: 15, width: 374, height: 30))
        let xcode16 = try InterfaceBuilderStoredFrameRulesTests.prototypeCell(width: 414, device: "retina6_1", tools: "23094")
        #expect(xcode16 == Rect(x: 20, y: 11, width: 374, height: 38))
    }
}

/// Simulated devices by the Xcode that saved the file, beyond InterfaceBuilderViewTreeTests'.
@Suite struct InterfaceBuilderDeviceGenerationTests {
    @Test func xcode26DoublesOnlyANotchedPhonesInsets() throws {
        // Xcode 26 draws the iPhone 11's safe area from 96 (twice 48) to 68 above the bottom;
        // the 4.7-inch iPhone's 20-point status bar stays 20.
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(414, 896, device: "retina6_1", tools: "24506") == Rect(x: 0, y: 96, width: 414, height: 732))
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(375, 667, device: "retina4_7", tools: "24506") == Rect(x: 0, y: 20, width: 375, height: 647))
    }

    @Test func aFreeformRootTallerThanTheScreenKeepsItsBottomInTheSafeArea() throws {
        // A 3,000-point root on a 667-point iPhone is drawn whole: its safe area ends at its
        // bottom, not at the screen's.
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(375, 3000, device: "retina4_7", tools: "24506") == Rect(x: 0, y: 20, width: 375, height: 2980))
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(375, 3000, device: "retina4_7", tools: "14313") == Rect(x: 0, y: 20, width: 375, height: 2980))
    }

    @Test func aNotchedPhoneInLandscapeKeepsItsSidesClear() throws {
        // In landscape the sensor housing's portrait height is clear on both sides, and 21
        // points above the bottom: the iPhone 12's 47 on an 844 × 390 screen. A phone without
        // a notch has no side insets (and hides the status bar in landscape).
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(844, 390, device: "retina6_0", tools: "23504", landscape: true)
            == Rect(x: 47, y: 0, width: 750, height: 369))
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(667, 375, device: "retina4_7", tools: "22505", landscape: true)
            == Rect(x: 0, y: 0, width: 667, height: 375))
    }

    @Test func xcode10_3To13DrawPhonesWithoutANotchWithoutAStatusBar() throws {
        // Xcode 10.3 (14868) to 13 draw the 4.7-inch iPhone's scenes with no status bar: a safe
        // area from the top. Xcode 10.2 (14490) and 14 (21225) draw 20 points; a notch stays.
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(375, 667, device: "retina4_7", tools: "14490") == Rect(x: 0, y: 20, width: 375, height: 647))
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(375, 667, device: "retina4_7", tools: "14868") == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(375, 667, device: "retina4_7", tools: "20037") == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(375, 667, device: "retina4_7", tools: "21225") == Rect(x: 0, y: 20, width: 375, height: 647))
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(375, 812, device: "retina5_9", tools: "17701")?.minY == 44)
    }

    @Test func theIPhone11sStatusBarIs48FromXcode15() throws {
        // Xcode 14 (21208) draws the iPhone 11's status bar 44 tall; Xcode 15 (22154), 16
        // (23094) and the `32700.99.1234` of development builds draw it 48, as iOS 14 on does.
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(414, 896, device: "retina6_1", tools: "21208") == Rect(x: 0, y: 44, width: 414, height: 818))
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(414, 896, device: "retina6_1", tools: "22154") == Rect(x: 0, y: 48, width: 414, height: 814))
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(414, 896, device: "retina6_1", tools: "23094") == Rect(x: 0, y: 48, width: 414, height: 814))
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(414, 896, device: "retina6_1", tools: "32700.99.1234")?.minY == 48)
        // Other notched phones keep theirs (the iPhone 14 Pro's 59).
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(393, 852, device: "retina6_12", tools: "23094")?.minY == 59)
    }

    @Test func aControllerPushedFromOneUnderASimulatedNavigationBarIsUnderItToo() throws {
        // `pusher` has no navigation controller in the file, only a simulated bar; what it shows
        // is pushed onto the same stack: below the status bar and a 44-point bar.
        func pusher(_ metrics: String) -> String {
            """
            <scene sceneID="s-p"><objects><viewController id="pusher" sceneMemberID="viewController">
                <view key="view" contentMode="scaleToFill" id="proot"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/></view>
                \(metrics)
                <connections><segue destination="vc-1" kind="show" id="push"/></connections>
            </viewController></objects></scene>
            """
        }
        let pushed = try InterfaceBuilderViewTreeTests.safeAreaBox(375, 667, device: "retina4_7", tools: "14109", scenes: pusher("""
            <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>
            """))
        #expect(pushed == Rect(x: 0, y: 64, width: 375, height: 603))
        // Without the simulated bar the pushed controller is under the status bar alone.
        #expect(try InterfaceBuilderViewTreeTests.safeAreaBox(375, 667, device: "retina4_7", tools: "14109", scenes: pusher(""))?.minY == 20)
    }

    @Test func aControllerEmbeddedInAContainerViewPushesUnderItsParentsBar() throws {
        // A navigation controller shows `parent`, which embeds `child` in a container view;
        // `child` pushes `vc-1` onto the parent's navigation controller.
        let nav = InterfaceBuilderViewTreeTests.containerScene("navigationController", #"id="nav""#, children: [("rootViewController", "parent")])
        let scenes = nav + """
            <scene sceneID="s-parent"><objects><viewController id="parent" sceneMemberID="viewController">
                <view key="view" contentMode="scaleToFill" id="parent-root"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                    <subviews><containerView contentMode="scaleToFill" id="box"><rect key="frame" x="0.0" y="64" width="375" height="300"/>
                        <connections><segue destination="child" kind="embed" id="embed"/></connections>
                    </containerView></subviews>
                </view>
            </viewController></objects></scene>
            <scene sceneID="s-child"><objects><viewController id="child" sceneMemberID="viewController">
                <view key="view" contentMode="scaleToFill" id="child-root"><rect key="frame" x="0.0" y="0.0" width="375" height="300"/></view>
                <connections><segue destination="vc-1" kind="show" id="push"/></connections>
            </viewController></objects></scene>
            """
        let pushed = try InterfaceBuilderViewTreeTests.safeAreaBox(375, 667, device: "retina4_7", tools: "14109", scenes: scenes)
        #expect(pushed == Rect(x: 0, y: 64, width: 375, height: 603))
    }
}
