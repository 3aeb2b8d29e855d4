extension TableViewCell {
    /// The standard layouts of a table row (UIKit's `UITableViewCell.CellStyle`): since iOS 14
    /// a style only chooses the cell's ``TableViewCell/defaultContentConfiguration()``.
    public enum CellStyle: Int, Sendable {
        /// An image and a text (UIKit's Basic): ``ListContentConfiguration/cell()``.
        case `default`
        /// A text with a value at the trailing edge (UIKit's Right Detail):
        /// ``ListContentConfiguration/valueCell()``.
        case value1
        /// A text with a value next to it (UIKit's Left Detail). UIKit's public API has no list
        /// configuration for it; it gets ``ListContentConfiguration/valueCell()``.
        case value2
        /// A text over a secondary text: ``ListContentConfiguration/subtitleCell()``.
        case subtitle

        /// A fresh list configuration for the style.
        func contentConfiguration() -> ListContentConfiguration {
            switch self {
            case .default: .cell()
            case .value1, .value2: .valueCell()
            case .subtitle: .subtitleCell()
            }
        }
    }
}
