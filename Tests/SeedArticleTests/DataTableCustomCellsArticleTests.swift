// "Custom Cells" of SwiftDataTables (../shared/seeds/swiftdatatables-custom-cells.txt): a user
// cell (a 32-point avatar, a name, an 8-point status dot, at least 48 tall) and an action-button
// cell, measured by a sizing-cell cache.
//
// The article's listings, ported: `import UIKit` becomes `import AutoLayout` and `UI`/`NS`
// prefixes are dropped. Every other change carries a `// Port:` comment with its reason.
// SwiftDataTables itself (`DataTableCustomCellProvider`, `SwiftDataTable`) is a third-party
// library, not UIKit: its sizing is played here by `SizingCellCache` and `TableLayout`.
import AutoLayout
// Port: UIKit re-exports Foundation; the cell's `URL` needs it imported here.
import Foundation
import Testing

class UserCell: CollectionViewCell {
    static let reuseIdentifier = "UserCell"

    // Port: `private` dropped from the three views, so that the tests can read their frames.
    let avatarView = ImageView()
    let nameLabel = Label()
    let statusDot = View()

    // Port: `CGRect` is CoreGraphics, which Linux does not have: `Rect`. `required`, not
    // `override`: without the Objective-C runtime a collection view can make a cell from its
    // class only through a required initializer.
    required init(frame: Rect) {
        super.init(frame: frame)
        setupViews()
        setupConstraints()
    }

    required init?(coder: Coder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func setupViews() {
        avatarView.contentMode = .scaleAspectFill
        avatarView.clipsToBounds = true
        avatarView.layer.cornerRadius = 16
        avatarView.backgroundColor = .systemGray5

        nameLabel.font = .systemFont(ofSize: 14, weight: .medium)
        nameLabel.numberOfLines = 1

        statusDot.layer.cornerRadius = 4

        contentView.addSubview(avatarView)
        contentView.addSubview(nameLabel)
        contentView.addSubview(statusDot)
    }

    private func setupConstraints() {
        avatarView.translatesAutoresizingMaskIntoConstraints = false
        nameLabel.translatesAutoresizingMaskIntoConstraints = false
        statusDot.translatesAutoresizingMaskIntoConstraints = false

        LayoutConstraint.activate([
            // Avatar: 32x32, vertically centered, 8pt from leading
            avatarView.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
            avatarView.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            avatarView.widthAnchor.constraint(equalToConstant: 32),
            avatarView.heightAnchor.constraint(equalToConstant: 32),

            // Name: after avatar, vertically centered
            nameLabel.leadingAnchor.constraint(equalTo: avatarView.trailingAnchor, constant: 8),
            nameLabel.trailingAnchor.constraint(equalTo: statusDot.leadingAnchor, constant: -8),
            nameLabel.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),

            // Status dot: 8x8, trailing edge, vertically centered
            statusDot.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
            statusDot.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            statusDot.widthAnchor.constraint(equalToConstant: 8),
            statusDot.heightAnchor.constraint(equalToConstant: 8),

            // Cell height: at least 48pt
            contentView.heightAnchor.constraint(greaterThanOrEqualToConstant: 48)
        ])
    }

    func configure(name: String, avatarURL: URL?, isOnline: Bool) {
        nameLabel.text = name
        statusDot.backgroundColor = isOnline ? .systemGreen : .systemGray

        // Load avatar image (use your preferred image loading library)
        if let url = avatarURL {
            // avatarView.loadImage(from: url)
            _ = url   // Port: the article leaves `url` unused; Swift 6 warns about that.
        }
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        avatarView.image = nil
        nameLabel.text = nil
    }
}

class ActionButtonCell: CollectionViewCell {
    static let reuseIdentifier = "ActionButtonCell"

    // Port: `private` dropped so that the tests can tap the buttons.
    let editButton = Button(type: .system)
    let deleteButton = Button(type: .system)

