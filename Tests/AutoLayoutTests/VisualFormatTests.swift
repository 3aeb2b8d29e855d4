import Testing
@testable import AutoLayout

/// A root view (320 × 100) with three subviews `a`, `b`, `c` that use constraints, and a writer
/// that prints constraints with those names: `b.leading == a.trailing + 8 @1000`, `|` for the
/// root and `|margins` for the root's layout-margins guide.
private struct Hierarchy {
    let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
    let a = View()
    let b = View()
    let c = View()

    init() {
        for v in [a, b, c] {
            v.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(v)
        }
    }

    var views: [String: LayoutItem] { ["a": a, "b": b, "c": c] }

    func name(_ item: AnyObject?) -> String {
        let named: [(String, AnyObject?)] = [("a", a), ("b", b), ("c", c), ("|", root), ("|margins", root.marginsGuide)]
        return named.first { $0.1 != nil && $0.1 === item }?.0 ?? "?"
    }

    /// One line per constraint, every property the tests check: both items, both attributes,
    /// relation, multiplier, constant and priority.
    func render(_ constraints: [LayoutConstraint]) -> [String] {
        constraints.map { c in
            var s = "\(name(c.firstItem)).\(c.firstAttribute.name) \(c.relation.symbol) "
            if c.secondItem != nil {
                if c.multiplier != 1 { s += "\(c.multiplier)*" }
                s += "\(name(c.secondItem)).\(c.secondAttribute.name)"
                s += c.constant < 0 ? " - \(formatNumber(-c.constant))" : " + \(formatNumber(c.constant))"
            } else {
                s += formatNumber(c.constant)
            }
            return s + " @\(c.priority)"
        }
    }

    func parse(_ format: String, _ options: LayoutConstraint.FormatOptions = [],
               metrics: [String: Double] = [:]) throws -> [String] {
        render(try LayoutConstraint.parseVisualFormat(format, options: options, metrics: metrics, views: views))
    }

    func error(_ format: String, _ options: LayoutConstraint.FormatOptions = [],
               metrics: [String: Double] = [:]) -> VisualFormatError? {
        do {
            _ = try LayoutConstraint.parseVisualFormat(format, options: options, metrics: metrics, views: views)
            return nil
        } catch {
            return error
        }
    }
}

@Suite struct VisualFormatTests {
    // MARK: Orientation, connections, superview

    @Test func horizontalIsTheDefaultOrientation() throws {
        let h = Hierarchy()
        #expect(try h.parse("[a]-10-[b]") == ["b.leading == a.trailing + 10 @1000"])
        #expect(try h.parse("H:[a]-10-[b]") == ["b.leading == a.trailing + 10 @1000"])
    }

    @Test func verticalUsesTopAndBottom() throws {
        let h = Hierarchy()
        #expect(try h.parse("V:[a]-10-[b]") == ["b.top == a.bottom + 10 @1000"])
    }

