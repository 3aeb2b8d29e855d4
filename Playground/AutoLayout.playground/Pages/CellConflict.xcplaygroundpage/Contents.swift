import AutoLayout

let page = Page()
//: # A 44-point row and a 126-point label
//: The row is 44 points tall and its content view follows it (an autoresizing mask that
//: fixes the size, `h=--& v=--&`); the label inside asks for 126 points between margins of
//: 12. The required constraints cannot all hold: UIKit logs its famous message and breaks one.
page.title("A 44-point row and a 126-point label")
let cell = View(frame: Rect(x: 0, y: 0, width: 375, height: 44))
cell.accessibilityIdentifier = "cell"
let contentView = View(frame: cell.bounds)          // placed by its autoresizing mask
contentView.accessibilityIdentifier = "contentView"
cell.addSubview(contentView)
let label = Label(text: "A symbol with a long caption")
label.translatesAutoresizingMaskIntoConstraints = false
contentView.addSubview(label)
let height = label.heightAnchor.constraint(equalToConstant: 126)
let constraints = [
    label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
    label.bottomAnchor.constraint(equalTo: contentView.safeAreaLayoutGuide.bottomAnchor, constant: -12),
    label.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
    label.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
    height,
]
LayoutConstraint.activate(constraints)
page.section("constraints")
page.constraints(constraints)

page.section("layoutIfNeeded() at 44 pt logs")
page.watch(cell)                                    // UIKit logs to the console; the page shows it
cell.layoutIfNeeded()
page.print("")
page.print("12 + 126 + 12 = 150 points of label and margins in a 44-point row: one constraint must go.")
page.print("All are required; as on iOS, the one broken is the app's last added: the label's height, now 44 - 24 = 20.")
page.section("frames after the break")
page.frames(of: cell)
page.draw(cell)

//: ## The fix
//: Let the label's height give way to the row's: priority 999 instead of required. The
//: table then measures the row (width required, height as small as possible) and places it
//: at that height, where every constraint holds.
page.section("the fix: the label's height at priority 999")
height.isActive = false                             // a priority can't cross required while active
height.priority = LayoutPriority(999)
height.isActive = true
let before = cell.layoutEngine.conflicts.count
cell.layoutIfNeeded()
let fitted = contentView.systemLayoutSizeFitting(Size(width: 375, height: 0),
                                                 withHorizontalFittingPriority: .required,
                                                 verticalFittingPriority: .fittingSizeLevel)
page.print("new conflicts at 44 pt: \(cell.layoutEngine.conflicts.count - before)")
page.print("fitted size: \(fitted)  (12 + 126 + 12 tall)")
cell.frame = Rect(origin: .zero, size: fitted)
contentView.frame = cell.bounds
cell.layoutIfNeeded()
page.section("frames at the fitted height")
page.frames(of: cell)
page.draw(cell)
