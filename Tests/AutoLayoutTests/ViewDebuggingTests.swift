import Testing
@testable import AutoLayout

@Suite struct ViewDebuggingTests {
    @Test func ambiguityIsDetectedAndTraced() {
        let a = View(), label = Label(text: "Testing out NSLayoutConstraints")
        let root = makeRoot(a, label)
        let guide = LayoutGuide()
        root.addLayoutGuide(guide)
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.widthAnchor.constraint(equalToConstant: 10),
            a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 10),
            label.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
        ])
        #expect(!a.hasAmbiguousLayout)
        #expect(label.hasAmbiguousLayout)
        let trace = root.autolayoutTrace()
        #expect(trace == """
            •UIView:0x7f8000001200
            |   *UIView:0x7f8000001400
            |   *UILabel:0x7f8000001600'Testing out NSLayoutConst...'- AMBIGUOUS LAYOUT for UILabel:0x7f8000001600'Testing out NSLayoutConst...'.minY{id: 10}

            Legend:
            \t* - is laid out with auto layout
            \t+ - is laid out manually, but is represented in the layout engine because translatesAutoresizingMaskIntoConstraints = YES
            \t• - layout engine host
            """)
        root.layoutIfNeeded()
        let y = label.frame.minY
        label.exerciseAmbiguityInLayout()
        #expect(label.frame.minY == y + 10)
        label.exerciseAmbiguityInLayout()
        #expect(label.frame.minY == y - 10 || label.frame.minY == y)
        a.exerciseAmbiguityInLayout()
        #expect(a.frame == Rect(x: 0, y: 0, width: 10, height: 10))

        label.topAnchor.constraint(equalTo: root.topAnchor).isActive = true
        #expect(!label.hasAmbiguousLayout)
        #expect(!root.autolayoutTrace().contains("AMBIGUOUS"))
    }

    @Test func classNamesAreDeterministicAndCanBeSet() {
        final class BadgeView: View {}   // local: its reflected name holds a run-time address
        let badge = BadgeView()
        #expect(badge.descriptionClassName == "AutoLayoutTests.ViewDebuggingTests.BadgeView")
        #expect(badge.debugName.hasPrefix("AutoLayoutTests.ViewDebuggingTests.BadgeView:0x"))
        let plain = View()
        #expect(plain.descriptionClassName == "UIView")
        plain.descriptionClassName = "MyApp.AvatarView"   // a storyboard's custom class, say
        #expect(plain.description.hasPrefix("<MyApp.AvatarView: 0x"))
        let width = plain.widthAnchor.constraint(equalToConstant: 40)
        #expect(width.description.contains(" MyApp.AvatarView:0x"))
    }

    @Test func autoresizingViewsAreMarkedPlus() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 1, y: 2, width: 3, height: 4))
        root.addSubview(child)
        #expect(root.autolayoutTrace().hasPrefix("•UIView:0x7f8000001200\n|   +UIView:0x7f8000001400\n\nLegend:"))
    }

    @Test func constraintsAffectingLayoutFollowTheEngineRows() {
        let a = View(), b = View()
        let root = makeRoot(a, b)
        let leading = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        let width = a.widthAnchor.constraint(equalToConstant: 30)
        let top = a.topAnchor.constraint(equalTo: root.topAnchor)
        let bLeading = b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 5)
        LayoutConstraint.activate([leading, width, top, bLeading, b.widthAnchor.constraint(equalToConstant: 1)])
        #expect(a.constraintsAffectingLayout(for: .horizontal).map(ObjectIdentifier.init) == [leading, width].map(ObjectIdentifier.init))
        #expect(a.constraintsAffectingLayout(for: .vertical).map(ObjectIdentifier.init) == [top].map(ObjectIdentifier.init))
        #expect(b.constraintsAffectingLayout(for: .horizontal).contains { $0 === bLeading })
        #expect(b.constraintsAffectingLayout(for: .horizontal).contains { $0 === leading })
    }
}
