import Cassowary
import Testing
@testable import AutoLayout

@Suite struct SizingTests {
    /// A 375-wide user cell: avatar 32×32 at leading 8, a status dot 8×8 at trailing 8, the
    /// name between them 8 apart, all centred; at least 48 tall.
    @Test func userCellFitsAt48() {
        let contentView = View(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        let avatar = View(), dot = View(), name = Label(text: "Jane Appleseed")
        for v in [avatar, dot, name] {
            v.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(v)
        }
        contentView.layoutEngine.onUnsatisfiable = { _ in Issue.record("no conflict expected") }
        LayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            avatar.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            avatar.widthAnchor.constraint(equalToConstant: 32),
            avatar.heightAnchor.constraint(equalToConstant: 32),
            dot.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
            dot.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            dot.widthAnchor.constraint(equalToConstant: 8),
            dot.heightAnchor.constraint(equalToConstant: 8),
            name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 8),
            name.trailingAnchor.constraint(equalTo: dot.leadingAnchor, constant: -8),
            name.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            contentView.heightAnchor.constraint(greaterThanOrEqualToConstant: 48),
        ])
        let size = contentView.systemLayoutSizeFitting(Size(width: 375, height: 0),
                                                       withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 375, height: 48))
        contentView.frame.size = size
        contentView.layoutIfNeeded()
        #expect(avatar.frame == Rect(x: 8, y: 8, width: 32, height: 32))
        #expect(dot.frame == Rect(x: 359, y: 20, width: 8, height: 8))
        #expect(name.frame == Rect(x: 48, y: 13.75, width: 303, height: 20.5))
        #expect(contentView.layoutEngine.conflicts.isEmpty)
    }

    /// The system a fitting solves, taken out for benchmarks, gives the fitted size when a
    /// solver of its own adds it in one batch.
    @Test func theFittingSystemSolvesToTheFittedSize() throws {
        let contentView = View()
        let avatar = View(), name = Label(text: "Jane Appleseed")
        for v in [avatar, name] {
            v.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(v)
        }
        LayoutConstraint.activate([
            avatar.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            avatar.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
            avatar.widthAnchor.constraint(equalToConstant: 32),
            avatar.heightAnchor.constraint(equalToConstant: 32),
            name.leadingAnchor.constraint(equalTo: avatar.trailingAnchor, constant: 8),
            name.topAnchor.constraint(equalTo: avatar.bottomAnchor, constant: 4),
            name.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -11),
        ])
        let target = Size(width: 320, height: 0)
        let system = contentView.fittingSolverConstraints(target, withHorizontalFittingPriority: .required,
                                                          verticalFittingPriority: .fittingSizeLevel)
        var solver = Solver()
        try solver.add(system)
        solver.updateVariables()
        let size = contentView.systemLayoutSizeFitting(target, withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 320, height: 8 + 32 + 4 + name.intrinsicContentSize.height + 11))
        #expect(solver.value(of: contentView.width) == size.width)
        #expect(solver.value(of: contentView.height) == size.height)
        #expect(Set(system.map(\.id)).count == system.count)
    }

    @Test func compressedAndExpandedSizes() {
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            box.widthAnchor.constraint(greaterThanOrEqualToConstant: 50), box.widthAnchor.constraint(lessThanOrEqualToConstant: 200),
            box.heightAnchor.constraint(greaterThanOrEqualToConstant: 10), box.heightAnchor.constraint(lessThanOrEqualToConstant: 30),
        ])
        #expect(box.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 50, height: 10))
        #expect(box.systemLayoutSizeFitting(View.layoutFittingExpandedSize) == Size(width: 200, height: 30))
        #expect(box.systemLayoutSizeFitting(Size(width: 120, height: 20)) == Size(width: 120, height: 20))
        #expect(box.frame == .zero)
    }

    @Test func fittingUsesContentAndIgnoresTheViewsOwnAutoresizing() {
        // A label pinned 10 inside a view: the view's own frame (autoresizing) is not a constraint
        // on its fitting size, as in UIKit.
        let host = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let card = View(frame: Rect(x: 0, y: 0, width: 300, height: 44))
        host.addSubview(card)
        let label = Label(text: "Twelve chars")
        label.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(label)
        LayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 10),
            label.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -10),
            label.topAnchor.constraint(equalTo: card.topAnchor, constant: 10),
            label.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -10),
        ])
        // 12 characters × 0.6 × 17 = 122.4 → 122.5; 20.4 → 20.5.
        #expect(card.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 142.5, height: 40.5))
        #expect(host.layoutEngine.conflicts.isEmpty)
    }

    @Test func aMissingBottomConstraintIsReportedNotReturnedAsASize() throws {
        let cell = View()
        let title = Label(text: "Title")
        title.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(title)
        var issues: [FittingIssue] = []
        cell.layoutEngine.onFittingIssue = { issues.append($0) }
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
            title.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -16),
            title.topAnchor.constraint(equalTo: cell.topAnchor, constant: 12),
        ])
        let size = cell.systemLayoutSizeFitting(Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 320, height: 0))
        let issue = try #require(issues.first)
        #expect(issues.count == 1 && issue.view === cell && issue.axis == .vertical && issue.returnedSize == 0)
        #expect(issue.message.contains("do not determine its height") && issue.message.contains("missing bottom constraint"))
        #expect(cell.layoutEngine.fittingIssues.count == 1)

        let unbounded = cell.systemLayoutSizeFitting(Size(width: 320, height: .infinity), withHorizontalFittingPriority: .required,
                                                     verticalFittingPriority: .fittingSizeLevel)
        #expect(unbounded == Size(width: 320, height: 0))
        #expect(issues.count == 2 && issues[1].message.contains("unbounded target"))

        title.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -12).isActive = true
        let fixed = cell.systemLayoutSizeFitting(Size(width: 320, height: .infinity), withHorizontalFittingPriority: .required,
                                                 verticalFittingPriority: .fittingSizeLevel)
        #expect(fixed == Size(width: 320, height: 44.5))
        #expect(issues.count == 2)
    }

    @Test func fittingAtRequiredWidthReportsAConflictingContentWidth() throws {
        let cell = View()
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(box)
        cell.layoutEngine.onUnsatisfiable = { _ in }
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: cell.leadingAnchor), box.trailingAnchor.constraint(equalTo: cell.trailingAnchor),
            box.widthAnchor.constraint(equalToConstant: 400),
            box.topAnchor.constraint(equalTo: cell.topAnchor), box.bottomAnchor.constraint(equalTo: cell.bottomAnchor),
            box.heightAnchor.constraint(equalToConstant: 10),
        ])
        let size = cell.systemLayoutSizeFitting(Size(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                verticalFittingPriority: .fittingSizeLevel)
        #expect(size == Size(width: 320, height: 10))
        let conflict = try #require(cell.layoutEngine.conflicts.first)
        #expect(conflict.broken.firstAttribute == .width && conflict.broken.constant == 400)
        #expect(conflict.constraints.contains { $0.identifier == "_UITemporaryLayoutWidth" })
    }
}

