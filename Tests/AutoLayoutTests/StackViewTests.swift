import Testing
@testable import AutoLayout

/// A view with a fixed intrinsic size (hugging 250, compression resistance 750), like the
/// three views of kean's "Let's Build UIStackView" (160×200, 80×100, 40×50).
private final class Block: View {
    let size: Size
    init(_ width: Double, _ height: Double) {
        size = Size(width: width, height: height)
        super.init(frame: .zero)
    }
    override var intrinsicContentSize: Size { size }
}


/// Blocks of the given horizontal-stack sizes; for a vertical stack each size is transposed,
/// so the expected frames of a horizontal stack, transposed, are those of the vertical one.
private func blocks(_ sizes: [(Double, Double)], _ axis: LayoutConstraint.Axis) -> [Block] {
    sizes.map { axis == .horizontal ? Block($0.0, $0.1) : Block($0.1, $0.0) }
}

/// kean's three views: 160×200, 80×100, 40×50.
private func keanBlocks(_ axis: LayoutConstraint.Axis) -> [Block] { blocks([(160, 200), (80, 100), (40, 50)], axis) }

/// A frame written for a horizontal stack, transposed for a vertical one.
private func frame(_ axis: LayoutConstraint.Axis, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    axis == .horizontal ? Rect(x: x, y: y, width: w, height: h) : Rect(x: y, y: x, width: h, height: w)
}

/// Puts `stack` at the top left of a 400×400 root, optionally with a fixed length along its
/// axis (`length`) or across it (`thickness`), lays out, and fails the test on any conflict.
/// Keep the returned root while using the engine: it owns it.
@discardableResult
private func place(_ stack: StackView, length: Double? = nil, thickness: Double? = nil) -> View {
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    root.layoutEngine.onUnsatisfiable = { Issue.record("unexpected conflict:\n\($0.message)") }
    stack.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(stack)
    var constraints = [stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                       stack.topAnchor.constraint(equalTo: root.topAnchor)]
    let (along, across) = stack.axis == .horizontal ? (stack.widthAnchor, stack.heightAnchor) : (stack.heightAnchor, stack.widthAnchor)
    if let length { constraints.append(along.constraint(equalToConstant: length)) }
    if let thickness { constraints.append(across.constraint(equalToConstant: thickness)) }
    LayoutConstraint.activate(constraints)
    root.layoutIfNeeded()
    return root
}

/// Whether two lists hold the same views in the same order.
private func identical(_ a: [View], _ b: [View]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
}

/// The stack's constraints with an identifier, installed on it or on its arranged views.
private func stackConstraints(_ stack: StackView, _ identifier: String) -> [LayoutConstraint] {
    (stack.constraints + stack.arrangedSubviews.flatMap(\.constraints)).filter { $0.identifier == identifier }
}

@Suite struct StackViewTests {
    // MARK: Distributions (kean's views, horizontal and transposed to vertical)

    /// `.fill` at the natural size: lengths are intrinsic, 160 + 10 + 80 + 10 + 40 = 300, and
    /// alignment `.fill` stretches every view to the tallest (200, compression 750 beats hugging 250).
    @Test(arguments: [LayoutConstraint.Axis.horizontal, .vertical])
    func fillKeepsIntrinsicLengths(axis: LayoutConstraint.Axis) {
        let views = keanBlocks(axis)
        let stack = StackView(arrangedSubviews: views)
        stack.axis = axis
        stack.spacing = 10
        let root = place(stack)
        #expect(stack.frame == frame(axis, 0, 0, 300, 200))
        #expect(views.map(\.frame) == [frame(axis, 0, 0, 160, 200), frame(axis, 170, 0, 80, 200), frame(axis, 260, 0, 40, 200)])
        #expect(views.allSatisfy { !$0.hasAmbiguousLayout })
        #expect(root.layoutEngine.conflicts.isEmpty)
    }

    /// `.fill` in 320: the 20 extra points go to the view that hugs least (249): 40 + 20 = 60.
    @Test(arguments: [LayoutConstraint.Axis.horizontal, .vertical])
    func fillStretchesTheViewThatHugsLeast(axis: LayoutConstraint.Axis) {
        let views = keanBlocks(axis)
        views[2].setContentHuggingPriority(249, for: axis)
        let stack = StackView(arrangedSubviews: views)
        stack.axis = axis
        stack.spacing = 10
        place(stack, length: 320)
        #expect(views.map(\.frame) == [frame(axis, 0, 0, 160, 200), frame(axis, 170, 0, 80, 200), frame(axis, 260, 0, 60, 200)])
    }

    /// `.fillEqually` in 320 with spacing 10: (320 − 2 × 10) / 3 = 100 each.
    @Test(arguments: [LayoutConstraint.Axis.horizontal, .vertical])
    func fillEqually(axis: LayoutConstraint.Axis) {
        let views = keanBlocks(axis)
        let stack = StackView(arrangedSubviews: views)
        stack.axis = axis
        stack.distribution = .fillEqually
        stack.spacing = 10
        place(stack, length: 320)
        #expect(views.map(\.frame) == [frame(axis, 0, 0, 100, 200), frame(axis, 110, 0, 100, 200), frame(axis, 220, 0, 100, 200)])
        #expect(stackConstraints(stack, "UISV-fill-equally").count == 2)
    }

