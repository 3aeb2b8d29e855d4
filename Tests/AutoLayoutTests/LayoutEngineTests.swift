import Testing
@testable import AutoLayout
@testable import Cassowary

@Suite struct LayoutEngineTests {
    @Test func oneRequiredLevelAboveAnyNumberOfLowerOnes() {
        let a = View()
        let root = makeRoot(a)
        var constraints = [a.widthAnchor.constraint(equalToConstant: 100)]
        constraints[0].priority = 999
        for _ in 0..<50 {
            let c = a.widthAnchor.constraint(equalToConstant: 200)
            c.priority = 998
            constraints.append(c)
        }
        LayoutConstraint.activate(constraints + [a.heightAnchor.constraint(equalToConstant: 10),
                                                 a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                                 a.topAnchor.constraint(equalTo: root.topAnchor)])
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 0, y: 0, width: 100, height: 10))
        constraints[0].priority = 997
        root.layoutIfNeeded()
        #expect(a.frame.width == 200)
    }

    @Test func constantChangesUpdateTheSolverInPlace() {
        let a = View()
        let root = makeRoot(a)
        let leading = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        LayoutConstraint.activate([leading, a.widthAnchor.constraint(equalToConstant: 50),
                                   a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 5)])
        root.layoutIfNeeded()
        let solverConstraint = root.layoutEngine.ownership.constraints(of: leading)
        leading.constant = 30
        #expect(a.frame.minX == 10)       // frames move at the next layout pass, as in UIKit
        root.layoutIfNeeded()
        #expect(a.frame.minX == 30)
        #expect(root.layoutEngine.ownership.constraints(of: leading) == solverConstraint)
        #expect(root.layoutEngine.solver.constant(of: solverConstraint[0]) == 30)   // the layout constraint's own terms
    }

    @Test func activationSetsSwapInOneBatch() {
        let a = View()
        let root = makeRoot(a)
        LayoutConstraint.activate([a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                   a.topAnchor.constraint(equalTo: root.topAnchor)])
        let shared = a.heightAnchor.constraint(equalToConstant: 20)
        let compact = ConstraintSet("compact", [a.widthAnchor.constraint(equalToConstant: 100), shared])
        let regular = ConstraintSet("regular", [a.widthAnchor.constraint(equalToConstant: 250), shared])
        compact.activate()
        root.layoutIfNeeded()
        #expect(a.frame.size == Size(width: 100, height: 20))
        compact.swap(to: regular)
        #expect(regular.isActive && !compact.isActive && shared.isActive)
        root.layoutIfNeeded()
        #expect(a.frame.size == Size(width: 250, height: 20))
        regular.swap(to: compact)
        root.layoutIfNeeded()
        #expect(a.frame.size == Size(width: 100, height: 20))
        #expect(root.layoutEngine.conflicts.isEmpty)
        regular.deactivate()
        #expect(!shared.isActive && !compact.isActive)
    }

    @Test func rightToLeftMirrorsLeadingAndTrailing() {
        let a = View(), b = View(), c = View()
        let root = makeRoot(a, b, c)
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            a.widthAnchor.constraint(equalToConstant: 100),
            b.leadingAnchor.constraint(equalToSystemSpacingAfter: a.trailingAnchor, multiplier: 1),
            b.widthAnchor.constraint(equalToConstant: 50),
            c.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5),
            c.widthAnchor.constraint(equalToConstant: 10),
        ] + [a, b, c].flatMap { [$0.topAnchor.constraint(equalTo: root.topAnchor), $0.heightAnchor.constraint(equalToConstant: 10)] })
        root.layoutIfNeeded()
        #expect([a.frame.minX, b.frame.minX, c.frame.minX] == [20, 128, 5])
        root.semanticContentAttribute = .forceRightToLeft
        root.layoutIfNeeded()
        #expect([a.frame.minX, b.frame.minX, c.frame.minX] == [200, 142, 5])
        root.semanticContentAttribute = .unspecified
        c.semanticContentAttribute = .forceRightToLeft    // left stays left
        root.layoutIfNeeded()
        #expect([a.frame.minX, b.frame.minX, c.frame.minX] == [20, 128, 5])
    }

    @Test func marginsGuideFollowsMarginsDirectionAndSafeArea() {
        let a = View()
        let root = makeRoot(a)
        let g = root.layoutMarginsGuide
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: g.leadingAnchor), a.trailingAnchor.constraint(equalTo: g.trailingAnchor),
            a.topAnchor.constraint(equalTo: g.topAnchor), a.bottomAnchor.constraint(equalTo: g.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 8, y: 8, width: 304, height: 84))
        root.directionalLayoutMargins = DirectionalEdgeInsets(top: 4, leading: 20, bottom: 6, trailing: 10)
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 20, y: 4, width: 290, height: 90))
        root.semanticContentAttribute = .forceRightToLeft
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 10, y: 4, width: 290, height: 90))
        #expect(root.layoutMargins == EdgeInsets(top: 4, left: 10, bottom: 6, right: 20))
        root.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 10, right: 0)
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 10, y: 24, width: 290, height: 60))
        root.insetsLayoutMarginsFromSafeArea = false
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 10, y: 4, width: 290, height: 90))
        #expect(g.layoutFrame == Rect(x: 10, y: 4, width: 290, height: 90))
    }

    @Test func marginAttributesUseTheMarginsGuide() {
        let a = View()
        let root = makeRoot(a)
        root.layoutMargins = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        LayoutConstraint.activate([
            LayoutConstraint(item: a, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .leadingMargin, multiplier: 1, constant: 0),
            LayoutConstraint(item: a, attribute: .trailing, relatedBy: .equal, toItem: root, attribute: .trailingMargin, multiplier: 1, constant: 0),
            LayoutConstraint(item: a, attribute: .centerY, relatedBy: .equal, toItem: root, attribute: .centerYWithinMargins, multiplier: 1, constant: 0),
            LayoutConstraint(item: a, attribute: .height, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 10),
        ])
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 2, y: 44, width: 314, height: 10))
    }

    @Test func safeAreaGuide() {
        let a = View()
        let root = makeRoot(width: 390, height: 844, a)
        root.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let g = root.safeAreaLayoutGuide
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: g.leadingAnchor), a.trailingAnchor.constraint(equalTo: g.trailingAnchor),
            a.topAnchor.constraint(equalTo: g.topAnchor), a.bottomAnchor.constraint(equalTo: g.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(a.frame == Rect(x: 0, y: 47, width: 390, height: 763))
    }

    /// The mask shares out a resize that happens before any layout pass too: the reference is
    /// the superview's size when the view joined it (or was given its frame), as with UIKit's
    /// immediate autoresizing. A controller's zero-sized root, resized after a full-size
    /// subview was added, takes the subview along.
    @Test func autoresizingIsRelativeToTheSizeWhenTheViewJoined() {
        let root = View()
        let fill = View(frame: root.bounds)
        fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(fill)
        root.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        root.layoutIfNeeded()
        #expect(fill.frame == Rect(x: 0, y: 0, width: 375, height: 667))
        fill.frame = Rect(x: 0, y: 0, width: 100, height: 100)   // a new reference: 100 in 375
        root.frame = Rect(x: 0, y: 0, width: 475, height: 667)
        root.layoutIfNeeded()
        #expect(fill.frame == Rect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test func autoresizingMasksShareTheChange() {
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let stretchy = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        stretchy.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        let centred = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        let fixed = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        for v in [stretchy, centred, fixed] { root.addSubview(v) }
        root.layoutIfNeeded()
        #expect(stretchy.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        root.frame = Rect(x: 0, y: 0, width: 500, height: 400)
        root.layoutIfNeeded()
        #expect(stretchy.frame == Rect(x: 10, y: 20, width: 200, height: 50))
        let expectedX: Double = 10 + 100.0 * 10 / 300
        #expect(centred.frame.minX == expectedX)
        #expect(centred.frame.width == 100)
        #expect(fixed.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        let widths = stretchy.constraintsAffectingLayout(for: .horizontal).filter { $0.isAutoresizing && $0.firstAttribute == .width }
        #expect(widths.map(\.description) == [
            "<NSAutoresizingMaskLayoutConstraint:\(widths[0].addressString) h=-&- v=--& \(stretchy.debugName).width == \(root.debugName).width - 300   (active)>",
        ])
        // Moving a view by its frame changes its constraints' constants in place.
        let before = fixed.generated.autoresizing.map(root.layoutEngine.ownership.constraints(of:))
        fixed.frame.origin = Point(x: 30, y: 40)
        root.layoutIfNeeded()
        #expect(fixed.frame == Rect(x: 30, y: 40, width: 100, height: 50))
        #expect(fixed.generated.autoresizing.map(root.layoutEngine.ownership.constraints(of:)) == before)
        #expect(root.layoutEngine.invariantFaults().isEmpty)
    }

    @Test func huggingAndCompressionResistanceDecideWhoGivesWay() {
        let first = Label(text: "Hello"), second = Label(text: "World")
        let root = makeRoot(width: 200, height: 40, first, second)
        #expect(first.intrinsicContentSize == Size(width: 51, height: 20.5))
        LayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor),
            second.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            first.topAnchor.constraint(equalTo: root.topAnchor),
            second.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        first.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame == Rect(x: 0, y: 0, width: 51, height: 20.5))
        #expect(second.frame == Rect(x: 51, y: 0, width: 149, height: 20.5))
        root.frame.size.width = 60
        second.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
        root.layoutIfNeeded()
        #expect(first.frame.width == 9)
        #expect(second.frame.width == 51)
        second.text = "Hi"
        root.layoutIfNeeded()
        #expect(second.frame.width == 20.5)
        #expect(first.frame.width == 39.5)
    }

    @Test func removingASubviewDropsCrossingConstraintsAndKeepsInnerOnes() {
        let box = View(), inner = View()
        let root = makeRoot(box)
        inner.translatesAutoresizingMaskIntoConstraints = false
        box.addSubview(inner)
        let crossing = box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        let innerWidth = inner.widthAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5)
        LayoutConstraint.activate([crossing, innerWidth, box.widthAnchor.constraint(equalToConstant: 80)])
        root.layoutIfNeeded()
        #expect(inner.frame.width == 40)
        box.removeFromSuperview()
        #expect(!crossing.isActive && innerWidth.isActive)
        #expect(box.layoutEngine !== root.layoutEngine && inner.layoutEngine === box.layoutEngine)
        #expect(root.constraints.isEmpty)
        box.layoutIfNeeded()
        #expect(inner.frame.width == 40)
        root.addSubview(box)
        #expect(box.layoutEngine === root.layoutEngine && innerWidth.isActive)
        root.layoutIfNeeded()
        #expect(inner.frame.width == 40)
    }

    /// A label whose text changed is due for an update in its engine; moved to another
    /// hierarchy before the pass, it is updated there (and the old engine forgets it).
    @Test func aPendingTextChangeFollowsTheLabelToItsNewHierarchy() {
        let label = Label(text: "Hi")
        let first = makeRoot(label), second = makeRoot()
        first.layoutIfNeeded()
        #expect(label.frame.size == Size(width: 20.5, height: 20.5))
        label.text = "Hello there"
        second.addSubview(label)
        first.layoutIfNeeded()
        second.layoutIfNeeded()
        #expect(label.frame.size == Size(width: 112.5, height: 20.5))
        label.text = "Hi"
        second.layoutIfNeeded()
        #expect(label.frame.size == Size(width: 20.5, height: 20.5))
    }

    @Test func sameInputSameFramesAndMessages() {
        func run() -> (String, [Rect]) {
            let a = View(), b = Label(text: "Déjà vu")
            let root = makeRoot(a, b)
            LayoutConstraint.activate([
                a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                a.widthAnchor.constraint(equalToConstant: 400),
                a.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
                b.topAnchor.constraint(equalTo: root.topAnchor, constant: 3),
            ])
            root.layoutIfNeeded()
            return (root.layoutEngine.conflicts.map(\.message).joined(), [a.frame, b.frame])
        }
        let (m1, f1) = run(), (m2, f2) = run()
        #expect(!m1.isEmpty && m1 == m2 && f1 == f2)
        #expect(m1.contains("UILabel:0x7f8000001600'D\\U00e9j\\U00e0 vu'") || !m1.contains("Déjà"))
    }
}

