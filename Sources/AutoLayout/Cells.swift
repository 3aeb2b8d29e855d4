/// A cell that measures itself for a width, as UIKit's self-sizing cells do in
/// `preferredLayoutAttributesFitting(_:)`. The collection layouts measure cells through it.
public protocol SelfSizingCell: AnyObject {
    /// The size the cell's constraints give it at `width`: the width is required, the height
    /// pulled towards zero at the fitting level (50), so it comes out as small as the content
    /// allows. The cell itself is not resized.
    func preferredLayoutSize(fittingWidth width: Double) -> Size
}

/// A cell of a collection (UIKit's `UICollectionViewCell`): a view whose ``contentView`` fills
/// it and holds the content, typically made from a ``contentConfiguration``.
///
/// The content view translates its autoresizing mask (flexible width and height), so it follows
/// the cell's size; put your subviews in it and constrain them to it, with an unbroken chain of
/// constraints from its top to its bottom so that the cell can size itself.
open class CollectionViewCell: View, SelfSizingCell {
    /// The view holding the cell's content: always the cell's size.
    public let contentView = View()
    /// The configuration's view, pinned to the content view's edges.
    @exclusivity(unchecked) private(set) var configuredContentView: (View & ContentView)?

    /// What the cell shows. Setting a configuration the current configuration view supports
    /// updates that view in place (texts and constants change, no view is rebuilt); otherwise the
    /// configuration makes a new view, pinned to the ``contentView``'s edges with required
    /// constraints. Nil removes it.
    @exclusivity(unchecked) public var contentConfiguration: (any ContentConfiguration)? {
        didSet { showContent(contentConfiguration, in: contentView, current: &configuredContentView) }
    }
    /// Whether a change of ``isSelected`` or ``isHighlighted`` calls
    /// ``updateConfiguration(using:)``, which replaces the configuration by its
    /// `updated(for:)` version (true by default, as in UIKit).
    public var automaticallyUpdatesContentConfiguration = true
    /// Whether the cell is selected.
    public var isSelected = false {
        didSet { if isSelected != oldValue { configurationStateChanged() } }
    }
    /// Whether a finger is on the cell.
    public var isHighlighted = false {
        didSet { if isHighlighted != oldValue { configurationStateChanged() } }
    }

    /// Creates a cell with a frame; the content view fills it.
    public override init(frame: Rect) {
        super.init(frame: frame)
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    /// Creates a cell with a zero frame.
    public override convenience init() { self.init(frame: .zero) }

    /// Keeps the content view at the cell's size when the frame is set by hand (layout moves it
    /// through its autoresizing constraints), as UIKit's `layoutSubviews` does.
    public override var frame: Rect {
        didSet {
            if !isApplyingLayout, contentView.frame != bounds { contentView.frame = bounds }
        }
    }

    /// The cell's state, from which configurations are updated.
    open var configurationState: ConfigurationState {
        ConfigurationState(isSelected: isSelected, isHighlighted: isHighlighted)
    }

    /// Updates the configuration for `state`: by default, when
    /// ``automaticallyUpdatesContentConfiguration`` is on, replaces it by its `updated(for:)`
    /// version. Override it to build the configuration for the state yourself.
    open func updateConfiguration(using state: ConfigurationState) {
        guard automaticallyUpdatesContentConfiguration, let configuration = contentConfiguration else { return }
        contentConfiguration = configuration.updated(for: state)
    }

    private func configurationStateChanged() { updateConfiguration(using: configurationState) }

    /// The fitted size of the cell at `width`: width required, height at the fitting level.
    /// - Complexity: one fitting of the cell's constraints (a scratch solve of its subtree).
    open func preferredLayoutSize(fittingWidth width: Double) -> Size {
        precondition(width.isFinite && width >= 0, "Fitting width \(width) is invalid: pass a finite width, at least 0.")
        return systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                       verticalFittingPriority: .fittingSizeLevel)
    }
}

/// A cell of a list (UIKit's `UICollectionViewListCell`). Its default content is a
/// ``ListContentConfiguration/cell()``, whose view keeps rows at least 44 points tall.
open class CollectionViewListCell: CollectionViewCell {
    /// A fresh list configuration with the cell's default style, to fill in and assign to
    /// ``CollectionViewCell/contentConfiguration``.
    public func defaultContentConfiguration() -> ListContentConfiguration { .cell() }
}

