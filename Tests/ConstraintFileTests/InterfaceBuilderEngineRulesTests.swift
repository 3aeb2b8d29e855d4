import Testing
import AutoLayout
@testable import ConstraintFile

/// Which views the engine lays out and what their edges mean, in IB files: rules found on real
/// files and checked here on small ones of our own.
@Suite struct InterfaceBuilderEngineRulesTests {
    @Test func aViewNoConstraintMentionsKeepsItsStoredFrame() throws {
        // `free` has its autoresizing translation off and no constraint: UIKit leaves its frame
        // alone and IB does not move it, so it stays where it was drawn, whatever its
        // autoresizing mask, and is not ambiguous. `half` has a constraint, so it is laid out by
        // the engine and its missing ones make it ambiguous. `arranged` sits in a stack view,
        // whose constraints place it.
        let r = try checkIB(xib(rootView("""
            <textField translatesAutoresizingMaskIntoConstraints="NO" id="free">
                <rect key="frame" x="139" y="7" width="120" height="30"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
            </textField>
            \(box("half", 10, 50, 40, 20))
            <stackView translatesAutoresizingMaskIntoConstraints="NO" id="stack">
                <rect key="frame" x="200" y="50" width="60" height="20"/>
                <subviews>\(box("arranged", 0, 0, 60, 20))</subviews>
            </stackView>
            """, constraints: """
            <constraint firstItem="half" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="h1"/>
            <constraint firstItem="stack" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="200" id="s1"/>
            <constraint firstItem="stack" firstAttribute="top" secondItem="root" secondAttribute="top" constant="50" id="s2"/>
            <constraint firstItem="arranged" firstAttribute="width" constant="60" id="s3"/>
            <constraint firstItem="arranged" firstAttribute="height" constant="20" id="s4"/>
            """)))
        #expect(r.frame("free") == Rect(x: 139, y: 7, width: 120, height: 30))
        #expect(!r.ambiguousViews.contains("free"))
        #expect(r.ambiguousViews.contains("half"))
        #expect(r.frame("arranged") == Rect(x: 0, y: 0, width: 60, height: 20))
        #expect(r.storedFrames?.differences.contains { $0.hasPrefix("free:") } == false)
    }

    @Test func aScrollViewsMarginsAreInsetFromItsContent() throws {
        // Seen from its subviews, a scroll view's margins are its content's edges inset by the
        // margins (20 and 30 at the sides, 5 and 7 above and below): `a` starts at the leading
        // and top margins, `b` ends at the trailing margin, which makes the content 150 wide,
        // and `c`, 10 wide at the content's trailing edge, starts at 140. `d` hangs below the
        // bottom margin by its constant: the content is 5 + 50 + 12 + 7 = 74 tall. `e` is
        // centred within the margins of the frame (a centre is the frame's, as Apple's Auto
        // Layout Guide says): between 20 and 320 - 30, its centre at 155.
        let r = try checkIB(xib(rootView("""
            <scrollView translatesAutoresizingMaskIntoConstraints="NO" id="scroll">
                <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                <subviews>
                    \(box("a", 20, 5, 50, 50))
                    \(box("b", 80, 5, 40, 50))
                    \(box("c", 140, 0, 10, 10))
                    \(box("d", 20, 55, 10, 12))
                    \(box("e", 150, 0, 10, 10))
                </subviews>
                <edgeInsets key="layoutMargins" top="5" left="20" bottom="7" right="30"/>
                <constraints>
                    <constraint firstItem="a" firstAttribute="leading" secondItem="scroll" secondAttribute="leadingMargin" id="a1"/>
                    <constraint firstItem="a" firstAttribute="top" secondItem="scroll" secondAttribute="topMargin" id="a2"/>
                    <constraint firstItem="a" firstAttribute="width" constant="50" id="a3"/>
                    <constraint firstItem="a" firstAttribute="height" constant="50" id="a4"/>
                    <constraint firstItem="b" firstAttribute="leading" secondItem="a" secondAttribute="trailing" constant="10" id="b1"/>
                    <constraint firstAttribute="trailingMargin" secondItem="b" secondAttribute="trailing" id="b2"/>
                    <constraint firstItem="b" firstAttribute="top" secondItem="a" secondAttribute="top" id="b3"/>
                    <constraint firstItem="b" firstAttribute="width" constant="40" id="b4"/>
                    <constraint firstItem="b" firstAttribute="height" constant="50" id="b5"/>
                    <constraint firstAttribute="trailing" secondItem="c" secondAttribute="trailing" id="c1"/>
                    <constraint firstItem="c" firstAttribute="top" secondItem="scroll" secondAttribute="top" id="c2"/>
                    <constraint firstItem="c" firstAttribute="width" constant="10" id="c3"/>
                    <constraint firstItem="c" firstAttribute="height" constant="10" id="c4"/>
                    <constraint firstItem="d" firstAttribute="top" secondItem="a" secondAttribute="bottom" id="d1"/>
                    <constraint firstItem="d" firstAttribute="leading" secondItem="a" secondAttribute="leading" id="d2"/>
                    <constraint firstItem="d" firstAttribute="width" constant="10" id="d3"/>
                    <constraint firstItem="d" firstAttribute="height" constant="12" id="d4"/>
                    <constraint firstAttribute="bottomMargin" secondItem="d" secondAttribute="bottom" id="d5"/>
                    <constraint firstItem="e" firstAttribute="centerX" secondItem="scroll" secondAttribute="centerXWithinMargins" id="e1"/>
                    <constraint firstItem="e" firstAttribute="top" secondItem="scroll" secondAttribute="top" id="e2"/>
                    <constraint firstItem="e" firstAttribute="width" constant="10" id="e3"/>
                    <constraint firstItem="e" firstAttribute="height" constant="10" id="e4"/>
                </constraints>
            </scrollView>
            """, constraints: edgesPinned("scroll"))))
        #expect(r.conflicts.isEmpty)
        #expect(r.frame("a") == Rect(x: 20, y: 5, width: 50, height: 50))
        #expect(r.frame("b") == Rect(x: 80, y: 5, width: 40, height: 50))
        #expect(r.frame("c") == Rect(x: 140, y: 0, width: 10, height: 10))
        #expect(r.frame("d") == Rect(x: 20, y: 55, width: 10, height: 12))
        #expect(r.frame("e") == Rect(x: 150, y: 0, width: 10, height: 10))
        #expect(r.frame("scroll.contentLayoutGuide")?.size == Size(width: 150, height: 74))
    }

