import Testing
@testable import AutoLayout

@Suite struct BackgroundConfigurationTests {
    @Test func presetsStartFromUIKitsColours() {
        #expect(BackgroundConfiguration.listPlainCell().backgroundColor == .systemBackground)
        #expect(BackgroundConfiguration.listGroupedCell().backgroundColor == .secondarySystemGroupedBackground)
        #expect(BackgroundConfiguration.listSidebarCell().backgroundColor == .clear)
        #expect(BackgroundConfiguration.listPlainHeaderFooter().backgroundColor == .systemBackground)
        #expect(BackgroundConfiguration.listGroupedHeaderFooter().backgroundColor == .clear)
        let clear = BackgroundConfiguration.clear()
        #expect(clear.backgroundColor == .clear && clear.cornerRadius == 0 && clear.backgroundInsets == .zero)
        #expect(clear.strokeColor == nil && clear.strokeWidth == 0 && clear.strokeOutset == 0)
    }

    @Test func selectionChangesThePresetsColour() {
        let selected = CellConfigurationState(isSelected: true)
        let highlighted = CellConfigurationState(isHighlighted: true)
        let plain = BackgroundConfiguration.listPlainCell()
        #expect(plain.updated(for: selected).backgroundColor == .systemGray4)
        #expect(plain.updated(for: highlighted).backgroundColor == .systemGray4)
        #expect(plain.updated(for: selected).updated(for: CellConfigurationState()) == plain)
        #expect(BackgroundConfiguration.listGroupedCell().updated(for: selected).backgroundColor == .systemGray4)
        // A selected sidebar cell is filled with the tint.
        let sidebar = BackgroundConfiguration.listSidebarCell().updated(for: selected)
        #expect(sidebar.backgroundColor == nil)
        #expect(sidebar.resolvedBackgroundColor(for: .systemPurple) == .systemPurple)
        #expect(BackgroundConfiguration.clear().updated(for: selected) == .clear())
        #expect(BackgroundConfiguration.listPlainHeaderFooter().updated(for: selected) == .listPlainHeaderFooter())
    }

    @Test func aColourSetByHandStaysInEveryState() {
        var card = BackgroundConfiguration.listGroupedCell()
        card.backgroundColor = .systemTeal
        card.cornerRadius = 12
        card.backgroundInsets = DirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16)
        card.strokeColor = .separator
        card.strokeWidth = 1
        let selected = card.updated(for: CellConfigurationState(isSelected: true))
        #expect(selected == card && selected.backgroundColor == .systemTeal && selected.cornerRadius == 12)
        #expect(card.resolvedBackgroundColor(for: .systemBlue) == .systemTeal)
        #expect(card.resolvedStrokeColor(for: .systemBlue) == .separator)
        card.strokeColor = nil
        #expect(card.resolvedStrokeColor(for: .systemBlue) == .systemBlue)
        // Corners and insets are the caller's even for presets that change colour.
        var plain = BackgroundConfiguration.listPlainCell()
        plain.cornerRadius = 8
        #expect(plain.updated(for: CellConfigurationState(isHighlighted: true)).cornerRadius == 8)
    }
}
