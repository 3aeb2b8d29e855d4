import Testing
@testable import AutoLayout

/// The content view of the SF-symbol list cell: a 44-point autoresizing height, a container
/// pinned at 0, a label 12 from the top and 12 above the container's safe-area bottom.
private final class SymbolCell {
    let cell = View(frame: Rect(x: 0, y: 0, width: 374, height: 44))
    let contentView = View(frame: Rect(x: 0, y: 0, width: 374, height: 44))
    let container = View()
    let label = Label(text: "Lorem ipsum dolor sit amet, consectetur")
    var messages: [String] = []

    init() {
        cell.addSubview(contentView)
        container.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(container)
        label.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(label)
        cell.layoutEngine.onUnsatisfiable = { [unowned self] in self.messages.append($0.message) }
        LayoutConstraint.activate([
            container.topAnchor.constraint(equalTo: contentView.topAnchor),
            container.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
            container.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            container.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            label.topAnchor.constraint(equalTo: container.topAnchor, constant: 12),
            label.bottomAnchor.constraint(equalTo: container.safeAreaLayoutGuide.bottomAnchor, constant: -12),
            label.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -16),
        ])
    }
}

@Suite struct ConflictTests {
    @Test func symbolCellHeightConflictsWithTheAutoresizingHeight() throws {
        let s = SymbolCell()
        let height = s.label.heightAnchor.constraint(equalToConstant: 126)
        height.isActive = true
        s.cell.layoutIfNeeded()

        let conflicts = s.cell.layoutEngine.conflicts
        try #require(conflicts.count == 1)
        let conflict = conflicts[0]
        #expect(conflict.broken === height)
        #expect(s.label.frame == Rect(x: 16, y: 12, width: 342, height: 20))
        let expected = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.\u{20}
            \tTry this:\u{20}
            \t\t(1) look at each constraint and try to figure out which you don't expect;\u{20}
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it.\u{20}
            \t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints)\u{20}
            (
                "<NSLayoutConstraint:0x600000001080 V:|-(0)-[UIView:0x7f8000001400]   (active, names: '|':UIView:0x7f8000001200 )>",
                "<NSLayoutConstraint:0x600000001100 UIView:0x7f8000001400.bottom == UIView:0x7f8000001200.bottom   (active)>",
                "<NSLayoutConstraint:0x600000001180 V:|-(12)-[UILabel:0x7f8000001600'Lorem ipsum dolor sit ame...']   (active, names: '|':UIView:0x7f8000001400 )>",
                "<NSLayoutConstraint:0x600000001200 UILabel:0x7f8000001600'Lorem ipsum dolor sit ame...'.bottom == UILayoutGuide:0x7f8000001800'UIViewSafeAreaLayoutGuide'.bottom - 12   (active)>",
                "<NSLayoutConstraint:0x600000001280 UILabel:0x7f8000001600'Lorem ipsum dolor sit ame...'.height == 126   (active)>",
                "<NSAutoresizingMaskLayoutConstraint:0x600000001300 h=--& v=--& UIView:0x7f8000001200.height == 44   (active)>",
                "<NSLayoutConstraint:0x600000001380 'UIViewSafeAreaLayoutGuide-bottom' V:[UILayoutGuide:0x7f8000001800'UIViewSafeAreaLayoutGuide']-(0)-|   (active, names: '|':UIView:0x7f8000001400 )>"
            )

