import Testing
import AutoLayout
@testable import ConstraintFile

/// A `.xib` holding `objects` (the views of the test), drawn on `device`.
func xib(_ objects: String, device: String = "retina4_7") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES">
        <device id="\(device)" orientation="portrait" appearance="light"/>
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
    \(objects)
        </objects>
    </document>
    """
}

/// A storyboard with one view controller whose root view is `root` (its `<view key="view">`).
func storyboard(_ root: String, device: String = "retina4_7", controllerExtras: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES">
        <device id="\(device)" orientation="portrait" appearance="light"/>
        <scenes>
            <scene sceneID="s-1">
                <objects>
                    <viewController id="vc-1" sceneMemberID="viewController">
    \(controllerExtras)
    \(root)
                    </viewController>
                </objects>
            </scene>
        </scenes>
    </document>
    """
}

func checkIB(_ text: String, path: String = "t.xib", options: InterfaceBuilderFile.Options = .init()) throws -> CheckResult {
    try InterfaceBuilderFile.parse(text, path: path, options: options).run()
}

extension CheckResult {
    /// The solved frame of a view by IB id, relative to its superview.
    func frame(_ id: String) -> Rect? { views.first { $0.name == id }?.frame }
    func view(_ id: String) -> ViewFrame? { views.first { $0.name == id } }
}

/// A root view `id` (`root`, 320 × 100 by default) holding `subviews` and `constraints`.
func rootView(_ subviews: String, constraints: String = "", extra: String = "", attributes: String = "",
              id: String = "root", width: Double = 320, height: Double = 100) -> String {
    """
    <view contentMode="scaleToFill" id="\(id)" \(attributes)>
        <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
        <subviews>
    \(subviews)
        </subviews>
        \(extra)
        <constraints>
    \(constraints)
        </constraints>
    </view>
    """
}

/// A controller's root view `root`, `width` × `height`, holding `subviews` and `constraints`.
func controllerRoot(_ width: Double, _ height: Double, _ subviews: String, constraints: String, extra: String = "") -> String {
    """
    <view key="view" contentMode="scaleToFill" id="root">
        <rect key="frame" x="0.0" y="0.0" width="\(width)" height="\(height)"/>
        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
        <subviews>\(subviews)</subviews>
        \(extra)
        <constraints>\(constraints)</constraints>
    </view>
    """
}

/// A storyboard whose controller has the old top and bottom layout guides (ids `top` and
/// `bottom`) and the root view `root`.
func storyboardWithOldLayoutGuides(_ root: String) -> String {
    storyboard(root, controllerExtras: """
        <layoutGuides>
            <viewControllerLayoutGuide type="top" id="top"/>
            <viewControllerLayoutGuide type="bottom" id="bottom"/>
        </layoutGuides>
        """)
}

/// Constraints pinning `id`'s four edges to the root's (ids `o1` to `o4`).
func edgesPinned(_ id: String) -> String {
    """
    <constraint firstItem="\(id)" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="o1"/>
    <constraint firstItem="\(id)" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="o2"/>
    <constraint firstItem="\(id)" firstAttribute="top" secondItem="root" secondAttribute="top" id="o3"/>
    <constraint firstItem="\(id)" firstAttribute="bottom" secondItem="root" secondAttribute="bottom" id="o4"/>
    """
}

/// Constraints giving `id` a width and a height (ids `ID-w` and `ID-h`).
func sized(_ id: String, _ width: Double, _ height: Double) -> String {
    """
    <constraint firstItem="\(id)" firstAttribute="width" constant="\(width)" id="\(id)-w"/>
    <constraint firstItem="\(id)" firstAttribute="height" constant="\(height)" id="\(id)-h"/>
    """
}

/// A constrained plain view `id` with a stored frame.
func box(_ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, attributes: String = "", inner: String = "") -> String {
    """
    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)" \(attributes)>
        <rect key="frame" x="\(x)" y="\(y)" width="\(w)" height="\(h)"/>
        \(inner)
    </view>
    """
}

@Suite struct InterfaceBuilderViewTreeTests {
    @Test func classesAndCustomClasses() throws {
        let text = xib(rootView("""
            <label opaque="NO" text="Hi" translatesAutoresizingMaskIntoConstraints="NO" id="lab" customClass="TitleLabel">
                <rect key="frame" x="10" y="10" width="40" height="20"/>
            </label>
            <imageView translatesAutoresizingMaskIntoConstraints="NO" id="img"><rect key="frame" x="60" y="10" width="20" height="20"/></imageView>
            <button translatesAutoresizingMaskIntoConstraints="NO" id="btn"><rect key="frame" x="90" y="10" width="40" height="30"/></button>
            <textField translatesAutoresizingMaskIntoConstraints="NO" id="fld"><rect key="frame" x="140" y="10" width="100" height="34"/></textField>
            """, constraints: """
            <constraint firstItem="lab" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="c1"/>
            <constraint firstItem="lab" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10" id="c2"/>
            <constraint firstItem="img" firstAttribute="leading" secondItem="lab" secondAttribute="trailing" constant="10" id="c3"/>
            <constraint firstItem="img" firstAttribute="top" secondItem="lab" secondAttribute="top" id="c4"/>
            <constraint firstItem="img" firstAttribute="width" constant="20" id="c5"/>
            <constraint firstItem="img" firstAttribute="height" constant="20" id="c6"/>
            <constraint firstItem="btn" firstAttribute="leading" secondItem="img" secondAttribute="trailing" constant="10" id="c7"/>
            <constraint firstItem="btn" firstAttribute="top" secondItem="lab" secondAttribute="top" id="c8"/>
            <constraint firstItem="fld" firstAttribute="leading" secondItem="btn" secondAttribute="trailing" constant="10" id="c9"/>
            <constraint firstItem="fld" firstAttribute="top" secondItem="lab" secondAttribute="top" id="c10"/>
            """))
        let r = try checkIB(text)
        #expect(r.views.map(\.className) == ["UIView", "TitleLabel", "UIImageView", "UIButton", "UITextField"])
        // Intrinsic sizes come from the stored frames: every view lands where IB drew it.
        #expect(r.frame("lab") == Rect(x: 10, y: 10, width: 40, height: 20))
        #expect(r.frame("btn") == Rect(x: 90, y: 10, width: 40, height: 30))
        #expect(r.frame("fld") == Rect(x: 140, y: 10, width: 100, height: 34))
        #expect(r.storedFrames == CheckResult.StoredFrameComparison(compared: 5, matched: 5, differences: []))
        #expect(r.isClean)
    }

    @Test func tableCellContentViewIsNamedAndSizedByTheFile() throws {
        let text = xib("""
            <tableViewCell contentMode="scaleToFill" id="cell" customClass="MyCell">
                <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                <autoresizingMask key="autoresizingMask"/>
                <tableViewCellContentView key="contentView" id="content">
                    <rect key="frame" x="0.0" y="0.0" width="289" height="59.5"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>\(box("inner", 16, 11, 257, 37.5))</subviews>
                    <constraints>
                        <constraint firstItem="inner" firstAttribute="leading" secondItem="content" secondAttribute="leadingMargin" id="a"/>
                        <constraint firstItem="inner" firstAttribute="trailing" secondItem="content" secondAttribute="trailingMargin" id="b"/>
                        <constraint firstItem="inner" firstAttribute="top" secondItem="content" secondAttribute="topMargin" id="c"/>
                        <constraint firstItem="inner" firstAttribute="bottom" secondItem="content" secondAttribute="bottomMargin" id="d"/>
                    </constraints>
                </tableViewCellContentView>
            </tableViewCell>
            """)
        let r = try checkIB(text)
        #expect(r.views.map(\.name) == ["cell", "content", "inner"])
        #expect(r.view("cell")?.className == "MyCell")
        #expect(r.view("content")?.className == "UITableViewCellContentView")
        // The content view keeps the stored size (an accessory and the separator take room);
        // its margins are 16 at the sides at this width and 11 above and below.
        #expect(r.frame("content") == Rect(x: 0, y: 0, width: 289, height: 59.5))
        #expect(r.frame("inner") == Rect(x: 16, y: 11, width: 257, height: 37.5))
    }

