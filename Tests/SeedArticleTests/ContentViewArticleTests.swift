// "Custom content views with UIContentView and UIContentConfiguration"
// (../shared/seeds/content-view-and-configuration.txt): a content view whose stack view (an
// image and a label, 8 apart) is pinned 16 inside it, applied by its configuration's `didSet`.
//
// The article's listings, ported: `import UIKit` becomes `import AutoLayout` and `UI`/`NS`
// prefixes are dropped. Every other change carries a `// Port:` comment with its reason.
import AutoLayout
import Testing

class CustomContentView: View, ContentView {
    let label = Label()
    let imageView = ImageView()

    var configuration: any ContentConfiguration {
        didSet {
            configure(configuration)
        }
    }

    init(configuration: any ContentConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        layOutViews()
    }

    func layOutViews() {
        // Port: `CGFloat` is CoreGraphics, which Linux does not have; geometry here is `Double`.
        let padding: Double = 16.0
        let stackView = StackView(arrangedSubviews: [imageView, label])
        stackView.axis = .horizontal
        stackView.spacing = padding / 2.0
        addSubview(stackView) // Using UIView methods directly
        stackView.translatesAutoresizingMaskIntoConstraints = false
        // Referring to UIView anchors directly
        LayoutConstraint.activate([
            stackView.topAnchor.constraint(equalTo: topAnchor, constant: padding),
            stackView.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -padding),
            stackView.leadingAnchor.constraint(equalTo: leadingAnchor, constant: padding),
            stackView.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -padding)
        ])
    }

    required init?(coder: Coder) {
        fatalError("init(coder:) has not been implemented")
    }

    func configure(_ configuration: any ContentConfiguration) {
        // 1. Check if the configuration type matches
        guard let configuration = configuration as? Configuration else { return }
        // 2. Apply your configuration to the views
        label.text = configuration.text
        imageView.image = configuration.image
    }
}

extension CustomContentView {
    struct Configuration: ContentConfiguration {
        var image: Image?
        var text: String?

        func makeContentView() -> any View & ContentView {
            return CustomContentView(configuration: self)
        }

        func updated(for state: any ConfigurationState) -> CustomContentView.Configuration {
            return self
        }
    }
}

extension CollectionViewCell {
    func customContentViewConfiguration() -> CustomContentView.Configuration {
        return CustomContentView.Configuration()
    }
}

/// What the article's cells show: a 24-point icon and a title.
private struct Item {
    let title: String
    let image: Image?
}

private let settings = Item(title: "Settings", image: Image(size: Size(width: 24, height: 24), name: "gear"))

/// The article's "What's next" listing, for a cell of any kind.
private func configure(_ cell: CollectionViewCell, with item: Item) {
    // 1. Create instance of your configuration
    // Port: the article dequeues the cell from a collection view first
    // (`collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)`); the
    // collection view itself is issue 27's, so the tests make cells directly.
    var contentConfiguration = cell.customContentViewConfiguration()
    // 2. Set relevant data
    contentConfiguration.text = item.title
    contentConfiguration.image = item.image
    // 3. Set contentConfiguration of the cell to your configuration
    cell.contentConfiguration = contentConfiguration
}

@Suite struct ContentViewArticleTests {
    @Test func theFirstConfigurationIsShownAndSizesTheCell() throws {
        let cell = CollectionViewCell()
        configure(cell, with: settings)
        let view = try #require(cell.contentView as? CustomContentView)
        // The view's initializer stores the configuration without its `didSet`: UIKit applies
        // the configuration for the cell's state before the cell is first measured or shown.
        // 16 + 24 (the icon; the 20.5-point label is stretched to the row) + 16.
        #expect(cell.preferredLayoutSize(fittingWidth: 375) == Size(width: 375, height: 56))
        #expect(view.label.text == "Settings")
        #expect(view.imageView.image?.name == "gear")
        cell.frame = Rect(x: 0, y: 0, width: 375, height: 56)
        cell.layoutIfNeeded()
        #expect(view.frame == Rect(x: 0, y: 0, width: 375, height: 56))
        #expect(view.imageView.frame == Rect(x: 0, y: 0, width: 24, height: 24))
        #expect(view.label.frame == Rect(x: 32, y: 0, width: 311, height: 24))
        #expect(view.label.superview?.frame == Rect(x: 16, y: 16, width: 343, height: 24))
    }

    @Test func theSameCodeWorksInATableCell() throws {
        // "This code will work with any cell—be it UITableViewCell, UICollectionViewCell".
        let cell = TableViewCell(style: .default, reuseIdentifier: "Cell")
        var contentConfiguration = CustomContentView.Configuration()
        contentConfiguration.text = settings.title
        contentConfiguration.image = settings.image
        cell.contentConfiguration = contentConfiguration
        #expect(cell.preferredLayoutSize(fittingWidth: 320) == Size(width: 320, height: 56))
        let view = try #require(cell.contentView as? CustomContentView)
        #expect(view.label.text == "Settings")
        // Placed at the 56 it measured, nothing conflicts.
        var conflicts = 0
        cell.layoutEngine.onUnsatisfiable = { _ in conflicts += 1 }
        cell.frame = Rect(x: 0, y: 0, width: 320, height: 56)
        cell.layoutIfNeeded()
        #expect(conflicts == 0)
        #expect(view.frame == Rect(x: 0, y: 0, width: 320, height: 56))
    }

    @Test func aNewConfigurationUpdatesTheSameViewInPlace() throws {
        let cell = CollectionViewListCell()
        configure(cell, with: settings)
        _ = cell.preferredLayoutSize(fittingWidth: 375)
        let view = try #require(cell.contentView as? CustomContentView)
        // "then whenever the data changes": the same view, through the configuration's `didSet`.
        configure(cell, with: Item(title: "Notifications", image: nil))
        #expect(cell.contentView === view)
        #expect(view.label.text == "Notifications" && view.imageView.image == nil)
        // Without an image the stack holds the label alone: 16 + 20.5 + 16.
        #expect(cell.preferredLayoutSize(fittingWidth: 375).height == 52.5)
    }
}
