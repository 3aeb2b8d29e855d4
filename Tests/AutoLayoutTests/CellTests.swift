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
    let view = try #require(cell.configuredContentView as? ListContentView)
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
        let view = try #require(cell.configuredContentView as? ListContentView)
        let constraints = view.constraints.map(ObjectIdentifier.init)
        c.text = "Two lines of text that wrap at a narrow width"
        cell.contentConfiguration = c
        #expect(cell.configuredContentView === view)
        #expect(view.constraints.map(ObjectIdentifier.init) == constraints)
        // 200 − 32 = 168 points hold 16 characters: "Two lines of" / "text that wrap" / "at a narrow" / "width".
        #expect(cell.preferredLayoutSize(fittingWidth: 200).height == 11 + textHeight(lines: 4) + 11)
        // A new part (a secondary text) rebuilds the constraints, not the view.
        c.secondaryText = "More"
        cell.contentConfiguration = c
        #expect(cell.configuredContentView === view)
        #expect(view.secondaryTextLabel.superview === view)
    }

    @Test func anotherConfigurationTypeGetsItsOwnView() throws {
        let cell = CollectionViewCell()
        var list = ListContentConfiguration.cell()
        list.text = "List"
        cell.contentConfiguration = list
        let listView = try #require(cell.configuredContentView)
        cell.contentConfiguration = FixedHeightConfiguration(height: 30)
        #expect(cell.configuredContentView !== listView)
        #expect(listView.superview == nil)
        #expect(cell.preferredLayoutSize(fittingWidth: 100) == Size(width: 100, height: 30))
        cell.contentConfiguration = nil
        #expect(cell.configuredContentView == nil)
        #expect(cell.contentView.subviews.isEmpty)
    }

    @Test func stateChangesUpdateTheConfiguration() throws {
        let cell = CollectionViewCell()
        cell.contentConfiguration = FixedHeightConfiguration(height: 30)
        cell.isSelected = true
        #expect((cell.contentConfiguration as? FixedHeightConfiguration)?.height == 40)
        cell.automaticallyUpdatesContentConfiguration = false
        cell.isHighlighted = true
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

    func updated(for state: ConfigurationState) -> FixedHeightConfiguration {
        FixedHeightConfiguration(height: state.isSelected ? height + 10 : height)
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
