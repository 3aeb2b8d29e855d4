import Testing
@testable import AutoLayout

/// Heights of the deterministic text model, computed here from its rules (not from the code
/// under test): a line is 1.2 × the font size, rounded up to half points.
func textHeight(lines: Int, fontSize: Double = 17) -> Double {
    (Double(lines) * 1.2 * fontSize * 2).rounded(.up) / 2
}

/// The width of `characters` characters of the model (0.6 × the size each), rounded up to half points.
func textWidth(characters: Int, fontSize: Double = 17) -> Double {
    (Double(characters) * 0.6 * fontSize * 2).rounded(.up) / 2
}

/// A list cell showing `configuration`, fitted at `width`.
private func fittedHeight(_ configuration: ListContentConfiguration, width: Double = 375) -> Double {
    let cell = CollectionViewListCell()
    cell.contentConfiguration = configuration
    return cell.preferredLayoutSize(fittingWidth: width).height
}

/// A list cell showing `configuration`, laid out at its fitted size: returns its list content view.
private func laidOut(_ configuration: ListContentConfiguration, width: Double = 375) throws -> (CollectionViewListCell, ListContentView) {
    let cell = CollectionViewListCell()
    cell.contentConfiguration = configuration
    let size = cell.preferredLayoutSize(fittingWidth: width)
    cell.frame = Rect(origin: .zero, size: size)
    cell.layoutEngine.onUnsatisfiable = { _ in }
    cell.layoutIfNeeded()
    let view = try #require(cell.contentView as? ListContentView)
    return (cell, view)
}

@Suite struct CellTests {
    // MARK: List content configuration

    @Test func oneLineCellIsTheMinimumHeight() {
        var c = ListContentConfiguration.cell()
        c.text = "Title"
        // 11 + 20.5 + 11 = 42.5 is below the 44-point minimum.
        #expect(11 + textHeight(lines: 1) + 11 < 44)
        #expect(fittedHeight(c) == 44)
    }

    @Test func multiLineCellGrowsWithItsText() {
        var c = ListContentConfiguration.cell()
        // The label is 375 − 2 × 16 = 343 wide: 33 characters of 10.2 points per line.
        c.text = String(repeating: "a", count: 30) + " " + String(repeating: "b", count: 30)
        #expect(fittedHeight(c) == 11 + textHeight(lines: 2) + 11)   // 63
        c.text! += " " + String(repeating: "c", count: 30)
        #expect(fittedHeight(c) == 11 + textHeight(lines: 3) + 11)   // 83.5
        c.textProperties.numberOfLines = 2
        #expect(fittedHeight(c) == 63)
    }

    @Test func subtitleCellStacksItsTexts() throws {
        var c = ListContentConfiguration.subtitleCell()
        c.text = "Title"
        c.secondaryText = "Subtitle"
        let expected = 11 + textHeight(lines: 1) + 3 + textHeight(lines: 1, fontSize: 15) + 11
        #expect(expected == 63.5)
        #expect(fittedHeight(c) == expected)
        let (cell, view) = try laidOut(c)
        #expect(cell.frame.size == Size(width: 375, height: 63.5))
        #expect(view.frame == Rect(x: 0, y: 0, width: 375, height: 63.5))
        #expect(view.textLabel.frame == Rect(x: 16, y: 11, width: 343, height: 20.5))
        #expect(view.secondaryTextLabel.frame == Rect(x: 16, y: 34.5, width: 343, height: 18))
        #expect(cell.layoutEngine.conflicts.isEmpty)
    }

    /// A sizing cell is fitted for row after row and never laid out: the constant changes it
    /// queues for its next layout pass stay a few (one per constraint), and that pass lays it
    /// out at the last row's constants, as a cell configured with that row alone.
    @Test func aSizingCellFittedForManyRowsQueuesEachConstantOnce() throws {
        let cell = CollectionViewListCell()
        var c = ListContentConfiguration.subtitleCell()
        for row in 0..<500 {
            c.text = "Row \(row)"
            c.secondaryText = String(repeating: "word ", count: row % 40 + 1)
            cell.contentConfiguration = c
            _ = cell.preferredLayoutSize(fittingWidth: 375)
        }
        #expect(cell.layoutEngine.toChange.count < 64)
        let size = cell.preferredLayoutSize(fittingWidth: 375)
        cell.frame = Rect(origin: .zero, size: size)
        cell.layoutIfNeeded()
        let (fresh, freshView) = try laidOut(c)
        let view = try #require(cell.contentView as? ListContentView)
        #expect(cell.frame == fresh.frame)
        #expect(view.textLabel.frame == freshView.textLabel.frame)
        #expect(view.secondaryTextLabel.frame == freshView.secondaryTextLabel.frame)
        #expect(cell.layoutEngine.toChange.isEmpty)
    }

