import AutoLayout

//: # A cell missing its bottom constraint
//: A note cell: a title and a detail under it, pinned at the top and the sides, but nothing
//: ties the detail to the bottom of the content view. The constraints place every view, yet
//: say nothing about how tall the content view is: the height is ambiguous.
let page = Page()
page.title("A cell missing its bottom constraint")
let cell = TableViewCell(style: .default, reuseIdentifier: "note")
cell.contentView.accessibilityIdentifier = "contentView"
page.watch(cell)
let title = Label(text: "Pick-up at 5 pm")
let detail = Label(text: "Two crates of apples and a bag of lemons, at the back door")
detail.font = Font.systemFont(ofSize: 15)
detail.numberOfLines = 0
for label in [title, detail] {
    label.translatesAutoresizingMaskIntoConstraints = false
    cell.contentView.addSubview(label)
}
let contentView = cell.contentView
LayoutConstraint.activate([
    title.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
    title.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
    title.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
    detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
    detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
    detail.trailingAnchor.constraint(equalTo: title.trailingAnchor),
    // missing: detail.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12)
])
page.section("constraints")
page.constraints(contentView.constraints)

//: The table measures the row: the width is required, the height pulled towards zero at
//: the fitting level. With the chain broken, zero satisfies every constraint as well as
//: any other height. UIKit notices, logs a warning and gives the row its standard 44
//: points; this engine says which view and axis, and does the same.
page.section("measuring the row at 375 wide logs")
let measured = cell.preferredLayoutSize(fittingWidth: 375)
page.print("""

    (UIKit logs: "[Warning] Warning once only: Detected a case where constraints ambiguously suggest a \
    height of zero for a tableview cell's content view. We're considering the collapse unintentional \
    and using standard height instead.")
    Why: the constraints run from the content view's top down through the title to the detail, and \
    stop there. No constraint relates the detail, or anything below it, to the content view's bottom, \
    so every height satisfies them all equally: 0 as well as 44 or 1000.
    row size: \(measured), UIKit's standard height
    """)
cell.frame = Rect(origin: .zero, size: measured)
cell.layoutIfNeeded()
page.section("frames: the detail hangs below the row")
page.frames(of: cell)
page.draw(cell)

//: What decides the content view's height? Only the row (the table's encapsulated
//: height constraint); none of the page's constraints reaches it.
page.section("constraints affecting the content view's height")
page.constraints(contentView.constraintsAffectingLayout(for: .vertical))

//: The fix: close the chain from the top of the content view to its bottom.
page.section("the fix: detail.bottom == contentView.bottom - 12")
detail.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12).isActive = true
let fitted = cell.preferredLayoutSize(fittingWidth: 375)
page.print("row size: \(fitted)  (12 + 20.5 + 4 + 2 lines of 18 + 12)")
cell.frame = Rect(origin: .zero, size: fitted)
cell.layoutIfNeeded()
page.frames(of: cell)
page.draw(cell)