    var onEdit: (() -> Void)?
    var onDelete: (() -> Void)?

    // Port: `CGRect` → `Rect` (no CoreGraphics on Linux); `required` as in `UserCell`.
    required init(frame: Rect) {
        super.init(frame: frame)

        editButton.setTitle("Edit", for: .normal)
        // Port: `addTarget(self, action: #selector(editTapped), for: .touchUpInside)`: selectors
        // need the Objective-C runtime, which Linux does not have; UIKit's closure API instead.
        editButton.addAction(Action { [unowned self] _ in self.editTapped() }, for: .touchUpInside)

        deleteButton.setTitle("Delete", for: .normal)
        deleteButton.setTitleColor(.systemRed, for: .normal)
        // Port: as above, for `#selector(deleteTapped)`.
        deleteButton.addAction(Action { [unowned self] _ in self.deleteTapped() }, for: .touchUpInside)

        let stack = StackView(arrangedSubviews: [editButton, deleteButton])
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false

        contentView.addSubview(stack)
        LayoutConstraint.activate([
            stack.centerXAnchor.constraint(equalTo: contentView.centerXAnchor),
            stack.centerYAnchor.constraint(equalTo: contentView.centerYAnchor)
        ])
    }

    required init?(coder: Coder) { fatalError() }

    // Port: `@objc` dropped (no Objective-C runtime).
    private func editTapped() { onEdit?() }
    private func deleteTapped() { onDelete?() }

    override func prepareForReuse() {
        super.prepareForReuse()
        onEdit = nil
        onDelete = nil
    }
}

/// The rows of the article's table: a user per row.
private struct User {
    let name: String
    let email: String
    let isOnline: Bool
}

private let users = [
    User(name: "Jane Appleseed", email: "jane@example.com", isOnline: true),
    User(name: "Bartholomew Featherstonehaugh-Cholmondeley", email: "bart@example.com", isOnline: false),
    User(name: "Li", email: "li@example.com", isOnline: true),
]

/// The article's `configure` closure for the user column, as a registration: the cache plays
/// its `sizingCellFor` (one cell per identifier, reused for every row).
private func userRegistration() -> CellRegistration<UserCell, User> {
    CellRegistration(reuseIdentifier: UserCell.reuseIdentifier, cell: { UserCell() }) { userCell, user in
        userCell.configure(name: user.name, avatarURL: nil, isOnline: user.isOnline)
    }
}

@Suite struct DataTableCustomCellsArticleTests {
    @Test(arguments: [120.0, 200.0, 375.0])
    func theUserCellIsAtLeast48Tall(width: Double) {
        // "The greaterThanOrEqualToConstant: 48 tells Auto Layout the minimum height."
        let cache = SizingCellCache()
        for user in users {
            #expect(cache.size(of: user, width: width, using: userRegistration()) == Size(width: width, height: 48))
        }
        #expect(cache.cellsMade == 1)
    }

    @Test func theUserCellLaysOutCentredAt48() {
        let cell = UserCell(frame: Rect(x: 0, y: 0, width: 200, height: 48))
        cell.configure(name: "Jane Appleseed", avatarURL: nil, isOnline: true)
        var conflicts = 0
        cell.layoutEngine.onUnsatisfiable = { _ in conflicts += 1 }
        cell.layoutIfNeeded()
        #expect(conflicts == 0)
        #expect(cell.avatarView.frame == Rect(x: 8, y: 8, width: 32, height: 32))
        #expect(cell.statusDot.frame == Rect(x: 200 - 8 - 8, y: 20, width: 8, height: 8))
        // The name fills the space between the avatar and the dot (14-point text, 17 tall).
        #expect(cell.nameLabel.frame == Rect(x: 48, y: 15.5, width: 200 - 48 - 24, height: 17))
        // Drawing-only state is kept, and changes no frame.
        #expect(cell.statusDot.backgroundColor == .systemGreen)
        #expect(cell.avatarView.layer.cornerRadius == 16 && cell.avatarView.clipsToBounds)
    }