    @Test func superviewOnBothSides() throws {
        let h = Hierarchy()
        #expect(try h.parse("H:|-10-[a]-20-|") == [
            "a.leading == |.leading + 10 @1000",
            "|.trailing == a.trailing + 20 @1000",
        ])
        #expect(try h.parse("V:|-10-[a]-20-|") == [
            "a.top == |.top + 10 @1000",
            "|.bottom == a.bottom + 20 @1000",
        ])
    }

    @Test func flushViewsAndFlushSuperview() throws {
        let h = Hierarchy()
        #expect(try h.parse("|[a][b]|") == [
            "a.leading == |.leading + 0 @1000",
            "b.leading == a.trailing + 0 @1000",
            "|.trailing == b.trailing + 0 @1000",
        ])
    }

    @Test func standardSpaceBetweenSiblingsIsEight() throws {
        let h = Hierarchy()
        #expect(try h.parse("[a]-[b]") == ["b.leading == a.trailing + 8 @1000"])
        #expect(try h.parse("V:[a]-[b]") == ["b.top == a.bottom + 8 @1000"])
    }

    @Test func standardSpaceToTheSuperviewUsesItsLayoutMargins() throws {
        let h = Hierarchy()
        let constraints = try LayoutConstraint.parseVisualFormat("|-[a]-|", views: h.views)
        #expect(constraints.first?.secondItem === h.root.layoutMarginsGuide)
        #expect(h.render(constraints) == [
            "a.leading == |margins.leading + 0 @1000",
            "|margins.trailing == a.trailing + 0 @1000",
        ])
        #expect(try h.parse("V:|-[a]-|") == [
            "a.top == |margins.top + 0 @1000",
            "|margins.bottom == a.bottom + 0 @1000",
        ])
    }

    @Test func aGuideIsAnItemAndItsOwnerIsTheSuperview() throws {
        let h = Hierarchy()
        let guide = LayoutGuide()
        h.root.addLayoutGuide(guide)
        let constraints = try LayoutConstraint.parseVisualFormat("|-5-[g]-[a]", views: ["g": guide, "a": h.a])
        #expect(constraints.count == 2)
        #expect(constraints[0].firstItem === guide && constraints[0].firstAttribute == .leading)
        #expect(constraints[0].secondItem === h.root && constraints[0].secondAttribute == .leading)
        #expect(constraints[0].constant == 5)
        #expect(constraints[1].firstItem === h.a && constraints[1].secondItem === guide)
        #expect(constraints[1].secondAttribute == .trailing && constraints[1].constant == 8)
    }

    // MARK: Predicates

    @Test func metricsNameConstantsAndSizes() throws {
        let h = Hierarchy()
        #expect(try h.parse("[a]-pad-[b(w)]", metrics: ["pad": 12, "w": 40.5]) == [
            "b.leading == a.trailing + 12 @1000",
            "b.width == 40.5 @1000",
        ])
    }

    @Test func aMetricWinsOverAViewOfTheSameName() throws {
        let h = Hierarchy()
        #expect(try h.parse("[a(b)]", metrics: ["b": 30]) == ["a.width == 30 @1000"])
    }

    @Test func multiplePredicatesMakeOneConstraintEach() throws {
        let h = Hierarchy()
        #expect(try h.parse("[a(>=50,<=100@750)]") == [
            "a.width >= 50 @1000",
            "a.width <= 100 @750",
        ])
        #expect(try h.parse("V:[a(==20)]") == ["a.height == 20 @1000"])
        #expect(try h.parse("[a]-(>=8,<=20@750)-[b]") == [
            "b.leading >= a.trailing + 8 @1000",
            "b.leading <= a.trailing + 20 @750",
        ])
    }

    @Test func aSimplePredicateMayHaveARelationAndAPriority() throws {
        let h = Hierarchy()
        #expect(try h.parse("[a]->=8@750-[b]") == ["b.leading >= a.trailing + 8 @750"])
    }

    @Test func viewToViewSizePredicates() throws {
        let h = Hierarchy()
        #expect(try h.parse("[a][b(==a)]") == [
            "b.leading == a.trailing + 0 @1000",
            "b.width == a.width + 0 @1000",
        ])
        #expect(try h.parse("V:[b(>=a@500,c)]") == [
            "b.height >= a.height + 0 @500",
            "b.height == c.height + 0 @1000",
        ])
    }

    @Test func prioritiesAsNumbersAndMetrics() throws {
        let h = Hierarchy()
        #expect(try h.parse("[a(100@20)]") == ["a.width == 100 @20"])
        #expect(try h.parse("[a]-10@p-[b]", metrics: ["p": 750]) == ["b.leading == a.trailing + 10 @750"])
        #expect(try h.parse("[a(<=w@p)]", metrics: ["w": 80, "p": 999.5]) == ["a.width <= 80 @999.5"])
        #expect(try h.parse("[a(10@1)]") == ["a.width == 10 @1"])
        #expect(try h.parse("[a(10@1000)]") == ["a.width == 10 @1000"])
    }

    @Test func negativeConstantsInParenthesesAndNumberSyntax() throws {
        let h = Hierarchy()
        #expect(try h.parse("|-(-3)-[a]-(-5)-[b]") == [
            "a.leading == |.leading - 3 @1000",
            "b.leading == a.trailing - 5 @1000",
        ])
        #expect(try h.parse("[a(-.5)]") == ["a.width == -0.5 @1000"])
        #expect(try h.parse("[a(1.5e2)]") == ["a.width == 150 @1000"])
        #expect(try h.parse("[a(2.)]") == ["a.width == 2 @1000"])
    }

    // MARK: Options

    @Test func directionLeadingToTrailingIsTheDefault() throws {
        let h = Hierarchy()
        let expected = [
            "a.leading == |.leading + 10 @1000",
            "b.leading == a.trailing + 8 @1000",
            "|.trailing == b.trailing + 20 @1000",
        ]
        #expect(try h.parse("|-10-[a]-[b]-20-|") == expected)
        #expect(try h.parse("|-10-[a]-[b]-20-|", .directionLeadingToTrailing) == expected)
    }

    @Test func directionLeftToRightUsesLeftAndRight() throws {
        let h = Hierarchy()
        #expect(try h.parse("|-10-[a]-[b]-20-|", .directionLeftToRight) == [
            "a.left == |.left + 10 @1000",
            "b.left == a.right + 8 @1000",
            "|.right == b.right + 20 @1000",
        ])
        #expect(try h.parse("|-[a]-|", .directionLeftToRight) == [
            "a.left == |margins.left + 0 @1000",
            "|margins.right == a.right + 0 @1000",
        ])
    }

    @Test func directionRightToLeftLaysViewsOutFromTheRight() throws {
        let h = Hierarchy()
        #expect(try h.parse("|-10-[a]-[b]-20-|", .directionRightToLeft) == [
            "|.right == a.right + 10 @1000",
            "a.left == b.right + 8 @1000",
            "b.left == |.left + 20 @1000",
        ])
    }

    @Test func directionOptionsDoNotAffectVerticalFormats() throws {
        let h = Hierarchy()
        for option in [LayoutConstraint.FormatOptions.directionLeftToRight, .directionRightToLeft] {
            #expect(try h.parse("V:|-10-[a]-[b]", option) == [
                "a.top == |.top + 10 @1000",
                "b.top == a.bottom + 8 @1000",
            ])
        }
    }

    @Test(arguments: [
        (LayoutConstraint.FormatOptions.alignAllTop, "top"),
        (.alignAllBottom, "bottom"),
        (.alignAllCenterY, "centerY"),
        (.alignAllLastBaseline, "lastBaseline"),
        (.alignAllFirstBaseline, "firstBaseline"),
    ])
    func horizontalAlignment(option: LayoutConstraint.FormatOptions, attribute: String) throws {
        let h = Hierarchy()
        #expect(try h.parse("|-[a]-[b]-[c]-|", option) == [
            "a.leading == |margins.leading + 0 @1000",
            "b.leading == a.trailing + 8 @1000",
            "c.leading == b.trailing + 8 @1000",
            "|margins.trailing == c.trailing + 0 @1000",
            "a.\(attribute) == b.\(attribute) + 0 @1000",
            "b.\(attribute) == c.\(attribute) + 0 @1000",
        ])
    }

    @Test(arguments: [
        (LayoutConstraint.FormatOptions.alignAllLeft, "left"),
        (.alignAllRight, "right"),
        (.alignAllLeading, "leading"),
        (.alignAllTrailing, "trailing"),
        (.alignAllCenterX, "centerX"),
    ])
    func verticalAlignment(option: LayoutConstraint.FormatOptions, attribute: String) throws {
        let h = Hierarchy()
        #expect(try h.parse("V:[a][b]", option) == [
            "b.top == a.bottom + 0 @1000",
            "a.\(attribute) == b.\(attribute) + 0 @1000",
        ])
    }

    @Test func severalAlignmentsComePairByPairInRawValueOrder() throws {
        let h = Hierarchy()
        #expect(try h.parse("[a]-5-[b]-6-[c]", [.alignAllCenterY, .alignAllTop]) == [
            "b.leading == a.trailing + 5 @1000",
            "c.leading == b.trailing + 6 @1000",
            "a.top == b.top + 0 @1000",
            "a.centerY == b.centerY + 0 @1000",
            "b.top == c.top + 0 @1000",
            "b.centerY == c.centerY + 0 @1000",
        ])
    }

    @Test func alignmentIsOncePerConnectionAndRightToLeftSwapsThePair() throws {
        let h = Hierarchy()
        #expect(try h.parse("[a]-(>=4,<=9)-[b]", [.alignAllTop, .directionRightToLeft]) == [
            "a.left >= b.right + 4 @1000",
            "a.left <= b.right + 9 @1000",
            "b.top == a.top + 0 @1000",
        ])
    }

    @Test func baselineToBaselineSpacing() throws {
        let h = Hierarchy()
        #expect(try h.parse("V:|-10-[a]-[b]-12-[c]-10-|", .spacingBaselineToBaseline) == [
            "a.firstBaseline == |.top + 10 @1000",
            "b.firstBaseline == a.lastBaseline + 8 @1000",
            "c.firstBaseline == b.lastBaseline + 12 @1000",
            "|.bottom == c.lastBaseline + 10 @1000",
        ])
        #expect(try h.parse("V:[a]-[b]", .spacingEdgeToEdge) == ["b.top == a.bottom + 8 @1000"])
    }

    @Test func optionRawValuesAreUIKits() {
        typealias O = LayoutConstraint.FormatOptions
        #expect([O.alignAllLeft, .alignAllRight, .alignAllTop, .alignAllBottom, .alignAllLeading,
                 .alignAllTrailing, .alignAllCenterX, .alignAllCenterY, .alignAllLastBaseline,
                 .alignAllFirstBaseline].map(\.rawValue) == [2, 4, 8, 16, 32, 64, 512, 1024, 2048, 4096])
        #expect(O.alignmentMask.rawValue == 0xFFFF)
        #expect([O.directionLeadingToTrailing, .directionLeftToRight, .directionRightToLeft, .directionMask]
            .map(\.rawValue) == [0, 0x10000, 0x20000, 0x30000])
        #expect([O.spacingEdgeToEdge, .spacingBaselineToBaseline, .spacingMask].map(\.rawValue) == [0, 0x80000, 0x80000])
    }

    // MARK: Order and state

    @Test func orderFollowsTheFormatString() throws {
        let h = Hierarchy()
        #expect(try h.parse("H:[c(9)]-[a(50)]-[b(>=20)]-10-|", .alignAllCenterY) == [
            "c.width == 9 @1000",
            "a.leading == c.trailing + 8 @1000",
            "a.width == 50 @1000",
            "b.leading == a.trailing + 8 @1000",
            "b.width >= 20 @1000",
            "|.trailing == b.trailing + 10 @1000",
            "c.centerY == a.centerY + 0 @1000",
            "a.centerY == b.centerY + 0 @1000",
        ])
        #expect(try h.parse("|-1-[a(2)]") == ["a.leading == |.leading + 1 @1000", "a.width == 2 @1000"])
    }

    @Test func constraintsAreInactiveUserConstraints() throws {
        let h = Hierarchy()
        let constraints = try LayoutConstraint.parseVisualFormat("|-[a(b)]-(5)-[b]|", views: h.views)
        #expect(constraints.count == 4)
        #expect(constraints.allSatisfy { !$0.isActive && !$0.isSystem && $0.multiplier == 1 })
        #expect(h.root.constraints.isEmpty)
    }

    // MARK: Errors

    @Test func unknownViewReadsAsUIKitSaysIt() {
        let h = Hierarchy()
        let error = h.error("H:|-[foo]-|")
        #expect(error == VisualFormatError(format: "H:|-[foo]-|", offset: 8, reason: "foo is not a key in the views dictionary."))
        #expect(error?.description == """
            Unable to parse constraint format: \n\
            foo is not a key in the views dictionary. \n\
            H:|-[foo]-| \n\
                    ^
            """)
    }

    @Test func unknownMetric() {
        let h = Hierarchy()
        let error = h.error("[a]-pad-[b]")
        #expect(error?.offset == 7)
        #expect(error?.reason == "Encountered metric with name \"pad\", but value was not specified in metrics or views dictionaries")
        #expect(error?.format == "[a]-pad-[b]")
    }

    @Test(arguments: [
        ("[a(50@1001)]", 10, "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000."),
        ("[a(50@0)]", 7, "Invalid priority specified: 0. Priority must be greater than 0"),
        ("[a(50@-5)]", 8, "Invalid priority specified: -5. Priority must be greater than 0"),
        ("[a(50@0.5)]", 9, "Invalid priority specified: 0.5. Priority must be at least 1, the lowest a constraint can have."),
        ("[a(50@p)]", 7, "Encountered metric with name \"p\", but value was not specified in metrics or views dictionaries"),
    ])
    func badPriority(format: String, offset: Int, reason: String) {
        #expect(Hierarchy().error(format) == VisualFormatError(format: format, offset: offset, reason: reason))
    }

    @Test(arguments: [
        ("[a", 2, "Expected a ']' here. That is how you give the end of a view."),
        ("[a]-[b", 6, "Expected a ']' here. That is how you give the end of a view."),
        ("[a(50]", 5, "A predicate on a view's thickness must end with ')' and the view must end with ']'"),
        ("[a(50)", 6, "Expected ']' after specifying thickness."),
        ("[a(", 3, "Unexpectedly ran out of character fodder in the middle of parsing a view"),
        ("[a]-(10-[b]", 7, "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier"),
        ("[a]-10,20-[b]", 6, "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints"),
        ("[a]-10[b]", 6, "Expected a '-' here"),
    ])
    func unbalancedBrackets(format: String, offset: Int, reason: String) {
        #expect(Hierarchy().error(format) == VisualFormatError(format: format, offset: offset, reason: reason))
    }

    @Test(arguments: [
        ("[a]x[b]", 3, "Expected a view or '|'"),
        ("[a]-10-x", 7, "Expected a view or '|'"),
        ("[a]|[b]", 4, "Expected the end of the format string"),
        ("H: [a]", 2, "Expected a view"),
        ("[a] ", 3, "Expected a view or '|'"),
        ("[a]-[ b]", 5, "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores."),
        ("[1a]", 1, "Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores."),
        ("V[a]", 1, "Expected ':' after 'V' to specify vertical arrangement"),
        ("H|[a]", 1, "Expected ':' after 'H' to specify horizontal arrangement"),
        ("H:", 2, "Expected a view"),
        ("|", 1, "Expected a connection after the '|' character"),
        ("|-10-|", 5, "Expected a view"),
        ("[a]-", 4, "Expected more input"),
        ("[a]--5-[b]", 4, "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers."),
        ("[a]-=8-[b]", 5, "Unknown relation. Must be ==, >=, or <="),
        ("[a(.5)]", 3, "Expected a number or key from the metrics dictionary, but encountered something else"),
        ("[a(-x)]", 3, "Expected a number or a key from the metrics dictionary, but encountered something else"),
        ("[a]-(==b)-[b]", 8, "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]"),
        ("[a(1e400)]", 8, "1e400 is not a finite number."),
    ])
    func strayCharacters(format: String, offset: Int, reason: String) {
        #expect(Hierarchy().error(format) == VisualFormatError(format: format, offset: offset, reason: reason))
    }

    @Test func alignmentAlongTheFormatsOwnAxis() {
        let h = Hierarchy()
        #expect(h.error("H:[a]-[b]", .alignAllLeft) == VisualFormatError(
            format: "H:[a]-[b]", offset: 9,
            reason: "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal."))
        #expect(h.error("V:[a]-[b]", [.alignAllLeading, .alignAllTop]) == VisualFormatError(
            format: "V:[a]-[b]", offset: 9,
            reason: "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical."))
        // Only pairs of views align, so a single view passes.
        #expect(h.error("H:|-[a]-|", .alignAllLeft) == nil)
    }

    @Test func baselineSpacingInAHorizontalFormat() {
        #expect(Hierarchy().error("[a]-[b]", .spacingBaselineToBaseline) == VisualFormatError(
            format: "[a]-[b]", offset: 7, reason: "BaselineToBaseline format option not valid for horizontal layout"))
    }

    @Test func superviewOfAViewWithoutOne() {
        let lonely = View()
        var caught: VisualFormatError?
        do { _ = try LayoutConstraint.parseVisualFormat("V:|-[x]", views: ["x": lonely]) } catch { caught = error }
        #expect(caught == VisualFormatError(format: "V:|-[x]", offset: 7,
                                            reason: "Unable to interpret '|' character, because the related view doesn't have a superview"))
        // A failed parse leaves no margins guide behind.
        let h = Hierarchy()
        #expect(h.error("|-[a]-[q]") != nil)
        #expect(h.root.marginsGuide == nil)
    }

    @Test func wholeFormatErrors() {
        let h = Hierarchy()
        let empty = h.error("")
        #expect(empty?.reason == "It's an empty string.")
        #expect(empty?.description == "Unable to parse constraint format: It's an empty string.")
        let dash = h.error("[a]\u{2013}[b]")
        #expect(dash?.offset == 3)
        #expect(dash?.description == "Unable to parse constraint format: It contains non-ASCII characters.")
    }

    // MARK: The trapping form

    @Test func dictionariesOfAnyAcceptViewsGuidesAndNumbers() {
        let h = Hierarchy()
        let guide = LayoutGuide()
        h.root.addLayoutGuide(guide)
        let constraints = LayoutConstraint.constraints(
            withVisualFormat: "[a]-i-[g]-f-[b(d)]-u-[c(>=10@p)]", options: [],
            metrics: ["i": 1, "f": Float(2.5), "d": 3.25, "u": UInt8(4), "p": Int16(600)],
            views: ["a": h.a, "b": h.b, "c": h.c, "g": guide])
        #expect(constraints.map(\.constant) == [1, 2.5, 3.25, 4, 10])
        #expect(constraints[0].firstItem === guide)
        #expect(constraints.last?.priority == 600)
        #expect(LayoutConstraint.constraints(withVisualFormat: "[a]", metrics: nil, views: ["a": h.a]).isEmpty)
    }

    @Test func trapsOnAMalformedFormatWithUIKitsMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = LayoutConstraint.constraints(withVisualFormat: "[a]-[nope]", metrics: nil, views: ["a": View()])
        }
        let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(stderr.contains("Unable to parse constraint format: \nnope is not a key in the views dictionary. \n[a]-[nope] \n         ^"))
    }

    @Test func trapsOnAMetricThatIsNotANumber() async {
        await #expect(processExitsWith: .failure) {
            _ = LayoutConstraint.constraints(withVisualFormat: "[a(w)]", metrics: ["w": "40"], views: ["a": View()])
        }
    }

    @Test func trapsOnAViewThatIsNotAView() async {
        await #expect(processExitsWith: .failure) {
            _ = LayoutConstraint.constraints(withVisualFormat: "[a]", metrics: nil, views: ["a": 1])
        }
    }

    // MARK: End to end

    @Test func layOutTwoViews() {
        let h = Hierarchy()
        LayoutConstraint.activate(
            LayoutConstraint.constraints(withVisualFormat: "H:|-10-[a(50)]-[b]-10-|", metrics: nil, views: ["a": h.a, "b": h.b])
            + LayoutConstraint.constraints(withVisualFormat: "V:|-5-[a(20)]", metrics: nil, views: ["a": h.a])
            + LayoutConstraint.constraints(withVisualFormat: "V:|-5-[b(20)]", metrics: nil, views: ["b": h.b]))
        h.root.layoutIfNeeded()
        #expect(h.a.frame == Rect(x: 10, y: 5, width: 50, height: 20))
        #expect(h.b.frame == Rect(x: 68, y: 5, width: 242, height: 20))
    }

    @Test func layOutAgainstTheMargins() {
        let h = Hierarchy()
        LayoutConstraint.activate(
            LayoutConstraint.constraints(withVisualFormat: "|-[a]-|", metrics: nil, views: ["a": h.a])
            + LayoutConstraint.constraints(withVisualFormat: "V:|-[a]-|", metrics: nil, views: ["a": h.a]))
        h.root.layoutIfNeeded()
        #expect(h.a.frame == Rect(x: 8, y: 8, width: 304, height: 84))
    }

    @Test func layOutRightToLeft() {
        let h = Hierarchy()
        LayoutConstraint.activate(
            LayoutConstraint.constraints(withVisualFormat: "|-10-[a(50)]-[b(40)]", options: [.directionRightToLeft, .alignAllTop],
                                         metrics: nil, views: ["a": h.a, "b": h.b])
            + LayoutConstraint.constraints(withVisualFormat: "V:|-5-[a(20)]", metrics: nil, views: ["a": h.a])
            + LayoutConstraint.constraints(withVisualFormat: "V:[b(30)]", metrics: nil, views: ["b": h.b]))
        h.root.layoutIfNeeded()
        #expect(h.a.frame == Rect(x: 260, y: 5, width: 50, height: 20))
        #expect(h.b.frame == Rect(x: 212, y: 5, width: 40, height: 30))
    }
}
