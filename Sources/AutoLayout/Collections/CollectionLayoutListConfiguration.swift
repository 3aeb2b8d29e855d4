/// How a list section looks (UIKit's `UICollectionLayoutListConfiguration`): its appearance,
/// which decides the insets, its header and footer, separators and swipe actions.
///
/// Insets by appearance (a list `w` points wide; `m` is the standard margin, 16, or 20 from 390
/// points, ``ListContentConfiguration/standardHorizontalMargin(forWidth:)``):
/// - `.plain`, `.sidebarPlain`: rows from edge to edge, sections touching;
/// - `.grouped`: rows from edge to edge, 35 points above each section;
/// - `.insetGrouped`: rows inset by `m` at the sides, 35 points above each section (the space a
///   grouped table leaves for an empty section header);
/// - `.sidebar`: rows inset by 10 at the sides, 0 above.
public struct CollectionLayoutListConfiguration {
    /// The list's look (UIKit's `UICollectionLayoutListConfiguration.Appearance`).
    public enum Appearance: Hashable, Sendable {
        /// Rows from edge to edge, sections touching.
        case plain
        /// Rows from edge to edge, sections apart.
        case grouped
        /// Rows inset from the sides in rounded groups, sections apart.
        case insetGrouped
        /// A sidebar's rows, inset from the sides.
        case sidebar
        /// A sidebar's rows from edge to edge.
        case sidebarPlain
    }

    /// Where a section's header text goes (UIKit's `HeaderMode`).
    public enum HeaderMode: Hashable, Sendable {
        /// No header.
        case none
        /// A supplementary view of kind ``CollectionView/elementKindSectionHeader``.
        case supplementary
        /// The first item of each section is its header (a cell, not a supplementary view).
        case firstItemInSection
    }

    /// Where a section's footer text goes (UIKit's `FooterMode`).
    public enum FooterMode: Hashable, Sendable {
        /// No footer.
        case none
        /// A supplementary view of kind ``CollectionView/elementKindSectionFooter``.
        case supplementary
    }

    /// The look.
    public var appearance: Appearance
    /// The section header.
    public var headerMode: HeaderMode = .none
    /// The section footer.
    public var footerMode: FooterMode = .none
    /// Whether rows are separated by lines (stored; nothing is drawn).
    public var showsSeparators = true
    /// The list's background colour (stored).
    public var backgroundColor: Color?
    /// The swipe actions at a row's leading edge (stored, not performed).
    public var leadingSwipeActionsConfigurationProvider: ((IndexPath) -> SwipeActionsConfiguration?)?
    /// The swipe actions at a row's trailing edge (stored, not performed).
    public var trailingSwipeActionsConfigurationProvider: ((IndexPath) -> SwipeActionsConfiguration?)?

    /// A configuration of an appearance.
    public init(appearance: Appearance) {
        self.appearance = appearance
    }

    /// A section's insets in a list `width` wide (see the type's description).
    public func sectionInsets(forWidth width: Double) -> DirectionalEdgeInsets {
        switch appearance {
        case .plain, .sidebarPlain:
            return .zero
        case .grouped:
            return DirectionalEdgeInsets(top: 35, leading: 0, bottom: 0, trailing: 0)
        case .insetGrouped:
            let m = ListContentConfiguration.standardHorizontalMargin(forWidth: width)
            return DirectionalEdgeInsets(top: 35, leading: m, bottom: 0, trailing: m)
        case .sidebar:
            return DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        }
    }
}

/// The actions a swipe reveals (UIKit's `UISwipeActionsConfiguration`): stored for the app to
/// read back, never performed.
public final class SwipeActionsConfiguration {
    /// The actions, first nearest the edge.
    public let actions: [ContextualAction]
    /// Whether a full swipe performs the first action (true by default).
    public var performsFirstActionWithFullSwipe = true

    /// A configuration of actions.
    public init(actions: [ContextualAction]) {
        self.actions = actions
    }
}

/// One swipe action (UIKit's `UIContextualAction`).
public final class ContextualAction {
    /// How the action looks (UIKit's `UIContextualAction.Style`).
    public enum Style: Int, Hashable, Sendable {
        /// An ordinary action.
        case normal = 0
        /// An action that deletes or destroys (red).
        case destructive
    }

    /// What the action's handler is given to call when it is done: whether it was performed.
    public typealias CompletionHandler = (Bool) -> Void
    /// The handler: the action, the view it was shown in, and the completion to call.
    public typealias Handler = (ContextualAction, View, @escaping CompletionHandler) -> Void

    /// The look.
    public let style: Style
    /// The title.
    public var title: String?
    /// The image.
    public var image: Image?
    /// The background colour.
    public var backgroundColor: Color?
    /// The handler, stored for the app to call (a layout does not swipe).
    public let handler: Handler

    /// An action (UIKit's `init(style:title:handler:)`).
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }
}
