/// A cell that measures itself for a width, as UIKit's self-sizing cells do in
/// `preferredLayoutAttributesFitting(_:)`. The collection layouts measure cells through it.
public protocol SelfSizingCell: AnyObject {
    /// The size the cell's constraints give it at `width`: the width is required, the height
    /// pulled towards zero at the fitting level (50), so it comes out as small as the content
    /// allows. The cell itself is not resized.
    func preferredLayoutSize(fittingWidth width: Double) -> Size
}

/// UIKit's configuration updates and reuse, which its collection and table cells share (they
/// have no common class): what a cell provides, and the update and reuse built on it.
protocol ConfigurableCell: View {
    var contentConfiguration: (any ContentConfiguration)? { get set }
    var backgroundConfiguration: BackgroundConfiguration? { get set }
    var automaticallyUpdatesContentConfiguration: Bool { get }
    var automaticallyUpdatesBackgroundConfiguration: Bool { get }
    /// Whether `updated(for:)` may change the content configuration (false for the list
    /// configurations, which ignore the state).
    var contentDependsOnState: Bool { get }
    var configurationState: CellConfigurationState { get }
    func updateConfiguration(using state: CellConfigurationState)
    /// Calls the cell's `configurationUpdateHandler`, if any.
    func callConfigurationUpdateHandler(_ state: CellConfigurationState)
    /// Whether an update reaches code that reads the state: an update handler, or a subclass
    /// (whose `updateConfiguration(using:)` may be its own). The framework's classes do nothing
    /// in theirs.
    var hasCustomConfigurationUpdate: Bool { get }
    func prepareForReuse()
}

extension ConfigurableCell {
    /// A pending configuration update, now: the automatic updates (`updated(for:)`) first, then
    /// `updateConfiguration(using:)`, then the handler.
    func runConfigurationUpdate() {
        runPendingConfigurationUpdate {
            let updatesContent = automaticallyUpdatesContentConfiguration && contentDependsOnState && contentConfiguration != nil
            // Nothing would read the state (a reused sizing cell showing a list configuration):
            // the same outcome without making it.
            if !updatesContent && backgroundConfiguration == nil && !hasCustomConfigurationUpdate { return }
            let state = configurationState
            if updatesContent, let c = contentConfiguration { contentConfiguration = c.updated(for: state) }
            if automaticallyUpdatesBackgroundConfiguration, let b = backgroundConfiguration { backgroundConfiguration = b.updated(for: state) }
            updateConfiguration(using: state)
            callConfigurationUpdateHandler(state)
        }
    }

    /// Prepares the cell for its next item, as a collection view's dequeue does, when the
    /// caller measures it next: the update is marked due, and the fitting runs it first (the
    /// caller queues it with the engine if the fitting did not).
    func reuseForMeasuring() {
        prepareForReuse()
        needsConfigurationUpdate = true
    }
}

// How UIKit's cells hold their content, which the collection and table cells below share:
//
// - The content view is a subview the cell keeps at its own bounds (its `layoutSubviews` sets
//   the frame), so the content view translates a fixed autoresizing mask: UIKit logs its size
//   as `h=--& v=--& ….height == 44` (a table's content view has encapsulated constraints
//   instead). Everything inside it is the app's.
// - Setting a content configuration replaces the content view by the configuration's own view
//   (Apple: "Setting a content configuration replaces the existing contentView of the cell with
//   a new content view instance from the configuration, or directly applies the configuration
//   to the existing content view if the configuration is compatible"). Nothing pins it: it is
//   placed like any content view.
// - A cell measures its content view (the cell's own frame is the host's to set), and updates
//   its configurations for its state before it is first measured or displayed, when its state
//   changes, when it is reused, and on `setNeedsUpdateConfiguration()`: automatic updates
//   (`updated(for:)`) first, then `updateConfiguration(using:)`, then the update handler.

/// A cell of a collection (UIKit's `UICollectionViewCell`): a view whose ``contentView`` fills
/// it and holds the content, typically made from a ``contentConfiguration``.
///
/// Put your subviews in the content view and constrain them to it, with an unbroken chain of
/// constraints from its top to its bottom: the cell sizes itself by measuring the content view.
open class CollectionViewCell: CollectionReusableView, SelfSizingCell, ConfigurableCell {
    /// The view holding the cell's content, always at the cell's bounds: a plain view (made on
    /// first use), or the view the ``contentConfiguration`` made.
    public var contentView: View {
        if let view = ownContentView { return view }
        let view = View()
        attach(view, to: self)
        ownContentView = view
        return view
    }
    /// The content view once made (a configuration's view is made without a plain one first).
    @exclusivity(unchecked) private var ownContentView: View?
    /// The content view when a configuration made it (typed, so that reconfiguring it needs no cast).
    @exclusivity(unchecked) private var configuredView: (View & ContentView)?
    /// Whether the configuration's type ignores the state (checked when its view is made).
    @exclusivity(unchecked) private var isStateIndependent = false