    @Test func valueCellPutsItsTextsOnOneRow() throws {
        var c = ListContentConfiguration.valueCell()
        c.text = "Name"
        c.secondaryText = "Value"
        #expect(fittedHeight(c) == 44)
        let (_, view) = try laidOut(c)
        // The row is centred in the margins: (11 + 33) / 2 − 20.5 / 2 = 11.75.
        #expect(view.textLabel.frame == Rect(x: 16, y: 11.75, width: textWidth(characters: 4), height: 20.5))
        let valueWidth = textWidth(characters: 5)
        #expect(view.secondaryTextLabel.frame == Rect(x: 375 - 16 - valueWidth, y: 11.75, width: valueWidth, height: 20.5))
    }

    @Test func valueCellWrapsItsTextAndKeepsTheValue() {
        var c = ListContentConfiguration.valueCell()
        c.secondaryText = "Value"
        // 343 − 8 − 51 = 284 points for the text: 27 characters a line.
        c.text = String(repeating: "a", count: 20) + " " + String(repeating: "b", count: 20)
        #expect(fittedHeight(c) == 11 + textHeight(lines: 2) + 11)
    }

    @Test func imagesReserveTheirSizeAndShrinkToTheMaximum() throws {
        var c = ListContentConfiguration.cell()
        c.text = "Photo"
        c.image = Image(size: Size(width: 60, height: 60))
        #expect(fittedHeight(c) == 11 + 60 + 11)
        let (_, view) = try laidOut(c)
        #expect(view.imageView.frame == Rect(x: 16, y: 11, width: 60, height: 60))
        #expect(view.textLabel.frame == Rect(x: 16 + 60 + 16, y: 11 + (60 - 20.5) / 2, width: 375 - 92 - 16, height: 20.5))

        c.imageProperties.maximumSize = Size(width: 30, height: 0)
        c.imageProperties.reservedLayoutSize = Size(width: 40, height: 0)
        #expect(c.imageProperties.displayedSize(of: c.image!) == Size(width: 30, height: 30))
        #expect(fittedHeight(c) == 11 + 30 + 11)
        let (_, small) = try laidOut(c)
        // The image is centred in its 40-point slot; image and text are both centred in the margins.
        #expect(small.imageView.frame == Rect(x: 16 + 5, y: 11, width: 30, height: 30))
        #expect(small.textLabel.frame.minY == 11 + 4.75)
        #expect(small.textLabel.frame.minX == 16 + 40 + 16)
    }

    @Test func reconfiguringUpdatesTheSameViewsInPlace() throws {
        let cell = CollectionViewListCell()
        var c = cell.defaultContentConfiguration()
        c.text = "One"
        cell.contentConfiguration = c
        let view = try #require(cell.contentView as? ListContentView)
        let constraints = view.constraints.map(ObjectIdentifier.init)
        c.text = "Two lines of text that wrap at a narrow width"
        cell.contentConfiguration = c
        #expect(cell.contentView === view)
        #expect(view.constraints.map(ObjectIdentifier.init) == constraints)
        // 200 − 32 = 168 points hold 16 characters: "Two lines of" / "text that wrap" / "at a narrow" / "width".
        #expect(cell.preferredLayoutSize(fittingWidth: 200).height == 11 + textHeight(lines: 4) + 11)
        // A new part (a secondary text) rebuilds the constraints, not the view.
        c.secondaryText = "More"
        cell.contentConfiguration = c
        #expect(cell.contentView === view)
        #expect(view.secondaryTextLabel.superview === view)
    }

