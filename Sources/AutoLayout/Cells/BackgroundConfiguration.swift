/// The background of a cell, header or footer as a value (UIKit's `UIBackgroundConfiguration`,
/// iOS 14): a colour, rounded corners, insets and a stroke. Stored, not drawn: nothing here
/// paints a background, and a background never changes a cell's size.
///
/// Start from a preset and adjust it, as in UIKit. Each preset also says how it looks when the
/// cell is selected or highlighted; ``updated(for:)`` applies that, unless you set
/// ``backgroundColor`` yourself (UIKit then keeps your colour in every state).
///
/// Colours are UIKit's light appearance (see ``Color``). Apple documents what each preset is for,
/// not its values; the values below are this package's reading of UIKit's look:
/// - ``listPlainCell()``: ``Color/systemBackground``; ``Color/systemGray4`` (the selected-row grey)
///   when selected or highlighted.
/// - ``listGroupedCell()``: ``Color/secondarySystemGroupedBackground``; ``Color/systemGray4``
///   when selected or highlighted.
/// - ``listSidebarCell()``: ``Color/clear``; nil (the tint colour, see
///   ``resolvedBackgroundColor(for:)``) when selected or highlighted.
/// - ``listPlainHeaderFooter()``: ``Color/systemBackground``; ``listGroupedHeaderFooter()`` and
///   ``clear()``: ``Color/clear``. They do not change with the state.
public struct BackgroundConfiguration: Hashable {
    /// The preset a configuration started from: it decides the colours of each state.
    private enum Style: Hashable {
        case clear, plainCell, groupedCell, sidebarCell, plainHeaderFooter, groupedHeaderFooter
    }

    /// The fill colour; nil means the view's tint colour, as in UIKit.
    public var backgroundColor: Color? {
        get { color }
        set { color = newValue; hasCustomColor = true }
    }
    /// The radius of the background's corners.
    public var cornerRadius: Double
    /// The insets of the background from the view's edges.
    public var backgroundInsets: DirectionalEdgeInsets
    /// The colour of the stroke around the background; nil means the tint colour.
    public var strokeColor: Color?
    /// The width of the stroke (0: none).
    public var strokeWidth: Double
    /// How far the stroke reaches outside the background.
    public var strokeOutset: Double

    private let style: Style
    private var color: Color?
    /// Whether ``backgroundColor`` was set by hand (the presets' state colours then stop).
    private var hasCustomColor = false

    private init(_ style: Style, color: Color?) {
        self.style = style
        self.color = color
        cornerRadius = 0
        backgroundInsets = .zero
        strokeColor = nil
        strokeWidth = 0
        strokeOutset = 0
    }

    /// A transparent background with no styling (UIKit's `clear()`).
    public static func clear() -> BackgroundConfiguration { BackgroundConfiguration(.clear, color: .clear) }

    /// The background of a cell in a plain list (UIKit's `listPlainCell()`).
    public static func listPlainCell() -> BackgroundConfiguration { BackgroundConfiguration(.plainCell, color: .systemBackground) }

    /// The background of a cell in a grouped or inset-grouped list (UIKit's `listGroupedCell()`).
    public static func listGroupedCell() -> BackgroundConfiguration {
        BackgroundConfiguration(.groupedCell, color: .secondarySystemGroupedBackground)
    }

    /// The background of a cell in a sidebar (UIKit's `listSidebarCell()`).
    public static func listSidebarCell() -> BackgroundConfiguration { BackgroundConfiguration(.sidebarCell, color: .clear) }

    /// The background of a header or footer in a plain list (UIKit's `listPlainHeaderFooter()`).
    public static func listPlainHeaderFooter() -> BackgroundConfiguration {
        BackgroundConfiguration(.plainHeaderFooter, color: .systemBackground)
    }

    /// The background of a header or footer in a grouped list (UIKit's `listGroupedHeaderFooter()`).
    public static func listGroupedHeaderFooter() -> BackgroundConfiguration {
        BackgroundConfiguration(.groupedHeaderFooter, color: .clear)
    }

    /// The configuration for a cell in `state`: the preset's colour for that state, unless
    /// ``backgroundColor`` was set by hand. Everything else is kept.
    public func updated(for state: any ConfigurationState) -> BackgroundConfiguration {
        guard !hasCustomColor else { return self }
        var c = self
        let chosen = state.isSelectedOrHighlighted
        switch style {
        case .plainCell:
            c.color = chosen ? .systemGray4 : .systemBackground
        case .groupedCell:
            c.color = chosen ? .systemGray4 : .secondarySystemGroupedBackground
        case .sidebarCell:
            c.color = chosen ? nil : .clear
        case .clear, .plainHeaderFooter, .groupedHeaderFooter:
            break
        }
        return c
    }

    /// The colour the background is filled with for a view tinted `tintColor`: the background
    /// colour, or the tint where it is nil (UIKit's `resolvedBackgroundColor(for:)`).
    public func resolvedBackgroundColor(for tintColor: Color) -> Color { backgroundColor ?? tintColor }

    /// The stroke's colour for a view tinted `tintColor` (UIKit's `resolvedStrokeColor(for:)`).
    public func resolvedStrokeColor(for tintColor: Color) -> Color { strokeColor ?? tintColor }
}
