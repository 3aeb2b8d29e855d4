import Testing
@testable import AutoLayout

@Suite struct LayoutConstraintTests {
    @Test func attributesByTheNamesDescriptionsPrint() {
        typealias A = LayoutConstraint.Attribute
        for a in A.allCases { #expect(A(printedName: a.name) == a) }
        #expect([A(printedName: "minX"), A(printedName: "maxY"), A(printedName: "midX"), A(printedName: "baseline"),
                  A(printedName: "contentHeight")] == [.left, .bottom, .centerX, .lastBaseline, .height])
        #expect(A(printedName: "size") == nil)
        #expect(A.allCases.filter(\.isMargin) == [.leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin,
                                                   .trailingMargin, .centerXWithinMargins, .centerYWithinMargins])
        #expect(A.allCases.filter(\.isHorizontal).map(\.name) == ["left", "right", "leading", "trailing", "width", "centerX",
                                                                  "leftMargin", "rightMargin", "leadingMargin", "trailingMargin",
                                                                  "centerXWithinMargins"])
    }

    @Test func descriptionsUseUIKitsGrammar() {
        let a = View(), b = View(), title = Label(text: "Für Elise")
        let root = makeRoot(a, b, title)
        a.accessibilityIdentifier = "avatar"
        let width = a.widthAnchor.constraint(equalToConstant: 40)
        let half = b.widthAnchor.constraint(equalTo: a.widthAnchor, multiplier: 0.5, constant: -2)
        half.priority = .defaultHigh
        let spacing = b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8)
        let toSuper = root.trailingAnchor.constraint(equalTo: b.trailingAnchor, constant: 16)
        let backwards = b.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16)
        let system = title.leadingAnchor.constraint(equalToSystemSpacingAfter: b.trailingAnchor, multiplier: 2)
        let top = title.topAnchor.constraint(greaterThanOrEqualTo: root.topAnchor, constant: 4)
        top.identifier = "title-top"
        let center = title.centerYAnchor.constraint(equalTo: root.centerYAnchor)
        LayoutConstraint.activate([width, half, spacing, toSuper, backwards, system, top])
        let r = root.debugName, av = a.debugName, bn = b.debugName, t = title.debugName
        #expect(av.hasSuffix("'avatar'") && t.hasSuffix("'Für Elise'"))
        #expect(width.description == "<NSLayoutConstraint:\(width.addressString) \(av).width == 40   (active)>")
        #expect(half.description == "<NSLayoutConstraint:\(half.addressString) \(bn).width == 0.5*\(av).width - 2 @750   (active)>")
        #expect(spacing.description == "<NSLayoutConstraint:\(spacing.addressString) H:[\(av)]-(8)-[\(bn)]   (active)>")
        #expect(toSuper.description == "<NSLayoutConstraint:\(toSuper.addressString) H:[\(bn)]-(16)-|   (active, names: '|':\(r) )>")
        #expect(backwards.description == "<NSLayoutConstraint:\(backwards.addressString) \(bn).trailing == \(r).trailing - 16   (active)>")
        #expect(system.description == "<NSLayoutConstraint:\(system.addressString) \(t).leading == \(bn).trailing NSLayoutAnchorConstraintSpace(16)   (active)>")
        #expect(top.description == "<NSLayoutConstraint:\(top.addressString) 'title-top' V:|-(>=4)-[\(t)]   (active, names: '|':\(r) )>")
        #expect(center.description == "<NSLayoutConstraint:\(center.addressString) \(t).centerY == \(r).centerY   (inactive)>")
        #expect(escapedForArray(t) == t.split(separator: "ü", omittingEmptySubsequences: false).joined(separator: "\\U00fc"))
    }

    @Test func numbersPrintLikePrintfG() {
        #expect([126, 41.666666, 94.33333333, -0.3333333, Double.leastNormalMagnitude, 1e6, 999999.5, 0.0001, 12.5, 1000]
            .map(formatNumber) == ["126", "41.6667", "94.3333", "-0.333333", "2.22507e-308", "1e+06", "1e+06", "0.0001", "12.5", "1000"])
    }

    @Test func constraintPartsAreKept() {
        let a = View(), b = View()
        let root = makeRoot(a, b)   // kept: views hold their superview weakly, as in UIKit
        defer { withExtendedLifetime(root) {} }
        let c = LayoutConstraint(item: a, attribute: .width, relatedBy: .lessThanOrEqual, toItem: b, attribute: .height,
                                 multiplier: 2, constant: 3)
        #expect(c.firstItem === a && c.secondItem === b && c.firstAttribute == .width && c.secondAttribute == .height)
        #expect(c.relation == .lessThanOrEqual && c.multiplier == 2 && c.constant == 3 && c.priority == .required && !c.isActive)
        c.isActive = true
        #expect(c.isActive && a.superview!.constraints.contains { $0 === c })
        c.isActive = false
        #expect(!c.isActive && a.superview!.constraints.isEmpty)
        #expect(LayoutPriority.required - 1 == LayoutPriority(999) && LayoutPriority.defaultLow + 1 == 251)
        #expect(LayoutPriority.fittingSizeLevel.rawValue == 50 && LayoutPriority.dragThatCanResizeScene.rawValue == 510)
    }

    @Test func mixingLeadingWithLeftTraps() async {
        await #expect(processExitsWith: .failure) {
            let a = View(), b = View()
            _ = a.leadingAnchor.constraint(equalTo: b.leftAnchor)
        }
    }

    @Test func crossingTheRequiredBoundaryOnAnActiveConstraintTraps() async {
        await #expect(processExitsWith: .failure) {
            let a = View()
            let root = View()
            root.addSubview(a)
            let c = a.widthAnchor.constraint(equalToConstant: 10)
            c.isActive = true
            c.priority = .defaultHigh
        }
    }

    @Test func activatingBetweenUnrelatedViewsTraps() async {
        await #expect(processExitsWith: .failure) {
            View().widthAnchor.constraint(equalTo: View().widthAnchor).isActive = true
        }
    }

    @Test func aLocationEqualToAConstantTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = LayoutConstraint(item: View(), attribute: .left, relatedBy: .equal, toItem: nil,
                                 attribute: .notAnAttribute, multiplier: 1, constant: 10)
        }
    }

    @Test func nonFiniteConstantsTrap() async {
        await #expect(processExitsWith: .failure) {
            View().widthAnchor.constraint(equalToConstant: 10).constant = .nan
        }
    }
}