    @Test func anotherConfigurationTypeGetsItsOwnView() throws {
        let cell = CollectionViewCell()
        var list = ListContentConfiguration.cell()
        list.text = "List"
        cell.contentConfiguration = list
        let listView = try #require(cell.contentView as? ListContentView)
        #expect(listView.superview === cell)
        cell.contentConfiguration = FixedHeightConfiguration(height: 30)
        #expect(cell.contentView is FixedHeightView)
        #expect(listView.superview == nil)
        #expect(cell.preferredLayoutSize(fittingWidth: 100) == Size(width: 100, height: 30))
        // Nil puts back a plain content view, at the cell's bounds.
        cell.contentConfiguration = nil
        #expect(!(cell.contentView is ContentView))
        #expect(cell.contentView.subviews.isEmpty && cell.contentView.superview === cell)
        #expect(cell.subviews.count == 1)
    }

    @Test func stateChangesUpdateTheConfiguration() throws {
        let cell = CollectionViewCell()
        cell.contentConfiguration = FixedHeightConfiguration(height: 30)
        // As in UIKit, a state change asks for an update; it runs before the next measure or layout.
        cell.isSelected = true
        #expect((cell.contentConfiguration as? FixedHeightConfiguration)?.height == 30)
        #expect(cell.preferredLayoutSize(fittingWidth: 100).height == 40)
        cell.automaticallyUpdatesContentConfiguration = false
        cell.isHighlighted = true
        cell.updateConfigurationsIfNeeded()
        #expect((cell.contentConfiguration as? FixedHeightConfiguration)?.height == 40)
    }