            Will attempt to recover by breaking constraint\u{20}
            <NSLayoutConstraint:0x600000001280 UILabel:0x7f8000001600'Lorem ipsum dolor sit ame...'.height == 126   (active)>

            Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
            The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.
            """
        #expect(conflict.message == expected)
        #expect(s.messages == [expected])
        #expect(conflict.constraints.count == 7)
        // The group is exactly the vertical chain: leading/trailing play no part.
        #expect(conflict.constraints.allSatisfy { $0.firstAttribute != .leading && $0.firstAttribute != .trailing })
    }

    @Test func priority999RemovesTheConflictAndFittingGives150() {
        let s = SymbolCell()
        let height = s.label.heightAnchor.constraint(equalToConstant: 126)
        height.priority = LayoutPriority(999)
        height.isActive = true
        s.cell.layoutIfNeeded()
        #expect(s.cell.layoutEngine.conflicts.isEmpty)
        #expect(s.label.frame.height == 20)
        let size = s.contentView.systemLayoutSizeFitting(Size(width: 374, height: 0),
                                                         withHorizontalFittingPriority: .required,
                                                         verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 374, height: 150))
        // Measuring neither moves the view nor logs anything.
        #expect(s.contentView.frame == Rect(x: 0, y: 0, width: 374, height: 44))
        #expect(s.messages.isEmpty)
    }

    @Test func systemConstraintsAreBrokenOnlyWhenNothingElseIs() throws {
        // Two autoresizing heights cannot conflict with each other; an app constraint is
        // preferred over the autoresizing one even when it was activated first.
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(child)
        let width = child.widthAnchor.constraint(equalToConstant: 80)
        width.isActive = true
        root.layoutEngine.onUnsatisfiable = { _ in }
        root.layoutIfNeeded()
        let conflict = try #require(root.layoutEngine.conflicts.first)
        #expect(conflict.broken === width)
        #expect(conflict.constraints.count == 2)
        #expect(child.frame.width == 50)
    }

    @Test func theMostRecentlyActivatedBreaksOnTies() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = View()
        a.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(a)
        root.layoutEngine.onUnsatisfiable = { _ in }
        let first = a.widthAnchor.constraint(equalToConstant: 10)
        let second = a.widthAnchor.constraint(equalToConstant: 20)
        LayoutConstraint.activate([first, second])
        root.layoutIfNeeded()
        #expect(root.layoutEngine.conflicts.map(\.broken) .first === second)
        // The broken constraint still holds as closely as it can: below required, above 999.
        let third = a.widthAnchor.constraint(equalToConstant: 30)
        third.priority = LayoutPriority(999)
        third.isActive = true
        root.layoutIfNeeded()
        #expect(a.frame.width == 10)
        first.isActive = false
        root.layoutIfNeeded()
        #expect(a.frame.width == 20)
    }

    @Test func conflictsRepeatUntilTheLayoutIsSatisfiable() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = View()
        a.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(a)
        root.layoutEngine.onUnsatisfiable = { _ in }
        LayoutConstraint.activate([10.0, 20, 30].map { a.widthAnchor.constraint(equalToConstant: $0) })
        root.layoutIfNeeded()
        #expect(root.layoutEngine.conflicts.count == 2)
        #expect(a.frame.width == 10)
    }

    @Test func aRequiredContentSizeIsBrokenOnce() throws {
        // A button that must be exactly as tall as its title (hugging and compression resistance
        // required) filling a stack view of another height: one conflict, resolved once. UIKit
        // breaks a content size last (ConflictPolicy): the stack's bottom connection goes.
        // (InterfaceBuilderFuzz found this: a broken content size came back required, and the
        // engine broke it again, forever.)
        let stack = StackView(frame: Rect(x: 0, y: 0, width: 368, height: 34.33))
        let button = Button(type: .system)
        button.setTitle("Button", for: .normal)
        button.setContentHuggingPriority(.required, for: .vertical)
        button.setContentCompressionResistancePriority(.required, for: .vertical)
        stack.addArrangedSubview(button)
        stack.layoutEngine.onUnsatisfiable = { _ in }
        stack.layoutIfNeeded()
        let conflict = try #require(stack.layoutEngine.conflicts.first)
        #expect(stack.layoutEngine.conflicts.count == 1)
        #expect(conflict.constraints.contains { $0.description.hasPrefix("<NSContentSizeLayoutConstraint") })
        #expect(conflict.broken.description == "<NSLayoutConstraint:0x600000001100 'UISV-canvas-connection' V:[UIButton:0x7f8000001400'Button']-(0)-|   (active, names: '|':UIStackView:0x7f8000001200 )>")
        #expect(button.frame == Rect(x: 0, y: 0, width: 368, height: 30))
    }

    @Test func aBrokenContentSizeStaysBroken() throws {
        // A 20-point-tall button held by its host at that height, its 30-point content size
        // required: both are a host's sizes, the larger fixed size (the content size) is broken,
        // once, and its halves stay below required.
        let button = Button(type: .system)
        button.frame = Rect(x: 0, y: 0, width: 120, height: 20)
        button.setTitle("Button", for: .normal)
        button.setContentHuggingPriority(.required, for: .vertical)
        button.setContentCompressionResistancePriority(.required, for: .vertical)
        button.layoutEngine.onUnsatisfiable = { _ in }
        button.layoutIfNeeded()
        let conflict = try #require(button.layoutEngine.conflicts.first)
        #expect(button.layoutEngine.conflicts.count == 1)
        #expect(conflict.broken.description.hasPrefix("<NSContentSizeLayoutConstraint"))
        #expect(button.frame.height == 20)
    }

    @Test func aConstantChangeThatConflictsIsResolvedInPlace() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let a = View()
        a.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(a)
        root.layoutEngine.onUnsatisfiable = { _ in }
        let leading = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        let trailing = a.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10)
        let width = a.widthAnchor.constraint(equalToConstant: 80)
        LayoutConstraint.activate([leading, trailing, width])
        root.layoutIfNeeded()
        #expect(root.layoutEngine.conflicts.isEmpty)
        #expect(a.frame == Rect(x: 10, y: 0, width: 80, height: 0))
        width.constant = 60
        root.layoutIfNeeded()
        let conflict = try #require(root.layoutEngine.conflicts.first)
        #expect(Set(conflict.constraints.map(ObjectIdentifier.init)).isSuperset(of: [leading, trailing, width].map(ObjectIdentifier.init)))
        #expect(conflict.broken === width)
        #expect(a.frame == Rect(x: 10, y: 0, width: 80, height: 0))
        // No autoresizing constraint in the group: no Note line, as on iOS.
        #expect(!conflict.message.contains("(Note:"))
        #expect(conflict.message.contains("'UIView-Encapsulated-Layout-Width'"))
    }

    @Test func negativeSizesConflictWithoutListingTheBound() throws {
        // UIKit's engine keeps sizes non-negative and never lists that bound.
        let (root, a) = quietRootWithSubview(Rect(x: 0, y: 0, width: 20, height: 20))
        LayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            a.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
        ])
        root.layoutIfNeeded()
        let conflict = try #require(root.layoutEngine.conflicts.first)
        #expect(conflict.constraints.count == 3)   // leading, trailing, the encapsulated width 20
        #expect(!conflict.message.contains(">= 0"))
        #expect(a.frame.width == 0)
    }

    @Test func aLayoutGuideMayBeNegativeWithoutAConflict() throws {
        // Only views keep a size of zero or more: a 10-point view's margins guide is -6 points
        // tall (8 a side), and a subview hanging from its top does not conflict.
        let (root, a) = quietRootWithSubview(Rect(x: 0, y: 0, width: 100, height: 10))
        LayoutConstraint.activate([
            a.topAnchor.constraint(equalTo: root.layoutMarginsGuide.topAnchor),
            a.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            a.widthAnchor.constraint(equalToConstant: 20),
            a.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        #expect(root.layoutEngine.conflicts.isEmpty)
        #expect(a.frame == Rect(x: 8, y: 8, width: 20, height: 20))
        #expect(root.layoutMarginsGuide.layoutFrame.height == -6)
    }
}

/// A root of `frame` holding one view placed by constraints alone; conflicts are kept, not printed.
private func quietRootWithSubview(_ frame: Rect) -> (root: View, a: View) {
    let root = View(frame: frame)
    let a = View()
    a.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(a)
    root.layoutEngine.onUnsatisfiable = { _ in }
    return (root, a)
}
