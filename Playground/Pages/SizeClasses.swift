import AutoLayout
import PlaygroundKit

//: # Compact and regular layouts
//: A sidebar and a content area. In a compact width the sidebar is a 100-point strip above the
//: content; in a regular width it is a 300-point column beside it. The constraints both
//: layouts share stay active; each size class has its own set, and a trait change swaps the
//: sets in one batch, so no layout ever sees both sets or neither.
func sizeClassesPage(_ page: Page) {
    page.title("Compact and regular layouts")
    let root = View(frame: Rect(x: 0, y: 0, width: 375, height: 600))
    root.accessibilityIdentifier = "root"
    page.watch(root)
    let sidebar = View(), content = View()
    sidebar.accessibilityIdentifier = "sidebar"
    content.accessibilityIdentifier = "content"
    for view in [sidebar, content] {
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
    }
    let shared = [
        sidebar.topAnchor.constraint(equalTo: root.topAnchor),
        sidebar.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        content.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        content.bottomAnchor.constraint(equalTo: root.bottomAnchor),
    ]
    let compact = ConstraintSet("compact", [
        sidebar.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        sidebar.heightAnchor.constraint(equalToConstant: 100),
        content.topAnchor.constraint(equalTo: sidebar.bottomAnchor),
        content.leadingAnchor.constraint(equalTo: root.leadingAnchor),
    ])
    let regular = ConstraintSet("regular", [
        sidebar.widthAnchor.constraint(equalToConstant: 300),
        sidebar.bottomAnchor.constraint(equalTo: root.bottomAnchor),
        content.topAnchor.constraint(equalTo: root.topAnchor),
        content.leadingAnchor.constraint(equalTo: sidebar.trailingAnchor),
    ])
    LayoutConstraint.activate(shared)
    page.section("shared constraints")
    page.constraints(shared)
    for set in [compact, regular] {
        page.section("the \(set.name) set")
        page.constraints(set.constraints)
    }

    compact.activate()
    root.layoutIfNeeded()
    page.section("compact, 375 × 600: \(compact.isActive ? "compact" : "regular") set active")
    page.frames(of: root)
    page.draw(root)

    //: Rotated to landscape on an iPad: the width becomes regular.
    compact.swap(to: regular)
    root.frame = Rect(x: 0, y: 0, width: 1024, height: 768)
    root.layoutIfNeeded()
    page.section("regular, 1024 × 768: \(regular.isActive ? "regular" : "compact") set active")
    page.frames(of: root)
    page.draw(root)
    page.print("ambiguous: \(sidebar.hasAmbiguousLayout || content.hasAmbiguousLayout); conflicts: \(root.layoutEngine.conflicts.count)")
}