    @Test func aCustomViewIBDoesNotFlagTakesTheSizeNothingElseDecidesFromItsFrame() throws {
        // A custom class (an `@IBDesignable` star rating) placed by its centre and top only: IB
        // ran its `intrinsicContentSize`, so the 120 × 20 it stored is that size. Flagged
        // ambiguous, or read with the text model, it stays open; a plain view stays open too.
        func rating(_ attributes: String, element: String = "view", options: InterfaceBuilderFile.Options = .init()) throws -> CheckResult {
            try checkIB(xib(rootView("""
                <\(element) contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="stars" \(attributes)>
                    <rect key="frame" x="100" y="10" width="120" height="20"/>
                </\(element)>
                """, constraints: """
                <constraint firstItem="stars" firstAttribute="centerX" secondItem="root" secondAttribute="centerX" id="r1"/>
                <constraint firstItem="stars" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10" id="r2"/>
                """)), options: options)
        }
        let designable = try rating(#"customClass="CosmosView" customModule="Cosmos""#)
        #expect(designable.frame("stars") == Rect(x: 100, y: 10, width: 120, height: 20))
        #expect(designable.ambiguousViews.isEmpty)
        let flagged = try rating(#"customClass="CosmosView" ambiguous="YES""#)
        #expect(flagged.ambiguousViews == ["stars"])
        let modelled = try rating(#"customClass="CosmosView""#, options: .init(intrinsicSizes: .fromModel))
        #expect(modelled.ambiguousViews == ["stars"])
        #expect(try rating("").ambiguousViews == ["stars"])
    }

    @Test func aStackWithNoVisibleArrangedViewKeepsTheSizeIBDrewIt() throws {
        // `empty` has no arranged views and `row` only hidden ones: UIKit arranges nothing, IB
        // flags neither and leaves each at the size it drew where no constraint decides it.
        // The column stretches `row` to its width; its height stays the 0 IB drew, so `below`
        // follows it directly. The hidden field keeps its own width: no `UISV-hiding` conflict.
        let r = try checkIB(xib(rootView("""
            <stackView translatesAutoresizingMaskIntoConstraints="NO" id="empty">
                <rect key="frame" x="10" y="10" width="123" height="50"/>
            </stackView>
            <stackView axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="column">
                <rect key="frame" x="0" y="100" width="300" height="40"/>
                <subviews>
                    \(box("above", 0, 0, 300, 20))
                    <stackView translatesAutoresizingMaskIntoConstraints="NO" id="row">
                        <rect key="frame" x="0" y="20" width="300" height="0"/>
                        <subviews>
                            <view hidden="YES" translatesAutoresizingMaskIntoConstraints="NO" id="hidden">
                                <rect key="frame" x="0" y="0" width="16" height="34"/>
                                <constraints><constraint firstAttribute="width" constant="16" id="w"/></constraints>
                            </view>
                        </subviews>
                    </stackView>
                    \(box("below", 0, 20, 300, 20))
                </subviews>
            </stackView>
            """, constraints: """
            <constraint firstItem="empty" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="e1"/>
            <constraint firstItem="empty" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10" id="e2"/>
            <constraint firstItem="column" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
            <constraint firstItem="column" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="c2"/>
            <constraint firstItem="column" firstAttribute="width" constant="300" id="c3"/>
            <constraint firstItem="above" firstAttribute="height" constant="20" id="c4"/>
            <constraint firstItem="below" firstAttribute="height" constant="20" id="c5"/>
            """)))
        #expect(r.frame("empty") == Rect(x: 10, y: 10, width: 123, height: 50))
        #expect(r.frame("row") == Rect(x: 0, y: 20, width: 300, height: 0))
        #expect(r.frame("below") == Rect(x: 0, y: 20, width: 300, height: 20))
        #expect(r.frame("hidden")?.width == 16)
        #expect(r.conflicts.isEmpty)
        #expect(!r.ambiguousViews.contains("empty") && !r.ambiguousViews.contains("row"))
    }

    @Test func aStacksWeakFittingConstraintsDoNotSizeAViewIBDrew() throws {
        // A centred row 300 wide: `card` (a plain view, 240 × 50 as drawn) has no height of
        // its own, so only UIKit's ambiguity suppression (@25) and the spanner's fit (@51) would
        // decide it: 0. IB keeps the 50 it drew, centred on `badge` (20 tall). An equal-spacing
        // row: `gap` (a childless view drawn 30 wide) is sized along the row only by the canvas
        // fit (@49): IB keeps 30.
        let r = try checkIB(xib(rootView("""
            <stackView alignment="center" spacing="10" translatesAutoresizingMaskIntoConstraints="NO" id="row">
                <rect key="frame" x="0" y="0" width="300" height="50"/>
                <subviews>
                    \(box("card", 0, 0, 240, 50, inner: #"<constraints><constraint firstAttribute="width" constant="240" id="k1"/></constraints>"#))
                    \(box("badge", 250, 15, 50, 20))
                </subviews>
            </stackView>
            <stackView distribution="equalSpacing" alignment="top" translatesAutoresizingMaskIntoConstraints="NO" id="spread">
                <rect key="frame" x="0" y="100" width="110" height="20"/>
                <subviews>
                    \(box("left", 0, 0, 40, 20))
                    \(box("gap", 40, 0, 30, 20, inner: #"<constraints><constraint firstAttribute="height" constant="20" id="k2"/></constraints>"#))
                    \(box("right", 70, 0, 40, 20))
                </subviews>
            </stackView>
            """, constraints: """
            <constraint firstItem="row" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="r1"/>
            <constraint firstItem="row" firstAttribute="top" secondItem="root" secondAttribute="top" id="r2"/>
            <constraint firstItem="spread" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="s1"/>
            <constraint firstItem="spread" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="s2"/>
            \(sized("badge", 50, 20) + sized("left", 40, 20) + sized("right", 40, 20))
            """)))
        #expect(r.frame("card") == Rect(x: 0, y: 0, width: 240, height: 50))
        #expect(r.frame("badge") == Rect(x: 250, y: 15, width: 50, height: 20))
        #expect(r.frame("row")?.height == 50)
        #expect(r.frame("gap") == Rect(x: 40, y: 0, width: 30, height: 20))
        #expect(r.frame("spread")?.width == 110)
        #expect(r.conflicts.isEmpty)
        #expect(r.ambiguousViews.isEmpty)
    }

    @Test func oldLayoutGuidesOfAScrollViewRootEndItsContent() throws {
        // UIKit's top and bottom layout guides were views in the root, as long as the bars: in a
        // scroll view root they sit at the ends of the content. Under a status bar and no
        // bottom bar, `a` (20 below the top guide) starts at 40, and `b`, 10 above the bottom
        // guide, ends the content 10 below itself: the content is 130 tall in a 667-point
        // scroll view, without a conflict.
        let root = """
            <scrollView key="view" contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>\(box("a", 0, 40, 100, 30))\(box("b", 0, 90, 100, 30))</subviews>
                <constraints>
                    <constraint firstItem="a" firstAttribute="top" secondItem="top" secondAttribute="bottom" constant="20" id="g1"/>
                    <constraint firstItem="b" firstAttribute="top" secondItem="a" secondAttribute="bottom" constant="20" id="g2"/>
                    <constraint firstItem="bottom" firstAttribute="top" secondItem="b" secondAttribute="bottom" constant="10" id="g3"/>
                    <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="g4"/>
                    <constraint firstItem="b" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="g5"/>
                    <constraint firstItem="a" firstAttribute="height" constant="30" id="g6"/>
                    <constraint firstItem="b" firstAttribute="height" constant="30" id="g7"/>
                    <constraint firstItem="a" firstAttribute="width" constant="100" id="g8"/>
                    <constraint firstItem="b" firstAttribute="width" constant="100" id="g9"/>
                </constraints>
            </scrollView>
            """
        let r = try checkIB(storyboardWithOldLayoutGuides(root), path: "t.storyboard")
        #expect(r.frame("a") == Rect(x: 0, y: 40, width: 100, height: 30))
        #expect(r.frame("b") == Rect(x: 0, y: 90, width: 100, height: 30))
        #expect(r.frame("root.contentLayoutGuide")?.height == 130)
        #expect(r.conflicts.isEmpty)
        #expect(r.ambiguous.isEmpty)
    }

    @Test func aXibsTopLevelViewIsDrawnAsAControllersRootView() throws {
        // A top-level <view> of a .xib gets a root view's margins (16 at the sides below 414
        // points wide, 20 from 414; none above or below) inside the device's notch and home
        // indicator, whatever its size, and no status bar.
        func pinned(width: Double, height: Double, device: String) throws -> Rect? {
            let text = xib(rootView(box("a", 0, 0, 10, 10), constraints: """
                <constraint firstItem="a" firstAttribute="leading" secondItem="root" secondAttribute="leadingMargin" id="m1"/>
                <constraint firstAttribute="trailingMargin" secondItem="a" secondAttribute="trailing" id="m2"/>
                <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="topMargin" id="m3"/>
                <constraint firstAttribute="bottomMargin" secondItem="a" secondAttribute="bottom" id="m4"/>
                """, width: width, height: height), device: device)
            return try checkIB(text).frame("a")
        }
        // A 510 × 160 card on an iPhone 11: 20 at the sides, 48 above (Xcode 14.3 on, the
        // helper's 21701), 34 below.
        #expect(try pinned(width: 510, height: 160, device: "retina6_1") == Rect(x: 20, y: 48, width: 470, height: 78))
        // A 375-point header on an iPhone 8: 16 at the sides, nothing above or below.
        #expect(try pinned(width: 375, height: 42, device: "retina4_7") == Rect(x: 16, y: 0, width: 343, height: 42))
        // A 600-point dialog on an iPhone 8: 20.
        #expect(try pinned(width: 600, height: 300, device: "retina4_7") == Rect(x: 20, y: 0, width: 560, height: 300))
    }

    @Test func aVisualEffectViewsContentViewIsLaidOutAndCompared() throws {
        // The content view fills the effect view by its autoresizing mask; `inner` is pinned
        // 8 inside it, and both stored frames are compared (none is skipped).
        let r = try checkIB(xib(rootView("""
            <visualEffectView translatesAutoresizingMaskIntoConstraints="NO" id="blur">
                <rect key="frame" x="10" y="20" width="200" height="50"/>
                <view key="contentView" id="content">
                    <rect key="frame" x="0.0" y="0.0" width="200" height="50"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>\(box("inner", 8, 8, 184, 34))</subviews>
                    <constraints>
                        <constraint firstItem="inner" firstAttribute="leading" secondItem="content" secondAttribute="leading" constant="8" id="i1"/>
                        <constraint firstItem="inner" firstAttribute="top" secondItem="content" secondAttribute="top" constant="8" id="i2"/>
                        <constraint firstAttribute="trailing" secondItem="inner" secondAttribute="trailing" constant="8" id="i3"/>
                        <constraint firstAttribute="bottom" secondItem="inner" secondAttribute="bottom" constant="8" id="i4"/>
                    </constraints>
                </view>
                <blurEffect style="regular"/>
            </visualEffectView>
            """, constraints: """
            <constraint firstItem="blur" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="b1"/>
            <constraint firstItem="blur" firstAttribute="top" secondItem="root" secondAttribute="top" constant="20" id="b2"/>
            <constraint firstItem="blur" firstAttribute="width" constant="200" id="b3"/>
            <constraint firstItem="blur" firstAttribute="height" constant="50" id="b4"/>
            """)))
        #expect(r.frame("content") == Rect(x: 0, y: 0, width: 200, height: 50))
        #expect(r.frame("inner") == Rect(x: 8, y: 8, width: 184, height: 34))
        #expect(r.views.first { $0.name == "inner" }?.superview == "content")
        #expect(r.storedFrames?.compared == 4)
        #expect(r.storedFrames?.matched == 4)
        #expect(r.conflicts.isEmpty && r.ambiguous.isEmpty)
    }

    @Test func aCollectionViewsSectionHeaderAndFooterAreLaidOutAndCompared() throws {
        // Section header and footer views sit where IB stored them in the collection view, and
        // what they hold is constrained inside them.
        func reusable(_ key: String, _ id: String, y: Double) -> String {
            """
            <collectionReusableView key="\(key)" reuseIdentifier="\(id)" id="\(id)">
                <rect key="frame" x="0.0" y="\(y)" width="320" height="40"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>\(box(id + "-title", 16, 10, 288, 20))</subviews>
                <constraints>
                    <constraint firstItem="\(id)-title" firstAttribute="leading" secondItem="\(id)" secondAttribute="leading" constant="16" id="\(id)1"/>
                    <constraint firstAttribute="trailing" secondItem="\(id)-title" secondAttribute="trailing" constant="16" id="\(id)2"/>
                    <constraint firstItem="\(id)-title" firstAttribute="centerY" secondItem="\(id)" secondAttribute="centerY" id="\(id)3"/>
                    <constraint firstItem="\(id)-title" firstAttribute="height" constant="20" id="\(id)4"/>
                </constraints>
            </collectionReusableView>
            """
        }
        let r = try checkIB(xib(rootView("""
            <collectionView dataMode="prototypes" translatesAutoresizingMaskIntoConstraints="NO" id="list">
                <rect key="frame" x="0.0" y="0.0" width="320" height="100"/>
                <collectionViewFlowLayout key="collectionViewLayout" id="flow"/>
                \(reusable("sectionHeaderView", "header", y: 0))
                \(reusable("sectionFooterView", "footer", y: 60))
            </collectionView>
            """, constraints: edgesPinned("list"))))
        #expect(r.frame("header") == Rect(x: 0, y: 0, width: 320, height: 40))
        #expect(r.frame("footer-title") == Rect(x: 16, y: 10, width: 288, height: 20))
        #expect(r.views.first { $0.name == "footer-title" }?.superview == "footer")
        #expect(r.storedFrames?.differences == [])
        #expect(r.conflicts.isEmpty)
    }

    @Test func aScenesOwnViewsAreLaidOutByThemselves() throws {
        // Views in a scene beside its controller (added in code) are drawn at their stored
        // size: a plain one with a controller root's 16-point side margins, a switch as stored
        // (its frame, not its alignment rectangle plus the outsets again).
        let extra = rootView(box("title", 16, 10, 208, 30), constraints: """
            <constraint firstItem="title" firstAttribute="leading" secondItem="panel" secondAttribute="leadingMargin" id="p1"/>
            <constraint firstAttribute="trailingMargin" secondItem="title" secondAttribute="trailing" id="p2"/>
            <constraint firstItem="title" firstAttribute="top" secondItem="panel" secondAttribute="top" constant="10" id="p3"/>
            <constraint firstItem="title" firstAttribute="height" constant="30" id="p4"/>
            """, id: "panel", width: 240, height: 50) + """
            <switch opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" id="toggle">
                <rect key="frame" x="0.0" y="0.0" width="51" height="31"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            </switch>
            """
        let text = storyboard(controllerRoot(375, 667, "", constraints: "")).replacing("</viewController>", with: "</viewController>" + extra)
        let r = try checkIB(text, path: "t.storyboard")
        #expect(r.frame("title") == Rect(x: 16, y: 10, width: 208, height: 30))
        #expect(r.frame("toggle") == Rect(x: 0, y: 0, width: 51, height: 31))
        #expect(r.storedFrames?.differences == [])
    }

    @Test func hiddenArrangedViewsAreWhereIBDrawsThem() throws {
        // A fill-equally row 88 wide: `lead` (hidden, 44 wide by its own constraint) ends where
        // the first visible button starts; `tail` (hidden, 44) starts where the last one ends.
        // In a nib, UIKit's required `UISV-hiding` would break their widths instead.
        func button(_ id: String, hidden: Bool) -> String {
            """
            <view \(hidden ? #"hidden="YES""# : "") translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                <rect key="frame" x="0" y="0" width="44" height="44"/>
                <constraints><constraint firstAttribute="width" constant="44" id="\(id)-w"/></constraints>
            </view>
            """
        }
        let text = xib(rootView("""
            <stackView distribution="fillEqually" translatesAutoresizingMaskIntoConstraints="NO" id="row">
                <rect key="frame" x="0" y="0" width="88" height="44"/>
                <subviews>\(button("lead", hidden: true))\(button("a", hidden: false))\(button("b", hidden: false))\(button("tail", hidden: true))</subviews>
            </stackView>
            """, constraints: """
            <constraint firstItem="row" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="r1"/>
            <constraint firstItem="row" firstAttribute="top" secondItem="root" secondAttribute="top" id="r2"/>
            <constraint firstItem="row" firstAttribute="height" constant="44" id="r3"/>
            """))
        let r = try checkIB(text)
        #expect(r.frame("lead") == Rect(x: -44, y: 0, width: 44, height: 44))
        #expect(r.frame("a") == Rect(x: 0, y: 0, width: 44, height: 44))
        #expect(r.frame("b") == Rect(x: 44, y: 0, width: 44, height: 44))
        #expect(r.frame("tail") == Rect(x: 88, y: 0, width: 44, height: 44))
        #expect(r.conflicts.isEmpty)
        let root = try Nib(text: text, path: "t.xib").instantiate(withOwner: nil)[0]
        let row = try #require(root.subviews.first as? StackView)
        #expect(!row.arrangesHiddenViewsAsInterfaceBuilder)
    }

    @Test func aLabelInAVerticalProportionalStackMeasuresItsLine() throws {
        // The stack (201 tall) shares its height by intrinsic heights: the label's line is
        // 20.5 (17 points), the picker's 216, so the label gets 201 × 20.5 / 236.5 = 17.42, as
        // IB stored it (17.5), not a share of its stored 17.5.
        let r = try checkIB(xib(rootView("""
            <stackView axis="vertical" distribution="fillProportionally" translatesAutoresizingMaskIntoConstraints="NO" id="form">
                <rect key="frame" x="0" y="0" width="320" height="201"/>
                <subviews>
                    <label text="Pick one" translatesAutoresizingMaskIntoConstraints="NO" id="title">
                        <rect key="frame" x="0" y="0" width="320" height="17.5"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                    <pickerView translatesAutoresizingMaskIntoConstraints="NO" id="picker">
                        <rect key="frame" x="0" y="17.5" width="320" height="183.5"/>
                    </pickerView>
                </subviews>
            </stackView>
            """, constraints: """
            <constraint firstItem="form" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="f1"/>
            <constraint firstItem="form" firstAttribute="top" secondItem="root" secondAttribute="top" id="f2"/>
            <constraint firstItem="form" firstAttribute="width" constant="320" id="f3"/>
            <constraint firstItem="form" firstAttribute="height" constant="201" id="f4"/>
            """)))
        let title = try #require(r.frame("title"))
        #expect(abs(title.height - 201 * 20.5 / 236.5) < 1e-6)
        #expect(title.width == 320)
        #expect(r.storedFrames?.differences == [])
    }

    @Test func whereNothingDecidesAFrameIBKeepsTheOneItDrewAndTheAmbiguityIsReported() throws {
        // `loose` is placed but nothing sizes it (a plain view): IB keeps its drawn 120 × 30;
        // the report still says the layout is ambiguous.
        let r = try checkIB(xib(rootView(box("loose", 10, 20, 120, 30), constraints: """
            <constraint firstItem="loose" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="l1"/>
            <constraint firstItem="loose" firstAttribute="top" secondItem="root" secondAttribute="top" constant="20" id="l2"/>
            """)))
        #expect(r.frame("loose") == Rect(x: 10, y: 20, width: 120, height: 30))
        #expect(r.ambiguousViews == ["loose"])
        #expect(r.ambiguous == ["loose: width, height open"])
        #expect(r.storedFrames?.differences == [])
    }

    @Test func controlsWithoutAStoredFrameTakeTheSizesOfTheirGeneration() throws {
        // Xcode 8 left many frames out: such controls take UIKit's sizes, as the Xcode that
        // saved the file drew them (iOS 13 made steppers, progress bars and segmented controls
        // taller). A default progress bar spans the root; the others keep their sizes.
        func frames(tools: String) throws -> [Rect?] {
            let text = xib(rootView("""
                <stepper translatesAutoresizingMaskIntoConstraints="NO" id="stepper"/>
                <progressView translatesAutoresizingMaskIntoConstraints="NO" id="bar"/>
                <segmentedControl translatesAutoresizingMaskIntoConstraints="NO" id="choice">
                    <segments><segment title="One"/><segment title="Two"/></segments>
                </segmentedControl>
                <datePicker contentMode="scaleToFill" datePickerMode="time" translatesAutoresizingMaskIntoConstraints="NO" id="time"/>
                """, constraints: """
                <constraint firstItem="stepper" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
                <constraint firstItem="stepper" firstAttribute="top" secondItem="root" secondAttribute="top" id="c2"/>
                <constraint firstItem="bar" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
                <constraint firstItem="bar" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c4"/>
                <constraint firstItem="bar" firstAttribute="top" secondItem="stepper" secondAttribute="bottom" id="c5"/>
                <constraint firstItem="choice" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c6"/>
                <constraint firstItem="choice" firstAttribute="top" secondItem="bar" secondAttribute="bottom" id="c7"/>
                <constraint firstItem="time" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c8"/>
                <constraint firstItem="time" firstAttribute="top" secondItem="choice" secondAttribute="bottom" id="c9"/>
                """)).replacing(#"toolsVersion="21701""#, with: #"toolsVersion="\#(tools)""#)
            let r = try checkIB(text)
            return ["stepper", "bar", "choice", "time"].map { r.frame($0) }
        }
        let old = try frames(tools: "14460"), new = try frames(tools: "21701")
        #expect(old[0] == Rect(x: 0, y: 0, width: 94, height: 29))
        #expect(new[0] == Rect(x: 0, y: 0, width: 94, height: 32))
        #expect(old[1] == Rect(x: 0, y: 29, width: 320, height: 2))
        #expect(new[1] == Rect(x: 0, y: 32, width: 320, height: 4))
        #expect(old[2]?.height == 29 && new[2]?.height == 32)
        #expect(new[3]?.size == Size(width: 320, height: 216))
    }

    @Test func aWrappingLabelsDesignableSizeIsItsOneLineSize() throws {
        // IB records a designable label's intrinsic size on one line (1,081 points wide) and
        // stores the frame it wrapped to: the wrapping label takes the stored 184 × 96; a
        // one-line designable label keeps its recorded size (60 × 18, not its stored 100 × 30).
        func label(_ id: String, lines: Int, y: Double, size: Size) -> String {
            """
            <label text="Lorem ipsum" numberOfLines="\(lines)" customClass="StyledLabel" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                <rect key="frame" x="0" y="\(y)" width="\(size.width)" height="\(size.height)"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
            </label>
            """
        }
        let text = xib(rootView(label("wrapping", lines: 0, y: 0, size: Size(width: 184, height: 96))
                                + label("single", lines: 1, y: 100, size: Size(width: 100, height: 30)), constraints: """
            <constraint firstItem="wrapping" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="w1"/>
            <constraint firstItem="wrapping" firstAttribute="top" secondItem="root" secondAttribute="top" id="w2"/>
            <constraint firstItem="wrapping" firstAttribute="width" constant="184" id="w3"/>
            <constraint firstItem="single" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="s1"/>
            <constraint firstItem="single" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="s2"/>
            """)).replacing("</objects>", with: """
            </objects>
            <designables>
                <designable name="wrapping"><size key="intrinsicContentSize" width="1081" height="18"/></designable>
                <designable name="single"><size key="intrinsicContentSize" width="60" height="18"/></designable>
            </designables>
            """)
        let r = try checkIB(text)
        #expect(r.frame("wrapping") == Rect(x: 0, y: 0, width: 184, height: 96))
        #expect(r.frame("single") == Rect(x: 0, y: 100, width: 60, height: 18))
    }

    @Test func aLabelSizedByItsStoredFrameHasOneBaselinePerLine() throws {
        // A baseline-relative column 29 points apart: from one line's baseline to the next
        // label's first. A 17-point label stored 20.33 tall has its single baseline 3.4 (the
        // font's descender) above its bottom, first and last alike; the two-line one's lines
        // share its 40.67 points. So the labels start at 0, 29 and 29 + 40.67 + 29 - 20.33.
        func label(_ id: String, y: Double, height: Double, lines: Int) -> String {
            """
            <label text="Name" numberOfLines="\(lines)" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                <rect key="frame" x="0" y="\(y)" width="120" height="\(height)"/>
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
            </label>
            """
        }
        let third = 29 + 40.6667 + 29 - 20.3333
        let column = """
            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="29" baselineRelativeArrangement="YES" translatesAutoresizingMaskIntoConstraints="NO" id="column">
                <rect key="frame" x="0" y="0" width="120" height="\(third + 20.3333)"/>
                <subviews>
                    \(label("one", y: 0, height: 20.3333, lines: 1))
                    \(label("two", y: 29, height: 40.6667, lines: 2))
                    \(label("three", y: third, height: 20.3333, lines: 1))
                </subviews>
            </stackView>
            """
        let r = try checkIB(xib(rootView(column, constraints: """
            <constraint firstItem="column" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
            <constraint firstItem="column" firstAttribute="top" secondItem="root" secondAttribute="top" id="c2"/>
            """)))
        #expect(abs((r.frame("two")?.minY ?? 0) - 29) < 0.01)
        #expect(abs((r.frame("three")?.minY ?? 0) - third) < 0.01)
        #expect(r.storedFrames?.differences == [])
    }

    @Test func aNavigationItemsCustomViewsStayWhereIBStoredThem() throws {
        // A 600-point scene's bar: custom views with autoresizing masks keep their stored
        // frames (the right button where a 375-point bar had it, the title view off centre),
        // in the bar, and nothing conflicts with it.
        let item = """
            <navigationItem key="navigationItem" title="Demo" id="item">
                <barButtonItem key="leftBarButtonItem" id="left-item">
                    <view key="customView" contentMode="scaleToFill" id="left">
                        <rect key="frame" x="16" y="2" width="60" height="40"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    </view>
                </barButtonItem>
                <segmentedControl key="titleView" opaque="NO" contentMode="scaleToFill" segmentControlStyle="bar" selectedSegmentIndex="0" id="title">
                    <rect key="frame" x="100" y="6" width="120" height="32"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMinY="YES" flexibleMaxY="YES"/>
                    <segments><segment title="One"/><segment title="Two"/></segments>
                </segmentedControl>
                <barButtonItem key="rightBarButtonItem" id="right-item">
                    <button key="customView" opaque="NO" contentMode="scaleToFill" buttonType="roundedRect" id="right">
                        <rect key="frame" x="276" y="7" width="83" height="30"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <state key="normal" title="Settings"/>
                    </button>
                </barButtonItem>
            </navigationItem>
            """
        let r = try checkIB(storyboard(controllerRoot(600, 667, "", constraints: ""), controllerExtras: item), path: "t.storyboard")
        #expect(r.frame("left") == Rect(x: 16, y: 2, width: 60, height: 40))
        #expect(r.frame("title") == Rect(x: 100, y: 6, width: 120, height: 32))
        #expect(r.frame("right") == Rect(x: 276, y: 7, width: 83, height: 30))
        #expect(r.views.first { $0.name == "right" }?.superview == "item.bar")
        #expect(r.views.first { $0.name == "item.bar" }?.frame.width == 600)
        #expect(r.conflicts.isEmpty)
        #expect(r.storedFrames?.differences == [])
    }

    @Test func aXibsTopLevelCollectionCellHasARootViewsSideMargins() throws {
        // A top-level collection view cell is drawn with a root view's side margins by its own
        // width (16 below 400 points, 20 from 400), not a cell's 8; it gets no safe area.
        func pinned(width: Double, device: String) throws -> Rect? {
            let text = xib("""
                <collectionViewCell contentMode="center" id="cell">
                    <rect key="frame" x="0.0" y="0.0" width="\(width)" height="100"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <view key="contentView" contentMode="center" id="content">
                        <rect key="frame" x="0.0" y="0.0" width="\(width)" height="100"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>\(box("a", 0, 0, 10, 10))</subviews>
                    </view>
                    <constraints>
                        <constraint firstItem="a" firstAttribute="leading" secondItem="cell" secondAttribute="leadingMargin" id="m1"/>
                        <constraint firstAttribute="trailingMargin" secondItem="a" secondAttribute="trailing" id="m2"/>
                        <constraint firstItem="a" firstAttribute="top" secondItem="cell" secondAttribute="top" constant="5" id="m3"/>
                        <constraint firstItem="a" firstAttribute="height" constant="10" id="m4"/>
                    </constraints>
                </collectionViewCell>
                """, device: device)
            return try checkIB(text).frame("a")
        }
        #expect(try pinned(width: 352, device: "retina4_7") == Rect(x: 16, y: 5, width: 320, height: 10))
        #expect(try pinned(width: 417, device: "retina6_1") == Rect(x: 20, y: 5, width: 377, height: 10))
    }

    @Test func aViewThatPreservesItsSuperviewsMarginsTakesThem() throws {
        // A .xib's 375-point root has 16-point side margins. `flush` fills its width and
        // preserves them: its own 8 become 16. `inset` starts 10 points in: 16 - 10 = 6 is less
        // than its own 8, which stay. `plain` fills the width without preserving: 8.
        func child(of container: String, x: Double, attributes: String) -> String {
            box(container, x, 0, 375 - 2 * x, 50, attributes: attributes, inner: """
                <subviews>\(box(container + "-a", 0, 0, 10, 10))</subviews>
                <constraints>
                    <constraint firstItem="\(container)-a" firstAttribute="leading" secondItem="\(container)" secondAttribute="leadingMargin" id="\(container)1"/>
                    <constraint firstItem="\(container)-a" firstAttribute="top" secondItem="\(container)" secondAttribute="top" id="\(container)2"/>
                    <constraint firstItem="\(container)-a" firstAttribute="width" constant="10" id="\(container)3"/>
                    <constraint firstItem="\(container)-a" firstAttribute="height" constant="10" id="\(container)4"/>
                </constraints>
                """)
        }
        func pins(_ id: String, x: Double, y: Double) -> String {
            """
            <constraint firstItem="\(id)" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="\(x)" id="\(id)-l"/>
            <constraint firstItem="\(id)" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" constant="-\(x)" id="\(id)-t"/>
            <constraint firstItem="\(id)" firstAttribute="top" secondItem="root" secondAttribute="top" constant="\(y)" id="\(id)-o"/>
            <constraint firstItem="\(id)" firstAttribute="height" constant="50" id="\(id)-h"/>
            """
        }
        let text = xib("""
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                <subviews>
                    \(child(of: "flush", x: 0, attributes: #"preservesSuperviewLayoutMargins="YES""#))
                    \(child(of: "inset", x: 10, attributes: #"preservesSuperviewLayoutMargins="YES""#))
                    \(child(of: "plain", x: 0, attributes: ""))
                </subviews>
                <constraints>\(pins("flush", x: 0, y: 0))\(pins("inset", x: 10, y: 60))\(pins("plain", x: 0, y: 120))</constraints>
            </view>
            """)
        let r = try checkIB(text)
        #expect(r.frame("flush-a")?.minX == 16)
        #expect(r.frame("inset-a")?.minX == 8)
        #expect(r.frame("plain-a")?.minX == 8)
    }

    @Test func aCustomViewWithPrioritiesSetInIBHasItsStoredSizeAsIntrinsic() throws {
        // Priorities act only on an intrinsic size: a custom view whose vertical compression
        // resistance was set to 1000 has an intrinsic height, the 50 IB stored, which beats a
        // 40-point height at priority 500. A plain view with the same attributes has none.
        func field(_ attributes: String) throws -> Rect? {
            try checkIB(xib(rootView("""
                <view contentMode="scaleToFill" verticalHuggingPriority="1000" verticalCompressionResistancePriority="1000" translatesAutoresizingMaskIntoConstraints="NO" id="f" \(attributes)>
                    <rect key="frame" x="0.0" y="0.0" width="240" height="50"/>
                    <constraints><constraint firstAttribute="height" priority="500" constant="40" id="h"/></constraints>
                </view>
                """, constraints: """
                <constraint firstItem="f" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="l"/>
                <constraint firstItem="f" firstAttribute="top" secondItem="root" secondAttribute="top" id="t"/>
                <constraint firstItem="f" firstAttribute="width" constant="240" id="w"/>
                """))).frame("f")
        }
        #expect(try field(#"customClass="LoginEntryView""#) == Rect(x: 0, y: 0, width: 240, height: 50))
        #expect(try field("") == Rect(x: 0, y: 0, width: 240, height: 40))
    }
}