/// A table view cell's content view (UIKit's private `UITableViewCellContentView`): the table
/// holds its size with `'UIView-Encapsulated-Layout-Width'` and `'-Height'` constraints equal to
/// its frame, so a constraint chain inside it that disagrees with the row height conflicts
/// exactly as on iOS.
public final class TableViewCellContentView: View {
    override var hasEncapsulatedSize: Bool { true }
}

/// A row of a table (UIKit's `UITableViewCell`): its ``contentView`` is a
/// ``TableViewCellContentView`` whose size the table holds with encapsulated constraints.
///
/// Placed at a height its content's required constraints disagree with, the cell logs UIKit's
/// conflict with `'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:….height == 44`
/// and breaks your constraint; lower one link of the chain to 999 to fix it. It sizes itself
/// by measuring the content view, as UITableView does.
open class TableViewCell: View, SelfSizingCell {
    /// The height UIKit gives a row whose content view's constraints leave the height open
    /// ("constraints ambiguously suggest a height of zero … using standard height instead").
    public static let standardRowHeight = 44.0

    /// The view holding the cell's content, sized by the table.
    public let contentView: TableViewCellContentView
    /// The identifier the cell was made for, if any.
    public let reuseIdentifier: String?
    /// The style the cell was made with: it picks ``defaultContentConfiguration()``.
    public let style: CellStyle
    /// The configuration's view, pinned to the content view's edges.
    @exclusivity(unchecked) private(set) var configuredContentView: (View & ContentView)?

    /// What the cell shows; see ``CollectionViewCell/contentConfiguration``.
    @exclusivity(unchecked) public var contentConfiguration: (any ContentConfiguration)? {
        didSet { showContent(contentConfiguration, in: contentView, current: &configuredContentView) }
    }

    /// A cell 320 × 44, UIKit's initial cell frame, whose content view fills it.
    public init(style: CellStyle = .default, reuseIdentifier: String? = nil) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        contentView = TableViewCellContentView(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        addSubview(contentView)
    }

    /// A cell with a frame, whose content view fills it.
    public override init(frame: Rect) {
        reuseIdentifier = nil
        style = .default
        contentView = TableViewCellContentView(frame: Rect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        addSubview(contentView)
    }

    /// Keeps the content view at the cell's size, as the table does when it places a row: the
    /// content view's encapsulated width and height follow.
    public override var frame: Rect {
        didSet { if contentView.frame != bounds { contentView.frame = bounds } }
    }

    /// A fresh list configuration for the cell's ``style``.
    public func defaultContentConfiguration() -> ListContentConfiguration { style.contentConfiguration() }

    /// The fitted size of the row at `width`, measured on the content view (width required,
    /// height at the fitting level) as UITableView does. When the content view's constraints do
    /// not determine its height, the engine reports a ``FittingIssue`` and the row gets UIKit's
    /// ``standardRowHeight``.
    /// - Complexity: one fitting of the content view's constraints.
    open func preferredLayoutSize(fittingWidth width: Double) -> Size {
        precondition(width.isFinite && width >= 0, "Fitting width \(width) is invalid: pass a finite width, at least 0.")
        let engine = contentView.layoutEngine
        let known = engine.fittingIssues.count
        var size = contentView.systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel)
        if engine.fittingIssues.count > known,
           engine.fittingIssues[known...].contains(where: { $0.view === contentView && $0.axis == .vertical }) {
            size.height = TableViewCell.standardRowHeight
        }
        return size
    }
}

/// Shows `configuration` in `container`: updates `current` in place when it supports the
/// configuration, else replaces it by the configuration's new view pinned to the container.
private func showContent(_ configuration: (any ContentConfiguration)?, in container: View,
                     current: inout (View & ContentView)?) {
    guard let configuration else {
        current?.removeFromSuperview()
        current = nil
        return
    }
    if let view = current, view.supports(configuration) {
        view.configuration = configuration
        return
    }
    current?.removeFromSuperview()
    let view = configuration.makeContentView()
    view.translatesAutoresizingMaskIntoConstraints = false
    container.addSubview(view)
    LayoutConstraint.activate([
        view.leadingAnchor.constraint(equalTo: container.leadingAnchor),
        view.trailingAnchor.constraint(equalTo: container.trailingAnchor),
        view.topAnchor.constraint(equalTo: container.topAnchor),
        view.bottomAnchor.constraint(equalTo: container.bottomAnchor),
    ])
    current = view
}
