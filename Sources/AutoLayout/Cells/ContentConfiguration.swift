/// A state that configurations are updated for (UIKit's `UIConfigurationState` protocol): a
/// view's or a cell's, with room for states of the app's own.
///
/// Configurations take `any ConfigurationState` in ``ContentConfiguration/updated(for:)``, as
/// UIKit's do; cells pass a ``CellConfigurationState``. Trait collections are not modelled.
public protocol ConfigurationState {
    /// A state of the app's own, or nil when it is not set.
    subscript(key: ConfigurationStateCustomKey) -> AnyHashable? { get set }
}

/// The key of an app's own state in a ``ConfigurationState`` (UIKit's
/// `UIConfigurationStateCustomKey`).
public struct ConfigurationStateCustomKey: Hashable, RawRepresentable, Sendable {
    /// The key's name.
    public var rawValue: String
    /// A key named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A key named `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A view's state (UIKit's `UIViewConfigurationState`): what the user did to it.
public struct ViewConfigurationState: ConfigurationState, Hashable {
    /// The view is selected.
    public var isSelected: Bool
    /// A finger is on the view.
    public var isHighlighted: Bool
    /// The view does not take input.
    public var isDisabled: Bool
    /// The view has the focus.
    public var isFocused: Bool
    /// States of the app's own.
    public var customStates: [ConfigurationStateCustomKey: AnyHashable] = [:]

    /// A state; every flag is off by default.
    public init(isSelected: Bool = false, isHighlighted: Bool = false, isDisabled: Bool = false, isFocused: Bool = false) {
        self.isSelected = isSelected
        self.isHighlighted = isHighlighted
        self.isDisabled = isDisabled
        self.isFocused = isFocused
    }

    /// A state of the app's own, or nil when it is not set.
    public subscript(key: ConfigurationStateCustomKey) -> AnyHashable? {
        get { customStates[key] }
        set { customStates[key] = newValue }
    }
}

/// A cell's state (UIKit's `UICellConfigurationState`), which its configurations are updated
/// for: a view's state plus the list's editing, expansion, swiping and reordering.
public struct CellConfigurationState: ConfigurationState, Hashable {
    /// The cell is selected.
    public var isSelected: Bool
    /// A finger is on the cell.
    public var isHighlighted: Bool
    /// The cell does not take input.
    public var isDisabled: Bool
    /// The cell has the focus.
    public var isFocused: Bool
    /// The list is in editing mode.
    public var isEditing: Bool
    /// The cell's outline item is expanded.
    public var isExpanded: Bool
    /// The cell is swiped to show its actions.
    public var isSwiped: Bool
    /// The cell is being moved.
    public var isReordering: Bool
    /// States of the app's own.
    public var customStates: [ConfigurationStateCustomKey: AnyHashable] = [:]

    /// A state; every flag is off by default.
    public init(isSelected: Bool = false, isHighlighted: Bool = false, isDisabled: Bool = false,
                isFocused: Bool = false, isEditing: Bool = false, isExpanded: Bool = false,
                isSwiped: Bool = false, isReordering: Bool = false) {
        self.isSelected = isSelected
        self.isHighlighted = isHighlighted
        self.isDisabled = isDisabled
        self.isFocused = isFocused
        self.isEditing = isEditing
        self.isExpanded = isExpanded
        self.isSwiped = isSwiped
        self.isReordering = isReordering
    }

    /// A state of the app's own, or nil when it is not set.
    public subscript(key: ConfigurationStateCustomKey) -> AnyHashable? {
        get { customStates[key] }
        set { customStates[key] = newValue }
    }
}

extension ConfigurationState {
    /// Whether a view's or a cell's state is selected or highlighted (an app's own state type
    /// is neither).
    var isSelectedOrHighlighted: Bool {
        if let s = self as? CellConfigurationState { return s.isSelected || s.isHighlighted }
        if let s = self as? ViewConfigurationState { return s.isSelected || s.isHighlighted }
        return false
    }
}

/// What a cell shows, as a value: it makes the view that shows it (UIKit's
/// `UIContentConfiguration`, iOS 14).
///
/// Configurations are cheap values; a cell keeps the view it made from one and hands it each new
/// configuration, so re-configuring a cell for another item changes texts and constants instead
/// of rebuilding views. As in UIKit, a configuration need not be `Sendable` (one may hold the
/// app's model objects).
public protocol ContentConfiguration {
    /// A new view showing this configuration.
    func makeContentView() -> View & ContentView
    /// The configuration to show in `state`. A cell calls it before it is first displayed or
    /// measured, and whenever its state changes (see
    /// ``CollectionViewCell/automaticallyUpdatesContentConfiguration``).
    func updated(for state: any ConfigurationState) -> Self
}

/// A view made by a ``ContentConfiguration``, showing whatever configuration it is given
/// (UIKit's `UIContentView`). A cell makes it its `contentView`.
public protocol ContentView: AnyObject {
    /// The configuration shown; setting it updates the view in place.
    var configuration: any ContentConfiguration { get set }
    /// Whether the view can show `configuration` in place (by default: one of the same type as
    /// the current one). A cell makes a new content view for a configuration its view does not
    /// support.
    func supports(_ configuration: any ContentConfiguration) -> Bool
}

extension ContentView {
    /// Whether `configuration` has the type of the current configuration.
    public func supports(_ configuration: any ContentConfiguration) -> Bool {
        ObjectIdentifier(type(of: configuration)) == ObjectIdentifier(type(of: self.configuration))
    }
}