@Suite struct FittingReuseTests {
    /// A card: a title (up to two lines) over a body label (any number of lines), pinned inside.
    final class Card {
        let view = View(), title = Label(), body = Label()
        let top: LayoutConstraint
        init() {
            title.numberOfLines = 2
            body.numberOfLines = 0
            for v in [title, body] {
                v.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(v)
            }
            top = title.topAnchor.constraint(equalTo: view.topAnchor, constant: 10)
            LayoutConstraint.activate([
                top,
                title.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 10),
                title.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -10),
                body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
                body.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                body.trailingAnchor.constraint(equalTo: title.trailingAnchor),
                body.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -10),
            ])
        }
        func fit(_ width: Double) -> Double {
            view.systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                         verticalFittingPriority: .fittingSizeLevel).height
        }
    }

    static let texts = ["Hi", "A somewhat longer title that wraps", String(repeating: "word ", count: 40), "", "x y z"]

    @Test func aReusedSizingViewGivesWhatAFreshOneGives() {
        let reused = Card()
        for width in [120.0, 320, 375] {
            for (i, t) in FittingReuseTests.texts.enumerated() {
                let b = FittingReuseTests.texts[(i + 2) % FittingReuseTests.texts.count]
                reused.title.text = t
                reused.body.text = b
                let fresh = Card()
                fresh.title.text = t
                fresh.body.text = b
                #expect(reused.fit(width) == fresh.fit(width), "width \(width), texts \(i)")
            }
        }
        // Constant changes and new constraints are followed too.
        reused.top.constant = 30
        let fresh = Card()
        fresh.title.text = reused.title.text
        fresh.body.text = reused.body.text
        fresh.top.constant = 30
        #expect(reused.fit(200) == fresh.fit(200))
        let minimum = reused.view.heightAnchor.constraint(greaterThanOrEqualToConstant: 500)
        minimum.isActive = true
        #expect(reused.fit(200) == 500)
        minimum.isActive = false
        #expect(reused.fit(200) == fresh.fit(200))
    }
}
