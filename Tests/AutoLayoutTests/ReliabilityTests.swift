import Testing
import AutoLayout

/// Resources and threads: nothing keeps a dropped hierarchy alive, separate hierarchies size on
/// separate threads with the serial answers, and invalid numbers trap with UIKit-like messages.
@Suite struct ReliabilityTests {
    /// A cell-like hierarchy with every kind of constraint the engine makes: user anchors,
    /// autoresizing, margins, a stack view's UISV constraints, a label's content size, a
    /// conflict and a fitting.
    static func makeCell() -> (root: View, label: Label, stack: StackView, constraint: LayoutConstraint) {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        let content = View(frame: root.bounds)   // autoresizing
        root.addSubview(content)
        let label = Label(text: "A caption long enough to wrap onto a second line")
        label.numberOfLines = 0
        let icon = ImageView(image: Image(size: Size(width: 24, height: 24)))
        let stack = StackView(arrangedSubviews: [icon, label])
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(stack)
        let height = stack.heightAnchor.constraint(equalToConstant: 100)   // conflicts with 44
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: content.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: content.layoutMarginsGuide.trailingAnchor),
            stack.topAnchor.constraint(equalTo: content.topAnchor, constant: 8),
            stack.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -8),
            height,
        ])
        root.layoutEngine.onUnsatisfiable = { _ in }
        root.layoutIfNeeded()
        _ = content.systemLayoutSizeFitting(Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                            verticalFittingPriority: .fittingSizeLevel)
        return (root, label, stack, height)
    }

    @Test func aDroppedHierarchyIsFreedWithItsEngineAndConstraints() {
        weak var root: View?, label: Label?, stack: StackView?, constraint: LayoutConstraint?, engine: LayoutEngine?
        do {
            let cell = Self.makeCell()
            #expect(cell.root.layoutEngine.conflicts.count == 1)
            (root, label, stack, constraint, engine) = (cell.root, cell.label, cell.stack, cell.constraint, cell.root.layoutEngine)
        }
        #expect(root == nil && label == nil && stack == nil && constraint == nil && engine == nil)
    }

    @Test func aRemovedSubtreeIsFreedWhileTheRestLivesOn() {
        let root: View
        weak var stack: StackView?, label: Label?, height: LayoutConstraint?
        do {
            let cell = Self.makeCell()
            (root, stack, label, height) = (cell.root, cell.stack, cell.label, cell.constraint)
        }
        #expect(stack != nil)   // held by its superview
        stack?.removeFromSuperview()
        root.layoutIfNeeded()
        #expect(stack == nil && label == nil)
        // The engine's conflict log keeps the constraints it reported (their items are weak).
        #expect(height != nil && root.layoutEngine.conflicts.contains { $0.constraints.contains { $0 === height } })
        #expect(height?.firstItem == nil)
        #expect(root.subviews.count == 1 && root.subviews[0].subviews.isEmpty)
    }

    @Test func separateHierarchiesSizeOnEveryThreadAsTheyDoSerially() async {
        let widths = (0..<64).map { 200 + 7 * Double($0) }
        func fitted(_ width: Double) -> Size {
            let cell = Self.makeCell()
            cell.constraint.isActive = false
            return cell.root.subviews[0].systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                                 verticalFittingPriority: .fittingSizeLevel)
        }
        let serial = widths.map(fitted)
        let parallel = await withTaskGroup(of: (Int, Size).self) { group in
            for (i, w) in widths.enumerated() { group.addTask { (i, fitted(w)) } }
            var out = [Size](repeating: .zero, count: widths.count)
            for await (i, size) in group { out[i] = size }
            return out
        }
        #expect(parallel == serial)
        #expect(Set(serial.map(\.height)).count > 1)   // the label wraps differently across widths
    }

    @Test func nonFiniteNumbersTrapWithUIKitLikeMessages() async {
        await #expect(processExitsWith: .failure) {
            let v = View()
            _ = v.widthAnchor.constraint(equalToConstant: .nan)
        }
        await #expect(processExitsWith: .failure) {
            let a = View(), b = View()
            a.addSubview(b)
            _ = b.widthAnchor.constraint(equalTo: a.widthAnchor, multiplier: .infinity)
        }
        await #expect(processExitsWith: .failure) {
            _ = Font(pointSize: .nan)
        }
    }

    /// Found by fuzzing: a spacing of 8e115 swamps the solver's precision, so the conflict it
    /// finds holds only implicit bounds. The trap says so, and what to check.
    @Test func numbersBeyondThePrecisionTrapWithAnExplanation() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let row = TableViewCell(), left = Label(text: "Short"), right = Label(text: "A longer text that wraps onto several lines")
            let content = row.contentView
            for label in [left, right] {
                label.numberOfLines = 0
                label.translatesAutoresizingMaskIntoConstraints = false
                content.addSubview(label)
            }
            let height = content.heightAnchor.constraint(equalToConstant: 0)
            height.priority = LayoutPriority(1)
            LayoutConstraint.activate(LayoutConstraint.constraints(withVisualFormat: "H:|-8-[left(50)]-8\(String(repeating: "0", count: 115))-[right]-8-|",
                                                                    options: [], metrics: nil, views: ["left": left, "right": right]) + [
                left.topAnchor.constraint(equalTo: content.topAnchor, constant: 8),
                right.topAnchor.constraint(equalTo: content.topAnchor, constant: 3),
                content.bottomAnchor.constraint(greaterThanOrEqualTo: left.bottomAnchor, constant: 8),
                content.bottomAnchor.constraint(greaterThanOrEqualTo: right.bottomAnchor, constant: 8),
                height,
            ])
            _ = row.preferredLayoutSize(fittingWidth: 320)
        }
        #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("far outside what the solver resolves exactly"))
    }
}
