import Testing
import AutoLayout
@testable import ConstraintFile

@Suite struct SVGRendererTests {
    @Test func numbersAndEscapes() {
        #expect([0, 12.5, 1.0 / 3, -2].map(SVGRenderer.number) == ["0", "12.5", "0.33", "-2"])
        #expect(SVGRenderer.escaped("a<b & 'c'") == "a&lt;b &amp; &apos;c&apos;")
    }
}

@Suite struct SVGRendererStoredFrameTests {
    @Test func storedFramesThatDifferAreDrawnDashedBesideTheSolvedOnes() throws {
        // `inner` sits in `outer` (stored at 10, 10): its constraints put it at 5, 5, but IB
        // stored it at 20, 30, so the drawing has a dashed rectangle where IB drew it, at
        // 10 + 20 and 10 + 30 in the root (plus the 20-point padding), and a legend. `outer`
        // matches and gets none.
        let r = try checkIB(xib(rootView(box("outer", 10, 10, 200, 80, inner: """
            <subviews>\(box("inner", 20, 30, 40, 20))</subviews>
            <constraints>
                <constraint firstItem="inner" firstAttribute="leading" secondItem="outer" secondAttribute="leading" constant="5" id="c1"/>
                <constraint firstItem="inner" firstAttribute="top" secondItem="outer" secondAttribute="top" constant="5" id="c2"/>
                <constraint firstItem="inner" firstAttribute="width" constant="40" id="c3"/>
                <constraint firstItem="inner" firstAttribute="height" constant="20" id="c4"/>
            </constraints>
            """), constraints: """
            <constraint firstItem="outer" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="o1"/>
            <constraint firstItem="outer" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10" id="o2"/>
            <constraint firstItem="outer" firstAttribute="width" constant="200" id="o3"/>
            <constraint firstItem="outer" firstAttribute="height" constant="80" id="o4"/>
            """)))
        #expect(r.storedFrames?.storedAbsoluteFrames == ["inner": Rect(x: 30, y: 40, width: 40, height: 20)])
        let svg = SVGRenderer.render(r)
        #expect(svg.contains(#"<rect class="stored" x="50" y="60" width="40" height="20""#))
        #expect(svg.components(separatedBy: #"class="stored""#).count == 2)
        #expect(svg.contains("dashed orange: the frame Interface Builder stored, for the 1 view solved elsewhere"))
    }
}
