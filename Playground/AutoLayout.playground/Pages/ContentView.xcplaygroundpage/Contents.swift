import AutoLayout

//: # A custom content view
//: A content configuration (a value: an icon and a title) makes its content view, which pins a
//: horizontal stack view 16 points inside its edges. The cell measures itself from these
//: constraints; configuring it again updates the same views in place.
struct IconTitleConfiguration: ContentConfiguration {
    var image: Image?
    var title: String?

    func makeContentView() -> View & ContentView { IconTitleContentView(configuration: self) }
    func updated(for state: ConfigurationState) -> IconTitleConfiguration { self }
}

final class IconTitleContentView: View, ContentView {
    let imageView = ImageView()
    let titleLabel = Label()
    let stackView = StackView()
    var configuration: any ContentConfiguration { didSet { apply() } }

    init(configuration: IconTitleConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        stackView.axis = .horizontal
        stackView.alignment = .center
        stackView.spacing = 8
        stackView.addArrangedSubview(imageView)
        stackView.addArrangedSubview(titleLabel)
        titleLabel.numberOfLines = 0
        // The title, not the icon, takes the width the stack has left.
        titleLabel.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
        stackView.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stackView)
        LayoutConstraint.activate([
            stackView.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 16),
            stackView.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -16),
            stackView.topAnchor.constraint(equalTo: topAnchor, constant: 16),
            stackView.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -16),
        ])
        apply()
    }

    func apply() {
        guard let configuration = configuration as? IconTitleConfiguration else { return }
        imageView.image = configuration.image
        titleLabel.text = configuration.title
    }
}

let page = Page()
page.title("A custom content view")
let cell = CollectionViewCell()
page.watch(cell)
let gear = Image(size: Size(width: 24, height: 24), name: "gear")
cell.contentConfiguration = IconTitleConfiguration(image: gear, title: "Settings")
let content = cell.contentView as! IconTitleContentView
content.stackView.accessibilityIdentifier = "stack"
content.imageView.accessibilityIdentifier = "gear"

cell.contentView.accessibilityIdentifier = "contentView"

var size = cell.preferredLayoutSize(fittingWidth: 375)
page.section("the content view's constraints")
page.constraints(content.constraints)
page.section("the stack view's, made for its arrangement (UIKit's UISV-* constraints)")
page.constraints(content.stackView.constraints)
page.section("fitted at 375 wide: \(size)  (16 + 24 + 16 tall)")
cell.frame = Rect(origin: .zero, size: size)
cell.layoutIfNeeded()
page.frames(of: cell)
page.draw(cell)

//: A title too long for one line wraps at the width the stack gives it, and the cell grows.
cell.contentConfiguration = IconTitleConfiguration(image: gear, title: "Notifications, sounds and the badges on the app icon")
size = cell.preferredLayoutSize(fittingWidth: 375)
page.section("a longer title, same content view: \(cell.contentView === content); fitted: \(size)")
cell.frame = Rect(origin: .zero, size: size)
cell.layoutIfNeeded()
page.frames(of: cell)
page.draw(cell)