    /// `.fillProportionally` in 140, spacing 0: multipliers 160/280, 80/280, 40/280 (kean's
    /// 0.571429, 0.285714, 0.142857) at 999, 998, 997, so 80, 40, 20.
    @Test(arguments: [LayoutConstraint.Axis.horizontal, .vertical])
    func fillProportionally(axis: LayoutConstraint.Axis) {
        let views = keanBlocks(axis)
        let stack = StackView(arrangedSubviews: views)
        stack.axis = axis
        stack.distribution = .fillProportionally
        place(stack, length: 140)
        #expect(views.map(\.frame) == [frame(axis, 0, 0, 80, 200), frame(axis, 80, 0, 40, 200), frame(axis, 120, 0, 20, 200)])
        let proportional = stackConstraints(stack, "UISV-fill-proportionally")
        #expect(proportional.map(\.priority) == [999, 998, 997])
        let multipliers: [Double] = [160.0 / 280, 80.0 / 280, 40.0 / 280]
        #expect(proportional.map(\.multiplier) == multipliers)
        #expect(proportional.allSatisfy { $0.secondItem === stack })
    }

    /// With spacing the multipliers are 160/300, 80/300, 40/300 (the spacing is in the
    /// denominator, as in UIKit), which cannot all hold in 330: Σ = 308 + 20 ≠ 330. The
    /// lowest priority (997, the last view) gives way: 176, 88, then 330 − 20 − 264 = 46.
    @Test(arguments: [LayoutConstraint.Axis.horizontal, .vertical])
    func fillProportionallyWithSpacingShortchangesTheLastView(axis: LayoutConstraint.Axis) {
        let views = keanBlocks(axis)
        let stack = StackView(arrangedSubviews: views)
        stack.axis = axis
        stack.distribution = .fillProportionally
        stack.spacing = 10
        place(stack, length: 330)
        #expect(views.map(\.frame) == [frame(axis, 0, 0, 176, 200), frame(axis, 186, 0, 88, 200), frame(axis, 284, 0, 46, 200)])
    }

    /// A view without a length of its own gets a share of none at its place's priority (999
    /// first), not a required one: its own 36-point width holds without a conflict, the 998
    /// share gives the next view 100/160 of 200 = 125, and the last takes what is left, 39.
    @Test func fillProportionallyLetsAViewWithoutLengthKeepItsOwnSize() {
        let image = View(), b = Block(100, 20), c = Block(60, 20)
        image.translatesAutoresizingMaskIntoConstraints = false
        image.widthAnchor.constraint(equalToConstant: 36).isActive = true
        let stack = StackView(arrangedSubviews: [image, b, c])
        stack.distribution = .fillProportionally
        place(stack, length: 200, thickness: 20)
        #expect(stackConstraints(stack, "UISV-fill-proportionally").map(\.priority).sorted() == [997, 998, 999])
        #expect([image, b, c].map(\.frame.width) == [36, 125, 39])
    }

    /// A nested stack counts with the length its views give it: a vertical proportional stack
    /// of a 34-point block and a row (a horizontal stack of 20- and 31-point blocks, 31 tall)
    /// shares 77 (65 + 12 of spacing) as 34 and 31, as Interface Builder lays out such forms.
    @Test func fillProportionallyMeasuresNestedStacks() {
        let field = Block(300, 34)
        let row = StackView(arrangedSubviews: [Block(74, 20), Block(206, 31)])
        row.alignment = .center
        let stack = StackView(arrangedSubviews: [field, row])
        stack.axis = .vertical
        stack.distribution = .fillProportionally
        stack.spacing = 12
        place(stack, length: 77, thickness: 300)
        #expect(field.frame.height == 34)
        #expect(row.frame == Rect(x: 0, y: 46, width: 300, height: 31))
        let proportional = stackConstraints(stack, "UISV-fill-proportionally")
        #expect(proportional.map(\.multiplier) == [34.0 / 77, 31.0 / 77])
    }

