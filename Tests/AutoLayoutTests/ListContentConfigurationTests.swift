import Testing
@testable import AutoLayout

/// `UIListContentConfiguration.TextProperties` as ported cell code sets them.
@Suite struct ListContentConfigurationTests {
    /// The list content view a cell shows for `configuration`, laid out at its fitted size 375 wide.
    private func shown(_ configuration: ListContentConfiguration) throws -> ListContentView {
        let cell = CollectionViewListCell()
        cell.contentConfiguration = configuration
        cell.frame = Rect(origin: .zero, size: cell.preferredLayoutSize(fittingWidth: 375))
        cell.layoutIfNeeded()
        return try #require(cell.contentView as? ListContentView)
    }

    @Test func textPropertiesStartAsUIKits() {
        for c in [ListContentConfiguration.cell(), .subtitleCell(), .valueCell(), .sidebarCell()] {
            #expect(c.textProperties.font == .preferredFont(forTextStyle: .body))
            #expect(c.textProperties.color == .label && c.secondaryTextProperties.color == .secondaryLabel)
            #expect(c.textProperties.numberOfLines == 0 && c.textProperties.alignment == .natural)
        }
        #expect(ListContentConfiguration.subtitleCell().secondaryTextProperties.font == .preferredFont(forTextStyle: .subheadline))
        #expect(ListContentConfiguration.valueCell().secondaryTextProperties.font == .preferredFont(forTextStyle: .body))
    }

    @Test func fontsLinesAndAlignmentReachTheLabels() throws {
        var c = ListContentConfiguration.subtitleCell()
        c.text = "Title"
        c.secondaryText = "Detail"
        c.textProperties.font = .preferredFont(forTextStyle: .headline)
        c.textProperties.color = .systemBlue
        c.textProperties.alignment = .center
        c.secondaryTextProperties.font = .systemFont(ofSize: 13, weight: .medium)
        c.secondaryTextProperties.color = .tertiaryLabel
        c.secondaryTextProperties.numberOfLines = 1
        let view = try shown(c)
        #expect(view.textLabel.font == .preferredFont(forTextStyle: .headline) && view.textLabel.textColor == .systemBlue)
        #expect(view.textLabel.textAlignment == .center)
        #expect(view.secondaryTextLabel.font.pointSize == 13 && view.secondaryTextLabel.textColor == .tertiaryLabel)
        #expect(view.secondaryTextLabel.numberOfLines == 1)
        // 11 + 20.5 + 3 + 15.6 → 16 + 11.
        #expect(view.frame.height == 11 + textHeight(lines: 1) + 3 + textHeight(lines: 1, fontSize: 13) + 11)
    }

    @Test func colourDoesNotChangeTheSize() throws {
        var c = ListContentConfiguration.valueCell()
        c.text = "Volume"
        c.secondaryText = "11"
        let plain = try shown(c)
        c.textProperties.color = .systemRed
        c.secondaryTextProperties.color = .clear
        let coloured = try shown(c)
        #expect(coloured.frame == plain.frame)
        #expect(coloured.textLabel.frame == plain.textLabel.frame && coloured.secondaryTextLabel.frame == plain.secondaryTextLabel.frame)
        #expect(c != .valueCell())
    }
}
