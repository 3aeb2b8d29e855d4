import AutoLayout

//: # A 44-point list cell and a 126-point label
//: A list cell's content configuration makes its content view, which holds a container (designed
//: in Interface Builder in the original; built here in code, the same views and constraints)
//: pinned to its edges, and in it a label 12 points inside, 126 tall. The configuration's view
//: *becomes* the cell's content view: the cell sets its frame, so its autoresizing mask
//: (`h=--& v=--&`) holds its height at the row's 44 points.
struct SymbolNameConfiguration: ContentConfiguration, Hashable {
    var name: String?

    func makeContentView() -> View & ContentView { SymbolNameContentView(configuration: self) }
    func updated(for state: any ConfigurationState) -> SymbolNameConfiguration { self }
}

final class SymbolNameContentView: View, ContentView {
    let containerView = View(frame: Rect(x: 0, y: 0, width: 414, height: 150))
    let nameLabel = Label()
    private var current: SymbolNameConfiguration
    var configuration: any ContentConfiguration {
        get { current }
        set {
            guard let configuration = newValue as? SymbolNameConfiguration else { return }
            current = configuration
            nameLabel.text = configuration.name
        }
    }

    init(configuration: SymbolNameConfiguration) {
        current = configuration
        super.init(frame: .zero)
        // The container, as the .xib has it: a label 12 inside its safe area, 126 tall.
        containerView.accessibilityIdentifier = "container"
        nameLabel.translatesAutoresizingMaskIntoConstraints = false
        nameLabel.numberOfLines = 0
        containerView.addSubview(nameLabel)
        let safeArea = containerView.safeAreaLayoutGuide
        LayoutConstraint.activate([
            nameLabel.heightAnchor.constraint(equalToConstant: 126),
            nameLabel.topAnchor.constraint(equalTo: containerView.topAnchor, constant: 12),
            nameLabel.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: 12),
            safeArea.trailingAnchor.constraint(equalTo: nameLabel.trailingAnchor, constant: 12),
            safeArea.bottomAnchor.constraint(equalTo: nameLabel.bottomAnchor, constant: 12),
        ])
        // The article's code: the container covers the whole content view.
        addSubview(containerView)
        containerView.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            containerView.topAnchor.constraint(equalTo: topAnchor),
            containerView.leadingAnchor.constraint(equalTo: leadingAnchor),
            containerView.trailingAnchor.constraint(equalTo: trailingAnchor),
            containerView.bottomAnchor.constraint(equalTo: bottomAnchor),
        ])
        nameLabel.text = configuration.name
    }
}

/// The list cell builds its configuration from its item when UIKit updates it.
final class SymbolNameListCell: CollectionViewListCell {
    var name: String?

    override func updateConfiguration(using state: CellConfigurationState) {
        var configuration = SymbolNameConfiguration().updated(for: state)
        configuration.name = name
        contentConfiguration = configuration
    }
}

let page = Page()
page.title("A 44-point list cell and a 126-point label")
let cell = SymbolNameListCell(frame: Rect(x: 0, y: 0, width: 375, height: 44))
cell.name = "pencil.and.outline"
cell.updateConfigurationsIfNeeded()                 // UIKit does it before the cell is shown
let content = cell.contentView as! SymbolNameContentView
content.accessibilityIdentifier = "contentView"
page.section("the content view's constraints, and its container's")
page.constraints(content.constraints + content.containerView.constraints + content.nameLabel.constraints)

page.section("layoutIfNeeded() at 44 pt logs")
page.watch(cell)                                    // UIKit logs to the console; the page shows it
cell.layoutIfNeeded()
page.print("")
page.print("0 + 12 + 126 + 12 + 0 = 150 points of container, spacing and label in a 44-point content view.")
page.print("All are required. UIKit keeps the content view's height (its cell sets it) and breaks the app's")
page.print("fixed size, the label's height: now 44 - 12 - 12 = 20.")
page.section("frames after the break")
page.frames(of: cell)
page.draw(cell)

//: ## The fix
//: Let the label's height give way to the row's: priority 999 instead of required. The list
//: then measures the cell (width required, height as small as possible: 150) and places it
//: at that height, where every constraint holds.
page.section("the fix: the label's height at priority 999")
let height = content.nameLabel.constraints[0]
height.isActive = false                             // a priority can't cross required while active
height.priority = LayoutPriority(999)
height.isActive = true
let before = cell.layoutEngine.conflicts.count
cell.layoutIfNeeded()
let fitted = cell.preferredLayoutSize(fittingWidth: 375)
page.print("new conflicts at 44 pt: \(cell.layoutEngine.conflicts.count - before)")
page.print("fitted size: \(fitted)  (12 + 126 + 12 tall)")
cell.frame = Rect(origin: .zero, size: fitted)
cell.layoutIfNeeded()
page.section("frames at the fitted height")
page.frames(of: cell)
page.draw(cell)
