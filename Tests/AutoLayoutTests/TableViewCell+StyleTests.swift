import Testing
import AutoLayout

@Suite struct TableViewCellStyleTests {
    @Test func theStyleChoosesTheDefaultContentConfiguration() {
        #expect(TableViewCell(style: .default, reuseIdentifier: nil).defaultContentConfiguration() == .cell())
        #expect(TableViewCell(style: .subtitle, reuseIdentifier: nil).defaultContentConfiguration() == .subtitleCell())
        #expect(TableViewCell(style: .value1, reuseIdentifier: nil).defaultContentConfiguration() == .valueCell())
        #expect(TableViewCell(style: .value2, reuseIdentifier: nil).defaultContentConfiguration() == .valueCell())
        #expect(TableViewCell(reuseIdentifier: "row").style == .default)
        #expect(TableViewCell(frame: Rect(x: 0, y: 0, width: 320, height: 44)).style == .default)
    }

    @Test func aValueRowKeepsItsTextsSideBySideAndASubtitleRowStacksThem() {
        func height(_ style: TableViewCell.CellStyle) -> Double {
            let cell = TableViewCell(style: style, reuseIdentifier: "row")
            var content = cell.defaultContentConfiguration()
            content.text = "Apples"
            content.secondaryText = "$1.20"
            cell.contentConfiguration = content
            return cell.preferredLayoutSize(fittingWidth: 375).height
        }
        // Side by side: one 17-point line between 11-point margins, at least 44.
        #expect(height(.value1) == 44)
        // Stacked: 11 + 20.5 + 3 + 18 (a 15-point line) + 11.
        let stacked: Double = 11 + 20.5 + 3 + 18 + 11
        #expect(height(.subtitle) == stacked)
    }
}
