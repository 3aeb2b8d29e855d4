/// The state a configuration is updated for: what the user did to a cell, as UIKit's
/// `UICellConfigurationState` carries it (without the trait collection, which layout does not read).
public struct ConfigurationState: Hashable, Sendable {
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

    /// A state; every flag is off by default.
    public init(isSelected: Bool = false, isHighlighted: Bool = false, isDisabled: Bool = false,
                isFocused: Bool = false, isEditing: Bool = false, isExpanded: Bool = false) {
        self.isSelected = isSelected
        self.isHighlighted = isHighlighted
        self.isDisabled = isDisabled
        self.isFocused = isFocused
        self.isEditing = isEditing
        self.isExpanded = isExpanded
    }
}

/// What a cell shows, as a value: it makes the view that shows it (UIKit's
/// `UIContentConfiguration`, iOS 14).
///
/// Configurations are cheap values; a cell keeps the view it made from one and hands it each new
/// configuration, so re-configuring a cell for another item changes texts and constants instead
/// of rebuilding views. Configurations are `Sendable` so that items carrying them can be measured
/// on several tasks at once.
public protocol ContentConfiguration: Sendable {
    /// A new view showing this configuration.
    func makeContentView() -> View & ContentView
    /// The configuration to show in `state`: UIKit's list configurations change colours here,
    /// which layout does not model, so sizes never depend on it.
    func updated(for state: ConfigurationState) -> Self
}

/// A view made by a ``ContentConfiguration``, showing whatever configuration it is given
/// (UIKit's `UIContentView`).
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