    /// The proportions follow the text: "Hi" (20.5) and "Hello" (51) share 143 as 41 and 102;
    /// "Hallo" (51) and "Hello" (51) share it as 71.5 and 71.5.
    @Test func fillProportionallyRecomputesWhenTextChanges() {
        let a = Label(text: "Hi"), b = Label(text: "Hello")
        let stack = StackView(arrangedSubviews: [a, b])
        stack.distribution = .fillProportionally
        let root = place(stack, length: 143)
        #expect(a.frame == Rect(x: 0, y: 0, width: 41, height: 20.5))
        #expect(b.frame == Rect(x: 41, y: 0, width: 102, height: 20.5))
        a.text = "Hallo"
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 0, y: 0, width: 71.5, height: 20.5))
        #expect(b.frame == Rect(x: 71.5, y: 0, width: 71.5, height: 20.5))
    }

    /// `.equalSpacing` in 400, spacing 10: 400 − 280 = 120 shared by two gaps of 60. At the
    /// natural size `UISV-canvas-fit` (@49) shrinks the stack until the gaps are the minimum, 10.
    @Test(arguments: [LayoutConstraint.Axis.horizontal, .vertical])
    func equalSpacing(axis: LayoutConstraint.Axis) {
        let views = keanBlocks(axis)
        let stack = StackView(arrangedSubviews: views)
        stack.axis = axis
        stack.distribution = .equalSpacing
        stack.spacing = 10
        place(stack, length: 400)
        #expect(views.map(\.frame) == [frame(axis, 0, 0, 160, 200), frame(axis, 220, 0, 80, 200), frame(axis, 360, 0, 40, 200)])
        #expect(stack.layoutGuides.compactMap { $0 as? GapGuide }.count == 2)

        let natural = StackView(arrangedSubviews: keanBlocks(axis))
        natural.axis = axis
        natural.distribution = .equalSpacing
        natural.spacing = 10
        place(natural)
        #expect(natural.frame == frame(axis, 0, 0, 300, 200))
        #expect(natural.arrangedSubviews.map(\.frame.origin) == [frame(axis, 0, 0, 0, 0).origin, frame(axis, 170, 0, 0, 0).origin, frame(axis, 260, 0, 0, 0).origin])
    }

    /// `.equalCentering` in 400: centres at 80 and 380 fix the ends, the middle one goes
    /// halfway, 230, so it starts at 190. At the natural size the stack shrinks (@49) while the
    /// gaps stay equal (@149) and views do not overlap: centre 1 ≥ 160 + 40 = 200, so the
    /// centres are 80, 200, 320 and the stack is 340 long.
    @Test(arguments: [LayoutConstraint.Axis.horizontal, .vertical])
    func equalCentering(axis: LayoutConstraint.Axis) {
        let views = keanBlocks(axis)
        let stack = StackView(arrangedSubviews: views)
        stack.axis = axis
        stack.distribution = .equalCentering
        place(stack, length: 400)
        #expect(views.map(\.frame) == [frame(axis, 0, 0, 160, 200), frame(axis, 190, 0, 80, 200), frame(axis, 360, 0, 40, 200)])

        let natural = StackView(arrangedSubviews: keanBlocks(axis))
        natural.axis = axis
        natural.distribution = .equalCentering
        place(natural)
        #expect(natural.frame == frame(axis, 0, 0, 340, 200))
        #expect(natural.arrangedSubviews.map(\.frame.origin) == [frame(axis, 0, 0, 0, 0).origin, frame(axis, 160, 0, 0, 0).origin, frame(axis, 300, 0, 0, 0).origin])
    }

    // MARK: Alignments

    /// kean's views at their natural size: the stack is as thick as the thickest (200); the
    /// others keep their intrinsic thickness (ambiguity suppression @25 loses to it) and sit
    /// at the start (0), the end (200 − t) or the centre ((200 − t) / 2).
    @Test(arguments: [LayoutConstraint.Axis.horizontal, .vertical])
    func alignments(axis: LayoutConstraint.Axis) {
        let cases: [(StackView.Alignment, [Double])] = [(.leading, [0, 0, 0]), (.trailing, [0, 100, 150]), (.center, [0, 50, 75])]
        for (alignment, offsets) in cases {
            let views = keanBlocks(axis)
            let stack = StackView(arrangedSubviews: views)
            stack.axis = axis
            stack.alignment = alignment
            let root = place(stack)
            #expect(stack.frame == frame(axis, 0, 0, 280, 200), "\(alignment)")
            #expect(views.map(\.frame) == [frame(axis, 0, offsets[0], 160, 200), frame(axis, 160, offsets[1], 80, 100),
                                           frame(axis, 240, offsets[2], 40, 50)], "\(alignment)")
            #expect(views.allSatisfy { !$0.hasAmbiguousLayout }, "\(alignment)")
            #expect(root.layoutEngine.conflicts.isEmpty)
        }
        #expect(StackView.Alignment.top == .leading && StackView.Alignment.bottom == .trailing)
    }

    /// In a stack 300 thick the enclosing spanner keeps the aligned edge: leading views start
    /// at 0, trailing ones end at 300, centred ones are centred on 150.
    @Test(arguments: [LayoutConstraint.Axis.horizontal, .vertical])
    func alignmentsInAThickerStack(axis: LayoutConstraint.Axis) {
        let cases: [(StackView.Alignment, [Double])] = [(.leading, [0, 0, 0]), (.trailing, [100, 200, 250]), (.center, [50, 100, 125]),
                                                       (.fill, [0, 0, 0])]
        for (alignment, offsets) in cases {
            let views = keanBlocks(axis)
            let stack = StackView(arrangedSubviews: views)
            stack.axis = axis
            stack.alignment = alignment
            place(stack, thickness: 300)
            let thickness = alignment == .fill ? [300.0, 300, 300] : [200.0, 100, 50]
            #expect(views.map(\.frame) == [frame(axis, 0, offsets[0], 160, thickness[0]), frame(axis, 160, offsets[1], 80, thickness[1]),
                                           frame(axis, 240, offsets[2], 40, thickness[2])], "\(alignment)")
        }
    }

    /// One view needs no spanner (as in UIKit): the stack encloses it (`<=`, `>=`), is pulled
    /// to its size at 49, and centres it.
    @Test func singleViewCenteredWithoutSpanner() {
        let view = Block(40, 50)
        let stack = StackView(arrangedSubviews: [view])
        stack.alignment = .center
        place(stack, thickness: 100)
        #expect(view.frame == Rect(x: 0, y: 25, width: 40, height: 50))
        #expect(!stack.layoutGuides.contains { $0 is LayoutSpacer })
        #expect(stackConstraints(stack, "UISV-canvas-connection").map(\.relation) == [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual, .equal])
        #expect(stackConstraints(stack, "UISV-canvas-fit").map(\.priority) == [49])

        let natural = StackView(arrangedSubviews: [Block(40, 50)])
        natural.alignment = .center
        place(natural)
        #expect(natural.frame == Rect(x: 0, y: 0, width: 40, height: 50))
    }

    /// First baselines of "Hi" at 34 pt (41 × 41, baseline 27.2 below its top) and "Hello" at
    /// 17 pt (51 × 20.5, baseline 13.6): the small label sits 27.2 − 13.6 = 13.6 lower, the
    /// stack is as tall as the big one (41). The widths: text-width disambiguation (@760)
    /// makes them equal, compression resistance makes that at least 51, hugging at most: 51.
    @Test func firstBaselineAlignment() {
        let big = Label(text: "Hi"), small = Label(text: "Hello")
        big.font = .systemFont(ofSize: 34)
        let stack = StackView(arrangedSubviews: [big, small])
        stack.alignment = .firstBaseline
        place(stack)
        #expect(stack.frame == Rect(x: 0, y: 0, width: 102, height: 41))
        #expect(big.frame == Rect(x: 0, y: 0, width: 51, height: 41))
        #expect(small.frame == Rect(x: 51, y: 13.6, width: 51, height: 20.5))
        #expect(stackConstraints(stack, "UISV-text-width-disambiguation").map(\.priority) == [760, 760])
        #expect(stackConstraints(stack, "UISV-canvas-fit").map(\.priority) == [49])
        #expect(stack.forFirstBaselineLayout === big)
    }

    /// Last baselines: the big label's is 41 − 27.2 = 13.8 above its bottom, the small one's
    /// 20.5 − 13.6 = 6.9, so the small label ends 6.9 higher. The stack's bottom follows the
    /// tallest view (`V:[big]-(>=0)-|`), its top the spanner.
    @Test func lastBaselineAlignment() {
        let small = Label(text: "Hello"), big = Label(text: "Hi")
        big.font = .systemFont(ofSize: 34)
        let stack = StackView(arrangedSubviews: [small, big])
        stack.alignment = .lastBaseline
        place(stack)
        #expect(stack.frame == Rect(x: 0, y: 0, width: 102, height: 41))
        #expect(small.frame == Rect(x: 0, y: 13.6, width: 51, height: 20.5))
        #expect(big.frame == Rect(x: 51, y: 0, width: 51, height: 41))
        #expect(stack.forLastBaselineLayout === big)
    }

    /// A vertical stack ignores baseline alignment and fills, as `.fill` does.
    @Test func verticalStackIgnoresBaselineAlignment() {
        let a = Label(text: "Hi"), b = Label(text: "Hello")
        let stack = StackView(arrangedSubviews: [a, b])
        stack.axis = .vertical
        stack.alignment = .firstBaseline
        place(stack)
        #expect(a.frame == Rect(x: 0, y: 0, width: 51, height: 20.5))
        #expect(b.frame == Rect(x: 0, y: 20.5, width: 51, height: 20.5))
    }

    /// Baseline-relative vertical spacing: "Hi" at 17 (last baseline 13.6), then "Hi" at 34
    /// whose first baseline is 40 lower, at 53.6, so its top is 53.6 − 27.2 = 26.4.
    @Test func baselineRelativeArrangement() {
        let a = Label(text: "Hi"), b = Label(text: "Hi")
        b.font = .systemFont(ofSize: 34)
        let stack = StackView(arrangedSubviews: [a, b])
        stack.axis = .vertical
        stack.spacing = 40
        stack.isBaselineRelativeArrangement = true
        place(stack)
        #expect(a.frame == Rect(x: 0, y: 0, width: 41, height: 20.5))
        #expect(b.frame == Rect(x: 0, y: 26.4, width: 41, height: 41))
        #expect(stack.frame.height == 67.4)
    }

    // MARK: Spacing

    /// Three 20 × 20 blocks, spacing 10, 30 after the first: 0, 50, 80. The system spacing
    /// after the second is 8: 78. The system spacing everywhere: 0, 28, 56.
    @Test func spacingAndCustomSpacing() {
        let views = [Block(20, 20), Block(20, 20), Block(20, 20)]
        let stack = StackView(arrangedSubviews: views)
        stack.spacing = 10
        stack.setCustomSpacing(30, after: views[0])
        let root = place(stack)
        #expect(views.map(\.frame.minX) == [0, 50, 80])
        #expect(stack.frame.width == 100)
        #expect(stack.customSpacing(after: views[0]) == 30)
        #expect(stack.customSpacing(after: views[1]) == StackView.spacingUseDefault)
        #expect(stack.customSpacing(after: Block(1, 1)) == StackView.spacingUseDefault)

        stack.setCustomSpacing(StackView.spacingUseSystem, after: views[1])
        root.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 50, 78])
        #expect(stackConstraints(stack, "UISV-spacing").last!.description.contains("NSLayoutAnchorConstraintSpace(8)"))

        stack.setCustomSpacing(StackView.spacingUseDefault, after: views[0])
        stack.setCustomSpacing(StackView.spacingUseDefault, after: views[1])
        stack.spacing = StackView.spacingUseSystem
        root.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 28, 56])

        stack.spacing = StackView.spacingUseDefault
        root.layoutIfNeeded()
        #expect(views.map(\.frame.minX) == [0, 20, 40])
    }

    /// Margins relative: the views sit inside margins of 5 (top), 10 (leading), 15 (bottom)
    /// and 20 (trailing), so the stack is 10 + 50 + 20 = 80 wide and 5 + 30 + 15 = 50 tall.
    @Test func layoutMarginsRelativeArrangement() {
        let a = Block(20, 20), b = Block(30, 30)
        let stack = StackView(arrangedSubviews: [a, b])
        stack.directionalLayoutMargins = DirectionalEdgeInsets(top: 5, leading: 10, bottom: 15, trailing: 20)
        stack.isLayoutMarginsRelativeArrangement = true
        let root = place(stack)
        #expect(stack.frame == Rect(x: 0, y: 0, width: 80, height: 50))
        #expect(a.frame == Rect(x: 10, y: 5, width: 20, height: 30))
        #expect(b.frame == Rect(x: 30, y: 5, width: 30, height: 30))
        #expect(stackConstraints(stack, "UISV-canvas-connection").allSatisfy { $0.firstItem === stack.layoutMarginsGuide })

        stack.isLayoutMarginsRelativeArrangement = false
        root.layoutIfNeeded()
        #expect(stack.frame == Rect(x: 0, y: 0, width: 50, height: 30))
        #expect(a.frame == Rect(x: 0, y: 0, width: 20, height: 30))
    }

    // MARK: Hidden views

    /// Three 20 × 20 blocks, spacing 10 (a stack 80 long). A hidden view has length 0 and
    /// takes half the gap on each side, or none at an end, so the stack is 50 long.
    @Test(arguments: [LayoutConstraint.Axis.horizontal, .vertical])
    func hiddenViews(axis: LayoutConstraint.Axis) {
        let views = blocks([(20, 20), (20, 20), (20, 20)], axis)
        let stack = StackView(arrangedSubviews: views)
        stack.axis = axis
        stack.spacing = 10
        let root = place(stack)
        func expectStarts(_ starts: [Double], _ lengths: [Double], _ length: Double, sourceLocation: SourceLocation = #_sourceLocation) {
            root.layoutIfNeeded()
            #expect(views.map(\.frame) == zip(starts, lengths).map { frame(axis, $0, 0, $1, 20) }, sourceLocation: sourceLocation)
            #expect(stack.frame == frame(axis, 0, 0, length, 20), sourceLocation: sourceLocation)
        }
        expectStarts([0, 30, 60], [20, 20, 20], 80)
        views[1].isHidden = true            // middle: 0 | 5 + 0 + 5 | 30
        expectStarts([0, 25, 30], [20, 0, 20], 50)
        #expect(stackConstraints(stack, "UISV-hiding").count == 1)
        views[1].isHidden = false
        views[0].isHidden = true            // first: no gap before the first visible view
        expectStarts([0, 0, 30], [0, 20, 20], 50)
        views[0].isHidden = false
        views[2].isHidden = true            // last: no gap after the last visible view
        expectStarts([0, 30, 50], [20, 20, 0], 50)
        for v in views { v.isHidden = true }   // all: an empty stack, nothing holds it open
        root.layoutIfNeeded()
        #expect(stack.frame == .zero)
        let arrangement = stack.constraints.filter { ($0.identifier ?? "").hasPrefix("UISV-") }
        #expect(arrangement.isEmpty)
        for v in views { v.isHidden = false }
        expectStarts([0, 30, 60], [20, 20, 20], 80)
        #expect(stackConstraints(stack, "UISV-hiding").isEmpty)
    }

    /// Two hidden views side by side in the middle: 5 before, 0 between, 5 after.
    @Test func adjacentHiddenViewsShareOneGap() {
        let views = (0..<4).map { _ in Block(20, 20) }
        let stack = StackView(arrangedSubviews: views)
        stack.spacing = 10
        stack.setCustomSpacing(30, after: views[0])
        views[1].isHidden = true
        views[2].isHidden = true
        place(stack)
        // The gap after the last visible view before them (30) is split 15 + 0 + 15.
        #expect(views.map(\.frame.minX) == [0, 35, 35, 50])
        #expect(stack.frame.width == 70)
    }

    /// As Interface Builder draws them: the chain skips hidden views; one with a required
    /// width keeps it (an intrinsic width gives way), placed half a gap after the visible view
    /// before it, or ending at the first visible view; an equal-spacing stack reverses that.
    @Test func hiddenViewsAsInterfaceBuilderDrawsThem() {
        func fixed(_ width: Double) -> View {
            let v = View()
            v.translatesAutoresizingMaskIntoConstraints = false
            LayoutConstraint.activate([v.widthAnchor.constraint(equalToConstant: width), v.heightAnchor.constraint(equalToConstant: 20)])
            return v
        }
        let views = [fixed(44), Block(20, 20), fixed(30), Block(20, 20), Block(15, 20)]
        views[0].isHidden = true
        views[2].isHidden = true
        views[4].isHidden = true
        let stack = StackView(arrangedSubviews: views)
        stack.spacing = 10
        stack.arrangesHiddenViewsAsInterfaceBuilder = true
        let root = place(stack)
        // Visible: 20 + 10 + 20. Hidden: 44 ending at 0; 30 from 20 + 5; the intrinsic 15 → 0 at the end.
        #expect(views.map(\.frame.minX) == [-44, 0, 25, 30, 50])
        #expect(views.map(\.frame.width) == [44, 20, 30, 20, 0])
        #expect(stack.frame.width == 50)
        stack.distribution = .equalSpacing
        root.layoutIfNeeded()
        // Reversed: the first starts with the first visible view, the others end with the one before.
        #expect(views.map(\.frame.minX) == [0, 0, -10, 30, 50])
        let belowRequired = LayoutPriority.required - 1
        #expect(stackConstraints(stack, "UISV-hiding").map(\.priority) == [belowRequired, belowRequired, belowRequired])
        #expect(stackConstraints(stack, "IB-hidden-arranged").count == 3)
        #expect(stackConstraints(stack, "IB-hidden-arranged").allSatisfy { $0.priority == belowRequired })
    }

    /// A constraint of the app's own between two hidden views holds, where IB would have put
    /// both at the first visible view's start (firebase's quickstart: two hidden labels 24
    /// points apart before a button).
    @Test func hiddenViewsAsInterfaceBuilderKeepTheirOwnConstraints() {
        let a = Block(30, 20), b = Block(40, 20), shown = Block(20, 20)
        a.isHidden = true
        b.isHidden = true
        let stack = StackView(arrangedSubviews: [a, b, shown])
        stack.arrangesHiddenViewsAsInterfaceBuilder = true
        b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 24).isActive = true
        place(stack)
        #expect(b.frame.minX - a.frame.maxX == 24)
        #expect(shown.frame.minX == 0)
    }

    /// A hidden view in a centred stack does not count for the stack's thickness.
    @Test func hiddenViewsDoNotWidenTheSpanner() {
        let small = Block(20, 20), tall = Block(20, 100)
        let stack = StackView(arrangedSubviews: [small, tall])
        stack.alignment = .center
        let root = place(stack)
        #expect(stack.frame.height == 100)
        tall.isHidden = true
        root.layoutIfNeeded()
        #expect(stack.frame == Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(small.frame == Rect(x: 0, y: 0, width: 20, height: 20))
    }

    /// Every arranged view hidden: the stack adds nothing (no chain, no `UISV-hiding`), so the
    /// column around it stretches it across and a hidden view keeps its own required width.
    @Test func allHiddenStackAddsNoConstraints() {
        let hiddenA = Block(30, 34), hiddenB = View()
        hiddenB.translatesAutoresizingMaskIntoConstraints = false
        let width = hiddenB.widthAnchor.constraint(equalToConstant: 16)
        width.isActive = true
        hiddenA.isHidden = true
        hiddenB.isHidden = true
        let row = StackView(arrangedSubviews: [hiddenA, hiddenB])
        let column = StackView(arrangedSubviews: [Block(50, 20), row, Block(50, 20)])
        column.axis = .vertical
        let root = place(column, thickness: 300)
        #expect(stackConstraints(row, "UISV-hiding").isEmpty)
        #expect(stackConstraints(row, "UISV-canvas-connection").isEmpty)
        #expect(row.frame.width == 300)
        #expect(hiddenB.frame.width == 16)
        #expect(root.layoutEngine.conflicts.isEmpty)
        // One view shown again: the row is a stack again, the hidden one collapses in it.
        width.isActive = false
        hiddenA.isHidden = false
        root.layoutIfNeeded()
        #expect(row.frame.height == 34)
        #expect(stackConstraints(row, "UISV-hiding").count == 1)
    }

    // MARK: Arrangement

    @Test func arrangingViews() {
        let a = Block(10, 10), b = Block(20, 10), c = Block(30, 10)
        let stack = StackView()
        stack.addArrangedSubview(a)
        stack.addArrangedSubview(c)
        stack.insertArrangedSubview(b, at: 1)
        #expect(identical(stack.arrangedSubviews, [a, b, c]))
        #expect(identical(stack.subviews, [a, c, b]))
        #expect(!b.translatesAutoresizingMaskIntoConstraints)
        let root = place(stack)
        #expect([a, b, c].map(\.frame.minX) == [0, 10, 30])

        stack.insertArrangedSubview(c, at: 0)           // moves it
        root.layoutIfNeeded()
        #expect(identical(stack.arrangedSubviews, [c, a, b]))
        #expect([c, a, b].map(\.frame.minX) == [0, 30, 40])

        stack.removeArrangedSubview(a)                  // stays a subview, no longer arranged
        root.layoutIfNeeded()
        #expect(identical(stack.arrangedSubviews, [c, b]))
        #expect(a.superview === stack)
        #expect(b.frame.minX == 30)
        #expect(!stackConstraints(stack, "UISV-spacing").contains { $0.firstItem === a || $0.secondItem === a })

        b.removeFromSuperview()                         // leaves the arrangement too
        #expect(identical(stack.arrangedSubviews, [c]))
        root.layoutIfNeeded()                           // and the stack's constraints at once
        #expect(!stackConstraints(stack, "UISV-canvas-connection").contains { $0.firstItem === b || $0.secondItem === b })
        #expect(stack.frame.width == c.frame.width)
    }

    /// Changing the axis (or any property) rebuilds the constraints at the next pass.
    @Test func propertyChangesRelayout() {
        let views = [Block(20, 30), Block(40, 50)]
        let stack = StackView(arrangedSubviews: views)
        let root = place(stack)
        #expect(stack.frame == Rect(x: 0, y: 0, width: 60, height: 50))
        stack.axis = .vertical
        root.layoutIfNeeded()
        #expect(stack.frame == Rect(x: 0, y: 0, width: 40, height: 80))
        #expect(views.map(\.frame) == [Rect(x: 0, y: 0, width: 40, height: 30), Rect(x: 0, y: 30, width: 40, height: 50)])
        stack.alignment = .trailing
        root.layoutIfNeeded()
        #expect(views[0].frame == Rect(x: 20, y: 0, width: 20, height: 30))
    }

    // MARK: Baseline views

    /// A vertical stack vends its first and last visible views; a horizontal one its tallest.
    /// A label aligned to the stack's first baseline follows when the baseline view changes.
    @Test func baselineViews() {
        let small = Label(text: "Hi"), big = Label(text: "Hi")
        big.font = .systemFont(ofSize: 34)
        let stack = StackView(arrangedSubviews: [small, big])
        stack.alignment = .firstBaseline
        #expect(stack.forFirstBaselineLayout === big && stack.forLastBaselineLayout === big)
        stack.axis = .vertical
        #expect(stack.forFirstBaselineLayout === small && stack.forLastBaselineLayout === big)
        stack.axis = .horizontal

        let outside = Label(text: "Out")
        let root = place(stack)
        outside.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(outside)
        LayoutConstraint.activate([
            outside.leadingAnchor.constraint(equalTo: stack.trailingAnchor),
            outside.firstBaselineAnchor.constraint(equalTo: stack.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        // The big label's baseline, 27.2 below the stack's top: 27.2 − 13.6 = 13.6.
        #expect(outside.frame.minY == 13.6)
        big.isHidden = true
        root.layoutIfNeeded()
        // Now the small label is the baseline view, at the stack's top: 13.6 − 13.6 = 0.
        #expect(stack.forFirstBaselineLayout === small)
        #expect(outside.frame.minY == 0)
        #expect(StackView().forFirstBaselineLayout is StackView)
    }

    // MARK: UIKit's constraints

    /// Without its weak fitting constraints (the IB reader's probe), a stack keeps every other
    /// constraint, and puts the three back when asked.
    @Test func aStackCanLeaveOutItsWeakFittingConstraints() {
        let stack = StackView(arrangedSubviews: [Label(text: "A"), Label(text: "B")])
        stack.alignment = .center
        stack.distribution = .equalSpacing
        let root = place(stack)
        let weak = ["UISV-ambiguity-suppression", "UISV-spanning-fit", "UISV-canvas-fit"]
        func counts() -> [Int] { weak.map { stackConstraints(stack, $0).count } }
        let others = stackConstraints(stack, "UISV-spacing").count + stackConstraints(stack, "UISV-alignment").count
        #expect(counts() == [2, 1, 1])
        stack.omitsFittingConstraints = true
        root.layoutIfNeeded()
        #expect(counts() == [0, 0, 0])
        #expect(stackConstraints(stack, "UISV-spacing").count + stackConstraints(stack, "UISV-alignment").count == others)
        stack.omitsFittingConstraints = false
        root.layoutIfNeeded()
        #expect(counts() == [2, 1, 1])
    }

    /// kean's `.leading` dump: 2 alignment, 6 spanning-boundary (3 at 999.5), 1 spanning-fit
    /// (51), 4 canvas-connection, 3 ambiguity-suppression (25), 2 spacing; and how UIKit prints
    /// the spanner's connection and the spacing.
    @Test func leadingAlignmentConstraintsMatchUIKit() {
        let views = [Label(text: "A"), Label(text: "B"), Label(text: "C")]
        let stack = StackView(arrangedSubviews: views)
        stack.alignment = .leading
        let root = place(stack)
        func summary(_ id: String) -> [LayoutPriority] { stackConstraints(stack, id).map(\.priority) }
        #expect(summary("UISV-alignment") == [1000, 1000])
        #expect(summary("UISV-spanning-boundary").sorted() == [999.5, 999.5, 999.5, 1000, 1000, 1000])
        #expect(summary("UISV-spanning-fit") == [51])
        #expect(summary("UISV-canvas-connection").count == 4)
        #expect(summary("UISV-ambiguity-suppression") == [25, 25, 25])
        #expect(summary("UISV-spacing") == [1000, 1000])

        let spanner = stack.layoutGuides.compactMap { $0 as? LayoutSpacer }[0]
        let s = spanner.addressString, a = views[0].addressString, b = views[1].addressString
        let descriptions = (stack.constraints + views.flatMap(\.constraints)).map(\.description)
        let expected = [
            "'UISV-canvas-connection' V:[_UILayoutSpacer:\(s)'UISV-alignment-spanner']-(0)-|   (active, names: '|':UIStackView:\(stack.addressString) )>",
            "'UISV-spanning-boundary' _UILayoutSpacer:\(s)'UISV-alignment-spanner'.top == UILabel:\(a)'A'.top @999.5   (active)>",
            "'UISV-spanning-fit' _UILayoutSpacer:\(s)'UISV-alignment-spanner'.height == 0 @51   (active)>",
            "'UISV-spacing' H:[UILabel:\(a)'A']-(0)-[UILabel:\(b)'B']   (active)>",
            "'UISV-ambiguity-suppression' UILabel:\(a)'A'.height == 0 @25   (active)>",
        ]
        for line in expected {
            #expect(descriptions.contains { $0.hasPrefix("<NSLayoutConstraint:0x") && $0.hasSuffix(line) }, "\(line)")
        }
        #expect(root.layoutEngine.conflicts.isEmpty)
    }

    /// Gap guides print as UIKit's `_UIOLAGapGuide … 'UISV-distributing'`; equal centering
    /// keeps them equal at 150 − the index of the view before each further gap.
    @Test func equalCenteringGuides() {
        let views = (0..<4).map { _ in Block(10, 10) }
        let stack = StackView(arrangedSubviews: views)
        stack.distribution = .equalCentering
        place(stack, length: 100)
        let gaps = stack.layoutGuides.compactMap { $0 as? GapGuide }
        #expect(gaps.count == 3)
        #expect(gaps[0].debugName == "_UIOLAGapGuide:\(gaps[0].addressString)'UISV-distributing'")
        #expect(stackConstraints(stack, "UISV-fill-equally").map(\.priority) == [149, 148])
        #expect(stackConstraints(stack, "UISV-distributing-edge").count == 6)
        // Centres 5 … 95 in three equal gaps of 30.
        #expect(views.map(\.frame.midX) == [5, 35, 65, 95])
    }

    // MARK: Acceptance: an icon and a title in a 375-wide cell

    /// A row [24 × 24 image, label], spacing 8 (UIKit's standard space between siblings),
    /// centred, pinned 16 inside a content view. The image hugs at 251 (Interface Builder's
    /// default for image views), so the label takes the rest of the width. Height: the image
    /// is the tallest (24), the label (20.5) is centred on it: 24 + 2 × 16 = 56.
    @Test func iconAndTitleRowFitsTo56() {
        let contentView = View(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        contentView.layoutEngine.onUnsatisfiable = { Issue.record("unexpected conflict:\n\($0.message)") }
        let image = ImageView(image: Image(size: Size(width: 24, height: 24)))
        image.setContentHuggingPriority(251, for: .horizontal)
        let title = Label(text: "Notifications")
        let stack = StackView(arrangedSubviews: [image, title])
        stack.spacing = 8
        stack.alignment = .center
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
            stack.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 16),
            stack.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -16),
        ])
        let size = contentView.systemLayoutSizeFitting(Size(width: 375, height: 0),
                                                       withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 375, height: 56))
        #expect(contentView.frame.size == Size(width: 375, height: 44))   // fitting does not resize

        contentView.frame.size = size
        contentView.layoutIfNeeded()
        // Stack: 375 − 32 = 343 wide. Title: 343 − 24 − 8 = 311 wide, centre 12 → top 1.75.
        #expect(stack.frame == Rect(x: 16, y: 16, width: 343, height: 24))
        #expect(image.frame == Rect(x: 0, y: 0, width: 24, height: 24))
        #expect(title.frame == Rect(x: 32, y: 1.75, width: 311, height: 20.5))
        #expect(!title.hasAmbiguousLayout && !image.hasAmbiguousLayout)
        #expect(contentView.layoutEngine.conflicts.isEmpty)
    }

    // MARK: Conflicts

    /// Hiding a label whose width is required to be 120 conflicts with `UISV-hiding`, as in
    /// the UIKit log `'UISV-hiding' H:[UILabel:…'Email Address'(0)]`.
    @Test func hidingAViewWithARequiredLengthConflicts() {
        let email = Label(text: "Email Address"), field = Block(100, 20)
        let stack = StackView(arrangedSubviews: [email, field])
        let width = email.widthAnchor.constraint(equalToConstant: 120)
        width.isActive = true
        let root = place(stack)
        root.layoutEngine.onUnsatisfiable = { _ in }
        email.isHidden = true
        root.layoutIfNeeded()
        let conflicts = root.layoutEngine.conflicts
        #expect(conflicts.count == 1)
        guard let conflict = conflicts.first else { return }
        let hiding = stackConstraints(stack, "UISV-hiding")
        #expect(hiding.count == 1)
        #expect(Set(conflict.constraints.map(ObjectIdentifier.init)) == Set([width, hiding[0]].map(ObjectIdentifier.init)))
        #expect(hiding[0].description == "<NSLayoutConstraint:\(hiding[0].addressString) 'UISV-hiding' UILabel:\(email.addressString)'Email Address'.width == 0   (active)>")
        #expect(conflict.message.contains("    \"" + hiding[0].description + "\""))
    }

    /// Hiding a nested vertical stack whose labels are 8 apart: its `UISV-hiding` height 0
    /// cannot hold with its own canvas connections and spacing (a UIKit log from nested stacks).
    @Test func hidingANestedStackConflictsWithItsSpacing() {
        let top = Label(text: "Top Label of Inner Stack"), bottom = Label(text: "Bottom Label of Inner Stack")
        let inner = StackView(arrangedSubviews: [top, bottom])
        inner.axis = .vertical
        inner.spacing = 8
        let outer = StackView(arrangedSubviews: [inner, Label(text: "Below")])
        outer.axis = .vertical
        let root = place(outer)
        root.layoutEngine.onUnsatisfiable = { _ in }
        inner.isHidden = true
        root.layoutIfNeeded()
        let conflicts = root.layoutEngine.conflicts
        #expect(conflicts.count == 1)
        guard let conflict = conflicts.first else { return }
        #expect(conflict.constraints.compactMap(\.identifier).sorted()
                == ["UISV-canvas-connection", "UISV-canvas-connection", "UISV-hiding", "UISV-spacing"])
        #expect(conflict.message.hasPrefix("Unable to simultaneously satisfy constraints.\n"))
        #expect(conflict.message.contains("'UISV-hiding' UIStackView:\(inner.addressString).height == 0   (active)"))
        #expect(conflict.message.contains("'UISV-spacing' V:[UILabel:\(top.addressString)'Top Label of Inner Stack']-(8)-[UILabel:\(bottom.addressString)'Bottom Label of Inner Sta...']   (active)"))
        #expect(conflict.constraints.contains { $0 === conflict.broken })
    }
}
