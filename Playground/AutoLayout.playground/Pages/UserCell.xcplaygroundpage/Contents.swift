import AutoLayout

//: # A user cell
//: A typical UIKit cell, ported by dropping the `UI` and `NS` prefixes and by the one change
//: Linux forces (`required`, not `override`, on a cell's initializer: a table makes cells from
//: their class, which without Objective-C only a required initializer allows): an avatar, the
//: name and a status dot after it, rows at least 48 points tall.
struct User {
    let name: String
    let isOnline: Bool
}

final class UserCell: TableViewCell {
    let avatarView = ImageView()
    let nameLabel = Label()
    let statusDot = View()

    required init(style: TableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        setupConstraints()
    }

    required init?(coder: Coder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func setupConstraints() {
        for view in [avatarView, nameLabel, statusDot] {
            view.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(view)
        }
        nameLabel.font = Font.systemFont(ofSize: 17)

        // At least 48 tall, but not required: the table first places rows at its 44-pt estimate.
        let minimumHeight = contentView.heightAnchor.constraint(greaterThanOrEqualToConstant: 48)
        minimumHeight.priority = LayoutPriority(999)

        LayoutConstraint.activate([
            avatarView.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            avatarView.centerYAnchor.constraint(equalTo: contentView.centerYAnchor),
            avatarView.topAnchor.constraint(greaterThanOrEqualTo: contentView.topAnchor, constant: 6),
            avatarView.widthAnchor.constraint(equalToConstant: 32),
            avatarView.heightAnchor.constraint(equalTo: avatarView.widthAnchor),

            nameLabel.leadingAnchor.constraint(equalTo: avatarView.trailingAnchor, constant: 12),
            nameLabel.centerYAnchor.constraint(equalTo: avatarView.centerYAnchor),

            statusDot.leadingAnchor.constraint(equalTo: nameLabel.trailingAnchor, constant: 8),
            statusDot.trailingAnchor.constraint(lessThanOrEqualTo: contentView.trailingAnchor, constant: -16),
            statusDot.centerYAnchor.constraint(equalTo: avatarView.centerYAnchor),
            statusDot.widthAnchor.constraint(equalToConstant: 8),
            statusDot.heightAnchor.constraint(equalTo: statusDot.widthAnchor),

            minimumHeight,
        ])
    }

    func configure(with user: User) {
        nameLabel.text = user.name
        statusDot.isHidden = !user.isOnline
    }
}

let page = Page()
page.title("A user cell")
let cell = UserCell(style: .default, reuseIdentifier: "user")
cell.avatarView.accessibilityIdentifier = "avatar"
cell.statusDot.accessibilityIdentifier = "statusDot"
cell.contentView.accessibilityIdentifier = "contentView"
page.watch(cell)
cell.configure(with: User(name: "Jane Appleseed", isOnline: true))
page.section("constraints (setupConstraints)")
page.constraints(cell.contentView.constraints)

//: The table measures the row at its width, then places it at the measured height.
let size = cell.preferredLayoutSize(fittingWidth: 375)
page.section("fitted at 375 wide: \(size)  (the 48-point minimum; the avatar needs 6 + 32 + 6)")
cell.frame = Rect(origin: .zero, size: size)
cell.layoutIfNeeded()
page.frames(of: cell)
page.draw(cell)

//: Before measuring, the table places rows at its 44-point estimate: the minimum height is
//: at 999, so it gives way without a conflict.
cell.frame = Rect(x: 0, y: 0, width: 375, height: 44)
cell.layoutIfNeeded()
page.section("at the 44-point estimate: \(cell.layoutEngine.conflicts.count) conflicts")
page.frames(of: cell)

//: A long name stops 8 points before the dot, which stops 16 points before the edge; an
//: offline user's dot is hidden but keeps its place.
cell.configure(with: User(name: "Maria Salomea Skłodowska-Curie, twice a Nobel laureate", isOnline: false))
cell.frame = Rect(origin: .zero, size: cell.preferredLayoutSize(fittingWidth: 375))
cell.layoutIfNeeded()
page.section("a long name, offline")
page.frames(of: cell)
page.draw(cell)
