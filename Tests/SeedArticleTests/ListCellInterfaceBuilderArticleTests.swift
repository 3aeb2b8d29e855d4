// "Designing Custom UICollectionViewListCell in Interface Builder"
// (../shared/seeds/list-cell-in-interface-builder.txt): a list cell whose content view loads a
// container from a .xib; its label, 12 points inside the container's safe area, is 126 tall.
//
// The article's listings, ported: `import UIKit` becomes `import AutoLayout` (plus
// `import ConstraintFile` for nibs) and `UI`/`NS` prefixes are dropped. Every other change
// carries a `// Port:` comment with its reason. The .xib is `SFSymbolNameContentView.xib` in
// `Tests/ConstraintFileTests/Fixtures`, written for these tests with the article's layout (the
// label's height required, as in the article's first run).
import AutoLayout
import ConstraintFile
import Testing

// Port: `NibOwner` adopted, with `connect(outlet:to:)` below: `@IBOutlet` needs Objective-C.
class SFSymbolNameContentView: View, ContentView, NibOwner {

    // 1
    // IBOutlet to connect to interface builder
    // Port: `@IBOutlet` dropped (see `connect(outlet:to:)`).
    var containerView: View!
    var nameLabel: Label!

    private var currentConfiguration: SFSymbolNameContentConfiguration!
    var configuration: ContentConfiguration {
        get {
            currentConfiguration
        }
        set {
            // Make sure the given configuration is of type SFSymbolNameContentConfiguration
            guard let newConfiguration = newValue as? SFSymbolNameContentConfiguration else {
                return
            }

            // Set name to label
            apply(configuration: newConfiguration)
        }
    }

    init(configuration: SFSymbolNameContentConfiguration) {
        super.init(frame: .zero)

        // 2
        // Load SFSymbolNameContentView.xib
        loadNib()

        // Set name to label
        apply(configuration: configuration)
    }

    required init?(coder: Coder) {
        fatalError("init(coder:) has not been implemented")
    }

    // Port: what `@IBOutlet` declared: the nib's outlets by name.
    func connect(outlet name: String, to object: AnyObject) throws(NibOutletError) {
        try connect(outlet: name, to: object, among: ["containerView": .init(\.containerView), "nameLabel": .init(\.nameLabel)])
    }
}

private extension SFSymbolNameContentView {

    private func loadNib() {

        // 3
        // Load SFSymbolNameContentView.xib by making self as owner of SFSymbolNameContentView.xib
        // Port: `try!`: a nib that cannot be loaded is a thrown `NibError` here, not a crash.
        try! Bundle.main.loadNibNamed("\(SFSymbolNameContentView.self)", owner: self, options: nil)

        // 4
        // Add SFSymbolNameContentView as subview and make it cover the entire content view
        addSubview(containerView)
        containerView.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate([
            containerView.topAnchor.constraint(equalTo: self.topAnchor, constant: 0.0),
            containerView.leadingAnchor.constraint(equalTo: self.leadingAnchor, constant: 0.0),
            containerView.trailingAnchor.constraint(equalTo: self.trailingAnchor, constant: 0.0),
            containerView.bottomAnchor.constraint(equalTo: self.bottomAnchor, constant: 0.0),
        ])

        // 5
        // Add border & rounded corner to name label
        nameLabel.layer.borderWidth = 1.5
        nameLabel.layer.borderColor = Color.systemPink.cgColor
        nameLabel.layer.cornerRadius = 5.0
    }

    private func apply(configuration: SFSymbolNameContentConfiguration) {

        // Only apply configuration if new configuration and current configuration are not the same
        guard currentConfiguration != configuration else {
            return
        }

        // Replace current configuration with new configuration
        currentConfiguration = configuration

        // Set name to label
        nameLabel.text = configuration.name
    }
}

struct SFSymbolNameContentConfiguration: ContentConfiguration, Hashable {

    var name: String?

    func makeContentView() -> View & ContentView {
        // Initialize an instance of SFSymbolNameContentView
        return SFSymbolNameContentView(configuration: self)
    }

    func updated(for state: ConfigurationState) -> Self {
        return self
    }
}

// The sample project's list cell (SFSymbolNameListCell.swift): it builds its configuration in
// `updateConfiguration(using:)`, without calling `super`.
struct SFSymbolItem: Hashable {
    let name: String
}

class SFSymbolNameListCell: CollectionViewListCell {

    var item: SFSymbolItem?

    override func updateConfiguration(using state: CellConfigurationState) {

        // Create new configuration object and update it base on state
        var newConfiguration = SFSymbolNameContentConfiguration().updated(for: state)

        // Update any configuration parameters related to data item
        newConfiguration.name = item?.name

        // Set content configuration in order to update custom content view
        contentConfiguration = newConfiguration

    }
}

