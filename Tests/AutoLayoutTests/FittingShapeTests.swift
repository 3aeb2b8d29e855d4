import Cassowary
import Testing
@testable import AutoLayout

/// A fresh fitting of a view whose shape was fitted before starts from the kept solution
/// (``FittingShapes``): it must give the size, the frames and the conflicts that a fitting
/// with nothing kept gives. Each test binds a table of its own, so what other tests fit does
/// not decide which path runs.
@Suite struct FittingShapeTests {
    /// A cell like a feed row: an avatar of random size, a title and a body label with random
    /// texts, an optional badge, random margins and spacing. Built fresh each time.
    struct RandomCell {
        var avatar: Double, margin: Double, spacing: Double, badge: Bool
        var title: String, body: String
        /// The labels' vertical hugging ties (as UIKit's defaults do): where the avatar is the
        /// taller, nothing decides which label takes the extra height.
        var tiedHugging = false

        static let sample = RandomCell(avatar: 40, margin: 12, spacing: 8, badge: false, title: "a title",
                                       body: "a body text that runs on over two lines at three hundred and seventy five points")

        init(avatar: Double, margin: Double, spacing: Double, badge: Bool, title: String, body: String) {
            (self.avatar, self.margin, self.spacing, self.badge, self.title, self.body) = (avatar, margin, spacing, badge, title, body)
        }

        init(_ dice: inout EngineInvariantTests.Dice) {
            avatar = Double(24 + dice.int(37))
            margin = Double(4 + dice.int(17))
            spacing = Double(dice.int(13))
            badge = dice.int(2) == 0
            let words = ["a", "layout", "engine", "solves", "cells", "quickly", "and", "exactly", "every", "time"]
            title = (0..<1 + dice.int(4)).map { _ in dice.pick(words) }.joined(separator: " ")
            body = (0..<dice.int(41)).map { _ in dice.pick(words) }.joined(separator: " ")
        }