    /// What the cell shows. Setting a configuration the current content view supports updates
    /// that view in place (texts and constants change, no view is rebuilt); otherwise the
    /// configuration's new view becomes the ``contentView``. Nil puts back a plain content view.
    @exclusivity(unchecked) public var contentConfiguration: (any ContentConfiguration)? {
        didSet {
            ownContentView = show(contentConfiguration, in: self, replacing: ownContentView, configured: &configuredView,
                                  stateIndependent: &isStateIndependent)
            if !isUpdatingConfiguration { setNeedsUpdateConfiguration() }
        }
    }
    // Unchecked exclusivity below: a reused cell's configuration update reads these for every
    // item (see the note above `View.superview`).
    /// Whether a configuration update replaces the ``contentConfiguration`` by its
    /// `updated(for:)` version (true by default, as in UIKit). It does so whether or not an
    /// override of ``updateConfiguration(using:)`` calls `super`.
    @exclusivity(unchecked) public var automaticallyUpdatesContentConfiguration = true
    /// The cell's background, stored (not drawn): updated for the state like the content.
    @exclusivity(unchecked) public var backgroundConfiguration: BackgroundConfiguration?
    /// Whether a configuration update replaces the ``backgroundConfiguration`` by its
    /// `updated(for:)` version (true by default).
    @exclusivity(unchecked) public var automaticallyUpdatesBackgroundConfiguration = true
    /// Called at each configuration update, after ``updateConfiguration(using:)`` (UIKit's
    /// `configurationUpdateHandler`).
    @exclusivity(unchecked) public var configurationUpdateHandler: ((CollectionViewCell, CellConfigurationState) -> Void)?
    /// Whether the cell is selected.
    public var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsUpdateConfiguration() } }
    }
    /// Whether a finger is on the cell.
    public var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsUpdateConfiguration() } }
    }

    /// Creates a cell with a frame; the content view fills it. A collection view makes the cells
    /// of a registered class with it, so a subclass overriding it writes `required init(frame:)`
    /// (UIKit's Objective-C runtime makes a cell from its class without that keyword).
    public required init(frame: Rect) {
        super.init(frame: frame)
        setNeedsUpdateConfiguration()
    }

    /// Keeps the content view at the cell's size, as UIKit's `layoutSubviews` does.
    public override var frame: Rect {
        didSet { if let view = ownContentView, view.frame != bounds { view.frame = bounds } }
    }

    /// The cell's state, from which configurations are updated.
    open var configurationState: CellConfigurationState {
        CellConfigurationState(isSelected: isSelected, isHighlighted: isHighlighted)
    }

    /// Override it to build the configurations for `state` yourself (UIKit calls it at every
    /// configuration update, after the automatic updates). The default does nothing.
    open func updateConfiguration(using state: CellConfigurationState) {}

    /// Asks for a configuration update before the cell is next measured or laid out.
    public func setNeedsUpdateConfiguration() { requestConfigurationUpdate() }

    /// Runs a pending configuration update now.
    public func updateConfigurationsIfNeeded() { runConfigurationUpdate() }

    override func updateConfigurationIfDue() { runConfigurationUpdate() }
    var contentDependsOnState: Bool { !isStateIndependent }
    func callConfigurationUpdateHandler(_ state: CellConfigurationState) { configurationUpdateHandler?(self, state) }
    var hasCustomConfigurationUpdate: Bool {
        configurationUpdateHandler != nil || (type(of: self) != CollectionViewCell.self && type(of: self) != CollectionViewListCell.self)
    }

    override var fittedContentView: View? { contentView }

    /// The fitted size of the cell at `width`, measured on its content view (width required,
    /// height at the fitting level), after a pending configuration update.
    /// - Complexity: one fitting of the content view's constraints.
    open func preferredLayoutSize(fittingWidth width: Double) -> Size {
        precondition(width.isFinite && width >= 0, "Fitting width \(width) is invalid: pass a finite width, at least 0.")
        return systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                       verticalFittingPriority: .fittingSizeLevel)
    }
}