@Suite struct LayoutEngineLifetimeTests {
    /// A screen that adds and removes views for ever (a chat appending bubbles, a banner shown
    /// and dismissed) keeps its solver at the size of the views it shows at once: removed views'
    /// variables and constraints leave it, and their symbols are used again.
    @Test func viewsThatComeAndGoLeaveNothingInTheSolver() {
        let root = makeRoot(width: 320, height: 480)
        var held = (symbols: 0, variables: 0)
        for round in 0..<30 {
            let banner = View(), label = Label()
            label.text = "Banner \(round)"
            banner.translatesAutoresizingMaskIntoConstraints = false
            label.translatesAutoresizingMaskIntoConstraints = false
            banner.addSubview(label)
            root.addSubview(banner)
            LayoutConstraint.activate([
                banner.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                banner.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8),
                banner.topAnchor.constraint(equalTo: root.topAnchor, constant: Double(round)),
                label.leadingAnchor.constraint(equalTo: banner.layoutMarginsGuide.leadingAnchor),
                label.topAnchor.constraint(equalTo: banner.layoutMarginsGuide.topAnchor),
                label.bottomAnchor.constraint(equalTo: banner.layoutMarginsGuide.bottomAnchor),
            ])
            root.layoutIfNeeded()
            #expect(banner.frame.minY == Double(round) && banner.frame.width == 304)
            #expect(banner.frame.height == label.frame.height + 16 && label.frame.height > 0)
            let solver = root.layoutEngine.solver
            if round == 0 { held = (solver.engine.liveSymbolCount, solver.variableList.count) }
            // The removal reaches the solver at the next pass.
            banner.removeFromSuperview()
            root.layoutIfNeeded()
        }
        let solver = root.layoutEngine.solver
        #expect(solver.engine.symbolCount <= held.symbols)
        #expect(solver.variableList.count(where: { $0 != nil }) < held.variables)
        #expect(solver.invariantFaults().isEmpty)
    }

    @Test func hierarchiesAndConstraintsAreFreedTogether() {
        weak var weakRoot: View?
        weak var weakChild: View?
        weak var weakConstraint: LayoutConstraint?
        weak var weakEngine: LayoutEngine?
        do {
            let child = View()
            let root = makeRoot(child)
            let c = child.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5)
            c.isActive = true
            _ = root.layoutMarginsGuide
            root.layoutIfNeeded()
            _ = child.systemLayoutSizeFitting(View.layoutFittingCompressedSize)
            root.translatesAutoresizingMaskIntoConstraints = false
            _ = root.systemLayoutSizeFitting(View.layoutFittingExpandedSize)   // open axes: FittingIssues
            #expect(root.layoutEngine.fittingIssues.contains { $0.view === root })
            weakRoot = root; weakChild = child; weakConstraint = c; weakEngine = root.layoutEngine
            #expect(weakEngine != nil)
        }
        #expect(weakRoot == nil && weakChild == nil && weakConstraint == nil && weakEngine == nil)
    }

    /// What outlives the objects it refers to (without a Swift `weak` reference) reads nil
    /// once they are freed: a constraint's items, engine and installing view, a subview's
    /// superview, a guide's owning view, an engine's root.
    @Test func referencesToFreedObjectsReadNil() {
        let kept = View(), guide = LayoutGuide()
        var constraint: LayoutConstraint!, unused: LayoutConstraint!, engine: LayoutEngine!
        do {
            let root = View()
            root.addSubview(kept)
            root.addLayoutGuide(guide)
            constraint = kept.widthAnchor.constraint(equalTo: root.widthAnchor)
            constraint.isActive = true
            unused = guide.heightAnchor.constraint(equalTo: root.heightAnchor)
            engine = root.layoutEngine
            root.layoutIfNeeded()
            #expect(kept.superview === root && guide.owningView === root && engine.root === root)
            #expect(constraint.firstItem === kept && constraint.secondItem === root && constraint.isActive)
        }
        #expect(kept.superview == nil && guide.owningView == nil && engine.root == nil)
        #expect(constraint.firstItem === kept && constraint.secondItem == nil && unused.secondItem == nil)
        #expect(constraint.installedOn == nil)
        engine = nil
        #expect(!constraint.isActive && constraint.engine == nil)
        // What was left behind still works.
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        root.addSubview(kept)
        kept.translatesAutoresizingMaskIntoConstraints = false
        kept.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5).isActive = true
        root.layoutIfNeeded()
        #expect(kept.frame.width == 100)
    }

    /// Found by fuzzing (LeakSanitizer): the engine's queues held their views strongly, and the
    /// root holds the engine, so a hierarchy dropped with work still queued (never laid out, or
    /// changed after its last pass) was never freed; every `LayoutFile.parse` leaked its
    /// scratch views this way.
    @Test func hierarchiesWithQueuedWorkAreFreed() {
        weak var weakRoot: View?
        weak var weakEngine: LayoutEngine?
        do {
            let root = View()
            root.addSubview(View())
            weakRoot = root; weakEngine = root.layoutEngine
        }
        #expect(weakRoot == nil && weakEngine == nil, "never laid out")
        do {
            let label = Label()
            let root = makeRoot(label)
            root.layoutIfNeeded()
            label.text = "changed"
            root.setNeedsUpdateConstraints()
            weakRoot = root; weakEngine = root.layoutEngine
        }
        #expect(weakRoot == nil && weakEngine == nil, "changed after the last pass")
    }

    @Test func addConstraintInstallsOnTheReceiver() {
        let a = View(), b = View()
        let root = makeRoot(a, b)
        let c = a.widthAnchor.constraint(equalTo: b.widthAnchor)
        root.addConstraint(c)
        #expect(c.isActive && root.constraints.count == 1)
        root.removeConstraint(c)
        #expect(!c.isActive && root.constraints.isEmpty)
        root.addConstraints([c])
        #expect(c.isActive)
    }

    @Test func layoutGuidesSpaceViewsEvenly() {
        let a = View(), b = View(), gap1 = LayoutGuide(), gap2 = LayoutGuide()
        let root = makeRoot(width: 300, height: 20, a, b)
        root.addLayoutGuide(gap1)
        root.addLayoutGuide(gap2)
        LayoutConstraint.activate([
            gap1.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.leadingAnchor.constraint(equalTo: gap1.trailingAnchor),
            gap2.leadingAnchor.constraint(equalTo: a.trailingAnchor), b.leadingAnchor.constraint(equalTo: gap2.trailingAnchor),
            b.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -50),
            gap1.widthAnchor.constraint(equalTo: gap2.widthAnchor),
            a.widthAnchor.constraint(equalToConstant: 40), b.widthAnchor.constraint(equalToConstant: 60),
        ])
        root.layoutIfNeeded()
        #expect(a.frame.minX == 75 && b.frame.minX == 190)
        #expect(gap2.layoutFrame.minX == 115 && gap2.layoutFrame.width == 75)
        root.removeLayoutGuide(gap2)
        // Size constraints are installed on the view itself, as in UIKit.
        #expect(root.constraints.count == 3 && a.constraints.count == 1 && b.constraints.count == 1)
    }
}