/// `Tests/ConstraintFileTests/Fixtures`, where the article's .xib (as written for the tests) is.
private let nibDirectory: String = {
    let file = "\(#filePath)"
    let tests = file[..<file.lastIndex(of: "/")!].dropLast("/SeedArticleTests".count)
    return tests + "/ConstraintFileTests/Fixtures"
}()

/// A description without what differs from run to run or app to app: addresses, a label's
/// text, the module of the content view's class.
private func normalized(_ description: String) -> String {
    var s = description.replacing(/0x[0-9a-f]+/, with: "0x")
    s = s.replacing(/(UILabel:0x)'[^']*'/) { $0.output.1 + "" }
    return s.replacing(/[A-Za-z_][A-Za-z0-9_]*\.SFSymbolNameContentView/, with: "SFSymbolNameContentView")
}

/// A list cell placed at UIKit's 44-point estimate, showing `name`, its messages recorded.
private func placedCell(_ name: String) -> (SFSymbolNameListCell, [UnsatisfiableConstraints]) {
    Bundle.main.nibSearchPaths = [nibDirectory]
    let cell = SFSymbolNameListCell(frame: Rect(x: 0, y: 0, width: 375, height: 44))
    cell.item = SFSymbolItem(name: name)
    var conflicts: [UnsatisfiableConstraints] = []
    cell.layoutEngine.onUnsatisfiable = { conflicts.append($0) }
    cell.layoutIfNeeded()
    return (cell, conflicts)
}