/// A cell of a list (UIKit's `UICollectionViewListCell`). Its default content is a
/// ``ListContentConfiguration/cell()``, whose view keeps rows at least 44 points tall; a custom
/// content view is measured as it is.
open class CollectionViewListCell: CollectionViewCell {
    /// A fresh list configuration with the cell's default style, to fill in and assign to
    /// ``CollectionViewCell/contentConfiguration``.
    public func defaultContentConfiguration() -> ListContentConfiguration { .cell() }
    /// A list cell's default background (UIKit's `defaultBackgroundConfiguration()`): a plain
    /// list's.
    public func defaultBackgroundConfiguration() -> BackgroundConfiguration { .listPlainCell() }
}

/// A table view cell's default content view (UIKit's private `UITableViewCellContentView`).
public final class TableViewCellContentView: View {}

/// A row of a table (UIKit's `UITableViewCell`): its ``contentView`` is sized by the table with
/// encapsulated constraints (`'UIView-Encapsulated-Layout-Width'` and `'-Height'`), whether it is
/// the default ``TableViewCellContentView`` or the view a ``contentConfiguration`` made.
///
/// Placed at a height its content's required constraints disagree with, the cell logs UIKit's
/// conflict with `'UIView-Encapsulated-Layout-Height' UITableViewCellContentView:….height == 44`
/// and breaks your constraint; lower one link of the chain to 999 to fix it. It sizes itself
/// by measuring the content view, as UITableView does.
open class TableViewCell: View, SelfSizingCell, ConfigurableCell {
    /// The height UIKit gives a row whose content view's constraints leave the height open
    /// ("constraints ambiguously suggest a height of zero … using standard height instead").
    public static let standardRowHeight = 44.0

    /// The view holding the cell's content, sized by the table: a ``TableViewCellContentView``
    /// (made on first use), or the view the ``contentConfiguration`` made.
    public var contentView: View {
        if let view = ownContentView { return view }
        let view = TableViewCellContentView()
        view.hasEncapsulatedSize = true
        attach(view, to: self)
        ownContentView = view
        return view
    }
    @exclusivity(unchecked) private var ownContentView: View?
    /// The identifier the cell was made for, if any.
    public let reuseIdentifier: String?
    /// The style the cell was made with: it picks ``defaultContentConfiguration()``.
    public let style: CellStyle
    /// The content view when a configuration made it.
    @exclusivity(unchecked) private var configuredView: (View & ContentView)?
    @exclusivity(unchecked) private var isStateIndependent = false

    /// The row's background, stored (not drawn); see ``CollectionViewCell/backgroundConfiguration``.
    @exclusivity(unchecked) public var backgroundConfiguration: BackgroundConfiguration?
    /// Whether a configuration update updates the ``backgroundConfiguration`` for the state.
    @exclusivity(unchecked) public var automaticallyUpdatesBackgroundConfiguration = true