    @Test func aReusedCellIsPreparedForItsNextRow() {
        // `prepareForReuse` clears the last row's name before `configure` sets the next one.
        let cache = SizingCellCache()
        let registration = CellRegistration<UserCell, User>(cell: { UserCell() }) { cell, user in
            #expect(cell.nameLabel.text == nil, "prepareForReuse ran before configure")
            cell.configure(name: user.name, avatarURL: nil, isOnline: user.isOnline)
        }
        _ = cache.heights(of: users, widths: [375, 375, 375], using: registration)
        #expect(cache.cell(for: registration).nameLabel.text == "Li")
    }

    @Test func aTableWithAUserColumnHasRowsOfAtLeast48() {
        // The article's table: the user column (custom cells) and an email column, rows as tall
        // as their tallest cell ("automatic row heights").
        struct Cell { let user: User; let column: Int }
        let registration = CellRegistration<UserCell, Cell>(cell: { UserCell() }) { cell, item in
            cell.configure(name: item.column == 0 ? item.user.name : item.user.email, avatarURL: nil, isOnline: item.user.isOnline)
        }
        let table = TableLayout(columnWidths: [200, 160])
        let result = table.layout(rows: users.map { u in [Cell(user: u, column: 0), Cell(user: u, column: 1)] }, using: registration)
        #expect(result.rowFrames.map(\.height) == [48, 48, 48])
        #expect(result.contentSize == Size(width: 360, height: 144))
    }