        /// The content view and its subviews in order.
        func make() -> (View, [View]) {
            let content = View()
            let image = View(), title = Label(text: title), body = Label(text: body), badge = Label(text: "NEW")
            title.font = .boldSystemFont(ofSize: 17)
            body.numberOfLines = 0
            // When the avatar is the taller, the body label takes the extra height (with equal
            // hugging the layout would be ambiguous: see `anAmbiguousCell…`).
            if !tiedHugging { title.setContentHuggingPriority(.defaultLow + 1, for: .vertical) }
            let views = self.badge ? [image, title, body, badge] : [image, title, body]
            for v in views {
                v.translatesAutoresizingMaskIntoConstraints = false
                content.addSubview(v)
            }
            var constraints = [
                image.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: margin),
                image.topAnchor.constraint(equalTo: content.topAnchor, constant: margin),
                image.widthAnchor.constraint(equalToConstant: avatar),
                image.heightAnchor.constraint(equalTo: image.widthAnchor),
                image.bottomAnchor.constraint(lessThanOrEqualTo: content.bottomAnchor, constant: -margin),
                title.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: spacing),
                title.topAnchor.constraint(equalTo: image.topAnchor),
                body.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                body.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -margin),
                body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: spacing / 2),
                body.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -margin),
            ]
            if self.badge {
                constraints += [badge.leadingAnchor.constraint(greaterThanOrEqualTo: title.trailingAnchor, constant: spacing),
                                badge.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -margin),
                                badge.firstBaselineAnchor.constraint(equalTo: title.firstBaselineAnchor)]
            } else {
                constraints.append(title.trailingAnchor.constraint(lessThanOrEqualTo: content.trailingAnchor, constant: -margin))
            }
            LayoutConstraint.activate(constraints)
            return (content, views)
        }
    }

    /// Fits a fresh `cell` at `width` in `shapes`, then lays it out at the fitted size: the
    /// size and every subview's frame.
    func fit(_ cell: RandomCell, width: Double, in shapes: FittingShapes) -> (Size, [Rect]) {
        let (size, views) = fitted(cell, width: width, in: shapes)
        return (size, views.map(\.frame))
    }

    func fitted(_ cell: RandomCell, width: Double, in shapes: FittingShapes) -> (Size, [View]) {
        FittingShapes.$current.withValue(shapes) {
            let (content, views) = cell.make()
            content.layoutEngine.onUnsatisfiable = { _ in Issue.record("no conflict expected") }
            let size = content.systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel)
            content.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
            content.layoutIfNeeded()
            return (size, views)
        }
    }

    /// Three ways for each random cell: read from the kept solution without a solver where
    /// its basis holds, from a scratch solver copied from the kept one, and with nothing kept.
    @Test func randomCellsFitAsTheyDoWithNothingKept() {
        let warm = FittingShapes(), scratch = FittingShapes(evaluates: false)
        var dice = EngineInvariantTests.Dice(state: 28 &* 0x9E37_79B9_7F4A_7C15 | 1)
        var compared = 0
        for round in 0..<150 {
            let cell = RandomCell(&dice)
            let width = Double(dice.pick([320, 375, 414]))
            let kept = warm.reused
            let reused = fit(cell, width: width, in: warm)
            let copied = fit(cell, width: width, in: scratch)
            let cold = fit(cell, width: width, in: FittingShapes())
            #expect(reused.0 == cold.0 && reused.1 == cold.1, "round \(round): \(cell) at \(width)")
            #expect(copied.0 == cold.0 && copied.1 == cold.1, "round \(round): \(cell) at \(width)")
            if warm.reused > kept { compared += 1 }
        }
        // Two shapes (with or without the badge) at a few widths: nearly every cell after the
        // first few started from a kept solution, most of them read without a solver.
        #expect(compared > 120, "\(compared) of 150 fittings started from a kept shape")
        #expect(warm.evaluated > 80 && scratch.evaluated == 0 && scratch.reused > 120, "evaluated \(warm.evaluated), reused \(scratch.reused)")
        #expect(warm.keptCounts.count == 2 && warm.keptCounts.open == 0, "\(warm.keptCounts)")
    }

    /// A view fitted again (a sizing cell) leaves the solver-less path for a scratch solver
    /// that its next fittings reuse: each fitting gives the size a fresh cell gets.
    @Test func aSizingCellFittedAgainKeepsAScratch() {
        let shapes = FittingShapes()
        func height(_ body: String, _ cell: TableViewCell) -> Double {
            FittingShapes.$current.withValue(shapes) {
                var c = ListContentConfiguration.subtitleCell()
                c.text = "Title"
                c.secondaryText = body
                cell.contentConfiguration = c
                return cell.preferredLayoutSize(fittingWidth: 375).height
            }
        }
        let bodies = ["one line", "a secondary text that runs on and on over two lines at least, if not three of them", "short"]
        let fresh = bodies.map { height($0, TableViewCell(style: .default, reuseIdentifier: nil)) }
        let sizing = TableViewCell(style: .default, reuseIdentifier: nil)
        let evaluated = shapes.evaluated
        #expect(bodies.map { height($0, sizing) } == fresh)
        #expect(shapes.evaluated == evaluated + 1, "only the sizing cell's first fitting is read without a solver")
        #expect(fresh[1] > fresh[0] && fresh[0] == fresh[2])
    }

    /// What holds where constants make a kept shape ambiguous (the labels' hugging ties and
    /// the avatar is the taller): the fitted size, which the constraints determine, is the
    /// cold one, and the layout is reported ambiguous either way; which label takes the extra
    /// height is not decided by the constraints, and may differ from a cold fitting's.
    @Test func anAmbiguousCellFitsToTheSameSizeFromAKeptShape() {
        var determined = RandomCell.sample
        determined.tiedHugging = true
        determined.avatar = 24   // shorter than the labels: no tie
        var ambiguous = determined
        ambiguous.avatar = 120
        let warm = FittingShapes()
        _ = fit(determined, width: 375, in: warm)
        #expect(warm.keptCounts.count == 1 && warm.keptCounts.open == 0)
        let (size, views) = fitted(ambiguous, width: 375, in: warm)
        #expect(warm.reused == 1)
        let (coldSize, coldViews) = fitted(ambiguous, width: 375, in: FittingShapes())
        #expect(size == coldSize && size.height == 120 + 2 * ambiguous.margin)
        #expect(views[2].hasAmbiguousLayout && coldViews[2].hasAmbiguousLayout)
        // Either way the labels fill the height between the margins.
        #expect(views[2].frame.maxY == coldViews[2].frame.maxY && views[1].frame.minY == coldViews[1].frame.minY)
    }

    /// The benchmark's subtitle rows, fitted fresh one after another, against a table that
    /// keeps nothing from one fitting to the next.
    @Test func subtitleCellsFitAsTheyDoWithNothingKept() {
        let warm = FittingShapes()
        for i in 0..<40 {
            let row = (text: "Row \(i)", secondary: Array(repeating: "a secondary text that runs on", count: i % 4).joined(separator: " "))
            func height(_ shapes: FittingShapes) -> Double {
                FittingShapes.$current.withValue(shapes) {
                    let cell = TableViewCell(style: .default, reuseIdentifier: nil)
                    var c = ListContentConfiguration.subtitleCell()
                    c.text = row.text
                    c.secondaryText = row.secondary
                    cell.contentConfiguration = c
                    return cell.preferredLayoutSize(fittingWidth: 375).height
                }
            }
            #expect(height(warm) == height(FittingShapes()), "row \(i)")
            #expect(height(warm) == height(FittingShapes(evaluates: false)), "row \(i)")
        }
        #expect(warm.reused >= 60 && warm.evaluated >= 60, "\(warm.reused) fittings started from a kept shape, \(warm.evaluated) without a solver")
    }

    /// The layout key of a fitting (`LayoutSystem`) stands for the shape of the solver
    /// constraints it would make: over random trees drawn from a few structures (labels and
    /// plain views, autoresizing subviews, margins, right-to-left, multipliers, priorities,
    /// a conflict's broken constraint), equal keys come with equal shapes, the key's constants
    /// are the solver constraints' own in order, and its item numbers find the shape's variables.
    @Test func equalLayoutKeysMeanEqualShapes() {
        /// A random tree: its structure from `shape`'s dice, its constants and texts from `values`'.
        func tree(_ shape: UInt64, _ values: UInt64) -> View {
            var dice = EngineInvariantTests.Dice(state: shape | 1), other = EngineInvariantTests.Dice(state: values | 1)
            let root = View()
            root.layoutEngine.onUnsatisfiable = { _ in }
            if dice.int(4) == 0 { root.semanticContentAttribute = .forceRightToLeft }
            var views: [View] = []
            for _ in 0..<(1 + dice.int(3)) {
                let v: View = dice.int(2) == 0 ? Label(text: other.pick(["a", "some words", "more words that wrap"])) : View()
                if let label = v as? Label, dice.int(2) == 0 { label.numberOfLines = 0 }
                v.translatesAutoresizingMaskIntoConstraints = dice.int(5) == 0
                if v.translatesAutoresizingMaskIntoConstraints {
                    v.frame = Rect(x: Double(other.int(20)), y: Double(other.int(20)), width: 40, height: 20)
                    v.autoresizingMask = dice.pick([[], .flexibleWidth, [.flexibleLeftMargin, .flexibleHeight]])
                }
                (views.isEmpty || dice.int(3) > 0 ? root : dice.pick(views)).addSubview(v)
                views.append(v)
            }
            var constraints: [LayoutConstraint] = []
            for v in views where !v.translatesAutoresizingMaskIntoConstraints {
                let to = dice.int(3) == 0 ? dice.pick(views) : v.superview!
                let k = Double(other.int(30))
                constraints.append(dice.pick([
                    { v.leadingAnchor.constraint(equalTo: to.leadingAnchor, constant: k) },
                    { v.leadingAnchor.constraint(equalTo: to.layoutMarginsGuide.leadingAnchor, constant: k) },
                    { v.leftAnchor.constraint(greaterThanOrEqualTo: to.leftAnchor, constant: k) },
                    { v.centerXAnchor.constraint(equalTo: to.centerXAnchor, constant: k) },
                ])())
                let multiplier = dice.pick([0.5, 1, 2])
                constraints.append(dice.pick([
                    { v.trailingAnchor.constraint(equalTo: to.trailingAnchor, constant: -k) },
                    { v.widthAnchor.constraint(equalToConstant: 10 + k) },
                    { v.widthAnchor.constraint(equalTo: to.widthAnchor, multiplier: multiplier, constant: k) },
                ])())
                constraints.append(dice.pick([
                    { v.topAnchor.constraint(equalTo: to.topAnchor, constant: k) },
                    { v.topAnchor.constraint(equalTo: to.layoutMarginsGuide.topAnchor) },
                ])())
                constraints.append(v.bottomAnchor.constraint(lessThanOrEqualTo: to.bottomAnchor, constant: -k))
                if dice.int(3) == 0 { constraints.last!.priority = dice.pick([.defaultHigh, .defaultLow]) }
                // Sometimes a required width that conflicts: the engine breaks one.
                if dice.int(8) == 0 {
                    constraints += [v.widthAnchor.constraint(equalToConstant: 30), v.widthAnchor.constraint(equalToConstant: 40)]
                }
            }
            LayoutConstraint.activate(constraints)
            root.frame = Rect(x: 0, y: 0, width: 320, height: 200)
            root.layoutIfNeeded()
            return root
        }
        var dice = EngineInvariantTests.Dice(state: 25 &* 0x9E37_79B9_7F4A_7C15 | 1)
        var seen: [LayoutShapeKey: ConstraintShape] = [:]
        var (same, checked) = (0, 0)
        for round in 0..<200 {
            let structure = dice.next()
            var keys: [LayoutShapeKey] = [], shapes: [ConstraintShape] = []
            for values in [dice.next(), dice.next()] {
                let root = tree(structure, values), engine = root.layoutEngine
                engine.prepare()
                let pulls = engine.fittingPulls(for: root, target: Size(width: 320, height: 0), priorities: (.required, .fittingSizeLevel))
                let gathered = engine.gatherFitting(for: root, pulls: pulls)
                guard let layout = LayoutSystem(gathered) else {
                    Issue.record("round \(round): no layout key without a baseline")
                    continue
                }
                let system = engine.fittingSystem(from: gathered)
                #expect(layout.constants == (system.made + system.background).map(\.constant), "round \(round)")
                #expect(layout.starts == system.starts, "round \(round)")
                let entry = LayoutShapeEntry(shape: system.shape, items: layout.items)
                for item in layout.items {
                    let n = layout.number(of: item)!
                    #expect(entry.number(ofItem: n, 2) == system.shape.number(of: item.width)
                            && entry.number(ofItem: n, 3) == system.shape.number(of: item.height), "round \(round)")
                }
                if let shape = seen[layout.key] {
                    same += 1
                    #expect(shape == system.shape, "round \(round): one layout key, two shapes")
                } else {
                    seen[layout.key] = system.shape
                }
                keys.append(layout.key)
                shapes.append(system.shape)
                checked += 1
            }
            // Constants and texts are not part of the key: one structure gives one key, unless
            // its constants make a conflict in one tree only (a broken constraint's priority).
            #expect(keys.count == 2 && (keys[0] == keys[1]) == (shapes[0] == shapes[1]), "round \(round)")
        }
        #expect(checked == 400 && same >= 180 && seen.count > 100, "\(same) repeated keys, \(seen.count) distinct")
    }

    /// A view the constraints leave open is never kept: its fittings all take the general path.
    @Test func aShapeThatLeavesAViewOpenIsSolvedAfreshEachTime() {
        let shapes = FittingShapes()
        for constant in [10.0, 20, 30] {
            let size = FittingShapes.$current.withValue(shapes) {
                let content = View(), floating = View()
                floating.translatesAutoresizingMaskIntoConstraints = false
                content.addSubview(floating)
                // The floating view may sit anywhere from the leading edge on.
                LayoutConstraint.activate([floating.leadingAnchor.constraint(greaterThanOrEqualTo: content.leadingAnchor),
                                           floating.topAnchor.constraint(equalTo: content.topAnchor, constant: constant),
                                           floating.bottomAnchor.constraint(equalTo: content.bottomAnchor),
                                           floating.widthAnchor.constraint(equalToConstant: 40),
                                           floating.heightAnchor.constraint(equalToConstant: 40)])
                return content.systemLayoutSizeFitting(Size(width: 100, height: 0), withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel)
            }
            #expect(size == Size(width: 100, height: 40 + constant))
        }
        #expect(shapes.reused == 0 && shapes.keptCounts.count == 1 && shapes.keptCounts.open == 1)
    }

    /// Constants that conflict where the kept shape's did not: the fitting falls back to the
    /// general path, which reports the same conflict, word for word, as with nothing kept.
    @Test func aConflictOfAKeptShapeIsReportedAsWithNothingKept() {
        func fit(badgeWidth: Double, in shapes: FittingShapes) -> (Size, [String]) {
            FittingShapes.$current.withValue(shapes) {
                let content = View(), badge = View()
                badge.translatesAutoresizingMaskIntoConstraints = false
                content.addSubview(badge)
                var messages: [String] = []
                content.layoutEngine.onUnsatisfiable = { messages.append($0.message) }
                LayoutConstraint.activate([badge.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 10),
                                           badge.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -10),
                                           badge.widthAnchor.constraint(equalToConstant: badgeWidth),
                                           badge.topAnchor.constraint(equalTo: content.topAnchor),
                                           badge.bottomAnchor.constraint(equalTo: content.bottomAnchor),
                                           badge.heightAnchor.constraint(equalToConstant: 20)])
                let size = content.systemLayoutSizeFitting(Size(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                                           verticalFittingPriority: .fittingSizeLevel)
                return (size, messages)
            }
        }
        let shapes = FittingShapes()
        let fine = fit(badgeWidth: 280, in: shapes)
        #expect(fine.0 == Size(width: 300, height: 20) && fine.1.isEmpty)
        #expect(shapes.keptCounts.count == 1 && shapes.keptCounts.open == 0)
        let fallen = fit(badgeWidth: 100, in: shapes)
        let cold = fit(badgeWidth: 100, in: FittingShapes())
        #expect(shapes.reused == 0)
        #expect(fallen.1.count == 1 && fallen.1.first?.hasPrefix("Unable to simultaneously satisfy constraints.") == true)
        #expect(fallen.0 == cold.0 && fallen.1 == cold.1)
        // The same constants as the kept shape's start from it.
        #expect(fit(badgeWidth: 280, in: shapes) == fine)
        #expect(shapes.reused == 1)
    }
}