    /// What the cell shows; see ``CollectionViewCell/contentConfiguration``.
    @exclusivity(unchecked) public var contentConfiguration: (any ContentConfiguration)? {
        didSet {
            ownContentView = show(contentConfiguration, in: self, replacing: ownContentView, configured: &configuredView,
                                  stateIndependent: &isStateIndependent)
            ownContentView?.hasEncapsulatedSize = true
            if !isUpdatingConfiguration { setNeedsUpdateConfiguration() }
        }
    }
    /// Whether a configuration update replaces the ``contentConfiguration`` by its
    /// `updated(for:)` version; see ``CollectionViewCell/automaticallyUpdatesContentConfiguration``.
    @exclusivity(unchecked) public var automaticallyUpdatesContentConfiguration = true
    /// Called at each configuration update, after ``updateConfiguration(using:)``.
    @exclusivity(unchecked) public var configurationUpdateHandler: ((TableViewCell, CellConfigurationState) -> Void)?
    /// Whether the row is selected.
    public var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsUpdateConfiguration() } }
    }
    /// Whether a finger is on the row.
    public var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsUpdateConfiguration() } }
    }

    /// A cell 320 × 44, UIKit's initial cell frame, whose content view fills it. A table view
    /// makes the cells of a registered class with it, so a subclass overriding it writes
    /// `required init(style:reuseIdentifier:)` (UIKit's Objective-C runtime needs no keyword).
    public required init(style: CellStyle = .default, reuseIdentifier: String? = nil) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        setNeedsUpdateConfiguration()
    }

    /// A cell with a frame, whose content view fills it.
    public override init(frame: Rect) {
        reuseIdentifier = nil
        style = .default
        super.init(frame: frame)
        setNeedsUpdateConfiguration()
    }

    /// Keeps the content view at the cell's size, as the table does when it places a row: the
    /// content view's encapsulated width and height follow.
    public override var frame: Rect {
        didSet { if let view = ownContentView, view.frame != bounds { view.frame = bounds } }
    }

    /// A fresh list configuration for the cell's ``style``.
    public func defaultContentConfiguration() -> ListContentConfiguration { style.contentConfiguration() }
    /// A row's default background (UIKit's `defaultBackgroundConfiguration()`): a plain list's.
    public func defaultBackgroundConfiguration() -> BackgroundConfiguration { .listPlainCell() }

    /// The cell's state, from which configurations are updated.
    open var configurationState: CellConfigurationState {
        CellConfigurationState(isSelected: isSelected, isHighlighted: isHighlighted)
    }

    /// Override it to build the configurations for `state` yourself; see
    /// ``CollectionViewCell/updateConfiguration(using:)``.
    open func updateConfiguration(using state: CellConfigurationState) {}

    /// Asks for a configuration update before the cell is next measured or laid out.
    public func setNeedsUpdateConfiguration() { requestConfigurationUpdate() }

    /// Runs a pending configuration update now.
    public func updateConfigurationsIfNeeded() { runConfigurationUpdate() }

    override func updateConfigurationIfDue() { runConfigurationUpdate() }
    var contentDependsOnState: Bool { !isStateIndependent }
    func callConfigurationUpdateHandler(_ state: CellConfigurationState) { configurationUpdateHandler?(self, state) }
    var hasCustomConfigurationUpdate: Bool { configurationUpdateHandler != nil || type(of: self) != TableViewCell.self }

    /// Called before the row shows another item; override it to clear what the last item left
    /// (call `super`). The default does nothing.
    open func prepareForReuse() {}

    override var fittedContentView: View? { contentView }

    /// The fitted size of the row at `width`, measured on the content view (width required,
    /// height at the fitting level) as UITableView does. When the content view's constraints do
    /// not determine its height, the engine reports a ``FittingIssue`` and the row gets UIKit's
    /// ``standardRowHeight``.
    /// - Complexity: one fitting of the content view's constraints.
    open func preferredLayoutSize(fittingWidth width: Double) -> Size {
        precondition(width.isFinite && width >= 0, "Fitting width \(width) is invalid: pass a finite width, at least 0.")
        let engine = layoutEngine
        let known = engine.fittingIssues.count
        var size = systemLayoutSizeFitting(Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                                           verticalFittingPriority: .fittingSizeLevel)
        if engine.fittingIssues.count > known,
           engine.fittingIssues[known...].contains(where: { $0.view === contentView && $0.axis == .vertical }) {
            size.height = TableViewCell.standardRowHeight
        }
        return size
    }
}

/// Puts `contentView` in `cell` at the back, at the cell's bounds, placed by its (fixed)
/// autoresizing mask.
private func attach(_ contentView: View, to cell: View) {
    contentView.frame = cell.bounds
    contentView.autoresizingMask = []
    cell.insertSubview(contentView, at: 0)
}

/// Shows `configuration` in `cell`: applies it to `configured` (the content view a
/// configuration made, if any) when that view supports it, else makes the configuration's view
/// the content view and notes whether its type ignores the state. Returns the content view;
/// nil when a configuration's view goes (the cell makes a plain one when it is next asked for).
private func show(_ configuration: (any ContentConfiguration)?, in cell: View, replacing current: View?,
                  configured: inout (View & ContentView)?, stateIndependent: inout Bool) -> View? {
    guard let configuration else {
        guard configured != nil else { return current }
        configured = nil
        stateIndependent = false
        current?.removeFromSuperview()
        return nil
    }
    if let view = configured, view.supports(configuration) {
        view.configuration = configuration
        return view
    }
    current?.removeFromSuperview()
    let view = configuration.makeContentView()
    attach(view, to: cell)
    configured = view
    stateIndependent = configuration is StateIndependentConfiguration
    return view
}

/// A configuration whose `updated(for:)` returns it unchanged whatever the state (the list
/// configurations: UIKit changes only their colours for a state, which are kept as set here).
/// A cell's automatic update skips it: setting it again would change nothing.
protocol StateIndependentConfiguration {}