    @Test func theArticlesProviderSizesTheUserColumnNextToTextColumns() throws {
        // The article's four closures, word for word but for the names its library gives them:
        // `DataTableCustomCellProvider` is `DataTableCellProvider` here, and `DataCell` the
        // built-in text cell. Its `SwiftDataTable(data:columns:options:)` (a third-party view,
        // not UIKit) becomes a `DataTable` of the same columns.
        // Cache sizing cells for performance
        var sizingCells: [String: CollectionViewCell] = [:]
        var asked = 0

        let provider = DataTableCellProvider(
            register: { collectionView in
                collectionView.register(UserCell.self, forCellWithReuseIdentifier: UserCell.reuseIdentifier)
            },

            reuseIdentifierFor: { indexPath in
                // indexPath.section = column index
                // indexPath.row = data row index
                if indexPath.section == 0 {
                    return UserCell.reuseIdentifier
                }
                return "DataCell"  // Default cell for other columns
            },

            configure: { cell, value, indexPath in
                guard let userCell = cell as? UserCell else { return }

                // value.stringRepresentation gives you the text
                // For more data, access your model directly (see below)
                userCell.configure(
                    name: value.stringRepresentation,
                    avatarURL: nil,
                    isOnline: true
                )
            },

            sizingCellFor: { identifier in
                asked += 1   // Port: counted, to check the table asks once per kind.
                // Return cached cell or create new one
                if let cached = sizingCells[identifier] {
                    return cached
                }
                let cell = identifier == UserCell.reuseIdentifier ? UserCell() : DataCell()
                sizingCells[identifier] = cell
                return cell
            }
        )
        // Port: the article's `.init("User", \.name)` columns, as values and widths.
        let roles = ["Admin", "Senior Vice President of Engineering Operations", "Editor"]
        let rows: [[DataTableValue]] = zip(users, roles).map { [DataTableValue($0.name), DataTableValue($0.email), DataTableValue($1)] }
        let table = DataTable(frame: Rect(x: 0, y: 0, width: 500, height: 600), columnWidths: [200, 200, 100], rows: rows,
                              provider: provider, rowHeightMode: .automatic(estimated: 48))
        table.layoutIfNeeded()
        let cv = table.collectionView
        // One sizing cell per kind, asked for once each.
        #expect(asked == 2 && table.sizingCellCount == 2 && sizingCells.count == 2)
        // Rows 0 and 2: the user cell's 48 is the tallest. Row 1: the long role wraps in its
        // 100-point column and makes the row taller; every cell of the row takes its height.
        let longRole = DataCell()
        longRole.dataLabel.text = roles[1]
        let roleHeight = longRole.preferredLayoutSize(fittingWidth: 100).height
        #expect(roleHeight > 48)
        #expect((0..<3).map { table.heightOfRow($0) } == [48, roleHeight, 48])
        let user1 = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame)
        #expect(user1 == Rect(x: 0, y: 48, width: 200, height: roleHeight))
        #expect(cv.layoutAttributesForItem(at: IndexPath(item: 2, section: 2))?.frame == Rect(x: 400, y: 48 + roleHeight, width: 100, height: 48))
        #expect(cv.contentSize == Size(width: 500, height: 96 + roleHeight))
        // The shown cells are the registered kinds, configured for their values.
        let shownUser = try #require(cv.cellForItem(at: IndexPath(item: 2, section: 0)) as? UserCell)
        #expect(shownUser.nameLabel.text == "Li")
        let shownEmail = try #require(cv.cellForItem(at: IndexPath(item: 0, section: 1)) as? DataCell)
        #expect(shownEmail.dataLabel.text == "jane@example.com")
        #expect(cv.visibleCells.count == 9)
    }

    @Test func automaticRowsOfALongTableAreMeasuredOnlyWhenReached() {
        let rows = (0..<5_000).map { [DataTableValue("Row \($0)"), DataTableValue("\($0 * 7)")] }
        let table = DataTable(frame: Rect(x: 0, y: 0, width: 300, height: 400), columnWidths: [150, 150], rows: rows,
                              provider: .text, rowHeightMode: .automatic(estimated: 50))
        table.layoutIfNeeded()
        let measured = (0..<5_000).filter { table.heightOfRow($0) != nil }
        let row = table.heightOfRow(0)!
        #expect(measured == Array(0..<Int((400 / row).rounded(.up))))
        #expect(table.collectionView.contentSize.height == Double(measured.count) * row + Double(5_000 - measured.count) * 50)
        #expect(table.sizingCellCount == 1)
    }

    @Test func aShortRowLeavesItsMissingColumnsEmpty() {
        let table = DataTable(frame: Rect(x: 0, y: 0, width: 300, height: 400), columnWidths: [150, 150],
                              rows: [["a", "b"], ["c"], ["d", "e"]], provider: .text)
        table.layoutIfNeeded()
        let texts = table.collectionView.visibleCells.compactMap { ($0 as? DataCell)?.dataLabel.text }
        #expect(texts == ["a", "c", "d", "b", "e"])   // column by column
        #expect(table.collectionView.cellForItem(at: IndexPath(item: 1, section: 1)) == nil)
        #expect((0..<3).map { table.heightOfRow($0) } == [36.5, 36.5, 36.5])
    }

    @Test func theActionCellsButtonsRunTheirClosures() {
        let cell = ActionButtonCell(frame: Rect(x: 0, y: 0, width: 200, height: 48))
        var taps: [String] = []
        cell.onEdit = { taps.append("edit") }
        cell.onDelete = { taps.append("delete") }
        cell.editButton.sendActions(for: .touchUpInside)
        cell.deleteButton.sendActions(for: .touchUpInside)
        #expect(taps == ["edit", "delete"])
        #expect(cell.deleteButton.titleColor(for: .normal) == .systemRed)
        // The stack is centred in the content view.
        cell.layoutIfNeeded()
        let stack = cell.editButton.superview!
        #expect(stack.frame.midX == 100 && stack.frame.midY == 24)
        // Reuse drops the closures: a recycled cell cannot call the last row's actions.
        cell.prepareForReuse()
        cell.editButton.sendActions(for: .touchUpInside)
        #expect(taps == ["edit", "delete"])
    }
}
