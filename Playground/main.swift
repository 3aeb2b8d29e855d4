// The classic self-sizing cell conflict, as UIKit reports it, and its fix.
// Later pages (stack views, lists, grids, activation sets) come with the cells issue.
import AutoLayout

// A 44-pt list row whose label wants to be 126 pt tall.
let cell = View(frame: Rect(x: 0, y: 0, width: 374, height: 44))
let contentView = View(frame: cell.bounds)          // placed by its autoresizing mask
cell.addSubview(contentView)
let label = Label(text: "A symbol with a long caption")
label.translatesAutoresizingMaskIntoConstraints = false
contentView.addSubview(label)
let height = label.heightAnchor.constraint(equalToConstant: 126)
LayoutConstraint.activate([
    label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
    label.bottomAnchor.constraint(equalTo: contentView.safeAreaLayoutGuide.bottomAnchor, constant: -12),
    label.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
    label.trailingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.trailingAnchor),
    height,
])
cell.layoutEngine.onUnsatisfiable = { print($0.message) }   // by default: standard error
cell.layoutIfNeeded()
print("\nlabel frame after the break: \(label.frame)")

// The fix: let the height give way to the row's (priority 999), then size the row to fit.
height.isActive = false
height.priority = LayoutPriority(999)
height.isActive = true
cell.layoutIfNeeded()
let fitted = contentView.systemLayoutSizeFitting(Size(width: 374, height: 0),
                                                 withHorizontalFittingPriority: .required,
                                                 verticalFittingPriority: .fittingSizeLevel)
print("with priority 999: \(cell.layoutEngine.conflicts.count) conflict in all, fitting height \(fitted.height)")
