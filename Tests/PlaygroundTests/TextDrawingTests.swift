import AutoLayout
import Testing
import PlaygroundKit

@Suite struct TextDrawingTests {
    @Test func boxesNamesAndOneCharacterViews() {
        let drawing = textDrawing(of: [("root", Rect(x: 0, y: 0, width: 160, height: 80)),
                                       ("label", Rect(x: 20, y: 20, width: 100, height: 40)),
                                       ("d", Rect(x: 140, y: 40, width: 10, height: 20))],
                                  size: Size(width: 160, height: 80), maxColumns: 16)
        #expect(drawing == """
            (a character is 10 × 20 pt)
            +root----------+
            | +label---+   |
            | +--------+  o|
            +--------------+
            """)
    }

    @Test func aNameStopsAtWhatCoversItsEdge() {
        let drawing = textDrawing(of: [("parent", Rect(x: 0, y: 0, width: 160, height: 40)),
                                       ("xy", Rect(x: 30, y: 0, width: 50, height: 40)),
                                       ("row", Rect(x: 100, y: 20, width: 40, height: 20))],
                                  size: Size(width: 160, height: 40), maxColumns: 16)
        #expect(drawing == """
            (a character is 10 × 20 pt)
            +pa+xy-+-------+
            +--+---+--[ro]-+
            """)
    }

    @Test func theScaleKeepsTheDrawingWithinItsLimits() {
        #expect(textDrawing(of: [], size: Size(width: 375, height: 44)).hasPrefix("(a character is 5 × 10 pt)\n"))
        #expect(textDrawing(of: [], size: Size(width: 375, height: 1024)).hasPrefix("(a character is 26 × 52 pt)\n"))
        let lines = textDrawing(of: [("a", Rect(x: 0, y: 0, width: 1000, height: 300))], size: Size(width: 1000, height: 300))
            .split(separator: "\n")
        #expect(lines.dropFirst().allSatisfy { $0.count <= 76 } && lines.count - 1 <= 20)
    }

    @Test func pagesNameViewsByIdentifierTextOrClass() {
        let view = View(), label = Label(text: "Hi"), named = Label(text: "Hi")
        named.accessibilityIdentifier = "greeting"
        #expect(name(of: view) == "View")
        #expect(name(of: label) == "\"Hi\"")
        #expect(name(of: named) == "greeting")
        #expect(name(of: StackView()) == "StackView")
    }

    @Test func framesAreIndentedByDepthAndHiddenViewsMarked() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        let child = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        child.accessibilityIdentifier = "child"
        child.isHidden = true
        root.addSubview(child)
        var lines: [String] = []
        Page { lines.append($0) }.frames(of: root)
        #expect(lines == ["  View (0 0; 100 50)", "    child (10 10; 20 20) hidden"])
    }
}