    @Test func autoresizingMasksApplyToStoredFrames() throws {
        // The container is stored 100 wide but its constraints make it 200: the flexible-width
        // child grows with it, the fixed one keeps its frame.
        let text = xib(rootView(box("box", 0, 0, 100, 50, inner: """
            <subviews>
                <view contentMode="scaleToFill" id="flex"><rect key="frame" x="10" y="10" width="80" height="10"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES"/></view>
                <view contentMode="scaleToFill" id="fixed"><rect key="frame" x="10" y="30" width="80" height="10"/>
                    <autoresizingMask key="autoresizingMask"/></view>
            </subviews>
            """), constraints: """
            <constraint firstItem="box" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="a"/>
            <constraint firstItem="box" firstAttribute="top" secondItem="root" secondAttribute="top" id="b"/>
            <constraint firstItem="box" firstAttribute="width" constant="200" id="c"/>
            <constraint firstItem="box" firstAttribute="height" constant="50" id="d"/>
            """))
        let r = try checkIB(text)
        #expect(r.frame("flex") == Rect(x: 10, y: 10, width: 180, height: 10))
        #expect(r.frame("fixed") == Rect(x: 10, y: 30, width: 80, height: 10))
        // The box's stored width breaks its constraint `c`: the difference says so.
        #expect(r.storedFrames?.differences == ["box: stored (0 0; 100 50), solved (0 0; 200 50): stale, the stored frames break the file's own constraint c",
                                                "flex: stored (10 10; 80 10), solved (10 10; 180 10)"])
    }

    @Test func fixedFrameViewsArePinnedToTheirStoredFrames() throws {
        let text = xib(rootView("""
            <view contentMode="scaleToFill" fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO" id="pinned">
                <rect key="frame" x="12" y="14" width="30" height="40"/>
            </view>
            """))
        let r = try checkIB(text)
        #expect(r.frame("pinned") == Rect(x: 12, y: 14, width: 30, height: 40))
        #expect(r.ambiguous.isEmpty)
    }

    @Test func layoutMarginsDefaultExplicitAndControllerRoot() throws {
        let margins = """
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin" id="m1"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="topMargin" id="m2"/>
            <constraint firstItem="a" firstAttribute="width" constant="10" id="m3"/>
            <constraint firstItem="a" firstAttribute="height" constant="10" id="m4"/>
            """
        // A plain view inside the root: 8.
        let inner = margins.replacing(#"secondItem="root""#, with: #"secondItem="inner""#)
        let plain = try checkIB(xib(rootView(box("inner", 0, 0, 100, 50, inner: """
            <subviews>\(box("a", 8, 8, 10, 10))</subviews>
            <constraints>\(inner)</constraints>
            """), constraints: """
            <constraint firstItem="inner" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="p1"/>
            <constraint firstItem="inner" firstAttribute="top" secondItem="root" secondAttribute="top" id="p2"/>
            <constraint firstItem="inner" firstAttribute="width" constant="100" id="p3"/>
            <constraint firstItem="inner" firstAttribute="height" constant="50" id="p4"/>
            """)))
        #expect(plain.frame("a") == Rect(x: 8, y: 8, width: 10, height: 10))
        // Stored margins.
        let explicit = try checkIB(xib(rootView(box("a", 5, 3, 10, 10), constraints: margins,
                                                extra: #"<edgeInsets key="layoutMargins" top="3" left="5" bottom="0.0" right="0.0"/>"#)))
        #expect(explicit.frame("a") == Rect(x: 5, y: 3, width: 10, height: 10))
        // A controller's root: 16 at the sides on a 375-point phone, 20 on a 414-point one, 0 above
        // the safe area.
        func root(_ width: Double) -> String { controllerRoot(width, 400, box("a", 0, 0, 10, 10), constraints: margins) }
        let phone = try checkIB(storyboard(root(375)), path: "t.storyboard")
        #expect(phone.frame("a") == Rect(x: 16, y: 20, width: 10, height: 10))
        let plus = try checkIB(storyboard(root(414), device: "retina5_5"), path: "t.storyboard")
        #expect(plus.frame("a") == Rect(x: 20, y: 20, width: 10, height: 10))
    }

    @Test func safeAreaOfADeviceWithANotch() throws {
        let root = controllerRoot(375, 812, box("a", 0, 44, 375, 734), constraints: """
            <constraint firstItem="a" firstAttribute="top" secondItem="safe" secondAttribute="top" id="s1"/>
            <constraint firstItem="safe" firstAttribute="bottom" secondItem="a" secondAttribute="bottom" id="s2"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="safe" secondAttribute="leading" id="s3"/>
            <constraint firstItem="a" firstAttribute="trailing" secondItem="safe" secondAttribute="trailing" id="s4"/>
            """, extra: #"<viewLayoutGuide key="safeArea" id="safe"/>"#)
        // Xcode 14 on (the helper's toolsVersion 21701) draws the iPhone X's status bar 50 tall.
        let r = try checkIB(storyboard(root, device: "retina5_9"), path: "t.storyboard")
        #expect(r.frame("a") == Rect(x: 0, y: 50, width: 375, height: 728))
        // Under a simulated navigation bar the safe area starts 44 points lower.
        let navigation = try checkIB(storyboard(root, device: "retina5_9", controllerExtras: """
            <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>
            """), path: "t.storyboard")
        #expect(navigation.frame("a") == Rect(x: 0, y: 94, width: 375, height: 684))
    }

    @Test func aXibsSimulatedNavigationBarLowersItsSafeArea() throws {
        // A .xib simulates no status bar on a phone without a notch, the notch's on one with;
        // a simulated navigation bar adds 44 to either.
        func top(device: String, bar: Bool) throws -> Double? {
            let view = rootView(box("a", 0, 0, 10, 10), constraints: """
                <constraint firstItem="a" firstAttribute="top" secondItem="safe" secondAttribute="top" id="s1"/>
                <constraint firstItem="a" firstAttribute="leading" secondItem="safe" secondAttribute="leading" id="s2"/>
                <constraint firstItem="a" firstAttribute="width" constant="10" id="s3"/>
                <constraint firstItem="a" firstAttribute="height" constant="10" id="s4"/>
                """, extra: #"<viewLayoutGuide key="safeArea" id="safe"/>"# + (bar ? #"<simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>"# : ""))
            return try checkIB(xib(view, device: device)).frame("a")?.minY
        }
        #expect(try top(device: "retina4_7", bar: false) == 0)
        #expect(try top(device: "retina4_7", bar: true) == 44)
        #expect(try top(device: "retina5_9", bar: true) == 50 + 44)
    }

    /// A view pinned to the safe area of a `width` × `height` root, in a storyboard saved by
    /// `tools` for `device`, whose scenes are `scenes` (the root's controller is `vc-1`).
    static func safeAreaBox(_ width: Double, _ height: Double, device: String, tools: String, controllerExtras: String = "",
                            attributes: String = "", scenes: String = "", landscape: Bool = false) throws -> Rect? {
        let root = controllerRoot(width, height, box("a", 0, 0, width, height), constraints: """
            <constraint firstItem="a" firstAttribute="top" secondItem="safe" secondAttribute="top" id="s1"/>
            <constraint firstItem="safe" firstAttribute="bottom" secondItem="a" secondAttribute="bottom" id="s2"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="safe" secondAttribute="leading" id="s3"/>
            <constraint firstItem="a" firstAttribute="trailing" secondItem="safe" secondAttribute="trailing" id="s4"/>
            """, extra: #"<viewLayoutGuide key="safeArea" id="safe"/>"#)
        let text = storyboard(root, device: device, controllerExtras: controllerExtras)
            .replacing(#"toolsVersion="21701""#, with: #"toolsVersion="\#(tools)""#)
            .replacing("</scenes>", with: scenes + "</scenes>")
            .replacing(#"<viewController id="vc-1""#, with: #"<viewController id="vc-1" \#(attributes)"#)
            .replacing(#"orientation="portrait""#, with: landscape ? #"orientation="landscape""# : #"orientation="portrait""#)
        return try checkIB(text, path: "t.storyboard").frame("a")
    }

    /// A scene holding a container controller `element` (its `id` and attributes in `attributes`),
    /// with `inner` inside it and a relationship segue to each of `children`.
    static func containerScene(_ element: String, _ attributes: String, inner: String = "", children: [(String, String)]) -> String {
        let segues = children.map { #"<segue destination="\#($0.1)" kind="relationship" relationship="\#($0.0)" id="seg-\#($0.1)"/>"# }
        return """
            <scene sceneID="s-\(element)"><objects><\(element) \(attributes) sceneMemberID="viewController">
            \(inner)<connections>\(segues.joined())</connections>
            </\(element)></objects></scene>
            """
    }

    @Test func safeAreaBySimulatedDeviceAndXcodeGeneration() throws {
        // The 10.9-inch iPad Air: 820 × 1180, 24 at the top, 20 above the home indicator.
        #expect(try Self.safeAreaBox(820, 1180, device: "ipad10_9rounded", tools: "23727") == Rect(x: 0, y: 24, width: 820, height: 1136))
        // The 6.1-inch iPhone 14 Pro: 393 × 852, a 59-point status bar, 34 above the home indicator.
        #expect(try Self.safeAreaBox(393, 852, device: "retina6_12", tools: "21701") == Rect(x: 0, y: 59, width: 393, height: 759))
        // The iPhone 12 class (390 × 844): 44 before Xcode 14, 47 from it.
        #expect(try Self.safeAreaBox(390, 844, device: "retina6_0", tools: "17506")?.minY == 44)
        #expect(try Self.safeAreaBox(390, 844, device: "retina6_0", tools: "22155")?.minY == 47)
        // The iPhone 11 (414 × 896): 44 up to Xcode 14.2 (twilio's 21208), 48 from 14.3 (21701).
        #expect(try Self.safeAreaBox(414, 896, device: "retina6_1", tools: "21208")?.minY == 44)
        #expect(try Self.safeAreaBox(414, 896, device: "retina6_1", tools: "21701")?.minY == 48)
        // Xcode 26 doubles both: 118 and 68 on the iPhone 14 Pro, 96 on the iPhone 11 (48 twice).
        #expect(try Self.safeAreaBox(393, 852, device: "retina6_12", tools: "24412") == Rect(x: 0, y: 118, width: 393, height: 666))
        #expect(try Self.safeAreaBox(414, 896, device: "retina6_1", tools: "24765")?.minY == 96)
    }

    @Test func navigationControllersStoredBarDecidesTheTop() throws {
        func bar(y: Double, height: Double, extra: String = "") -> String {
            """
            <navigationBar key="navigationBar" contentMode="scaleToFill" \(extra) id="bar">
                <rect key="frame" x="0.0" y="\(y)" width="375" height="\(height)"/>
            </navigationBar>
            """
        }
        func child(_ bar: String, tools: String, height: Double = 667) throws -> Rect? {
            try Self.safeAreaBox(375, height, device: "retina4_7", tools: tools, scenes: Self.containerScene(
                "navigationController", #"id="nav""#, inner: bar, children: [("rootViewController", "vc-1")]))
        }
        // Below the status bar: 64.
        #expect(try child(bar(y: 20, height: 44), tools: "22505")?.minY == 64)
        // From Xcode 11 a bar stored at the top is drawn there (a sheet's is 56 tall) ...
        #expect(try child(bar(y: 0, height: 56), tools: "23504")?.minY == 56)
        #expect(try child(bar(y: 0, height: 44), tools: "17701")?.minY == 44)
        // ... before, below the status bar anyway.
        #expect(try child(bar(y: 0, height: 44), tools: "12121")?.minY == 64)
        // Large titles are stored expanded; the root controller is laid out below a 44-point
        // bar, a controller pushed onto it below the expanded bar (20 + 96).
        let large = bar(y: 20, height: 96, extra: #"largeTitles="YES""#)
        #expect(try child(large, tools: "22505")?.minY == 64)
        let pushed = Self.containerScene("navigationController", #"id="nav""#, inner: large, children: [("rootViewController", "first")])
            + """
            <scene sceneID="s-first"><objects><viewController id="first" sceneMemberID="viewController">
            <connections><segue destination="vc-1" kind="show" id="push"/></connections>
            </viewController></objects></scene>
            """
        #expect(try Self.safeAreaBox(375, 667, device: "retina4_7", tools: "22505", scenes: pushed)?.minY == 116)
        // A root shorter by the status bar and the bar sits below them: no inset.
        #expect(try child(bar(y: 0, height: 44), tools: "17701", height: 603) == Rect(x: 0, y: 0, width: 375, height: 603))
        // An opaque bar: UIKit lays the controller's view out below it, so nothing of the
        // root is under a bar (IB stores the root at y 0 at any height: a sheet's 611 here).
        #expect(try child(bar(y: 0, height: 56, extra: #"translucent="NO""#), tools: "22505")?.minY == 0)
        #expect(try child(bar(y: 0, height: 56, extra: #"translucent="NO""#), tools: "22505", height: 611)
            == Rect(x: 0, y: 0, width: 375, height: 611))
        #expect(try child(bar(y: 20, height: 44, extra: #"translucent="YES""#), tools: "22505")?.minY == 64)
        // A bar stored for a 375-point screen above a 600-point freeform root is stale: the
        // root is drawn under a standard bar of its own (Xcode 11: no status bar, so 44).
        let stale = Self.containerScene("navigationController", #"id="nav""#, inner: bar(y: 44, height: 44),
                                        children: [("rootViewController", "vc-1")])
        #expect(try Self.safeAreaBox(600, 600, device: "retina4_7", tools: "15505", scenes: stale)?.minY == 44)
        #expect(try Self.safeAreaBox(375, 667, device: "retina4_7", tools: "15505", scenes: stale)?.minY == 88)
        // A hidden bar leaves the status bar.
        let hidden = try Self.safeAreaBox(375, 667, device: "retina4_7", tools: "22505", scenes: Self.containerScene(
            "navigationController", #"id="nav" navigationBarHidden="YES""#, inner: bar(y: 20, height: 44),
            children: [("rootViewController", "vc-1")]))
        #expect(hidden?.minY == 20)
    }

    @Test func barsPassThroughContainersAndPushes() throws {
        // A tab bar controller shows a navigation controller whose root pushes vc-1: vc-1 is
        // under the bar and above the tab bar (49 points).
        let scenes = Self.containerScene("tabBarController", #"id="tabs""#, children: [("viewControllers", "nav")])
            + Self.containerScene("navigationController", #"id="nav""#, children: [("rootViewController", "first")])
            + """
            <scene sceneID="s-first"><objects><viewController id="first" sceneMemberID="viewController">
            <connections><segue destination="vc-1" kind="show" id="push"/></connections>
            </viewController></objects></scene>
            """
        #expect(try Self.safeAreaBox(375, 667, device: "retina4_7", tools: "22505", scenes: scenes)
            == Rect(x: 0, y: 64, width: 375, height: 554))
        // One that hides the bottom bar when pushed is not above it.
        let hiding = try Self.safeAreaBox(375, 667, device: "retina4_7", tools: "22505", attributes: #"hidesBottomBarWhenPushed="YES""#,
                                          scenes: scenes)
        #expect(hiding?.maxY == 667)
    }

    @Test func aTabBarHiddenInTheSizeClassesLeavesItsTabsTheScreen() throws {
        // A tab bar hidden where the height is compact (IB's per-size-class Hidden): an iPhone 8
        // in portrait keeps it (49 above the bottom), in landscape it is gone.
        let tabs = Self.containerScene("tabBarController", #"id="tabs""#, inner: """
            <tabBar key="tabBar" contentMode="scaleToFill" id="bar">
                <rect key="frame" x="0.0" y="618" width="375" height="49"/>
                <variation key="heightClass=compact" hidden="YES"/>
            </tabBar>
            """, children: [("viewControllers", "vc-1")])
        #expect(try Self.safeAreaBox(375, 667, device: "retina4_7", tools: "22505", scenes: tabs)?.maxY == 667 - 49)
        #expect(try Self.safeAreaBox(667, 375, device: "retina4_7", tools: "22505", scenes: tabs, landscape: true)?.maxY == 375)
        // A view hidden by a variation is hidden in those size classes only.
        func hidden(landscape: Bool) throws -> Bool? {
            let text = xib(rootView(box("a", 0, 0, 10, 10, inner: #"<variation key="heightClass=compact" hidden="YES"/>"#)))
                .replacing(#"orientation="portrait""#, with: landscape ? #"orientation="landscape""# : #"orientation="portrait""#)
            return try checkIB(text).view("a").map { $0.isHidden }
        }
        #expect(try hidden(landscape: false) == false)
        #expect(try hidden(landscape: true) == true)
    }

    @Test func oldTopAndBottomLayoutGuides() throws {
        let root = controllerRoot(375, 667, box("a", 0, 20, 375, 647), constraints: """
            <constraint firstItem="a" firstAttribute="top" secondItem="top" secondAttribute="bottom" id="g1"/>
            <constraint firstItem="bottom" firstAttribute="top" secondItem="a" secondAttribute="bottom" id="g2"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="g3"/>
            <constraint firstItem="a" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="g4"/>
            """)
        let r = try checkIB(storyboardWithOldLayoutGuides(root), path: "t.storyboard")
        #expect(r.frame("a") == Rect(x: 0, y: 20, width: 375, height: 647))
        #expect(r.ambiguous.isEmpty)
    }

    @Test func huggingAndCompressionPriorities() throws {
        // Two 50-point labels in a row whose end is `end`; `left` and `right` are the labels'
        // priority attributes.
        func row(_ left: String, _ right: String, end: String) throws -> CheckResult {
            try checkIB(xib(rootView("""
                <label text="A" \(left) translatesAutoresizingMaskIntoConstraints="NO" id="l"><rect key="frame" x="0.0" y="0.0" width="50" height="20"/></label>
                <label text="B" \(right) translatesAutoresizingMaskIntoConstraints="NO" id="r"><rect key="frame" x="50" y="0.0" width="50" height="20"/></label>
                """, constraints: """
                <constraint firstItem="l" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="h1"/>
                <constraint firstItem="r" firstAttribute="leading" secondItem="l" secondAttribute="trailing" id="h2"/>
                \(end)
                <constraint firstItem="l" firstAttribute="top" secondItem="root" secondAttribute="top" id="h4"/>
                <constraint firstItem="r" firstAttribute="top" secondItem="root" secondAttribute="top" id="h5"/>
                """)))
        }
        // A 300-point row: the label that hugs less stretches.
        let toTheEdge = #"<constraint firstAttribute="trailing" secondItem="r" secondAttribute="trailing" constant="20" id="h3"/>"#
        let leftStretches = try row(#"horizontalHuggingPriority="250""#, #"horizontalHuggingPriority="251""#, end: toTheEdge)
        #expect(leftStretches.frame("l")?.width == 250)
        #expect(leftStretches.frame("r")?.width == 50)
        let rightStretches = try row(#"horizontalHuggingPriority="251""#, #"horizontalHuggingPriority="250""#, end: toTheEdge)
        #expect(rightStretches.frame("l")?.width == 50)
        #expect(rightStretches.frame("r")?.width == 250)
        // Squeezed to 60: the label that resists less gives way.
        let squeezed = try row(#"horizontalCompressionResistancePriority="751""#, "",
                               end: #"<constraint firstItem="r" firstAttribute="trailing" secondItem="root" secondAttribute="leading" constant="60" id="h3"/>"#)
        #expect(squeezed.frame("l")?.width == 50)
        #expect(squeezed.frame("r")?.width == 10)
    }

    @Test func placeholderIntrinsicSizes() throws {
        let r = try checkIB(xib(rootView("""
            <view placeholderIntrinsicWidth="70" placeholderIntrinsicHeight="infinite" translatesAutoresizingMaskIntoConstraints="NO" id="p">
                <rect key="frame" x="0.0" y="0.0" width="70" height="40"/>
            </view>
            """, constraints: """
            <constraint firstItem="p" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="p1"/>
            <constraint firstItem="p" firstAttribute="top" secondItem="root" secondAttribute="top" id="p2"/>
            """)))
        // The width is intrinsic; with no intrinsic height, the height is open.
        #expect(r.frame("p")?.width == 70)
        #expect(r.ambiguous == ["p: height open"])
    }

    @Test func stackViewProperties() throws {
        let r = try checkIB(xib(rootView("""
            <stackView opaque="NO" axis="vertical" alignment="center" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="stack">
                <rect key="frame" x="0.0" y="0.0" width="100" height="48"/>
                <subviews>
                    <label text="A" id="one"><rect key="frame" x="30" y="0.0" width="40" height="20"/></label>
                    <label text="B" hidden="YES" id="hidden"><rect key="frame" x="0.0" y="0.0" width="90" height="20"/></label>
                    <label text="C" id="two"><rect key="frame" x="25" y="28" width="50" height="20"/></label>
                </subviews>
            </stackView>
            """, constraints: """
            <constraint firstItem="stack" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="s1"/>
            <constraint firstItem="stack" firstAttribute="top" secondItem="root" secondAttribute="top" id="s2"/>
            <constraint firstItem="stack" firstAttribute="width" constant="100" id="s3"/>
            """)))
        // Vertical, centred, 8 apart; the hidden view collapses.
        #expect(r.frame("stack") == Rect(x: 0, y: 0, width: 100, height: 48))
        #expect(r.frame("one") == Rect(x: 30, y: 0, width: 40, height: 20))
        #expect(r.frame("two") == Rect(x: 25, y: 28, width: 50, height: 20))
        #expect(r.view("hidden")?.isHidden == true)
        #expect(r.ambiguous.isEmpty)
    }

    @Test func userLabelsAndIdentifiers() throws {
        let r = try checkIB(xib(rootView(box("a", 0, 0, 10, 10, attributes: #"userLabel="Avatar""#, inner: """
            <accessibility key="accessibilityConfiguration" identifier="avatar.image"/>
            <constraints>
                <constraint firstAttribute="width" constant="10" id="w1"/>
                <constraint firstAttribute="width" constant="20" identifier="too-wide" id="w2"/>
            </constraints>
            """), constraints: """
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="u1"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" id="u2"/>
            <constraint firstItem="a" firstAttribute="height" constant="10" id="u3"/>
            """)))
        #expect(r.view("a")?.label == "Avatar")
        #expect(CheckReport.text(r).contains("  a \"Avatar\" (UIView): (0 0; 10 10) in root"))
        // UIKit's message quotes the constraint's identifier and the view's accessibility identifier.
        let messages = r.conflicts.map(\.message).joined()
        #expect(messages.contains("'too-wide' UIView:0x"))
        #expect(messages.contains("'avatar.image'.width == 20"))
    }
}

@Suite struct InterfaceBuilderConstraintTests {
    /// `a` (stored 10 × 10) in the root, placed by `constraints`; returns its solved frame.
    func place(_ constraints: String, subviews: String = "") throws -> Rect? {
        let r = try checkIB(xib(rootView(box("a", 0, 0, 10, 10) + subviews, constraints: constraints)))
        return r.frame("a")
    }

    static let size = """
        <constraint firstItem="a" firstAttribute="width" constant="10" id="z1"/>
        <constraint firstItem="a" firstAttribute="height" constant="10" id="z2"/>
        """

    @Test(arguments: [
        // (x attribute pair, y attribute pair, expected origin) in a 320 × 100 root, whose margins
        // are a controller's root view's (16 at the sides, none above or below).
        ("leading", "leading", "top", "top", 5.0, 5.0),
        ("trailing", "trailing", "bottom", "bottom", 305, 85),
        ("centerX", "centerX", "centerY", "centerY", 155, 45),
        ("leading", "leadingMargin", "top", "topMargin", 21, 5),
        ("trailing", "trailingMargin", "bottom", "bottomMargin", 289, 85),
        ("left", "left", "top", "top", 5, 5),
        ("right", "right", "bottom", "bottom", 305, 85),
    ])
    func attributes(_ x1: String, _ x2: String, _ y1: String, _ y2: String, _ x: Double, _ y: Double) throws {
        let sign = x1 == "trailing" || x1 == "right" ? -5.0 : x1 == "centerX" ? 0 : 5
        let frame = try place("""
            <constraint firstItem="a" firstAttribute="\(x1)" secondItem="root" secondAttribute="\(x2)" constant="\(sign)" id="x"/>
            <constraint firstItem="a" firstAttribute="\(y1)" secondItem="root" secondAttribute="\(y2)" constant="\(sign)" id="y"/>
            \(Self.size)
            """)
        #expect(frame == Rect(x: x, y: y, width: 10, height: 10))
    }

    @Test func baselines() throws {
        // A 17-point label stored 40 × 20: its baselines are where the font puts them.
        let r = try checkIB(xib(rootView("""
            <label text="A" translatesAutoresizingMaskIntoConstraints="NO" id="l"><rect key="frame" x="0.0" y="0.0" width="40" height="20"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/></label>
            """ + box("a", 0, 0, 10, 10), constraints: """
            <constraint firstItem="l" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="b1"/>
            <constraint firstItem="l" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10" id="b2"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="l" secondAttribute="trailing" id="b3"/>
            <constraint firstItem="a" firstAttribute="bottom" secondItem="l" secondAttribute="baseline" id="b4"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="l" secondAttribute="firstBaseline" constant="-10" id="b5"/>
            """)))
        // One line: its first and last baselines are one, 10 + 20 − 0.2 × 17 = 26.6.
        let frame = try #require(r.frame("a"))
        #expect(abs(frame.maxY - 26.6) < 1e-9)
        #expect(abs(frame.minY - 16.6) < 1e-9)
    }

    @Test func relations() throws {
        let frame = try place("""
            <constraint firstItem="a" firstAttribute="leading" relation="greaterThanOrEqual" secondItem="root" secondAttribute="leading" constant="30" id="r1"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" priority="750" id="r2"/>
            <constraint firstItem="a" firstAttribute="top" relation="lessThanOrEqual" secondItem="root" secondAttribute="top" constant="4" id="r3"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" constant="50" priority="750" id="r4"/>
            \(Self.size)
            """)
        #expect(frame == Rect(x: 30, y: 4, width: 10, height: 10))
    }

    @Test func multiplierForms() throws {
        let ratio = try place("""
            <constraint firstItem="a" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="1:2" id="m1"/>
            <constraint firstItem="a" firstAttribute="height" secondItem="a" secondAttribute="width" multiplier="131:220" id="m2"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="m3"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" id="m4"/>
            """)
        #expect(ratio?.width == 160)
        #expect(abs((ratio?.height ?? 0) - 160 * 131 / 220) < 1e-9)
        let decimal = try place("""
            <constraint firstItem="a" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="0.25" id="m1"/>
            <constraint firstItem="a" firstAttribute="height" constant="10" id="m2"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="m3"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" id="m4"/>
            """)
        #expect(decimal?.width == 80)
        // A fraction typed into IB's multiplier field is kept as written.
        let fraction = try place("""
            <constraint firstItem="a" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="1/4" id="m1"/>
            <constraint firstItem="a" firstAttribute="height" constant="10" id="m2"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="m3"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" id="m4"/>
            """)
        #expect(fraction?.width == 80)
    }

    @Test func missingFirstItemIsTheInstallingView() throws {
        // `<constraint firstAttribute="trailing" secondItem="a" …/>` inside the root: root.trailing = a.trailing + 12.
        let frame = try place("""
            <constraint firstAttribute="trailing" secondItem="a" secondAttribute="trailing" constant="12" id="t1"/>
            <constraint firstAttribute="bottom" secondItem="a" secondAttribute="bottom" constant="12" id="t2"/>
            \(Self.size)
            """)
        #expect(frame == Rect(x: 298, y: 78, width: 10, height: 10))
    }

    @Test func priorityDecidesBetweenOptionalConstraints() throws {
        let frame = try place("""
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" priority="250" id="p1"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="40" priority="999" id="p2"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" id="p3"/>
            \(Self.size)
            """)
        #expect(frame?.minX == 40)
    }

    @Test func placeholderConstraintsTakePartInIBsLayoutAndAreRemovedFromANib() throws {
        // IB lays out with a placeholder constraint (its stored frames obey it); Xcode removes
        // it at build time, so a nib's views are made without it.
        let text = xib(rootView(box("a", 0, 0, 10, 10), constraints: """
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="7" id="k1"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" id="k3"/>
            <constraint firstItem="a" firstAttribute="width" constant="10" id="z1"/>
            <constraint firstItem="a" firstAttribute="height" constant="44" placeholder="YES" id="k2"/>
            """))
        let r = try checkIB(text)
        #expect(r.conflicts.isEmpty)
        #expect(r.frame("a") == Rect(x: 7, y: 0, width: 10, height: 44))
        #expect(r.notes == ["kept 1 placeholder constraint as IB lays out with them (Xcode removes them at build time)"])
        let root = try Nib(text: text, path: "t.xib").instantiate(withOwner: nil)[0]
        let installed = (root.constraints + root.subviews[0].constraints).filter { $0.firstItem === root.subviews[0] }
        let attributes: Set<LayoutConstraint.Attribute> = Set(installed.map(\.firstAttribute))
        #expect(installed.count == 3)
        #expect(attributes == [.leading, .top, .width])
    }

    /// A view placed 10 from the leading edge (50 in regular width) and 5 from the top (40 in
    /// compact width and height).
    static func variations(device: String = "retina4_7") -> String {
        xib(rootView(box("a", 0, 0, 10, 10), constraints: """
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="base"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="50" id="wide"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" constant="5" id="top">
                <variation key="heightClass=compact-widthClass=compact" constant="40"/>
            </constraint>
            \(Self.size)
            """, extra: """
            <variation key="default"><mask key="constraints"><exclude reference="wide"/></mask></variation>
            <variation key="widthClass=regular"><mask key="constraints"><exclude reference="base"/><include reference="wide"/></mask></variation>
            """), device: device)
    }

    @Test func sizeClassVariations() throws {
        let text = Self.variations()
        func frame(_ traits: String?) throws -> Rect? {
            try checkIB(text, options: .init(traits: traits.flatMap(InterfaceBuilderFile.Traits.init))).frame("a")
        }
        #expect(try frame(nil) == Rect(x: 10, y: 5, width: 10, height: 10))
        #expect(try frame("compact-regular") == Rect(x: 10, y: 5, width: 10, height: 10))
        #expect(try frame("regular-regular") == Rect(x: 50, y: 5, width: 10, height: 10))
        #expect(try frame("compact-compact") == Rect(x: 10, y: 40, width: 10, height: 10))
        #expect(InterfaceBuilderFile.Traits("compact") == nil)
        #expect(InterfaceBuilderFile.Traits("regular-compact") == .init(horizontal: .regular, vertical: .compact))
    }

    @Test func sizeClassesAreTheSimulatedDevicesByDefault() throws {
        // IB draws a file for its <device> in its orientation: an iPad is regular-regular, an
        // iPhone compact-regular in portrait, compact-compact in landscape, regular-compact in
        // landscape from 414 points wide; a file naming no device gets the base layout.
        func frame(_ device: String, landscape: Bool = false) throws -> Rect? {
            var text = Self.variations(device: device)
            if landscape { text = text.replacing(#"orientation="portrait""#, with: #"orientation="landscape""#) }
            if device == "none" { text = text.replacing(#"<device id="none" orientation="portrait" appearance="light"/>"#, with: "") }
            return try checkIB(text).frame("a")
        }
        #expect(try frame("ipad9_7") == Rect(x: 50, y: 5, width: 10, height: 10))
        #expect(try frame("retina6_1") == Rect(x: 10, y: 5, width: 10, height: 10))
        #expect(try frame("retina4_7", landscape: true) == Rect(x: 10, y: 40, width: 10, height: 10))
        #expect(try frame("retina6_1", landscape: true) == Rect(x: 50, y: 5, width: 10, height: 10))
        #expect(try frame("none") == Rect(x: 10, y: 5, width: 10, height: 10))
        // Traits given win over the device's.
        #expect(try checkIB(Self.variations(device: "ipad9_7"), options: .init(traits: .init("compact-compact"))).frame("a")
            == Rect(x: 10, y: 40, width: 10, height: 10))
    }

    /// A 320 × 100 scroll view `scroll` filling the root, holding `subview` and `constraints`.
    func checkScrollView(_ subview: String, _ constraints: String) throws -> CheckResult {
        try checkIB(xib(rootView("""
            <scrollView translatesAutoresizingMaskIntoConstraints="NO" id="scroll">
                <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                <subviews>\(subview)</subviews>
                <constraints>\(constraints)</constraints>
            </scrollView>
            """, constraints: edgesPinned("scroll"))))
    }

    @Test func scrollViewEdgesMeanTheContent() throws {
        // The content is 500 tall inside a 100-point scroll view: its bottom sets the content
        // size instead of squeezing it.
        let r = try checkScrollView(box("content", 0, 0, 320, 500), """
            <constraint firstItem="content" firstAttribute="top" secondItem="scroll" secondAttribute="top" id="e1"/>
            <constraint firstItem="content" firstAttribute="leading" secondItem="scroll" secondAttribute="leading" id="e2"/>
            <constraint firstAttribute="bottom" secondItem="content" secondAttribute="bottom" id="e3"/>
            <constraint firstAttribute="trailing" secondItem="content" secondAttribute="trailing" id="e4"/>
            <constraint firstItem="content" firstAttribute="width" secondItem="scroll" secondAttribute="width" id="e5"/>
            <constraint firstItem="content" firstAttribute="height" constant="500" id="e6"/>
            """)
        #expect(r.conflicts.isEmpty)
        #expect(r.frame("scroll") == Rect(x: 0, y: 0, width: 320, height: 100))
        #expect(r.frame("content") == Rect(x: 0, y: 0, width: 320, height: 500))
    }

    @Test func singlePrecisionFramesAreOnThePixelGrid() throws {
        // IB wrote the root's height in single precision (51⅓ as 51.333332061767578): a label
        // of 41⅓ that may not stretch or shrink, 5 from each end, fits it exactly.
        let text = xib("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="320" height="51.333332061767578"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <subviews>
                    <label text="Uses semi-colons" verticalHuggingPriority="1000" verticalCompressionResistancePriority="1000" translatesAutoresizingMaskIntoConstraints="NO" id="l">
                        <rect key="frame" x="16" y="5" width="288" height="41.333333333333336"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                </subviews>
                <constraints>
                    <constraint firstItem="l" firstAttribute="top" secondItem="root" secondAttribute="top" constant="5" id="c1"/>
                    <constraint firstAttribute="bottom" secondItem="l" secondAttribute="bottom" constant="5" id="c2"/>
                    <constraint firstItem="l" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="16" id="c3"/>
                </constraints>
            </view>
            """)
        let r = try checkIB(text)
        #expect(r.conflicts.isEmpty)
        #expect(r.frame("root")?.height == 51 + 1.0 / 3)
    }

    @Test func scrollViewCentresMeanTheFrame() throws {
        // Edges are the content's, centres and sizes the frame's: the text starts 5 into the
        // content, which ends 5 before the text does, and is centred on the 320-point frame,
        // 10 narrower. Nothing conflicts (reading the centre as the content's would: the text's
        // centre is 5 to the right of the content's).
        let r = try checkScrollView(box("text", 5, 0, 310, 100), """
            <constraint firstItem="text" firstAttribute="leading" secondItem="scroll" secondAttribute="leading" constant="5" id="e1"/>
            <constraint firstAttribute="trailing" secondItem="text" secondAttribute="trailing" constant="-5" id="e2"/>
            <constraint firstItem="text" firstAttribute="top" secondItem="scroll" secondAttribute="top" id="e3"/>
            <constraint firstAttribute="bottom" secondItem="text" secondAttribute="bottom" id="e4"/>
            <constraint firstItem="text" firstAttribute="centerX" secondItem="scroll" secondAttribute="centerX" id="e5"/>
            <constraint firstItem="text" firstAttribute="centerY" secondItem="scroll" secondAttribute="centerY" id="e6"/>
            <constraint firstItem="text" firstAttribute="width" secondItem="scroll" secondAttribute="width" constant="-10" id="e7"/>
            """)
        #expect(r.conflicts.isEmpty)
        #expect(r.ambiguous.isEmpty)
        #expect(r.frame("text") == Rect(x: 5, y: 0, width: 310, height: 100))
        #expect(r.frame("scroll.contentLayoutGuide")?.width == 310)
    }
}

@Suite struct InterfaceBuilderIntrinsicSizeTests {
    let text = xib(rootView("""
        <label text="Hello" translatesAutoresizingMaskIntoConstraints="NO" id="l"><rect key="frame" x="0.0" y="0.0" width="37" height="21"/>
            <fontDescription key="fontDescription" type="system" pointSize="17"/></label>
        <imageView image="star" translatesAutoresizingMaskIntoConstraints="NO" id="i"><rect key="frame" x="0.0" y="30" width="24" height="24"/></imageView>
        """, constraints: """
        <constraint firstItem="l" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="i1"/>
        <constraint firstItem="l" firstAttribute="top" secondItem="root" secondAttribute="top" id="i2"/>
        <constraint firstItem="i" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="i3"/>
        <constraint firstItem="i" firstAttribute="top" secondItem="root" secondAttribute="top" constant="30" id="i4"/>
        """)).replacingOccurrences(of: "</objects>", with: "</objects>\n<resources><image name=\"star\" width=\"30\" height=\"28\"/></resources>")

    @Test func fromStoredFrames() throws {
        let r = try checkIB(text)
        #expect(r.frame("l") == Rect(x: 0, y: 0, width: 37, height: 21))
        #expect(r.frame("i") == Rect(x: 0, y: 30, width: 24, height: 24))
    }

    @Test func fromTheModel() throws {
        let r = try checkIB(text, options: .init(intrinsicSizes: .fromModel))
        // 5 characters × 0.6 × 17 = 51 wide, 1.2 × 17 = 20.4 → 20.5 tall; the image from <resources>.
        #expect(r.frame("l") == Rect(x: 0, y: 0, width: 51, height: 20.5))
        #expect(r.frame("i") == Rect(x: 0, y: 30, width: 30, height: 28))
        #expect(r.storedFrames?.matched == 1)
    }

    /// Controls whose stored frames disagree with AutoLayout's model of them.
    let controls = xib(rootView("""
        <switch translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="0.0" y="0.0" width="60" height="40"/></switch>
        <activityIndicatorView style="large" translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="100" y="0.0" width="20" height="20"/></activityIndicatorView>
        <segmentedControl translatesAutoresizingMaskIntoConstraints="NO" id="g"><rect key="frame" x="0.0" y="50" width="200" height="30"/>
            <segments><segment title="Solid"/><segment title="Gradient"/></segments></segmentedControl>
        <slider translatesAutoresizingMaskIntoConstraints="NO" id="r"><rect key="frame" x="0.0" y="90" width="320" height="40"/></slider>
        """, constraints: """
        <constraint firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
        <constraint firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" id="c2"/>
        <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="100" id="c3"/>
        <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" id="c4"/>
        <constraint firstItem="g" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c5"/>
        <constraint firstItem="g" firstAttribute="top" secondItem="root" secondAttribute="top" constant="50" id="c6"/>
        <constraint firstItem="r" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c7"/>
        <constraint firstItem="r" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c8"/>
        <constraint firstItem="r" firstAttribute="top" secondItem="root" secondAttribute="top" constant="90" id="c9"/>
        """))

    @Test func controlsFromTheirStoredFrames() throws {
        let r = try checkIB(controls)
        #expect(r.frame("s")?.size == Size(width: 60, height: 40))
        #expect(r.frame("a")?.size == Size(width: 20, height: 20))
        #expect(r.frame("g")?.size == Size(width: 200, height: 30))
        // A slider pinned to the edges reaches 2 points past each (its alignment rectangle).
        #expect(r.frame("r") == Rect(x: -2, y: 90, width: 324, height: 40))
    }

    /// `--intrinsic-from-model` sizes the controls as AutoLayout's Switch, ActivityIndicatorView,
    /// SegmentedControl and Slider do.
    @Test func controlsFromTheModel() throws {
        let r = try checkIB(controls, options: .init(intrinsicSizes: .fromModel))
        #expect(r.frame("s")?.size == Switch.intrinsicSize)
        #expect(r.frame("a")?.size == ActivityIndicatorView.Style.large.intrinsicSize)
        #expect(r.frame("g")?.size == SegmentedControl(items: ["Solid", "Gradient"]).intrinsicContentSize)
        #expect(r.frame("g")?.size == Size(width: 145, height: 32))
        #expect(r.frame("r") == Rect(x: -2, y: 90, width: 324, height: Slider.intrinsicHeight))
    }

    /// A control without a stored frame takes its model size in either mode.
    @Test func controlsWithoutFramesTakeTheModelSize() throws {
        let r = try checkIB(xib(rootView("""
            <switch translatesAutoresizingMaskIntoConstraints="NO" id="s"/>
            <activityIndicatorView translatesAutoresizingMaskIntoConstraints="NO" id="a"/>
            """, constraints: """
            <constraint firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
            <constraint firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" id="c2"/>
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" constant="40" id="c4"/>
            """)))
        #expect(r.frame("s")?.size == Size(width: 51, height: 31))
        #expect(r.frame("a")?.size == Size(width: 20, height: 20))
    }
}

@Suite struct InterfaceBuilderDiagnosticsTests {
    func error(_ text: String) -> String {
        do {
            _ = try InterfaceBuilderFile.parse(text, path: "t.xib")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func malformedXMLHasLineAndColumn() {
        #expect(error("<?xml version=\"1.0\"?>\n<document type=\"x\">\n    <objects>\n    </object>\n</document>") == """
            t.xib:4:5: error: </object> closes <objects>, which opens at line 3
                </object>
                ^
            """)
        #expect(error("<document a=\"1\" a=\"2\"/>") == """
            t.xib:1:17: error: the attribute 'a' appears twice
            <document a="1" a="2"/>
                            ^
            """)
        #expect(error("<document>\n  <objects a=\"&bogus;\"/>") == """
            t.xib:2:15: error: unknown entity '&bogus;'
              <objects a="&bogus;"/>
                          ^
            """)
        #expect(error("<document>\n<objects>") == """
            t.xib:2:10: error: the file ends before </objects> (the element opens at line 2)
            <objects>
                     ^
            """)
        #expect(error("") == "t.xib: error: holds no XML element")
    }

    @Test func notAnInterfaceBuilderDocument() {
        #expect(error("<plist version=\"1.0\"><dict/></plist>") == """
            t.xib:1:1: error: not an iOS Interface Builder document: expected <document type="com.apple.InterfaceBuilder3.CocoaTouch…">, found <plist>
            <plist version="1.0"><dict/></plist>
            ^
            """)
    }

    @Test func badConstraintValues() {
        let bad = xib(rootView(box("a", 0, 0, 10, 10), constraints: """
            <constraint firstItem="a" firstAttribute="width" secondItem="root" secondAttribute="leading" id="bad"/>
            """))
        let line = bad.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("id=\"bad\"") }! + 1
        #expect(error(bad).hasPrefix("t.xib:\(line):1: error: cannot relate a size (width) to a location (leading)"))
        let multiplier = xib(rootView(box("a", 0, 0, 10, 10), constraints: """
            <constraint firstItem="a" firstAttribute="width" secondItem="root" secondAttribute="width" multiplier="1:0" id="m"/>
            """))
        #expect(error(multiplier).contains("error: multiplier \"1:0\" divides by zero"))
    }

    @Test func aConstraintStoredOutsideItsItemsGoesToTheirCommonAncestor() throws {
        // The constraint relates the root's subviews but is stored on one of them.
        let r = try checkIB(xib(rootView(box("a", 0, 0, 10, 10, inner: """
            <constraints>
                <constraint firstItem="b" firstAttribute="width" secondItem="a" secondAttribute="width" id="w"/>
            </constraints>
            """) + box("b", 0, 0, 10, 10))))
        #expect(r.notes.count == 1)
        #expect(r.notes[0].hasSuffix(": constraint w is stored on a, which does not contain both its items: installed on their closest common ancestor"))
    }

    @Test func unreadableTextValuesAreIgnoredNotTrapped() throws {
        // NaN font sizes and an infinite wrapping width would make invalid labels: they are ignored.
        let r = try checkIB(xib(rootView("""
            <label text="Hi" preferredMaxLayoutWidth="inf" lineBreakMode="wordWrap" translatesAutoresizingMaskIntoConstraints="NO" id="l">
                <rect key="frame" x="0" y="0" width="20" height="20"/>
                <fontDescription key="fontDescription" type="system" pointSize="nan"/>
            </label>
            """, constraints: """
            <constraint firstItem="l" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="x"/>
            <constraint firstItem="l" firstAttribute="top" secondItem="root" secondAttribute="top" id="y"/>
            """)), options: .init(intrinsicSizes: .fromModel))
        // 2 characters × 0.6 × 17 (the default size) = 20.4 → 20.5 wide.
        #expect(r.frame("l") == Rect(x: 0, y: 0, width: 20.5, height: 20.5))
    }

    @Test func unknownElementsAreNoted() throws {
        let r = try checkIB(xib(rootView(box("a", 0, 0, 10, 10, inner: "<sparkles key=\"x\"/>"), constraints: """
            <constraint firstItem="a" firstAttribute="leading" secondItem="ghost" secondAttribute="leading" id="n1"/>
            """) + "<widget id=\"w\"/>"))
        #expect(r.notes.count == 3)
        #expect(r.notes[0].hasSuffix(": skipped <sparkles> in a"))
        #expect(r.notes[1].hasSuffix(": skipped <widget>"))
        #expect(r.notes[2].hasSuffix(": skipped constraint n1: no view or guide 'ghost' in this file"))
        #expect(CheckReport.text(r).contains("t.xib: note: line "))
    }

    @Test func conflictsInUIKitsFormat() throws {
        let r = try checkIB(xib(rootView(box("a", 0, 0, 10, 10, attributes: #"customClass="BadgeView""#, inner: """
            <constraints>
                <constraint firstAttribute="width" constant="10" id="w1"/>
                <constraint firstAttribute="width" constant="20" id="w2"/>
            </constraints>
            """), constraints: """
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" id="c2"/>
            <constraint firstItem="a" firstAttribute="height" constant="10" id="c3"/>
            """)))
        let conflict = try #require(r.conflicts.first)
        #expect(r.conflicts.count == 1)
        #expect(conflict.message.hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(conflict.constraints.count == 2)
        #expect(conflict.constraints.allSatisfy { $0.contains("BadgeView:0x") })
        #expect(conflict.itemNames == ["a"])
        #expect(!r.isClean)
    }

    @Test func ambiguityIsReported() throws {
        let r = try checkIB(xib(rootView(box("a", 0, 0, 10, 10, attributes: #"ambiguous="YES""#), constraints: """
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="a1"/>
            <constraint firstItem="a" firstAttribute="width" constant="10" id="a2"/>
            """)))
        #expect(r.ambiguous == ["a: y, height open"])
        // IB flags the view; it is left out of the stored-frame comparison.
        #expect(r.storedFrames?.compared == 1)
    }

    @Test func jsonIsKeyedByObjectID() throws {
        let r = try checkIB(xib(rootView(box("a", 4, 6, 10, 10), constraints: """
            <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="4" id="j1"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" constant="6" id="j2"/>
            \(InterfaceBuilderConstraintTests.size)
            """)))
        #expect(CheckReport.json(r).rendered() == #"{"views":{"root":[0,0,320,100],"a":[4,6,10,10]},"conflicts":[],"ambiguous":[],"expectations":{"passed":0,"failed":0,"failures":[]},"storedFrames":{"compared":2,"matched":2,"differences":[]}}"#)
    }
}

/// The rules the shared corpus's stored frames showed beyond the basics: stack views' stored
/// margins and standard spacing, controls' alignment rectangles and pickers, table cells'
/// content margins by device and Xcode generation.
@Suite struct InterfaceBuilderStoredFrameRulesTests {
    /// A vertical stack `stack` at the root's top left, 200 wide, holding `arranged`.
    static func stack(_ arranged: String, attributes: String = "", extra: String = "", tools: String = "21701") throws -> CheckResult {
        let text = xib(rootView("""
            <stackView opaque="NO" axis="vertical" \(attributes) translatesAutoresizingMaskIntoConstraints="NO" id="stack">
                <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                <subviews>\(arranged)</subviews>
                \(extra)
            </stackView>
            """, constraints: """
            <constraint firstItem="stack" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="s1"/>
            <constraint firstItem="stack" firstAttribute="top" secondItem="root" secondAttribute="top" id="s2"/>
            <constraint firstItem="stack" firstAttribute="width" constant="200" id="s3"/>
            """)).replacing(#"toolsVersion="21701""#, with: #"toolsVersion="\#(tools)""#)
        return try checkIB(text)
    }

    static let twoLabels = """
        <label text="A" translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0.0" y="0.0" width="200" height="20"/></label>
        <label text="B" translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0.0" y="20" width="200" height="20"/></label>
        """

    @Test func storedLayoutMarginsOfAStackViewHoldItsViews() throws {
        // No `layoutMarginsRelativeArrangement` in the file, as IB writes it: the views sit inside
        // the stored margins all the same.
        let r = try Self.stack(Self.twoLabels, extra: #"<edgeInsets key="layoutMargins" top="16" left="10" bottom="8" right="10"/>"#)
        #expect(r.frame("a") == Rect(x: 10, y: 16, width: 180, height: 20))
        #expect(r.frame("b") == Rect(x: 10, y: 36, width: 180, height: 20))
        #expect(r.frame("stack")?.height == 64)
        // Without stored margins the views fill the stack.
        #expect(try Self.stack(Self.twoLabels).frame("a") == Rect(x: 0, y: 0, width: 200, height: 20))
    }

    @Test func standardSpacingIsTheSystemSpacing() throws {
        let r = try Self.stack(Self.twoLabels, attributes: #"spacingType="standard""#)
        #expect(r.frame("b") == Rect(x: 0, y: 28, width: 200, height: 20))
    }

    @Test func controlsArePlacedByTheirAlignmentRectangles() throws {
        // In a stack: a slider's frame reaches 2 points past each side and 1 below, a segmented
        // control's 1 point below; the next view follows the alignment rectangle.
        let r = try Self.stack("""
            <slider opaque="NO" value="0.5" minValue="0.0" maxValue="1" translatesAutoresizingMaskIntoConstraints="NO" id="slider">
                <rect key="frame" x="-2" y="0.0" width="204" height="31"/>
            </slider>
            <segmentedControl opaque="NO" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="seg">
                <rect key="frame" x="0.0" y="30" width="200" height="32"/>
                <segments><segment title="One"/><segment title="Two"/></segments>
            </segmentedControl>
            <label text="A" translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0.0" y="61" width="200" height="20"/></label>
            """)
        #expect(r.frame("slider") == Rect(x: -2, y: 0, width: 204, height: 31))
        #expect(r.frame("seg") == Rect(x: 0, y: 30, width: 200, height: 32))
        #expect(r.frame("a") == Rect(x: 0, y: 61, width: 200, height: 20))
        // Xcode 26's sliders have no overhang.
        let current = try Self.stack("""
            <slider opaque="NO" value="0.5" minValue="0.0" maxValue="1" translatesAutoresizingMaskIntoConstraints="NO" id="slider">
                <rect key="frame" x="0.0" y="0.0" width="200" height="34"/>
            </slider>
            """, tools: "24412")
        #expect(current.frame("slider") == Rect(x: 0, y: 0, width: 200, height: 34))
    }

    @Test func pickersAre216Tall() throws {
        let r = try Self.stack("""
            <pickerView contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="picker">
                <rect key="frame" x="0.0" y="0.0" width="200" height="216"/>
            </pickerView>
            """)
        #expect(r.frame("picker") == Rect(x: 0, y: 0, width: 200, height: 216))
    }

    /// A storyboard table's prototype cell `width` wide on `device`, saved by `tools`, whose
    /// `inner` view is pinned to the content view's margins; `cell` adds attributes and
    /// children to the cell, whose content view is `contentWidth` wide (the cell's width if nil).
    static func prototypeCell(width: Double, device: String, tools: String, cell: (attributes: String, children: String) = ("", ""),
                              contentWidth: Double? = nil) throws -> Rect? {
        let root = """
            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" style="plain" rowHeight="60" id="root">
                <rect key="frame" x="0.0" y="0.0" width="\(width)" height="600"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <prototypes>
                    <tableViewCell contentMode="scaleToFill" \(cell.attributes) id="cell">
                        <rect key="frame" x="0.0" y="50" width="\(width)" height="60"/>
                        <autoresizingMask key="autoresizingMask"/>\(cell.children)
                        <tableViewCellContentView key="contentView" id="content">
                            <rect key="frame" x="0.0" y="0.0" width="\(contentWidth ?? width)" height="60"/>
                            <autoresizingMask key="autoresizingMask"/>
                            <subviews>\(box("inner", 0, 0, 10, 10))</subviews>
                            <constraints>
                                <constraint firstItem="inner" firstAttribute="leading" secondItem="content" secondAttribute="leadingMargin" id="a"/>
                                <constraint firstItem="inner" firstAttribute="trailing" secondItem="content" secondAttribute="trailingMargin" id="b"/>
                                <constraint firstItem="inner" firstAttribute="top" secondItem="content" secondAttribute="topMargin" id="c"/>
                                <constraint firstItem="inner" firstAttribute="bottom" secondItem="content" secondAttribute="bottomMargin" id="d"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
                </prototypes>
            </tableView>
            """
        let text = storyboard(root, device: device).replacing("viewController", with: "tableViewController")
            .replacing(#"toolsVersion="21701""#, with: #"toolsVersion="\#(tools)""#)
        return try checkIB(text, path: "t.storyboard").frame("inner")
    }

    @Test func tableCellMarginsFollowTheDeviceAndTheXcodeGeneration() throws {
        // A 375-point table on a 414-point iPhone: the device's 20.
        #expect(try Self.prototypeCell(width: 375, device: "retina6_1", tools: "17506") == Rect(x: 20, y: 11, width: 335, height: 38))
        #expect(try Self.prototypeCell(width: 375, device: "retina4_7", tools: "17506") == Rect(x: 16, y: 11, width: 343, height: 38))
        // A 393-point iPhone 15: 20 for cells, though its root views get 16.
        #expect(try Self.prototypeCell(width: 393, device: "retina6_12", tools: "23504") == Rect(x: 20, y: 11, width: 353, height: 38))
        // Before Xcode 9.3: 8 on every side.
        #expect(try Self.prototypeCell(width: 375, device: "retina4_7", tools: "12120") == Rect(x: 8, y: 8, width: 359, height: 44))
    }
}

@Suite struct InterfaceBuilderStoredFrameReasonTests {
    @Test func aDifferenceSaysWhyWhenTheSolveKnows() throws {
        // Only sizes, and `loose` aligned with `other`: where they go is open here, and IB
        // keeps each where it was drawn, but their stored places disagree (one of them moved
        // after IB last laid them out), so one differs, for that reason.
        let r = try checkIB(xib(rootView(box("loose", 30, 40, 10, 10) + box("other", 50, 40, 10, 10), constraints: """
            <constraint firstItem="loose" firstAttribute="width" constant="10" id="w"/>
            <constraint firstItem="loose" firstAttribute="height" constant="10" id="h"/>
            <constraint firstItem="other" firstAttribute="width" constant="10" id="w2"/>
            <constraint firstItem="other" firstAttribute="height" constant="10" id="h2"/>
            <constraint firstItem="other" firstAttribute="leading" secondItem="loose" secondAttribute="leading" id="a"/>
            <constraint firstItem="other" firstAttribute="top" secondItem="loose" secondAttribute="top" id="b"/>
            """)))
        let difference = try #require(r.storedFrames?.differences.first)
        #expect(r.storedFrames?.differences.count == 1)
        #expect(difference.hasSuffix(": ambiguous here, IB keeps the frame it drew"))
    }

    @Test func aStaleStoredFrameIsNamedByTheConstraintItBreaks() throws {
        // `moved` is stored at x 30 though its constraint `lead` puts it 10 from the root's
        // leading edge: the file is stale there. `sized` differs too (its stored width is 40,
        // its constraint 50) and says which constraint; `fine` matches and is not listed.
        let r = try checkIB(xib(rootView(box("moved", 30, 0, 10, 10) + box("sized", 0, 50, 40, 10) + box("fine", 0, 80, 10, 10), constraints: """
            <constraint firstItem="moved" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="lead"/>
            <constraint firstItem="moved" firstAttribute="top" secondItem="root" secondAttribute="top" id="t1"/>
            <constraint firstItem="moved" firstAttribute="width" constant="10" id="w1"/>
            <constraint firstItem="moved" firstAttribute="height" constant="10" id="h1"/>
            <constraint firstItem="sized" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="l2"/>
            <constraint firstItem="sized" firstAttribute="top" secondItem="root" secondAttribute="top" constant="50" id="t2"/>
            <constraint firstItem="sized" firstAttribute="width" constant="50" id="w2"/>
            <constraint firstItem="sized" firstAttribute="height" constant="10" id="h2"/>
            <constraint firstItem="fine" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="l3"/>
            <constraint firstItem="fine" firstAttribute="top" secondItem="root" secondAttribute="top" constant="80" id="t3"/>
            <constraint firstItem="fine" firstAttribute="width" constant="10" id="w3"/>
            <constraint firstItem="fine" firstAttribute="height" constant="10" id="h3"/>
            """)))
        let differences = try #require(r.storedFrames?.differences)
        #expect(differences == [
            "moved: stored (30 0; 10 10), solved (10 0; 10 10): stale, the stored frames break the file's own constraint lead",
            "sized: stored (0 50; 40 10), solved (0 50; 50 10): stale, the stored frames break the file's own constraint w2",
        ])
    }
}

/// Files from anywhere: large ones are read in time linear in their size, and what could make
/// reading blow up is refused with its place (MarkupReaderTests has the XML's limits).
@Suite struct InterfaceBuilderLimitsTests {
    /// A `.xib` of one top-level view holding `count` small views with frames, one per line.
    static func manyViews(_ count: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
            <objects>
            <view contentMode="scaleToFill" id="root"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/><subviews>

            """
        for i in 0..<count {
            text += "<view contentMode=\"scaleToFill\" id=\"v\(i)\"><rect key=\"frame\" x=\"\(i % 300)\" y=\"\(i % 600)\" width=\"10\" height=\"10\"/></view>\n"
        }
        return text + "</subviews></view>\n</objects>\n</document>\n"
    }

    @Test func aTenMegabyteFileOfAHundredThousandViewsIsRead() throws {
        // How long it takes is the benchmark's business; a quadratic step would not finish.
        let text = Self.manyViews(100_000)
        #expect(text.utf8.count > 10_000_000)
        let file = try InterfaceBuilderFile.parse(text, path: "big.xib")
        #expect(file.storedViews.count == 100_001)
        #expect(file.storedViews.last == .init(id: "v99999", frame: Rect(x: 99, y: 399, width: 10, height: 10), isMisplaced: false, isAmbiguous: false))
        // On one line, every element's column is counted on from the one before.
        let oneLine = text.split(separator: "\n").joined(separator: " ")
        var reader = MarkupReader(path: "big.xib", text: oneLine)
        let root = try reader.readDocument()
        let subviews = try #require(root.child("objects")?.child("view")?.child("subviews"))
        #expect(subviews.children.count == 100_000)
        let last = try #require(oneLine.firstRange(of: "<view contentMode=\"scaleToFill\" id=\"v99999\""))
        #expect(subviews.children.last.map { ($0.line, $0.column) }! == (1, oneLine.utf8.distance(from: oneLine.startIndex, to: last.lowerBound) + 1))
    }

    @Test func aLongChainOfPushesIsFollowedOnceEach() throws {
        // A navigation controller's root pushes c1, which pushes c2… written last to first, so
        // that rescanning the pushes until nothing changes would take one pass per controller.
        func scene(_ body: String) -> String { "<scene sceneID=\"s\"><objects>\(body)</objects></scene>\n" }
        let count = 5_000
        var scenes = scene("""
            <navigationController id="nav"><connections><segue destination="c0" kind="relationship" relationship="rootViewController" id="r"/></connections></navigationController>
            """)
        for k in (0..<count).reversed() {
            scenes += scene("<viewController id=\"c\(k)\"><connections><segue destination=\"c\(k + 1)\" kind=\"show\" id=\"p\(k)\"/></connections></viewController>")
        }
        let last = "<viewController id=\"c\(count)\">\(controllerRoot(375, 667, "", constraints: ""))</viewController>"
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <device id="retina4_7" orientation="portrait" appearance="light"/>
            <scenes>
            \(scenes)\(scene(last))
            </scenes>
            </document>
            """
        let file = try InterfaceBuilderFile.parse(text, path: "Main.storyboard")
        // Under the status bar and the navigation bar.
        #expect(file.layout.views.map(\.properties.safeArea) == [EdgeInsets(top: 64, left: 0, bottom: 0, right: 0)])
    }

    @Test func filesOverSixtyFourMegabytesAreRefused() {
        #expect(InterfaceBuilderFile.sizeLimit == 64 << 20 && InterfaceBuilderFile.sizeLimit == InputFile.sizeLimit)
        let text = String(repeating: " ", count: InterfaceBuilderFile.sizeLimit + 1)
        #expect(throws: SourceError(path: "t.xib", message: "is 67108865 bytes; Interface Builder files larger than 64 MB are refused")) {
            try InterfaceBuilderFile.parse(text, path: "t.xib")
        }
    }
}