    @Test func aListContentViewRejectsOtherConfigurations() async {
        await #expect(processExitsWith: .failure) {
            let view = ListContentView(configuration: .cell())
            view.configuration = FixedHeightConfiguration(height: 10)
        }
    }

    @Test func cellsPrintUIKitClassNames() {
        let cell = TableViewCell()
        #expect(cell.description.hasPrefix("<UITableViewCell: 0x"))
        #expect(cell.description.hasSuffix("; frame = (0 0; 320 44)>"))
        #expect(cell.contentView.debugName.hasPrefix("UITableViewCellContentView:0x"))
        #expect(CollectionViewListCell().descriptionClassName == "UICollectionViewListCell")
        #expect(CollectionViewCell().descriptionClassName == "UICollectionViewCell")
        #expect(ListContentView(configuration: .cell()).descriptionClassName == "UIListContentView")
    }

    // MARK: The content view's structure (UIKit's)

    @Test func aCollectionCellsContentViewIsPlacedByAFixedAutoresizingMask() throws {
        let cell = CollectionViewCell(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        #expect(cell.subviews.isEmpty)            // made on first use
        #expect(cell.contentView.superview === cell && cell.subviews.count == 1)
        cell.layoutIfNeeded()
        // UIKit logs a collection cell's content view as `h=--& v=--&`: the cell sets its frame.
        let generated = cell.contentView.generated.autoresizing
        #expect(generated.map(\.description) == [
            "<NSAutoresizingMaskLayoutConstraint:\(generated[0].addressString) h=--& v=--& \(cell.contentView.debugName).minX == 0   (active)>",
            "<NSAutoresizingMaskLayoutConstraint:\(generated[1].addressString) h=--& v=--& \(cell.contentView.debugName).minY == 0   (active)>",
            "<NSAutoresizingMaskLayoutConstraint:\(generated[2].addressString) h=--& v=--& \(cell.contentView.debugName).width == 375   (active)>",
            "<NSAutoresizingMaskLayoutConstraint:\(generated[3].addressString) h=--& v=--& \(cell.contentView.debugName).height == 44   (active)>",
        ])
        cell.frame.size.height = 60
        cell.layoutIfNeeded()
        #expect(cell.contentView.frame == Rect(x: 0, y: 0, width: 375, height: 60))
        #expect(cell.contentView.generated.autoresizing[3].constant == 60)
    }

    @Test func aConfigurationsViewBecomesTheContentViewWithNothingPinningIt() throws {
        let cell = CollectionViewListCell(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        let plain = cell.contentView
        cell.contentConfiguration = FixedHeightConfiguration(height: 30)
        let view = try #require(cell.contentView as? FixedHeightView)
        #expect(plain.superview == nil)
        #expect(cell.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(view)])
        #expect(view.translatesAutoresizingMaskIntoConstraints && view.autoresizingMask == [])
        #expect(cell.constraints.isEmpty)
        cell.layoutEngine.onUnsatisfiable = { _ in }
        cell.layoutIfNeeded()
        #expect(view.frame == cell.bounds)
        // Its own fixed height (30) against the row's 44: the row's autoresizing height stays,
        // the configuration's constraint (the app's) is broken.
        let conflict = try #require(cell.layoutEngine.conflicts.first)
        #expect(conflict.constraints.count == 2)
        #expect(conflict.broken.firstItem === view && !conflict.broken.isSystem)
        #expect(conflict.constraints.contains { $0.isAutoresizing && $0.firstAttribute == .height })
        // Measuring leaves the content view's own mask out: the configuration's height.
        #expect(cell.preferredLayoutSize(fittingWidth: 200) == Size(width: 200, height: 30))
        #expect(cell.systemLayoutSizeFitting(Size(width: 200, height: 0), withHorizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel) == Size(width: 200, height: 30))
    }

    @Test func aTableCellsConfiguredViewIsHeldByEncapsulatedConstraints() throws {
        let cell = TableViewCell(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        cell.contentConfiguration = FixedHeightConfiguration(height: 30)
        cell.layoutEngine.onUnsatisfiable = { _ in }
        cell.layoutIfNeeded()
        let view = try #require(cell.contentView as? FixedHeightView)
        #expect(view.generated.encapsulated.map(\.identifier) == ["UIView-Encapsulated-Layout-Width", "UIView-Encapsulated-Layout-Height"])
        let conflict = try #require(cell.layoutEngine.conflicts.first)
        #expect(conflict.message.contains("'UIView-Encapsulated-Layout-Height' AutoLayoutTests.FixedHeightView:"))
        #expect(conflict.broken.firstItem === view && !conflict.broken.isSystem)
    }

    // MARK: Configuration updates

    @Test func theFirstConfigurationIsAppliedBeforeTheCellIsMeasured() {
        let cell = CollectionViewCell()
        cell.contentConfiguration = AppliedOnSet(text: "Settings")
        let view = cell.contentView as! AppliedOnSetView
        // The view's initializer only stores it (a `didSet` does not run in `init`).
        #expect(view.label.text == nil)
        // 16 + 20.5 + 16.
        #expect(cell.preferredLayoutSize(fittingWidth: 200).height == 16 + textHeight(lines: 1) + 16)
        #expect(view.label.text == "Settings")
        #expect(view.applied == 1)
        // Nothing pending: measuring again applies nothing.
        _ = cell.preferredLayoutSize(fittingWidth: 200)
        #expect(view.applied == 1)
    }

    @Test func theFirstConfigurationIsAppliedBeforeTheCellIsLaidOut() {
        let cell = TableViewCell(frame: Rect(x: 0, y: 0, width: 200, height: 60))
        cell.contentConfiguration = AppliedOnSet(text: "Settings")
        cell.layoutIfNeeded()
        #expect((cell.contentView as! AppliedOnSetView).label.frame == Rect(x: 16, y: 16, width: 168, height: 28))
    }

    @Test func anOverrideWithoutSuperKeepsTheAutomaticUpdates() {
        let cell = RecordingCell()
        cell.contentConfiguration = FixedHeightConfiguration(height: 30)
        cell.isSelected = true
        #expect(cell.preferredLayoutSize(fittingWidth: 100).height == 40)
        #expect(cell.log == ["update selected", "handler selected"])
        cell.isSelected = false
        cell.layoutIfNeeded()
        #expect(cell.log.suffix(2) == ["update", "handler"])
    }

    @Test func backgroundsAreUpdatedForTheStateToo() {
        let cell = CollectionViewListCell()
        cell.backgroundConfiguration = cell.defaultBackgroundConfiguration()
        cell.isSelected = true
        cell.updateConfigurationsIfNeeded()
        #expect(cell.backgroundConfiguration == BackgroundConfiguration.listPlainCell().updated(for: CellConfigurationState(isSelected: true)))
        #expect(cell.backgroundConfiguration != .listPlainCell())
        let row = TableViewCell()
        row.backgroundConfiguration = .listGroupedCell()
        row.automaticallyUpdatesBackgroundConfiguration = false
        row.isHighlighted = true
        row.updateConfigurationsIfNeeded()
        #expect(row.backgroundConfiguration == .listGroupedCell())
    }

    @Test func aCellThatSetsItsConfigurationInItsUpdateShowsItFirstTime() {
        let cell = ItemCell()
        cell.item = 70
        #expect(cell.contentConfiguration == nil)
        #expect(cell.preferredLayoutSize(fittingWidth: 100).height == 70)
        cell.item = 80
        cell.setNeedsUpdateConfiguration()
        #expect(cell.preferredLayoutSize(fittingWidth: 100).height == 80)
    }

    @Test func reusedSizingCellsArePreparedForReuseAndUpdated() {
        let registration = CellRegistration<ItemCell, Double>(cell: { ItemCell() }) { cell, height in cell.item = height }
        let cache = SizingCellCache()
        #expect(cache.heights(of: [30, 50, 20], widths: [100, 100, 100], using: registration) == [30, 50, 20])
        let cell = cache.cell(for: registration)
        #expect(cell.reuses == 2)
        #expect(cell.updates == 3)
    }

    // MARK: Table view cells and the encapsulated height

    /// A 375 × 44 row with a label 12 from the top and bottom of the content view, and a
    /// height constraint on the label.
    private final class FixedRow {
        let cell = TableViewCell(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        let label = Label(text: "Hello")
        let height: LayoutConstraint
        var messages: [String] = []

        init(heightPriority: LayoutPriority) {
            height = label.heightAnchor.constraint(equalToConstant: 60)
            height.priority = heightPriority
            label.translatesAutoresizingMaskIntoConstraints = false
            cell.contentView.addSubview(label)
            cell.layoutEngine.onUnsatisfiable = { [unowned self] in self.messages.append($0.message) }
            LayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 12),
                label.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -12),
                label.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 16),
                label.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor, constant: -16),
            ])
            height.isActive = true
        }
    }

    @Test func theEncapsulatedHeightConflictsWithATallerChain() throws {
        let row = FixedRow(heightPriority: .required)
        row.cell.layoutIfNeeded()
        let conflict = try #require(row.cell.layoutEngine.conflicts.first)
        #expect(row.cell.layoutEngine.conflicts.count == 1)
        #expect(conflict.broken === row.height)
        #expect(row.label.frame == Rect(x: 16, y: 12, width: 343, height: 20))
        let expected = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.\u{20}
            \tTry this:\u{20}
            \t\t(1) look at each constraint and try to figure out which you don't expect;\u{20}
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it.\u{20}
            (
                "<NSLayoutConstraint:0x600000001080 V:|-(12)-[UILabel:0x7f8000001400'Hello']   (active, names: '|':UITableViewCellContentView:0x7f8000001200 )>",
                "<NSLayoutConstraint:0x600000001100 UILabel:0x7f8000001400'Hello'.bottom == UITableViewCellContentView:0x7f8000001200.bottom - 12   (active)>",
                "<NSLayoutConstraint:0x600000001180 UILabel:0x7f8000001400'Hello'.height == 60   (active)>",
                "<NSLayoutConstraint:0x600000001200 'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:0x7f8000001200.height == 44   (active)>"
            )

            Will attempt to recover by breaking constraint\u{20}
            <NSLayoutConstraint:0x600000001180 UILabel:0x7f8000001400'Hello'.height == 60   (active)>

            Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
            The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.
            """
        #expect(conflict.message == expected)
        #expect(row.messages == [expected])
        // Exactly the vertical chain: the label's top, bottom and height, and the row's height.
        let encapsulated = try #require(row.cell.contentView.generated.encapsulated.last)
        #expect(encapsulated.identifier == "UIView-Encapsulated-Layout-Height")
        let chain = row.cell.contentView.constraints.filter { $0.firstAttribute == .top || $0.firstAttribute == .bottom }
            + [row.height, encapsulated]
        #expect(conflict.constraints.map(ObjectIdentifier.init) == chain.map(ObjectIdentifier.init))
    }

    @Test func priority999FixesTheRowAndFittingGivesTheContentHeight() {
        let row = FixedRow(heightPriority: .required - 1)
        row.cell.layoutIfNeeded()
        #expect(row.cell.layoutEngine.conflicts.isEmpty)
        #expect(row.messages.isEmpty)
        #expect(row.label.frame == Rect(x: 16, y: 12, width: 343, height: 20))
        #expect(row.cell.preferredLayoutSize(fittingWidth: 375) == Size(width: 375, height: 12 + 60 + 12))
        // The table then places the row at its fitted height: the chain holds exactly.
        row.cell.frame.size.height = 84
        row.cell.layoutIfNeeded()
        #expect(row.cell.contentView.frame == Rect(x: 0, y: 0, width: 375, height: 84))
        #expect(row.label.frame == Rect(x: 16, y: 12, width: 343, height: 60))
        #expect(row.cell.layoutEngine.conflicts.isEmpty)
    }

    @Test func aListConfigurationInATableCellNeverConflictsWithTheRowHeight() throws {
        let cell = TableViewCell(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        var c = cell.defaultContentConfiguration()
        c.text = "Title"
        c.secondaryText = "A subtitle that makes the row taller than the 44-point estimate"
        cell.contentConfiguration = c
        cell.layoutEngine.onUnsatisfiable = { _ in }
        cell.layoutIfNeeded()
        #expect(cell.layoutEngine.conflicts.isEmpty)
        // 343 points: 33 characters of text, 38 of 15-point secondary text (9 points each).
        #expect(cell.preferredLayoutSize(fittingWidth: 375).height
                == 11 + textHeight(lines: 1) + 3 + textHeight(lines: 2, fontSize: 15) + 11)
    }

    @Test func aRowWithoutABottomConstraintGetsTheStandardHeight() {
        let cell = TableViewCell(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        let label = Label(text: "No bottom")
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(label)
        var issues: [FittingIssue] = []
        cell.layoutEngine.onFittingIssue = { issues.append($0) }
        LayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 12),
            label.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 16),
        ])
        #expect(cell.preferredLayoutSize(fittingWidth: 375) == Size(width: 375, height: 44))
        #expect(issues.count == 1)
        #expect(issues.first?.view === cell.contentView)
        #expect(issues.first?.axis == .vertical)
    }
}

/// A configuration whose view is a fixed height; selecting adds 10 points.
private struct FixedHeightConfiguration: ContentConfiguration {
    var height: Double

    func makeContentView() -> View & ContentView { FixedHeightView(configuration: self) }

    func updated(for state: any ConfigurationState) -> FixedHeightConfiguration {
        let isSelected = (state as? CellConfigurationState)?.isSelected ?? false
        return FixedHeightConfiguration(height: isSelected ? height + 10 : height)
    }
}

private final class FixedHeightView: View, ContentView {
    private var fixedHeight: LayoutConstraint?
    var configuration: any ContentConfiguration {
        didSet { fixedHeight?.constant = (configuration as! FixedHeightConfiguration).height }
    }

    init(configuration: FixedHeightConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        let height = heightAnchor.constraint(equalToConstant: configuration.height)
        height.isActive = true
        fixedHeight = height
    }
}

/// A configuration whose view applies it only when it is set after the view was made, as the
/// content-view article's view does (its `configuration` has a `didSet`).
private struct AppliedOnSet: ContentConfiguration {
    var text: String?
    func makeContentView() -> View & ContentView { AppliedOnSetView(configuration: self) }
    func updated(for state: any ConfigurationState) -> AppliedOnSet { self }
}

private final class AppliedOnSetView: View, ContentView {
    let label = Label()
    var applied = 0
    var configuration: any ContentConfiguration {
        didSet {
            applied += 1
            label.text = (configuration as? AppliedOnSet)?.text
        }
    }

    init(configuration: any ContentConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        label.translatesAutoresizingMaskIntoConstraints = false
        addSubview(label)
        LayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: topAnchor, constant: 16),
            label.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -16),
            label.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
        ])
    }
}

/// A cell that overrides `updateConfiguration(using:)` without calling `super`.
private final class RecordingCell: CollectionViewCell {
    var log: [String] = []

    required init(frame: Rect) {
        super.init(frame: frame)
        configurationUpdateHandler = { cell, state in
            (cell as! RecordingCell).log.append(state.isSelected ? "handler selected" : "handler")
        }
    }

    override func updateConfiguration(using state: CellConfigurationState) {
        log.append(state.isSelected ? "update selected" : "update")
    }
}

/// A cell that builds its configuration from its item in `updateConfiguration(using:)`, as the
/// list-cell article's cell does, and counts its reuses and updates.
private final class ItemCell: CollectionViewListCell {
    var item: Double?
    var reuses = 0
    var updates = 0

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
        item = nil
    }

    override func updateConfiguration(using state: CellConfigurationState) {
        updates += 1
        guard let item else { return }
        contentConfiguration = FixedHeightConfiguration(height: item).updated(for: state)
    }
}