@Suite struct ListCellInterfaceBuilderArticleTests {
    @Test func at44PointsUIKitsSevenConstraintsConflictAndTheLabelsHeightIsBroken() throws {
        let (cell, conflicts) = placedCell("mic")
        let conflict = try #require(conflicts.first)
        #expect(conflicts.count == 1)
        let view = try #require(cell.contentView as? SFSymbolNameContentView)
        // The seven UIKit lists: the content view's autoresizing height (its cell sets its
        // frame), the label's height, the safe area's bottom, the label's top, the container's
        // top and bottom, and the safe-area guide's own bottom.
        #expect(Set(conflict.constraints.map { normalized($0.description) }) == [
            "<NSAutoresizingMaskLayoutConstraint:0x h=--& v=--& SFSymbolNameContentView:0x.height == 44   (active)>",
            "<NSLayoutConstraint:0x UILabel:0x.height == 126   (active)>",
            "<NSLayoutConstraint:0x UILayoutGuide:0x'UIViewSafeAreaLayoutGuide'.bottom == UILabel:0x.bottom + 12   (active)>",
            "<NSLayoutConstraint:0x V:|-(12)-[UILabel:0x]   (active, names: '|':UIView:0x )>",
            "<NSLayoutConstraint:0x V:|-(0)-[UIView:0x]   (active, names: '|':SFSymbolNameContentView:0x )>",
            "<NSLayoutConstraint:0x UIView:0x.bottom == SFSymbolNameContentView:0x.bottom   (active)>",
            "<NSLayoutConstraint:0x 'UIViewSafeAreaLayoutGuide-bottom' V:[UILayoutGuide:0x'UIViewSafeAreaLayoutGuide']-(0)-|   (active, names: '|':UIView:0x )>",
        ])
        #expect(conflict.constraints.count == 7)
        #expect(conflict.message.hasPrefix("Unable to simultaneously satisfy constraints.\n"))
        #expect(conflict.message.contains("\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand"))
        #expect(conflict.broken.firstItem === view.nameLabel && conflict.broken.firstAttribute == .height)
        #expect(conflict.message.contains("Will attempt to recover by breaking constraint \n\(conflict.broken.description)\n"))
        #expect(normalized(conflict.broken.description) == "<NSLayoutConstraint:0x UILabel:0x.height == 126   (active)>")
        // Afterwards the label takes what is left of the 44 points.
        #expect(view.frame == Rect(x: 0, y: 0, width: 375, height: 44))
        #expect(view.containerView.frame == Rect(x: 0, y: 0, width: 375, height: 44))
        #expect(view.nameLabel.frame == Rect(x: 12, y: 12, width: 351, height: 20))
        // Measuring still gives the label its 126: "the cell has been resized correctly".
        #expect(cell.preferredLayoutSize(fittingWidth: 375) == Size(width: 375, height: 150))
    }

    @Test func theSameMessageAndAddressesEveryRun() throws {
        let (first, a) = placedCell("mic")
        let (second, b) = placedCell("mic")
        defer { withExtendedLifetime((first, second)) {} }
        #expect(a.map(\.message) == b.map(\.message))
        #expect(a.count == 1)
    }

    @Test(.enabled(if: seed("list-cell-in-interface-builder.txt") != nil, "../shared/seeds is not beside the package"))
    func theMessageListsWhatTheArticlesLogLists() throws {
        // The article's own log, read from ../shared: the same seven constraints.
        let text = try #require(seed("list-cell-in-interface-builder.txt"))
        let log = try #require(try UIKitLog.parse(text, path: "list-cell-in-interface-builder.txt").first)
        let (cell, conflicts) = placedCell("mic")
        defer { withExtendedLifetime(cell) {} }
        let ours = try #require(conflicts.first)
        #expect(Set(ours.constraints.map { normalized($0.description) }) == Set(log.constraints.map { normalized($0.description) }))
        let broken = try #require(log.brokenByUIKit)
        #expect(normalized(ours.broken.description) == normalized(log.constraints[broken].description))
    }

    @Test func atPriority999NothingConflictsAndTheCellMeasures150() throws {
        // The article's fix: the label's height at 999 (set in Interface Builder there; here on
        // the loaded constraint, before the cell is first laid out).
        Bundle.main.nibSearchPaths = [nibDirectory]
        let cell = SFSymbolNameListCell(frame: Rect(x: 0, y: 0, width: 375, height: 44))
        cell.item = SFSymbolItem(name: "mic")
        cell.updateConfigurationsIfNeeded()
        let view = try #require(cell.contentView as? SFSymbolNameContentView)
        let height = try #require(view.nameLabel.constraints.first { $0.firstAttribute == .height })
        height.isActive = false           // a priority cannot cross 1000 on an active constraint
        height.priority = LayoutPriority(999)
        height.isActive = true
        var conflicts = 0
        cell.layoutEngine.onUnsatisfiable = { _ in conflicts += 1 }
        cell.layoutIfNeeded()
        #expect(conflicts == 0)
        #expect(view.nameLabel.frame.height == 20)
        // 12 + 126 + 12; the list then places the cell at it, where every constraint holds.
        #expect(cell.preferredLayoutSize(fittingWidth: 375) == Size(width: 375, height: 150))
        cell.frame = Rect(x: 0, y: 0, width: 375, height: 150)
        cell.layoutIfNeeded()
        #expect(conflicts == 0)
        #expect(view.nameLabel.frame == Rect(x: 12, y: 12, width: 351, height: 126))
    }

    @Test func explainOnTheMessageSaysToLowerTheLabelsHeightNotToDropTheMask() throws {
        let (cell, conflicts) = placedCell("mic")
        defer { withExtendedLifetime(cell) {} }
        let logged = try #require(conflicts.first).message
        let message = try #require(try UIKitLog.parse(logged, path: "console").first)
        let e = LogExplainer.explain(message)
        #expect(e.unsatisfiable && e.conflict.count == 7)
        let wouldBreak = try #require(e.wouldBreak)
        #expect(message.constraints[wouldBreak].description.contains(".height == 126"))
        #expect(e.explanation.hasSuffix("44 = 0 + 12 + 126 + 12 + 0 is false."))
        #expect(e.fix.contains("keep translatesAutoresizingMaskIntoConstraints = true on it"))
        #expect(e.fix.contains("Lower one of the app's vertical constraints inside it to 999, e.g. ["))
        #expect(!e.fix.hasPrefix("Set translatesAutoresizingMaskIntoConstraints = false"))
    }

    @Test func theUndeterminedHeightIsUIKitsExceptionInAList() throws {
        // "One Common Exception": a content view whose label is not tied to its bottom.
        Bundle.main.nibSearchPaths = [nibDirectory]
        let registration = CellRegistration<SFSymbolNameListCell, SFSymbolItem>(cell: { SFSymbolNameListCell() }) { cell, item in
            cell.item = item
            cell.updateConfigurationsIfNeeded()
            let view = cell.contentView as! SFSymbolNameContentView
            view.layoutEngine.onUnsatisfiable = { _ in }
            view.layoutEngine.onFittingIssue = { _ in }
            // The safe area's bottom constraint removed: nothing holds the label above the bottom.
            for c in view.containerView.constraints where c.firstAttribute == .bottom { c.isActive = false }
        }
        let list = ListLayout(appearance: .insetGrouped)
        let result = list.layout(items: [SFSymbolItem(name: "mic")], width: 414, using: registration)
        let exception = try #require(result.exceptions.first)
        #expect(exception.name.rawValue == "NSInternalInconsistencyException")
        #expect(exception.reason.hasPrefix("Rounding frame ({{20, -8.9884656743115785e+307}, {374, 1.7976931348623157e+308}}) from preferred layout attributes resulted in a frame with one or more invalid members ({{20, -8.9884656743115785e+307}, {374, inf}})."))
        #expect(exception.reason.contains("View: <SeedArticleTests.SFSymbolNameListCell: 0x"))
        #expect(exception.reason.contains("; baseClass = UICollectionViewListCell; frame = (20 35; 374 44); clipsToBounds = YES;"))
        #expect(exception.explanation.contains("The chain from its top ends at UILabel:0x"))
        #expect(result.itemFrames == [Rect(x: 20, y: 35, width: 374, height: 44)])
    }
}
